"""The game queries, written once for both back ends: games as seed + moves (+ a snapshot)."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Sequence
from typing import Any

from bot.storage.backends import connect
from bot.storage.changes import (
    GameChanges,
    end_statements,
    move_statements,
    resign_statements,
    seat_statement,
    seating_statements,
    start_statements,
    undo_statements,
)
from bot.storage.clocks import CLOCK_COLUMNS, ClockStore, clock_row
from bot.storage.driver import DEFAULT_POOL_SIZE, Database
from bot.storage.hints import HintStore
from bot.storage.rows import FINISHED, LIVE, GameRow, GameStatus, MoveRow, PlayerRow
from bot.storage.schema import migrate, schema_version
from bot.storage.seats import SeatStore
from bot.storage.servers import ServerStore
from bot.storage.sql import Result, Returned, Statement
from bot.storage.url import DatabaseURL

log = logging.getLogger(__name__)

_GAME_COLUMNS = ("id, guild_id, channel_id, host_id, status, seats, board, scores, seed, rev, move_count, snapshot, "
                 "end_reason, updated_at, started_at, ended_at, hints, rematch_of, " + CLOCK_COLUMNS)
_LIVE = tuple(sorted(LIVE))
_FINISHED = tuple(sorted(FINISHED))


def _game(row: Any) -> GameRow:
    return GameRow(
        id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"], host_id=row["host_id"],
        status=GameStatus(row["status"]), seats=row["seats"], board=row["board"], scores=row["scores"],
        seed=row["seed"], rev=row["rev"], move_count=row["move_count"],
        snapshot=json.loads(row["snapshot"]) if row["snapshot"] else None, end_reason=row["end_reason"],
        updated_at=row["updated_at"], started_at=row["started_at"], ended_at=row["ended_at"], clock=clock_row(row),
        hints=bool(row["hints"]), rematch_of=row["rematch_of"],
    )


def _player(row: Any) -> PlayerRow:
    return PlayerRow(row["seat"], row["user_id"], row["name"], row["level"], bool(row["resigned"]), bool(row["away"]),
                     row["standins"], int(row["hints"]))


class Storage:
    """Games, seats and moves on one back end; every change is one transaction, checked against `rev`.

    Each change takes `also`: more statements for the same transaction (the outbox's announcement of the change,
    bot/storage/outbox.py), and returns their results.
    """

    def __init__(self, db: Database) -> None:
        self.db = db
        self.clocks = ClockStore(db)
        self.seats = SeatStore(db)
        self.hints = HintStore(db)  # the hints answered in games opened with hints on
        self.servers = ServerStore(db)  # each server's language for its public posts
        self.changes = GameChanges(db)  # whole changes of a running game, as the service makes them

    @classmethod
    async def open(cls, url: str | DatabaseURL, *, pool_size: int = DEFAULT_POOL_SIZE) -> Storage:
        """Open (creating if needed) the database a URL or SQLite path names and bring its schema up to date."""
        db = await connect(url, pool_size=pool_size)
        try:
            version = await migrate(db)
        except BaseException:
            await db.close()
            raise
        log.info("Database %s open at schema version %d", db.url, version)
        return cls(db)

    async def close(self) -> None:
        await self.db.close()

    async def schema_version(self) -> int:
        return await schema_version(self.db)

    # --- reading ---------------------------------------------------------------------------------------------

    async def get_game(self, game_id: int) -> GameRow | None:
        games, players = await self.db.read(
            Statement(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)),
            # A seat's hints are its rows in `hints` (bot/storage/hints.py): counted, never kept twice.
            Statement("SELECT seat, user_id, name, level, resigned, away, standins, (SELECT COUNT(*) FROM hints h "
                      "WHERE h.game_id = players.game_id AND h.seat = players.seat) AS hints FROM players "
                      "WHERE game_id = ? ORDER BY seat", (game_id,)),
        )
        if not games.rows:
            return None
        game = _game(games.rows[0])
        game.players = [_player(r) for r in players.rows]
        return game

    async def game_rev(self, game_id: int) -> int | None:
        """A game's revision as stored now (None: no such game): whether memory is behind another process."""
        return _id(await self.db.fetchval("SELECT rev FROM games WHERE id = ?", game_id))

    async def live_game_id(self, channel_id: int) -> int | None:
        """The lobby or running game of a channel, if any."""
        return _id(await self.db.fetchval("SELECT id FROM games WHERE channel_id = ? AND status IN (?, ?)",
                                          channel_id, *_LIVE))

    async def last_finished_game_id(self, channel_id: int) -> int | None:
        """The channel's most recent game that was played and has ended (over or abandoned), if any."""
        return _id(await self.db.fetchval(
            "SELECT id FROM games WHERE channel_id = ? AND status IN (?, ?) ORDER BY id DESC LIMIT 1",
            channel_id, *_FINISHED))

    async def open_lobbies(self, guild_id: int | None, host_id: int) -> list[int]:
        """The channels where this person hosts a lobby in this server (the bot-safety branch's query, ported)."""
        rows = await self.db.fetch(
            "SELECT channel_id FROM games WHERE status = ? AND host_id = ? "
            "AND (guild_id = ? OR (guild_id IS NULL AND CAST(? AS BIGINT) IS NULL)) ORDER BY id",
            GameStatus.LOBBY.value, host_id, guild_id, guild_id)
        return [r[0] for r in rows]

    async def live_game_ids_in_guild(self, guild_id: int) -> list[int]:
        """The lobbies and running games of one server (the bot left it: they all close)."""
        rows = await self.db.fetch("SELECT id FROM games WHERE guild_id = ? AND status IN (?, ?) ORDER BY id",
                                   guild_id, *_LIVE)
        return [r[0] for r in rows]

    async def lobbies_opened_before(self, when: float) -> list[int]:
        """Lobbies opened before `when` (a Unix time) and never started: the ones that expire."""
        rows = await self.db.fetch("SELECT id FROM games WHERE status = ? AND created_at < ? ORDER BY id",
                                   GameStatus.LOBBY.value, when)
        return [r[0] for r in rows]

    async def active_game_ids(self) -> list[int]:
        rows = await self.db.fetch("SELECT id FROM games WHERE status = ? ORDER BY id", GameStatus.ACTIVE.value)
        return [r[0] for r in rows]

    async def moves(self, game_id: int) -> list[MoveRow]:
        rows = await self.db.fetch(
            "SELECT n, seat, user_id, move, events, created_at FROM moves WHERE game_id = ? ORDER BY n", game_id)
        return [MoveRow(r["n"], r["seat"], r["user_id"], r["move"], json.loads(r["events"]), r["created_at"])
                for r in rows]

    # --- writing ---------------------------------------------------------------------------------------------

    async def create_game(self, *, guild_id: int | None, channel_id: int, host: PlayerRow, seats: int, board: str,
                          scores: str, clock: str = "none", on_timeout: str = "standin", hints: bool = False,
                          rematch_of: int | None = None, others: Sequence[PlayerRow] = ()) -> int:
        """A new lobby with its host in the first seat (and `others` after, a rematch's computers); DuplicateError if
        the channel has a live game."""
        now = time.time()
        created, *_ = await self.db.write(
            Statement("INSERT INTO games (guild_id, channel_id, host_id, status, seats, board, scores, created_at, "
                      "updated_at, clock, on_timeout, hints, rematch_of) "
                      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                      (guild_id, channel_id, host.user_id, GameStatus.LOBBY.value, seats, board, scores, now, now,
                       clock, on_timeout, int(hints), rematch_of)),
            seat_statement(Returned(0), PlayerRow(0, host.user_id, host.name, host.level)),
            *(seat_statement(Returned(0), p) for p in others),
        )
        return int(created.rows[0][0])

    async def set_lobby(self, game_id: int, rev: int, players: list[PlayerRow]) -> None:
        """Replace a lobby's seating (join, leave, addbot) if nobody changed it meanwhile."""
        await self.db.write(*seating_statements(game_id, rev, players))

    async def start_game(self, game_id: int, rev: int, seed: int, snapshot: dict[str, Any], *,
                         also: Sequence[Statement] = ()) -> list[Result]:
        results = await self.db.write(*start_statements(game_id, rev, seed, snapshot), *also)
        return results[1:]

    async def add_move(self, game_id: int, rev: int, move: MoveRow, snapshot: dict[str, Any], *, over: bool,
                       end_reason: str | None = None, also: Sequence[Statement] = ()) -> list[Result]:
        """Append one move and its snapshot atomically; refused (StaleError) unless the game is still at `rev`."""
        results = await self.db.write(*move_statements(game_id, rev, move, snapshot, over=over,
                                                       end_reason=end_reason), *also)
        return results[2:]

    async def drop_last_move(self, game_id: int, rev: int, n: int, snapshot: dict[str, Any], *,
                             also: Sequence[Statement] = ()) -> list[Result]:
        """Undo: remove move `n` (the last) and store the position before it."""
        results = await self.db.write(*undo_statements(game_id, rev, n, snapshot), *also)
        return results[2:]

    async def end_game(self, game_id: int, rev: int, status: str, reason: str, *, resigned: int | None = None,
                       also: Sequence[Statement] = ()) -> list[Result]:
        """Close a lobby or game without a move (cancel, abandon, resign in a two-player game); `resigned` is the
        seat whose resignation ends it, flagged in the same transaction (statistics count it last)."""
        statements = end_statements(game_id, rev, status, reason, resigned=resigned)
        results = await self.db.write(*statements, *also)
        return results[len(statements):]

    async def resign_seat(self, game_id: int, rev: int, seat: int, *,
                          also: Sequence[Statement] = ()) -> list[Result]:
        """Hand a resigned seat to the passive autoplayer (level 'resigned')."""
        results = await self.db.write(*resign_statements(game_id, rev, seat), *also)
        return results[2:]


def _id(value: object) -> int | None:
    """A stored integer (an id, a revision) read back, or None when there is no row."""
    return None if value is None else int(value)  # type: ignore[call-overload]
