"""The records queries, written once for both back ends: finished games' records, per-player rows, ratings.

Recording a game is one transaction (`RecordsStore.transaction`): lock the server's row, check the game is
still the next one to record there, read the players' ratings, write the record, the per-player rows and the
new ratings, and mark the game recorded. The reads the commands make (history, profile, leaderboard) each
come from an index: a server's records by id, a player's games by record id, a server's ratings by rating.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import astuple, dataclass, fields, replace
from typing import Any

from bot.service.visibility import Seen
from bot.storage.driver import Database, Transaction
from bot.storage.errors import StaleError
from bot.storage.games import Storage
from bot.storage.rows import GameRow, MoveRow
from bot.storage.sql import Statement
from bot.storage.url import SQLITE

RATED, UNRATED, SKIPPED = "rated", "unrated", "skipped"  # game_records.outcome
NOT_ANNOUNCED, ANNOUNCED = 0, 1  # game_records.announced: its rating changes were stored in the outbox


@dataclass(frozen=True)
class PlayerGame:
    """One seat of one counted game, as player_games stores it (field names are the column names)."""

    game_id: int
    seat: int
    record_id: int
    guild_id: int
    player: str
    user_id: int | None
    name: str
    dynasty: str
    place: int
    rank: int
    score: int
    resigned: bool
    red: int
    blue: int
    green: int
    black: int
    tiles_points: int
    monuments_points: int
    revolts_points: int
    wars_points: int
    treasures_points: int
    revolts_won_attacking: int
    revolts_lost_attacking: int
    revolts_won_defending: int
    revolts_lost_defending: int
    wars_won_attacking: int
    wars_lost_attacking: int
    wars_won_defending: int
    wars_lost_defending: int
    tiles_committed: int
    tiles_placed: int
    monuments_built: int
    catastrophes_used: int
    turns: int
    timed_turns: int
    time_seconds: float
    mu_before: float | None
    sigma_before: float | None
    mu_after: float | None
    sigma_after: float | None
    rating_before: int | None
    rating_after: int | None
    ended_at: float


PLAYER_GAME_COLUMNS = tuple(f.name for f in fields(PlayerGame))
_BOOLS = {"resigned"}


def _player_game(row: Any) -> PlayerGame:
    values: dict[str, Any] = {c: bool(row[c]) if c in _BOOLS else row[c] for c in PLAYER_GAME_COLUMNS}
    return PlayerGame(**values)


def player_game_values(p: PlayerGame) -> tuple[Any, ...]:
    """The row's values in PLAYER_GAME_COLUMNS order (flags as 0/1, as both back ends store them)."""
    return tuple(int(v) if isinstance(v, bool) else v for v in astuple(p))


@dataclass(frozen=True)
class RatingRow:
    """A player's rating and running totals in one server."""

    guild_id: int
    player: str
    user_id: int | None
    name: str
    mu: float
    sigma: float
    rating: int
    games: int
    wins: int
    totals: dict[str, Any]
    last_record: int


_RATING_COLUMNS = "guild_id, player, user_id, name, mu, sigma, rating, games, wins, totals, last_record"


def _rating(row: Any) -> RatingRow:
    return RatingRow(row["guild_id"], row["player"], row["user_id"], row["name"], row["mu"], row["sigma"],
                     row["rating"], row["games"], row["wins"], json.loads(row["totals"]), row["last_record"])


@dataclass(frozen=True)
class GameRecord:
    """A finished game as the finisher recorded it; `summary` has one dict per seat (name, place, score, ...)."""

    id: int
    game_id: int
    guild_id: int
    channel_id: int
    outcome: str
    note: str | None
    started_at: float | None
    ended_at: float
    ended_by: str | None
    end_reason: str | None
    board: str
    moves: int
    turns: int
    summary: list[dict[str, Any]]
    announced: int


