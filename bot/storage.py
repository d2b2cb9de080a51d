"""SQLite storage through aiosqlite: games as seed + moves (+ a snapshot), one transaction per action."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import dataclass, field

import aiosqlite

log = logging.getLogger(__name__)

# Each entry upgrades the schema by one version; never edit a released entry, append a new one.
MIGRATIONS: list[str] = [
    """
    CREATE TABLE games (
        id            INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id      INTEGER,
        channel_id    INTEGER NOT NULL,
        host_id       INTEGER NOT NULL,
        status        TEXT NOT NULL,          -- lobby, active, over, cancelled, abandoned
        seats         INTEGER NOT NULL,       -- most players the lobby takes
        board         TEXT NOT NULL,
        scores        TEXT NOT NULL,
        seed          INTEGER,
        rev           INTEGER NOT NULL DEFAULT 0,  -- bumped by every change; buttons carry it
        move_count    INTEGER NOT NULL DEFAULT 0,
        snapshot      TEXT,                   -- position after move_count moves
        end_reason    TEXT,
        created_at    REAL NOT NULL,
        updated_at    REAL NOT NULL
    );
    CREATE UNIQUE INDEX one_live_game_per_channel ON games(channel_id)
        WHERE status IN ('lobby', 'active');
    CREATE TABLE players (
        game_id   INTEGER NOT NULL REFERENCES games(id),
        seat      INTEGER NOT NULL,
        user_id   INTEGER NOT NULL,
        name      TEXT NOT NULL,
        level     TEXT,                       -- NULL for a person, else the computer level
        resigned  INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, seat)
    );
    CREATE TABLE moves (
        game_id    INTEGER NOT NULL REFERENCES games(id),
        n          INTEGER NOT NULL,
        seat       INTEGER NOT NULL,
        user_id    INTEGER,
        move       TEXT NOT NULL,
        events     TEXT NOT NULL,
        created_at REAL NOT NULL,
        PRIMARY KEY (game_id, n)
    );
    """,
]

LIVE = ("lobby", "active")


class StaleError(Exception):
    """The game changed under us (another process or a lost race); nothing was written."""


@dataclass
class PlayerRow:
    seat: int
    user_id: int
    name: str
    level: str | None = None
    resigned: bool = False

    @property
    def is_bot(self) -> bool:
        return self.level is not None


@dataclass
class GameRow:
    id: int
    guild_id: int | None
    channel_id: int
    host_id: int
    status: str
    seats: int
    board: str
    scores: str
    seed: int | None
    rev: int
    move_count: int
    snapshot: dict | None
    end_reason: str | None
    players: list[PlayerRow] = field(default_factory=list)


@dataclass
class MoveRow:
    n: int
    seat: int
    user_id: int | None
    move: str
    events: list[dict]


_GAME_COLUMNS = ("id, guild_id, channel_id, host_id, status, seats, board, scores, seed, rev, move_count, snapshot, "
                 "end_reason")


class Storage:
    """One aiosqlite connection; every write is a single transaction."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._db = conn
        # One connection serves every game: transactions of different games must not interleave on it.
        self._write = asyncio.Lock()

    @classmethod
    async def open(cls, path: str) -> Storage:
        """Open (creating if needed) the database and bring its schema up to date."""
        conn = await aiosqlite.connect(path, isolation_level=None)
        conn.row_factory = aiosqlite.Row
        await conn.execute("PRAGMA journal_mode=WAL")
        # WAL + NORMAL keeps every committed action across a process kill; only an OS crash may lose the last one.
        await conn.execute("PRAGMA synchronous=NORMAL")
        await conn.execute("PRAGMA foreign_keys=ON")
        await conn.execute("PRAGMA busy_timeout=5000")
        store = cls(conn)
        await store._migrate()
        return store

    async def close(self) -> None:
        await self._db.close()

    async def _migrate(self) -> None:
        await self._db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        async with self._db.execute("SELECT MAX(version) FROM schema_version") as cur:
            row = await cur.fetchone()
        current = row[0] or 0
        for version, script in enumerate(MIGRATIONS[current:], start=current + 1):
            log.info("Migrating the database to schema version %d", version)
            statements = [s.strip() for s in script.split(";\n") if s.strip()]
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                for statement in statements:
                    await self._db.execute(statement)
                await self._db.execute("INSERT INTO schema_version (version) VALUES (?)", (version,))
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            await self._db.execute("COMMIT")

    async def schema_version(self) -> int:
        async with self._db.execute("SELECT MAX(version) FROM schema_version") as cur:
            row = await cur.fetchone()
        return row[0] or 0

    async def _transaction(self, statements: list[tuple[str, tuple]], *, expect_rows: int | None = None) -> None:
        """Run the statements in one transaction; the first must touch `expect_rows` rows or all is undone."""
        async with self._write:
            await self._run(statements, expect_rows)

    async def _run(self, statements: list[tuple[str, tuple]], expect_rows: int | None) -> None:
        await self._db.execute("BEGIN IMMEDIATE")
        try:
            for i, (sql, params) in enumerate(statements):
                cur = await self._db.execute(sql, params)
                if i == 0 and expect_rows is not None and cur.rowcount != expect_rows:
                    raise StaleError("the game changed meanwhile")
        except BaseException:
            await self._db.execute("ROLLBACK")
            raise
        await self._db.execute("COMMIT")

    # --- reading ---------------------------------------------------------------------------------------------

    def _game(self, row: aiosqlite.Row) -> GameRow:
        return GameRow(
            id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"], host_id=row["host_id"],
            status=row["status"], seats=row["seats"], board=row["board"], scores=row["scores"], seed=row["seed"],
            rev=row["rev"], move_count=row["move_count"],
            snapshot=json.loads(row["snapshot"]) if row["snapshot"] else None, end_reason=row["end_reason"],
        )

    async def _players(self, game_id: int) -> list[PlayerRow]:
        async with self._db.execute(
            "SELECT seat, user_id, name, level, resigned FROM players WHERE game_id = ? ORDER BY seat", (game_id,)
        ) as cur:
            rows = await cur.fetchall()
        return [PlayerRow(r["seat"], r["user_id"], r["name"], r["level"], bool(r["resigned"])) for r in rows]

    async def get_game(self, game_id: int) -> GameRow | None:
        async with self._db.execute(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)) as cur:
            row = await cur.fetchone()
        if row is None:
            return None
        game = self._game(row)
        game.players = await self._players(game.id)
        return game

    async def live_game_id(self, channel_id: int) -> int | None:
        """The lobby or running game of a channel, if any."""
        async with self._db.execute(
            "SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)
        ) as cur:
            row = await cur.fetchone()
        return row[0] if row else None

    async def last_finished_game_id(self, channel_id: int) -> int | None:
        """The channel's most recent game that was played and has ended (over or abandoned), if any."""
        async with self._db.execute(
            "SELECT id FROM games WHERE channel_id = ? AND status IN ('over', 'abandoned') ORDER BY id DESC LIMIT 1",
            (channel_id,),
        ) as cur:
            row = await cur.fetchone()
        return row[0] if row else None

    async def active_game_ids(self) -> list[int]:
        async with self._db.execute("SELECT id FROM games WHERE status = 'active' ORDER BY id") as cur:
            return [r[0] for r in await cur.fetchall()]

    async def moves(self, game_id: int) -> list[MoveRow]:
        async with self._db.execute(
            "SELECT n, seat, user_id, move, events FROM moves WHERE game_id = ? ORDER BY n", (game_id,)
        ) as cur:
            rows = await cur.fetchall()
        return [MoveRow(r["n"], r["seat"], r["user_id"], r["move"], json.loads(r["events"])) for r in rows]

    # --- writing ---------------------------------------------------------------------------------------------

    async def create_game(self, *, guild_id: int | None, channel_id: int, host: PlayerRow, seats: int, board: str,
                          scores: str) -> int:
        """A new lobby with its host in the first seat; raises sqlite3.IntegrityError if the channel has one."""
        async with self._write:
            return await self._create(guild_id, channel_id, host, seats, board, scores)

    async def _create(self, guild_id: int | None, channel_id: int, host: PlayerRow, seats: int, board: str,
                      scores: str) -> int:
        now = time.time()
        await self._db.execute("BEGIN IMMEDIATE")
        try:
            cur = await self._db.execute(
                "INSERT INTO games (guild_id, channel_id, host_id, status, seats, board, scores, created_at, "
                "updated_at) VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?)",
                (guild_id, channel_id, host.user_id, seats, board, scores, now, now),
            )
            game_id = cur.lastrowid
            await self._db.execute(
                "INSERT INTO players (game_id, seat, user_id, name, level) VALUES (?, 0, ?, ?, ?)",
                (game_id, host.user_id, host.name, host.level),
            )
        except BaseException:
            await self._db.execute("ROLLBACK")
            raise
        await self._db.execute("COMMIT")
        return int(game_id)

    async def set_lobby(self, game_id: int, rev: int, players: list[PlayerRow]) -> None:
        """Replace a lobby's seating (join, leave, addbot) if nobody changed it meanwhile."""
        statements: list[tuple[str, tuple]] = [
            ("UPDATE games SET rev = rev + 1, updated_at = ? WHERE id = ? AND rev = ? AND status = 'lobby'",
             (time.time(), game_id, rev)),
            ("DELETE FROM players WHERE game_id = ?", (game_id,)),
        ]
        statements += [
            ("INSERT INTO players (game_id, seat, user_id, name, level) VALUES (?, ?, ?, ?, ?)",
             (game_id, p.seat, p.user_id, p.name, p.level))
            for p in players
        ]
        await self._transaction(statements, expect_rows=1)

    async def start_game(self, game_id: int, rev: int, seed: int, snapshot: dict) -> None:
        await self._transaction([(
            "UPDATE games SET status = 'active', seed = ?, snapshot = ?, rev = rev + 1, updated_at = ? "
            "WHERE id = ? AND rev = ? AND status = 'lobby'",
            (seed, json.dumps(snapshot), time.time(), game_id, rev),
        )], expect_rows=1)

    async def add_move(self, game_id: int, rev: int, move: MoveRow, snapshot: dict, *, over: bool,
                       end_reason: str | None = None) -> None:
        """Append one move and its snapshot atomically; refused (StaleError) unless the game is still at `rev`."""
        now = time.time()
        await self._transaction([
            ("UPDATE games SET rev = rev + 1, move_count = ?, snapshot = ?, updated_at = ?, "
             "status = CASE WHEN ? THEN 'over' ELSE status END, end_reason = COALESCE(?, end_reason) "
             "WHERE id = ? AND rev = ? AND status = 'active' AND move_count = ?",
             (move.n + 1, json.dumps(snapshot), now, over, end_reason, game_id, rev, move.n)),
            ("INSERT INTO moves (game_id, n, seat, user_id, move, events, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
             (game_id, move.n, move.seat, move.user_id, move.move, json.dumps(move.events), now)),
        ], expect_rows=1)

    async def drop_last_move(self, game_id: int, rev: int, n: int, snapshot: dict) -> None:
        """Undo: remove move `n` (the last) and store the position before it."""
        await self._transaction([
            ("UPDATE games SET rev = rev + 1, move_count = ?, snapshot = ?, updated_at = ? "
             "WHERE id = ? AND rev = ? AND status = 'active' AND move_count = ?",
             (n, json.dumps(snapshot), time.time(), game_id, rev, n + 1)),
            ("DELETE FROM moves WHERE game_id = ? AND n = ?", (game_id, n)),
        ], expect_rows=1)

    async def end_game(self, game_id: int, rev: int, status: str, reason: str) -> None:
        """Close a lobby or game without a move (cancel, abandon, resign in a two-player game)."""
        await self._transaction([(
            "UPDATE games SET status = ?, end_reason = ?, rev = rev + 1, updated_at = ? "
            "WHERE id = ? AND rev = ? AND status IN ('lobby', 'active')",
            (status, reason, time.time(), game_id, rev),
        )], expect_rows=1)

    async def resign_seat(self, game_id: int, rev: int, seat: int) -> None:
        """Hand a resigned seat to the passive autoplayer (level 'resigned')."""
        await self._transaction([
            ("UPDATE games SET rev = rev + 1, updated_at = ? WHERE id = ? AND rev = ? AND status = 'active'",
             (time.time(), game_id, rev)),
            ("UPDATE players SET resigned = 1, level = 'resigned' WHERE game_id = ? AND seat = ?", (game_id, seat)),
        ], expect_rows=1)
