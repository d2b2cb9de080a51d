"""The service's clock side: how a change moves the turn clock, a claimed clock's step (a reminder, the stand-in
taking a seat), and the host's and players' clock settings. The rules of clocks are bot/background/clocks.py's.
"""

from __future__ import annotations

import logging
from dataclasses import replace

from bot.background import clocks
from bot.language.locales import N_
from bot.language.person_languages import PersonLanguages
from bot.service import limits
from bot.service.desk import Desk, announcement
from bot.service.events import ClockEvent, ClockSet, Resumed
from bot.service.said import DIRECT, REMINDER, RESUMED, STAND_IN, account
from bot.service.table import GameError, Said, Table, about, changed, stamped, turn_of
from bot.storage import StaleError, changes
from bot.storage.changes import ClockChange, SeatMark
from bot.storage.clocks import NOTIFY_MODES
from bot.storage.rows import LIVE, ClockRow, GameStatus, PlayerRow
from engine import Game

log = logging.getLogger(__name__)


def clock_change(table: Table, game: Game, person: int | None, now: float) -> tuple[ClockChange, ClockRow]:
    """How a change that leaves `game` behind moves the clock (a new turn for whoever must act now, or, the same
    seat acting on, the person taking their seat back from the stand-in), and the clock as it will leave it."""
    clock = table.row.clock
    seat = None if game.over else game.to_move
    turn = turn_of(game)
    if seat is not None and (seat, turn) == (clock.seat, clock.turn):
        if person != seat:
            return ClockChange(), clock
        if clock.deadline is not None and clock.deadline <= now:
            # Their time had run out: acting, they take the seat back with a fresh clock for the rest of the
            # turn, so that walking off again cannot stall the table (the host's change still waits).
            present = replace(table.player(seat), away=False)
            fresh = replace(clocks.begin(replace(clock, next=None), seat, now, turn=turn, player=present),
                            next=clock.next)
            return ClockChange(clock=fresh, marks=(SeatMark(seat, False),)), fresh
        return ClockChange(taken_back=seat, at=now, marks=(SeatMark(seat, False),)), replace(clock, standin=False)
    player = table.player(seat) if seat is not None else None
    if player is not None and person == seat:
        player = replace(player, away=False)  # they just acted: whatever comes next for them is theirs
    fresh = clocks.begin(clock, seat, now, turn=turn, player=player)
    marks = (SeatMark(person, False),) if person is not None else ()
    return ClockChange(clock=fresh, marks=marks), fresh


def clock_written(table: Table, stored: ClockRow | None, person: int | None) -> None:
    """Bring the table in memory up to what the change stored of the clock and of the person who acted."""
    if stored is not None:
        table.row.clock = stored
    if person is not None:
        table.row.players = [replace(p, away=False, standins=0) if p.seat == person else p
                             for p in table.row.players]


