"""The game commands of a running game: a move, undo, resign, abandon, away and back, and ending a paused game.

Each runs under its game's lock and writes one change (bot/storage/changes.py) with its announcement and its
clock step, and says what it did (its event, which the service publishes once the lock is let go); a person's
command is tried once more when memory was behind the database (LiveTables.fresh).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import TypeVar

from bot.background import clocks
from bot.language import text
from bot.language.locales import N_
from bot.language.move_words import to_notation
from bot.records import ratings
from bot.service import endings, limits
from bot.service.clock_steps import away_players, clock_change, clock_written
from bot.service.desk import (
    DECIDED,
    LOOK_AGAIN,
    Desk,
    Stale,
    in_time,
    pinned,
    player_seat,
    running,
)
from bot.service.endings import Ending, EndKind
from bot.service.events import Away, Moved, Resigned, Undone
from bot.service.said import ABANDON, AWAY, MOVE, RESIGN, UNDO
from bot.service.table import (
    BOT_USER_ID,
    Awaited,
    Changed,
    GameError,
    Origin,
    Played,
    SeatLabel,
    Table,
    about,
    changed,
    stamped,
)
from bot.storage import changes
from bot.storage.rows import LIVE, PASSIVE_LEVEL, GameStatus, MoveRow
from engine import IllegalMove, canonical, public_move

log = logging.getLogger(__name__)

T = TypeVar("T")
MOVE_LIMIT = 100  # no move is longer than ~30 characters; anything past this is not worth reading back


class Moves:
    """Moves and the other changes of a running game, each published once its lock is let go. A part of GameService
    (bot/service/game_service.py), which gives it `desk`."""

    desk: Desk

    async def play(self, game_id: int, move: str, *, user_id: int | None = None, seat: int | None = None,
                   rev: int | None = None, origin: Origin | None = None) -> Played:
        """Apply one move by a person (user_id) or a computer seat (seat); `rev` pins a button to its moment.
        What it did comes back, its stored announcement included."""
        def change() -> Awaitable[Played]:
            return self._play(game_id, move, user_id=user_id, seat=seat, rev=rev, origin=origin)
        if user_id is None:
            # A computer seat's move is pinned to the moment it thought at: never tried again.
            return self.desk.publisher.told(await change())
        return self.desk.publisher.told(await self._fresh(game_id, change))

    async def _fresh(self, game_id: int, change: Callable[[], Awaitable[T]]) -> T:
        """Make a person's change; if it is refused while memory was behind the database, once more on the game
        as stored, so nobody is told "the game changed" for a change they did not race."""
        seen = self.desk.tables.seen(game_id)
        try:
            return await change()
        except GameError as exc:
            if not await self.desk.tables.behind(game_id, seen, exc):
                raise
        return await change()

    async def _play(self, game_id: int, move: str, *, user_id: int | None, seat: int | None, rev: int | None,
                    origin: Origin | None) -> Played:
        desk, tables = self.desk, self.desk.tables
        async with tables.lock(game_id):
            table = await tables.load(game_id)
            pinned(table, rev)
            game = running(table)
            in_time(table, origin)
            if len(move) > MOVE_LIMIT:
                raise GameError(N_("“{move}” is not a move: moves are short, like `tile red F7`."),
                                move=text.quote(move))
            standin = False
            if seat is None:
                seat = player_seat(table, user_id)
            elif not table.player(seat).is_bot:
                # The stand-in plays a person's seat only while their clock has run out (or they are away): a
                # person who acted, or came back, meanwhile has taken it back.
                if not clocks.stand_in_plays(table.row.clock, table.player(seat)):
                    raise GameError(N_("That seat's player has taken it back."))
                standin = True
            to_move = game.to_move
            assert to_move is not None, "a running game always has a seat to act"
            if to_move != seat:
                if game.pending:
                    raise GameError(N_("It is not your move: {decision}."), decision=Awaited(table))
                raise GameError(N_("It is not your turn: {who} is to play."), who=SeatLabel(table, to_move))
            # Typed in a player's words ('Plättchen rot F7'): the notation is what is played and stored.
            move = to_notation(move)
            trial = game.copy()
            try:
                events = trial.play(move, seat=seat)
            except IllegalMove as exc:
                raise GameError.refusing(exc) from exc
            row = MoveRow(table.row.move_count, seat, user_id, canonical(move), events)
            position = trial.position()
            ending = (endings.by_rules(outcome.termination, len(position.get("treasures", ())))
                      if (outcome := trial.outcome()) else None)
            reason = ending.stored() if ending is not None else None
            person = seat if user_id is not None else None
            clock, ticking = clock_change(table, trial, person, desk.now())
            players = [replace(p, away=False, standins=0) if p.seat == person else p for p in table.players]
            after = Table(replace(table.row, rev=table.row.rev + 1, move_count=table.row.move_count + 1,
                                  snapshot=None, players=players, clock=ticking,
                                  status=GameStatus.OVER if trial.over else table.row.status,
                                  end_reason=reason if trial.over else table.row.end_reason),
                          trial, [*table.moves, row])
            said = desk.account(MOVE, after, seat=seat, move=public_move(row.move), events=events, n=row.n,
                                standin=standin,
                              now=desk.now())
            change = changes.Move(table.id, table.row.rev, row, position, trial.over, reason, clock)
            committed = await desk.commit(table, change, LOOK_AGAIN, said=said, origin=origin)
            clock_written(table, committed.clock, person)
            table.game = trial
            table.moves.append(row)
            table.row.rev += 1
            table.row.move_count += 1
            table.row.updated_at = time.time()
            table.row.snapshot = None  # the engine game is the truth in memory; the row copy would only go stale
            if trial.over:
                table.row.status = GameStatus.OVER
                table.row.end_reason = reason
                tables.ended(table)
            moved = Moved(**about(table), seat=seat, move=row.move, n=row.n, standin=standin)
            return Played(table.frozen(), seat, row.move, events, row.n, standin, committed.announced,
                          said if committed.announced is not None else None, stamped(moved, committed.announced))

    async def undo(self, game_id: int, user_id: int, *, rev: int | None = None, origin: Origin | None = None
                   ) -> tuple[Changed, MoveRow]:
        """Take back the person's last action (`rev`: asked of the game at that revision); the change, and the move
        it took back."""
        done, undone = await self._fresh(game_id, lambda: self._undo(game_id, user_id, rev, origin))
        return self.desk.publisher.told(done), undone

    async def decision(self, game_id: int, user_id: int, rev: int) -> tuple[Table, int]:
        """The decision a Decide button (made at `rev`) opens for the person who presses it: the table and their
        seat, or why not."""
        table = await self.desk.tables.load(game_id)
        game = running(table)
        pinned(table, rev, DECIDED)
        if not game.pending:
            raise Stale(DECIDED)
        seat = game.to_move
        if seat is None or table.seat_of(user_id) != seat:
            raise GameError(N_("This choice is not yours: {decision}."), decision=Awaited(table))
        return table, seat

    async def _undo(self, game_id: int, user_id: int, rev: int | None, origin: Origin | None
                    ) -> tuple[Changed, MoveRow]:
        desk, tables = self.desk, self.desk.tables
        async with tables.lock(game_id):
            table = await tables.load(game_id)
            pinned(table, rev)
            running(table)
            in_time(table, origin)
            seat = player_seat(table, user_id)
            if not table.moves:
                raise GameError(N_("There is nothing to undo."))
            # The engine holds the rule and the position before the action (also in a stored snapshot), so
            # nothing is replayed from the seed.
            game = running(table).copy()
            try:
                undone = game.undo(seat)
            except IllegalMove as exc:
                raise GameError.refusing(exc) from exc
            last = table.moves[-1]
            if str(undone) != last.move:
                log.error("Game %s: the engine undid %r but the last stored move is %r", table.id, str(undone),
                          last.move)
                raise GameError(N_("That action cannot be undone."))
            clock, ticking = clock_change(table, game, seat, desk.now())
            after = Table(replace(table.row, rev=table.row.rev + 1, move_count=table.row.move_count - 1,
                                  snapshot=None, players=list(table.players), clock=ticking), game, table.moves[:-1])
            said = desk.account(UNDO, after, seat=last.seat, move=public_move(last.move))
            committed = await desk.commit(table, changes.Undo(table.id, table.row.rev, last.n, game.position(), clock),
                                          LOOK_AGAIN, said=said, origin=origin)
            clock_written(table, committed.clock, seat)
            table.game = game
            table.moves.pop()
            table.row.rev += 1
            table.row.move_count -= 1
            table.row.updated_at = time.time()
            event = Undone(**about(table), seat=last.seat, move=last.move, n=last.n)
            return changed(table, event, committed.announced, said), last

    async def resign(self, game_id: int, user_id: int, *, origin: Origin | None = None) -> Changed:
        """The seat plays on passively (pass, commit 0, decline); the game ends instead when fewer than two
        players, or only computers, would be left."""
        return self.desk.publisher.told(await self._fresh(game_id, lambda: self._resign(game_id, user_id, origin)))

    async def _resign(self, game_id: int, user_id: int, origin: Origin | None) -> Changed:
        desk, tables = self.desk, self.desk.tables
        async with tables.lock(game_id):
            table = await tables.load(game_id)
            running(table)
            seat = player_seat(table, user_id)
            left = [p for p in table.players if not p.resigned and p.seat != seat]
            ending = None
            if len(left) < 2:
                ending = endings.resigned(seat)
            elif all(p.is_bot for p in left):
                # Computers playing on for nobody would only fill the channel.
                ending = endings.resigned(seat, only_computers_left=True)
            if ending is not None:
                # Flagged here as in the stored row, so the announcement ranks the resigning seat last.
                gone = [replace(p, resigned=True) if p.seat == seat else p for p in table.players]
                after = Table(replace(table.row, status=GameStatus.OVER, end_reason=ending.stored(),
                                      rev=table.row.rev + 1, players=gone), table.game, table.moves)
                resigned = Resigned(**about(after), seat=seat)
                said = desk.account(RESIGN, after, seat=seat)
                return await desk.end(table, GameStatus.OVER, ending, said, origin, resigned=seat, event=resigned)
            players = [replace(p, resigned=True, level=PASSIVE_LEVEL) if p.seat == seat else p for p in table.players]
            after = Table(replace(table.row, rev=table.row.rev + 1, players=players), table.game, table.moves)
            said = desk.account(RESIGN, after, seat=seat)
            clock = None
            if table.row.clock.seat == seat:  # their turn now passes to the passive autoplayer, with no clock
                clock = clocks.begin(table.row.clock, seat, desk.now(), player=players[seat], turn=table.row.clock.turn)
            committed = await desk.commit(table, changes.Resign(table.id, table.row.rev, seat, clock), said=said,
                                          origin=origin)
            table = await tables.refresh(table.id)
            return changed(table, Resigned(**about(table), seat=seat), committed.announced, said)

    async def abandon(self, game_id: int, user_id: int, *, can_manage: bool, origin: Origin | None = None
                      ) -> Changed:
        return self.desk.publisher.told(await self._abandon(game_id, user_id, can_manage=can_manage, origin=origin))

    async def abandon_by_number(self, game_id: int, user_id: int, *, guild_id: int | None, can_manage: bool,
                                origin: Origin | None = None) -> Changed:
        """`/tne abandon game:<n>` from any channel of the game's server: the same rule as in its own channel."""
        await self.desk.tables.game_in_guild(game_id, guild_id)
        return await self.abandon(game_id, user_id, can_manage=can_manage, origin=origin)

    async def _abandon(self, game_id: int, user_id: int, *, can_manage: bool, origin: Origin | None) -> Changed:
        desk, tables = self.desk, self.desk.tables
        async with tables.lock(game_id):
            table = await tables.load(game_id)
            if table.row.status not in LIVE:
                raise GameError(N_("This game is already over."))
            if user_id != table.row.host_id and not can_manage:
                raise GameError(N_("Only the host or someone with Manage Channels can abandon the game."))
            seat = rated_abandoner(table, user_id)
            if seat is not None:
                # A player who abandons a game that would be rated does not escape its result: it ends as their
                # resignation (rated, they come last), not as an abandoned game that counts nowhere.
                ending = Ending(EndKind.ABANDONED_BY, seat=seat)
                gone = [replace(p, resigned=True) if p.seat == seat else p for p in table.players]
                after = Table(replace(table.row, status=GameStatus.OVER, end_reason=ending.stored(),
                                      rev=table.row.rev + 1, players=gone), table.game, table.moves)
                who = (origin.name if origin is not None else "") or table.names()[seat]
                said = desk.account(ABANDON, after, who=who, seat=seat)
                return await desk.end(table, GameStatus.OVER, ending, said, origin, resigned=seat)
            abandoned = Ending(EndKind.ABANDONED)
            after = Table(replace(table.row, status=GameStatus.ABANDONED, end_reason=abandoned.stored(),
                                  rev=table.row.rev + 1), table.game, table.moves)
            # No name: the host abandoned it, said as "the host" in the channel's language.
            said = desk.account(ABANDON, after, who=origin.name if origin is not None else "", seat=None)
            return await desk.end(table, GameStatus.ABANDONED, abandoned, said, origin)

    async def end_paused(self, game_id: int) -> Changed:
        """End, unrated, a game in which every person has been away too long (bot/service/limits.py); announced."""
        return self.desk.publisher.told(await self._end_paused(game_id))

    async def _end_paused(self, game_id: int) -> Changed:
        desk, tables = self.desk, self.desk.tables
        async with tables.lock(game_id):
            table = await tables.load(game_id)
            running(table)
            if limits.present(table.players):
                raise GameError(N_("Someone came back to the game meanwhile."))
            ending = endings.away(desk.limits.paused_days)
            after = Table(replace(table.row, status=GameStatus.ABANDONED, end_reason=ending.stored(),
                                  rev=table.row.rev + 1), table.game, table.moves)
            said = desk.account(ABANDON, after, who="", seat=None, away_days=desk.limits.paused_days)
            return await desk.end(table, GameStatus.ABANDONED, ending, said)

    async def set_away(self, game_id: int, user_id: int, away: bool, *, origin: Origin | None = None) -> Changed:
        """/tne away and /tne back: the stand-in plays the person's turns at once, or no longer (announced)."""
        return self.desk.publisher.told(await self._fresh(
            game_id, lambda: self._set_away(game_id, user_id, away, origin)))

    async def _set_away(self, game_id: int, user_id: int, away: bool, origin: Origin | None) -> Changed:
        desk, tables = self.desk, self.desk.tables
        async with tables.lock(game_id):
            table = await tables.load(game_id)
            running(table)
            seat = player_seat(table, user_id)
            player = table.player(seat)
            clock = table.row.clock
            held = clock.seat == seat and clock.standin  # the stand-in plays this turn of theirs: back takes it
            if player.away == away and (away or not held):
                raise GameError(N_("You are already marked away in this game.") if away
                                else N_("You are not marked away in this game."))
            fresh = None
            if clock.seat == seat:
                # Their own turn now: the stand-in takes it at once, or hands it back with a fresh clock.
                fresh = clocks.begin(clock, seat, desk.now(), turn=clock.turn, player=replace(player, away=away))
            players = away_players(table.players, seat, away)
            after = Table(replace(table.row, rev=table.row.rev + 1, players=players), table.game, table.moves)
            # Everyone away: the game is paused, and the account says so.
            said = desk.account(AWAY, after, seat=seat, away=away, paused=away and not limits.present(players))
            committed = await desk.commit(table, changes.Away(game_id, table.row.rev, seat, away, fresh), said=said,
                                          origin=origin)
            table = await tables.refresh(game_id)
            return changed(table, Away(**about(table), seat=seat, away=away), committed.announced, said)


def rated_abandoner(table: Table, user_id: int) -> int | None:
    """The seat of a person abandoning a running game that has had enough play to be rated, else None."""
    if table.row.status != GameStatus.ACTIVE or table.game is None or table.row.hints:
        return None  # a game played with hints is never rated: abandoning it ends it for everyone alike
    people = [p.is_person and p.user_id != BOT_USER_ID for p in table.players]
    seat = next((p.seat for p in table.players if people[p.seat] and p.user_id == user_id), None)
    if seat is None or ratings.too_short(ratings.turns_taken(table.moves, len(people)), people) is not None:
        return None
    return seat
