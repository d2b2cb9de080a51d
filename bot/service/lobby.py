"""The lobby: opening a game, joining, leaving, seating computers, starting and cancelling."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.background import clocks
from bot.background.autoplay import LEVELS
from bot.language import text
from bot.language.locales import N_
from bot.service import limits
from bot.service.desk import Desk
from bot.service.endings import Ending, EndKind
from bot.service.events import ComputerSeated, Event, Joined, Left, Started
from bot.service.said import START
from bot.service.table import BOT_USER_ID, Changed, GameError, Origin, Table, about, changed, turn_of
from bot.storage import DuplicateError, PlayerRow, changes
from bot.storage.rows import FINISHED, GameStatus
from bot.storage.running import running_hosted, running_in_server
from engine import BOARD_NAMES, Game

# At most this many open lobbies per person per server: enough to gather players in a few threads at once,
# few enough that nobody fills a server's channels with lobbies that never start.
MAX_LOBBIES = 3
ONE_PER_CHANNEL = N_("This channel already has a game. Finish or abandon it first, or open a thread.")


@dataclass
class Rematch:
    """A rematch's lobby, the players it invited to accept, and its start when nobody was left to ask."""

    table: Table
    invited: list[int]
    started: Changed | None = None


class Lobby:
    """Lobby commands, under each game's lock (and, for opening one, under the person's own lock); each change is
    published once its lock is let go. A part of GameService (bot/service/game_service.py), which gives it `desk`."""

    desk: Desk

    async def new_game(self, *, guild_id: int | None, channel_id: int, user_id: int, name: str, seats: int = 4,
                       board: str = "standard", scores: str = "hidden", clock: str = clocks.DEFAULT_CLOCK,
                       on_timeout: str = clocks.STANDIN, hints: str = "off", rematch_of: int | None = None,
                       computers: Sequence[str] = ()) -> Table:
        """A new lobby with its host seated (then `computers`, by level: a rematch's); `hints` "on" opens a casual
        game (never rated) in which players may ask for hints."""
        if clock not in clocks.CLOCKS:
            raise GameError(N_("The clock is one of {choices}."), choices=", ".join(clocks.CLOCKS))
        if on_timeout not in clocks.ON_TIMEOUT:
            raise GameError(N_("When the clock runs out, the stand-in plays (standin) or the table waits (wait)."))
        if not 2 <= seats <= 4:
            raise GameError(N_("A game has 2, 3 or 4 seats."))
        if board not in BOARD_NAMES:
            raise GameError(N_("The board is {choices}."), choices=" or ".join(BOARD_NAMES))
        if scores not in ("hidden", "open"):
            raise GameError(N_("Scores are hidden or open."))
        if hints not in ("on", "off"):
            raise GameError(N_("Hints are on (a casual game, never rated) or off."))
        storage = self.desk.storage
        if await storage.live_game_id(channel_id) is not None:
            raise GameError(ONE_PER_CHANNEL)
        # One person's lobbies in one server are counted and created one at a time, so two quick /tne new
        # in two channels cannot both slip under the limit.
        async with self.desk.tables.lock(("lobbies", guild_id, user_id)):
            lobbies = await storage.open_lobbies(guild_id, user_id)
            if len(lobbies) >= MAX_LOBBIES:
                where = ", ".join(f"<#{c}>" for c in lobbies)
                raise GameError(N_("You already have {n} open lobbies in this server ({where}), the most one person "
                                   "may have. Start one of them, or cancel one, before opening another."),
                                n=len(lobbies), where=where)
            await self.check_caps(guild_id, user_id)  # a lobby that could never start only fills a channel
            try:
                game_id = await storage.create_game(
                    guild_id=guild_id, channel_id=channel_id, host=PlayerRow(0, user_id, text.plain(name)),
                    seats=seats, board=board, scores=scores, clock=clock, on_timeout=on_timeout,
                    hints=hints == "on", rematch_of=rematch_of,
                    others=[computer(seat, level) for seat, level in enumerate(computers, start=1)])
            except DuplicateError as exc:
                raise GameError(ONE_PER_CHANNEL) from exc
        return await self.desk.tables.load(game_id)

    async def rematch(self, *, guild_id: int | None, channel_id: int, user_id: int, name: str,
                      game_id: int | None = None, origin: Origin | None = None) -> Rematch:
        """A lobby to play a finished game of this channel again (`game_id`, else the channel's last): the same
        seats, computers and options, its asker the host; the lobby and the players invited to accept. With nobody
        to ask (the others were computers) it starts at once."""
        storage = self.desk.storage
        last_id = game_id if game_id is not None else await storage.last_finished_game_id(channel_id)
        if last_id is None:
            raise GameError(N_("There is no finished game in this channel to play again."))
        last = await self.desk.tables.load(last_id)
        if last.row.channel_id != channel_id or last.row.status not in FINISHED or last.game is None:
            raise GameError(N_("Game #{n} is not a finished game of this channel."), n=last_id)
        if not any(p.is_person and p.user_id == user_id for p in last.players):
            raise GameError(N_("Only the players of game #{n} can ask for a rematch."), n=last_id)
        live = await storage.live_game_id(channel_id)
        if live is not None and (await self.desk.tables.load(live)).row.rematch_of == last_id:
            raise GameError(N_("A rematch of game #{n} is open here already: press **Accept** on it."), n=last_id)
        # Each person once, however many seats they played (a game of one person's seats is played again so).
        invited = list(dict.fromkeys(p.user_id for p in last.players if p.is_person and p.user_id != user_id))
        clock = last.row.clock
        table = await self.new_game(
            guild_id=guild_id, channel_id=channel_id, user_id=user_id, name=name, seats=len(last.players),
            board=last.row.board, scores=last.row.scores, clock=clock.next or clock.clock,
            on_timeout=clock.on_timeout, hints="on" if last.row.hints else "off", rematch_of=last_id,
            computers=[p.computer for p in last.players if p.computer is not None])
        if not rematch_ready(table):
            return Rematch(table, invited)
        started = await self.start(table.id, user_id, origin=origin)
        return Rematch(started.table, invited, started)

    async def _change(self, table: Table, players: list[PlayerRow], event: type[Event], **what: Any) -> Changed:
        """Seat `players` in the lobby; `event` (with `what`) says what happened."""
        committed = await self.desk.commit(table, changes.Seating(table.id, table.row.rev, tuple(players)))
        table = await self.desk.tables.refresh(table.id)
        return changed(table, event(**about(table), **what), committed.announced, None)

    async def _open(self, game_id: int) -> Table:
        """The lobby, or a GameError saying it is one no more."""
        table = await self.desk.tables.load(game_id)
        if table.row.status != GameStatus.LOBBY:
            raise GameError(N_("This lobby is closed. `/tne new` opens another.") if table.game is None
                            else N_("The game has already started."))
        return table

    async def join(self, game_id: int, user_id: int, name: str) -> Table:
        """Take a seat; a rematch starts once every player it invited has accepted (its opening is posted)."""
        async with self.desk.tables.lock(game_id):
            table = await self._open(game_id)
            if table.seat_of(user_id) is not None:
                raise GameError(N_("You are already in this game."))
            if len(table.players) >= table.row.seats:
                raise GameError(N_("The game is full ({n} seats)."), n=table.row.seats)
            if table.row.rematch_of is not None:
                await self._invited(table.row.rematch_of, user_id)
            seats = [*table.players, PlayerRow(len(table.players), user_id, text.plain(name))]
            done = await self._change(table, seats, Joined, seat=len(table.players), user_id=user_id)
        table = self.desk.publisher.told(done).table
        if rematch_ready(table):
            table = (await self.start(game_id, table.row.host_id)).table
        return table

    async def _invited(self, rematch_of: int, user_id: int) -> None:
        """A rematch's seats are for the players of the game it plays again."""
        last = await self.desk.tables.load(rematch_of)
        if not any(p.is_person and p.user_id == user_id for p in last.players):
            raise GameError(N_("This lobby plays game #{n} again: only its players can take its seats."), n=rematch_of)

    async def leave(self, game_id: int, user_id: int) -> Table:
        async with self.desk.tables.lock(game_id):
            table = await self._open(game_id)
            seat = table.seat_of(user_id)
            if seat is None:
                raise GameError(N_("You are not in this game."))
            if user_id == table.row.host_id:
                raise GameError(N_("The host cannot leave the lobby; press Cancel (or `/tne abandon`) to close it."))
            rest = [p for p in table.players if p.seat != seat]
            done = await self._change(table, [PlayerRow(i, p.user_id, p.name, p.level) for i, p in enumerate(rest)],
                                      Left, user_id=user_id)
        return self.desk.publisher.told(done).table

    async def add_bot(self, game_id: int, user_id: int, level: str) -> Table:
        async with self.desk.tables.lock(game_id):
            table = await self._open(game_id)
            if level not in LEVELS:
                raise GameError(N_("The level is one of {choices}."), choices=", ".join(LEVELS))
            if user_id != table.row.host_id:
                raise GameError(N_("Only the host can seat computer players."))
            if len(table.players) >= table.row.seats:
                raise GameError(N_("The game is full ({n} seats)."), n=table.row.seats)
            bot = computer(len(table.players), level)
            done = await self._change(table, [*table.players, bot], ComputerSeated, seat=bot.seat, level=level)
        return self.desk.publisher.told(done).table

    async def start(self, game_id: int, user_id: int, *, origin: Origin | None = None) -> Changed:
        desk = self.desk
        async with desk.tables.lock(game_id):
            table = await self._open(game_id)
            if user_id != table.row.host_id:
                raise GameError(N_("Only the host can start the game."))
            if len(table.players) < 2:
                raise GameError(N_("At least two players must join before the game can start."))
            await self.check_caps(table.row.guild_id, user_id)
            seed = desk.seed_source()
            game = Game.new(players=len(table.players), seed=seed, board=table.row.board,
                            options={"scores": table.row.scores})
            after = Table(replace(table.row, status=GameStatus.ACTIVE, seed=seed, rev=table.row.rev + 1, snapshot=None,
                                  players=list(table.players)), game, [])
            said = desk.account(START, after, now=desk.now())
            first = game.to_move
            assert first is not None, "a game just started always has a seat to act"
            clock = clocks.begin(table.row.clock, first, desk.now(), player=table.player(first), turn=turn_of(game))
            committed = await desk.commit(table, changes.Start(table.id, table.row.rev, seed, game.position(), clock),
                                          said=said, origin=origin)
            table = await desk.tables.refresh(table.id)
            done = changed(table, Started(**about(table), seed=seed, first=first), committed.announced, said)
        return desk.publisher.told(done)

    async def check_caps(self, guild_id: int | None, host_id: int) -> None:
        """A GameError in words when this host, or this server, runs as many games as the caps allow."""
        db, caps = self.desk.storage.db, self.desk.limits
        hosted = await running_hosted(db, host_id)
        if limits.person_refusal(hosted, caps) is not None:
            raise GameError(limits.PERSON_CAP, running=hosted)
        here = await running_in_server(db, guild_id)
        if limits.server_refusal(here, caps) is not None:
            raise GameError(limits.SERVER_CAP, running=here)

    async def cancel(self, game_id: int, user_id: int) -> Table:
        async with self.desk.tables.lock(game_id):
            table = await self._open(game_id)
            if user_id != table.row.host_id:
                raise GameError(N_("Only the host can cancel the game."))
            done = await self.desk.end(table, GameStatus.CANCELLED, Ending(EndKind.CANCELLED), None)
        return self.desk.publisher.told(done).table


def computer(seat: int, level: str) -> PlayerRow:
    # Stored by level alone: two of a level are told apart by their dynasties where they are named
    # (bot/language/seat_names.py); games stored before numbered them ('Medium computer 2').
    return PlayerRow(seat, BOT_USER_ID, f"{level.capitalize()} computer", level)


def rematch_ready(table: Table) -> bool:
    """A rematch lobby every invited player has accepted: it starts at once."""
    return (table.row.rematch_of is not None and table.row.status == GameStatus.LOBBY
            and len(table.players) == table.row.seats)