_RECORD_COLUMNS = ("id, game_id, guild_id, channel_id, outcome, note, started_at, ended_at, ended_by, end_reason, "
                   "board, moves, turns, summary, announced")


def _record(row: Any) -> GameRecord:
    return GameRecord(row["id"], row["game_id"], row["guild_id"], row["channel_id"], row["outcome"], row["note"],
                      row["started_at"], row["ended_at"], row["ended_by"], row["end_reason"], row["board"],
                      row["moves"], row["turns"], json.loads(row["summary"]), row["announced"])


@dataclass(frozen=True)
class NewRecord:
    """What the finisher writes for one game (record_id filled in by the store)."""

    game: GameRow
    outcome: str
    note: str | None
    ended_by: str | None
    moves: int
    turns: int
    summary: list[dict[str, Any]]
    stats: dict[str, Any] | None
    stats_version: int | None
    announced: int


# The games still to record, in the order they ended; the literal 'over' lets both back ends use the partial index.
_PENDING = "FROM games WHERE status = 'over' AND recorded_at IS NULL"
# Counted records, spelled as the partial index game_records_by_guild is (a parameter would not match it).
_COUNTED = f"outcome <> '{SKIPPED}'"


def _seen_only(seen: Seen | None, channel: str, record: str) -> tuple[str, tuple[Any, ...]]:
    """The condition (and its arguments) that keeps only the games `seen` allows; none without `seen`."""
    if seen is None:
        return "", ()
    parts, args = [], []
    if seen.open:
        parts.append(f"{channel} IN ({', '.join('?' * len(seen.open))})")
        args.extend(sorted(seen.open))
    if seen.seated:
        parts.append(f"({channel} IN ({', '.join('?' * len(seen.seated))}) AND {record} IN "
                     "(SELECT record_id FROM player_games WHERE user_id = ?))")
        args.extend([*sorted(seen.seated), seen.user_id])
    return (f" AND ({' OR '.join(parts)})" if parts else " AND 1 = 0"), tuple(args)


