"""The live tables: games in memory, one lock per game, rebuilt from storage when memory is missing or behind."""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Hashable

from bot.language.locales import N_
from bot.service.table import AlreadyDone, GameError, Table
from bot.service.visibility import NO_SUCH_GAME, Viewer
from bot.storage import BusyError, GameRow, MoveRow, Storage, UnavailableError
from bot.storage.rows import LIVE, GameStatus
from engine import Game

log = logging.getLogger(__name__)



class LiveTables:
    """Lobbies and running games held in memory (an ended game is forgotten) and the locks that order changes."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.held: dict[int, Table] = {}  # live games only: a game that ends is forgotten
        # A lock lives while someone holds or awaits it; then it goes by itself, so the map never grows.
        self.locks: weakref.WeakValueDictionary[Hashable, asyncio.Lock] = weakref.WeakValueDictionary()
        self.channels: dict[int, int] = {}  # channel -> its live game, saving a database read per command

    def lock(self, game_id: Hashable) -> asyncio.Lock:
        """The lock that orders every change to one game (or to whatever else the key names)."""
        lock = self.locks.get(game_id)
        if lock is None:
            lock = self.locks[game_id] = asyncio.Lock()
        return lock

    async def load(self, game_id: int) -> Table:
        """The table for a game id, from memory or rebuilt from its snapshot."""
        table = self.held.get(game_id)
        if table is not None:
            return table
        row = await self.storage.get_game(game_id)
        if row is None:
            raise GameError(N_("That game does not exist any more."))
        table = Table(row)
        if row.status != GameStatus.LOBBY and row.seed is not None:  # a lobby closed unstarted has no game
            table.moves = await self.storage.moves(game_id)
            table.game = rebuild(row, table.moves)
        if row.status in LIVE:
            # Two loads may race across the awaits above: the first one cached wins, so there is one Table.
            table = self.held.setdefault(game_id, table)
            self.channels[row.channel_id] = game_id
        return table

    async def channel_table(self, channel_id: int, *, finished: bool = False) -> Table:
        """The lobby or running game of this channel, or a GameError saying there is none.

        With `finished`, for the read-only commands, the channel's last ended game will do when none is live."""
        game_id = self.channels.get(channel_id)
        if game_id is not None:
            table = await self.load(game_id)
            if table.row.status in LIVE:
                return table
            self.channels.pop(channel_id, None)
        game_id = await self.storage.live_game_id(channel_id)
        if game_id is None and finished:
            game_id = await self.storage.last_finished_game_id(channel_id)
        if game_id is None:
            raise GameError(N_("There is no game in this channel. Open one with `/tne new`."))
        return await self.load(game_id)

    async def active_tables(self) -> list[Table]:
        return [await self.load(i) for i in await self.storage.active_game_ids()]

    async def current(self, game_id: int, rev: int | None = None) -> Table:
        """The table as stored now: read afresh when another process changed the game since memory saw it, its
        revision or its clock (a clock's step, such as the stand-in taking a seat, leaves the revision alone).
        `rev`: the stored revision when the caller has just read it; then only the revision is compared."""
        clock = None
        if rev is None:
            state = await self.storage.clocks.state(game_id)  # one row by primary key: cheap enough for every look
            if state is not None:
                rev, _, clock = state
        table = self.held.get(game_id)
        if table is not None and rev == table.row.rev and (clock is None or clock == table.row.clock):
            return table  # memory is what is stored: an autocomplete need not wait for a move being made
        async with self.lock(game_id):
            table = self.held.get(game_id)
            if table is not None and rev is not None and (
                    table.row.rev != rev or (clock is not None and table.row.clock != clock)):
                return await self.refresh(game_id)
            return await self.load(game_id)

    def seen(self, game_id: int) -> int | None:
        """The revision memory holds of a game (None: not held), to ask `behind` about after a refusal."""
        cached = self.held.get(game_id)
        return cached.row.rev if cached is not None else None

    async def behind(self, game_id: int, seen: int | None, exc: GameError) -> bool:
        """Whether a refusal may come from memory being behind the database (another process changed the game:
        a computer seat or the stand-in played, a clock ran out) rather than from the request itself. Memory is
        then read afresh. A storage failure whose outcome is unknown is never a reason to ask again."""
        if seen is None or isinstance(exc, AlreadyDone) or isinstance(exc.__cause__, (BusyError, UnavailableError)):
            return False
        stored = await self.storage.game_rev(game_id)
        if stored is None or stored == seen:
            return False
        log.info("Game %s was changed by another process (revision %d, memory had %d): reading it afresh and "
                 "trying again", game_id, stored, seen)
        await self.current(game_id, stored)
        return True

    def forget(self, game_id: int) -> None:
        self.held.pop(game_id, None)

    def ended(self, table: Table) -> None:
        """A game ended: nothing in memory keeps it any more."""
        self.forget(table.id)
        if self.channels.get(table.row.channel_id) == table.id:
            del self.channels[table.row.channel_id]

    async def refresh(self, game_id: int) -> Table:
        self.forget(game_id)
        return await self.load(game_id)

    async def server_tables(self, guild_id: int, viewer: Viewer | None = None) -> list[Table]:
        """The lobbies and running games of one server that `viewer` may see (None: all, for tools) (/tne games,
        /tne turns)."""
        tables = []
        for game_id in await self.storage.clocks.live_games(guild_id):
            try:
                tables.append(await self.load(game_id))
            except GameError:
                continue  # ended meanwhile
        return [t for t in tables if t.row.status in LIVE
                and (viewer is None or viewer.sees(t.row.channel_id, (p.user_id for p in t.players)))]

    async def game_in_guild(self, game_id: int, guild_id: int | None) -> Table:
        """A game by its number, if it is one of this server's (a number from another server is not shown)."""
        try:
            table = await self.load(game_id)
        except GameError:
            table = None
        if table is None or table.row.guild_id != guild_id:
            raise GameError(NO_SUCH_GAME, n=game_id)
        return table


def rebuild(row: GameRow, moves: list[MoveRow]) -> Game:
    if row.snapshot is not None:
        return Game.from_position(row.snapshot)
    return replay(row, moves)


def replay(row: GameRow, moves: list[MoveRow]) -> Game:
    """A game played again from its seed and moves (a row stored before snapshots were kept)."""
    game = Game.new(players=len(row.players), seed=row.seed or 0, board=row.board, options={"scores": row.scores})
    for m in moves:
        game.play(m.move, seat=m.seat)
    return game