class ClockSteps:
    """Clock steps and clock settings, under each game's lock, each published once the lock is let go. A part of
    GameService (bot/service/game_service.py), which gives it `desk` and `person_languages`."""

    desk: Desk
    person_languages: PersonLanguages  # what reminders are written in, person by person

    async def clock_step(self, game_id: int, owner: str) -> ClockEvent | None:
        """Step a game's clock that `owner` claimed: a reminder, the stand-in taking the seat, or nothing yet;
        the new clock is stored (and the claim handed back) only if the game did not change meanwhile."""
        event = await self._clock_step(game_id, owner)
        self.desk.publisher.publish([event])
        return event

    async def remember_language(self, user_id: int, locale: str | None) -> None:
        """The locale a person's Discord used now: reminders and direct messages to them are written in it."""
        await self.person_languages.remember(user_id, locale)

    async def _clock_step(self, game_id: int, owner: str) -> ClockEvent | None:
        desk, tables = self.desk, self.desk.tables
        async with tables.lock(game_id):
            state = await desk.storage.clocks.state(game_id)
            if state is None or state[1] != GameStatus.ACTIVE:
                await desk.storage.clocks.release(game_id, owner)
                return None
            rev, _, clock = state
            table = tables.held.get(game_id)
            if table is None or table.row.rev != rev:
                table = await tables.refresh(game_id)
            table.row.clock = clock
            now = desk.now()
            kind, after = clocks.step(clock, now)
            players = table.row.players
            event, mark = None, None
            if kind is not None and clock.seat is not None:
                player = table.player(clock.seat)
                marked = False
                if kind == clocks.TIMED_OUT:
                    standins = player.standins + 1
                    marked = not player.away and standins >= clocks.AWAY_AFTER
                    changed = replace(player, away=player.away or marked, standins=standins)
                    players = [changed if p.seat == player.seat else p for p in players]
                    mark = SeatMark(player.seat, changed.away, standins)
                event = ClockEvent(**about(table), kind=kind, seat=clock.seat, user_id=player.user_id,
                                   deadline=clock.deadline, marked_away=marked)
            # What the clock says is stored with the step itself (the outbox delivers it once): a reminder as the
            # person wants it, the stand-in's taking the seat always.
            new = None
            if event is not None and desk.announcing:
                said = await self._said(table, event, after, players, now)
                if said is not None:
                    new = announcement(table, said, None)
            try:
                committed = await desk.storage.changes.clock_step(game_id, rev, owner, after, mark=mark, announce=new)
            except StaleError:
                # The game moved (or another process took the claim) meanwhile: that change set the clock.
                tables.forget(game_id)
                await desk.storage.clocks.release(game_id, owner)
                return None
            table.row.clock = after
            table.row.players = players
            return stamped(event, committed.announced) if event is not None else None

    async def _said(self, table: Table, event: ClockEvent, after: ClockRow, players: list[PlayerRow], now: float
                    ) -> Said | None:
        """What the clock says, as the person to act wants it (None: nothing): a reminder in their language, the
        stand-in taking their seat always, for the whole table in the server's."""
        values = {"step": event.kind, "seat": event.seat, "user_id": event.user_id, "deadline": event.deadline,
                  "marked_away": event.marked_away, "now": now,
                  "paused": event.marked_away and not limits.present(players)}
        shown = Table(replace(table.row, clock=after, players=list(players)), table.game, table.moves)
        if event.kind == clocks.TIMED_OUT:
            return account(STAND_IN, shown, **values)
        mode = await self.desk.storage.clocks.notify(event.user_id)
        if mode == "off":
            return None
        server = (await self.desk.voice(table)).lang
        language = await self.person_languages.language_of(event.user_id, server=server)
        return account(DIRECT if mode == "dm" else REMINDER, shown, **values, language=language)

    async def channel_closed(self, channel_id: int) -> list[int]:
        """The bot has not been able to post in a channel for long: its game's clock stops (no reminder, no
        stand-in) rather than the game playing on unseen; the games stopped now."""
        stopped = await self.desk.storage.clocks.stop_in(channel_id, self.desk.now())
        if stopped:
            log.warning("Channel %s is closed to the bot: stopped the clock of game %s", channel_id,
                        ", ".join(map(str, stopped)))
        return stopped

    async def channel_open(self, channel_id: int) -> list[int]:
        """A post got through in the channel again: a clock stopped there runs on with the time that was left; the
        games restarted."""
        resumed = await self._channel_open(channel_id)
        self.desk.publisher.publish(resumed)
        return [event.game_id for event in resumed]

    async def _channel_open(self, channel_id: int) -> list[Resumed]:
        desk = self.desk
        restarted: list[Resumed] = []
        for game_id in await desk.storage.clocks.stopped_in(channel_id):
            async with desk.tables.lock(game_id):
                for _ in range(3):  # another process may change the game between the read and the write
                    stopped = await desk.storage.clocks.stopped(game_id)
                    if stopped is None:
                        break
                    rev, since, clock = stopped
                    now = desk.now()
                    table = await desk.tables.refresh(game_id)
                    said = Said(RESUMED, {"game": game_id, "stood": now - since})
                    done, announced = await desk.storage.clocks.restart(
                        game_id, rev, since, clocks.restarted(clock, since, now),
                        announce=announcement(table, said, None))
                    if done:
                        restarted.append(Resumed(**about(table), announcement=announced.id if announced else None))
                        break
                desk.tables.forget(game_id)  # the clock in memory is behind what was stored
        if restarted:
            log.info("Channel %s takes the bot's posts again: the clock of game %s runs again", channel_id,
                     ", ".join(str(r.game_id) for r in restarted))
        return restarted

    async def set_clock_choice(self, game_id: int, user_id: int, choice: str) -> Table:
        """/tne settings clock: the host changes the clock, in force from the next turn on."""
        if choice not in clocks.CLOCKS:
            raise GameError(N_("The clock is one of {choices}."), choices=", ".join(clocks.CLOCKS))
        tables = self.desk.tables
        async with tables.lock(game_id):
            table = await tables.load(game_id)
            if table.row.status not in LIVE:
                raise GameError(N_("This game is over."))
            if user_id != table.row.host_id:
                raise GameError(N_("Only the host can change the clock."))
            committed = await self.desk.commit(table, changes.ClockChoice(game_id, choice,
                                                                          table.row.status == GameStatus.LOBBY))
            table = await tables.refresh(game_id)
            done = changed(table, ClockSet(**about(table), choice=choice), committed.announced, None)
        return self.desk.publisher.told(done).table

    async def set_notify(self, user_id: int, mode: str) -> None:
        if mode not in NOTIFY_MODES:
            raise GameError(N_("Notify is one of {choices}."), choices=", ".join(NOTIFY_MODES))
        await self.desk.storage.clocks.set_notify(user_id, mode)


def away_players(players: list[PlayerRow], seat: int, away: bool) -> list[PlayerRow]:
    """The players as /tne away or /tne back leaves them: the mark set or gone, the stand-in count reset."""
    return [replace(p, away=away, standins=0) if p.seat == seat else p for p in players]