class RecordsStore:
    """Records, per-player rows and ratings on one back end (the `Database` the game storage opened)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    @classmethod
    def of(cls, storage: Storage) -> RecordsStore:
        return cls(storage.db)

    # --- finding games to record -----------------------------------------------------------------------------

    async def pending_servers(self, *, ended_before: float | None = None) -> list[int | None]:
        """The servers (None for games played outside any) with finished games still to record."""
        # SQLite's planner, without statistics, would walk every finished game by games_by_status: name the
        # partial index (a few rows at most) instead; PostgreSQL picks it by itself.
        pending = _PENDING.replace("FROM games", "FROM games INDEXED BY games_to_record") \
            if self.db.dialect == SQLITE else _PENDING
        rows = await self.db.fetch(f"SELECT DISTINCT guild_id {pending} AND ended_at <= ?",
                                   ended_before if ended_before is not None else time.time() + 1e9)
        return [r[0] for r in rows]

    async def next_pending(self, guild_id: int | None, *, ended_before: float | None = None,
                           tx: Transaction | None = None) -> int | None:
        """The server's finished game that ended first among those not yet recorded (with `ended_before`: only
        if it ended before then)."""
        where = "guild_id IS NULL" if guild_id is None else "guild_id = ?"
        args: list[Any] = [] if guild_id is None else [guild_id]
        sql = f"SELECT id, ended_at {_PENDING} AND {where} ORDER BY ended_at, id LIMIT 1"
        row = await (tx.fetchrow(sql, *args) if tx is not None else self.db.fetchrow(sql, *args))
        if row is None or (ended_before is not None and (row["ended_at"] or 0) > ended_before):
            return None
        return int(row["id"])

    async def finished_game(self, storage: Storage, game_id: int) -> tuple[GameRow, list[MoveRow]] | None:
        """A finished game's row and moves (with their times); both never change once the game is over."""
        row = await storage.get_game(game_id)
        if row is None:
            return None
        return row, await storage.moves(game_id)

    async def mark_serverless(self, game_id: int) -> None:
        """A game played outside any server (a direct message, before those were refused) has no ratings to
        update: it is marked recorded without a record."""
        await self.db.write(Statement("UPDATE games SET recorded_at = ? WHERE id = ? AND recorded_at IS NULL",
                                      (time.time(), game_id)))

    # --- recording (inside one transaction) ------------------------------------------------------------------

    def transaction(self) -> AbstractAsyncContextManager[Transaction]:
        return self.db.transaction()

    @staticmethod
    async def lock_server(tx: Transaction, guild_id: int) -> None:
        """Take the server's recording lock until the transaction ends (games of a server are recorded one at
        a time, in order, even by several processes). On SQLite the write transaction holds the whole file."""
        await tx.execute("INSERT INTO record_servers (guild_id, games, updated_at) VALUES (?, 0, ?) "
                         "ON CONFLICT (guild_id) DO NOTHING", guild_id, time.time())
        await tx.fetchrow("SELECT guild_id FROM record_servers WHERE guild_id = ? FOR UPDATE", guild_id)

    @staticmethod
    async def ratings_of(tx: Transaction, guild_id: int, players: Sequence[str]) -> dict[str, RatingRow]:
        wanted = sorted(set(players))
        marks = ", ".join("?" for _ in wanted)
        rows = await tx.fetch(f"SELECT {_RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND player IN ({marks})",
                              guild_id, *wanted)
        return {r["player"]: _rating(r) for r in rows}

    @staticmethod
    async def write(tx: Transaction, new: NewRecord, player_games: Sequence[PlayerGame],
                    ratings: Sequence[RatingRow]) -> int:
        """Store one game's record, its players' rows (record_id filled in here) and their new ratings, and
        mark the game recorded; gives the record's id. StaleError if the game was recorded meanwhile."""
        game, now = new.game, time.time()
        record_id = await tx.fetchval(
            "INSERT INTO game_records (game_id, guild_id, channel_id, outcome, note, started_at, ended_at, ended_by, "
            "end_reason, board, moves, turns, summary, stats, stats_version, announced, recorded_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            game.id, game.guild_id, game.channel_id, new.outcome, new.note, game.started_at, game.ended_at,
            new.ended_by, game.end_reason, game.board, new.moves, new.turns, json.dumps(new.summary),
            json.dumps(new.stats) if new.stats is not None else None, new.stats_version, new.announced, now)
        if player_games:
            values = [player_game_values(replace(p, record_id=record_id)) for p in player_games]
            await tx.insert_many("player_games", PLAYER_GAME_COLUMNS, values)
        for r in ratings:
            await tx.execute(
                "INSERT INTO ratings (guild_id, player, user_id, name, mu, sigma, rating, games, wins, totals, "
                "last_record, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (guild_id, player) DO UPDATE SET user_id = excluded.user_id, name = excluded.name, "
                "mu = excluded.mu, sigma = excluded.sigma, rating = excluded.rating, games = excluded.games, "
                "wins = excluded.wins, totals = excluded.totals, last_record = excluded.last_record, "
                "updated_at = excluded.updated_at",
                r.guild_id, r.player, r.user_id, r.name, r.mu, r.sigma, r.rating, r.games, r.wins,
                json.dumps(r.totals), record_id, now)
        marked = await tx.execute("UPDATE games SET recorded_at = ? WHERE id = ? AND recorded_at IS NULL", now,
                                  game.id)
        if marked != 1:
            raise StaleError(f"game {game.id} was recorded meanwhile")
        counted = 0 if new.outcome == SKIPPED else 1
        await tx.execute("UPDATE record_servers SET games = games + ?, updated_at = ? WHERE guild_id = ?",
                         counted, now, game.guild_id)
        return int(record_id)

    # --- reading ---------------------------------------------------------------------------------------------

    async def record_of(self, game_id: int) -> GameRecord | None:
        row = await self.db.fetchrow(f"SELECT {_RECORD_COLUMNS} FROM game_records WHERE game_id = ?", game_id)
        return _record(row) if row is not None else None

    async def history(self, guild_id: int, *, before: int | None, offset: int, limit: int,
                      seen: Seen | None = None) -> tuple[list[GameRecord], int, int]:
        """A page of the server's counted games, newest first: (records, how many there are, the anchor).

        `before` anchors the pages at the newest record when the first page was shown (games recorded since
        then do not shift later pages); None anchors them now. `seen`: only the games someone may see."""
        anchor = before
        if anchor is None:
            anchor = await self.db.fetchval(f"SELECT MAX(id) FROM game_records WHERE guild_id = ? AND {_COUNTED}",
                                            guild_id) or 0
        only, args = _seen_only(seen, "channel_id", "id")
        page, count = await self.db.read(
            Statement(f"SELECT {_RECORD_COLUMNS} FROM game_records WHERE guild_id = ? AND id <= ? AND {_COUNTED}"
                      f"{only} ORDER BY id DESC LIMIT ? OFFSET ?", (guild_id, anchor, *args, limit, offset)),
            Statement(f"SELECT COUNT(*) FROM game_records WHERE guild_id = ? AND id <= ? AND {_COUNTED}{only}",
                      (guild_id, anchor, *args)),
        )
        return [_record(r) for r in page.rows], int(count.rows[0][0]), int(anchor)

    async def record_channels(self, guild_id: int) -> list[int]:
        """The channels of the server's counted games (which of them someone may see decides what they see)."""
        rows = await self.db.fetch(f"SELECT DISTINCT channel_id FROM game_records WHERE guild_id = ? AND {_COUNTED}",
                                   guild_id)
        return [int(r["channel_id"]) for r in rows]

    async def rating(self, guild_id: int, player: str) -> RatingRow | None:
        row = await self.db.fetchrow(f"SELECT {_RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND player = ?",
                                     guild_id, player)
        return _rating(row) if row is not None else None

    async def recent_games(self, guild_id: int, player: str, limit: int, seen: Seen | None = None
                           ) -> list[PlayerGame]:
        """The player's last `limit` counted games in the server, oldest first; `seen`: only the games someone
        may see."""
        only, args = _seen_only(seen, "r.channel_id", "p.record_id")
        rows = await self.db.fetch(
            f"SELECT {', '.join('p.' + c for c in PLAYER_GAME_COLUMNS)} FROM player_games p "
            f"JOIN game_records r ON r.id = p.record_id WHERE p.guild_id = ? AND p.player = ?{only} "
            "ORDER BY p.record_id DESC LIMIT ?", guild_id, player, *args, limit)
        return [_player_game(r) for r in reversed(rows)]

    async def leaderboard(self, guild_id: int, limit: int) -> list[RatingRow]:
        """The server's best rated players: by shown rating, then more games."""
        rows = await self.db.fetch(
            f"SELECT {_RATING_COLUMNS} FROM ratings WHERE guild_id = ? ORDER BY rating DESC, games DESC, player "
            "LIMIT ?", guild_id, limit)
        return [_rating(r) for r in rows]

    async def rated(self, guild_id: int) -> int:
        """How many players are rated in the server."""
        return int(await self.db.fetchval("SELECT COUNT(*) FROM ratings WHERE guild_id = ?", guild_id))

    async def rank(self, guild_id: int, rating: int) -> tuple[int, int]:
        """(1 + players rated strictly higher, players rated) in the server."""
        above, everyone = await self.db.read(
            Statement("SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND rating > ?", (guild_id, rating)),
            Statement("SELECT COUNT(*) FROM ratings WHERE guild_id = ?", (guild_id,)),
        )
        return 1 + int(above.rows[0][0]), int(everyone.rows[0][0])

