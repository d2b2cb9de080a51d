"""Records benchmark: `/tne stats leaderboard`, `/tne stats profile` and `/tne stats history` with many finished
games stored, and the finisher recording one more game.

Run: python -m bench.bench_records [--database sqlite|postgresql] [--games 10000] [--players 300] [--runs 200]

Target (issue 12): leaderboard and profile ≤ 50 ms each with 10,000 finished games stored, from an index, never a
scan. A timed run is the database reads plus building what the command shows (the leaderboard's and profile's
text, the profile picture's input), as `Controller.leaderboard`/`profile` do before answering; Discord and the
picture drawing (a worker's job) are left out. The games are synthetic but written by the finisher's own pure step
(`bot.records.finisher.settle`): real statistics of a few engine-played games dealt to random players, real
OpenSkill ratings, the same rows the finisher writes, bulk-inserted (their moves are not stored: no command
reads them). With `--database postgresql` a throw-away PostgreSQL server is started (tests/pg.py).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from bench.bench_bot import pct, with_database
from bot.discord_front.records import texts as records_texts
from bot.records.finisher import Draft, Finisher, settle
from bot.records.service import Records
from bot.records.stats import GameStats, game_stats
from bot.storage import GameRow, MoveRow, PlayerRow, Storage
from bot.storage.records import PLAYER_GAME_COLUMNS, RatingRow, player_game_values
from bot.storage.url import POSTGRESQL
from tests.records_helpers import people, random_game, store_game

GUILD = 900_000_000_000_000_001
OTHER = 900_000_000_000_000_002  # a second server, so the reads must pick one server's rows
TARGET_MS = 50.0
LEVELS = ("easy", "medium", "hard")


def templates(per_size: int, seed: int) -> dict[int, list[GameStats]]:
    """Statistics of engine-played games of 2, 3 and 4 players (random legal moves, a move every 20 s)."""
    out: dict[int, list[GameStats]] = {}
    for n in (2, 3, 4):
        out[n] = []
        for i in range(per_size):
            p = random_game(n, seed + 100 * n + i)
            moves = [MoveRow(k, seat, None, move, events, 1000.0 + 20 * k) for k, (seat, move, events)
                     in enumerate(p.moves)]
            out[n].append(game_stats(moves, [PlayerRow(s, 0, "") for s in range(n)], status="over",
                                     started_at=990.0))
    return out


def seats(rng: random.Random, n: int, people_count: int) -> list[PlayerRow]:
    """n distinct players: people by user id (1 ..), now and then a computer level."""
    chosen: list[PlayerRow] = []
    users = rng.sample(range(1, people_count + 1), n)
    for seat, user in enumerate(users):
        if rng.random() < 0.1:
            level = rng.choice(LEVELS)
            chosen.append(PlayerRow(seat, 0, f"{level.capitalize()} computer", level))
        else:
            chosen.append(PlayerRow(seat, user, f"Player {user}"))
    return chosen


async def fill(storage: Storage, games: int, people_count: int, seed: int) -> float:
    """Store `games` finished, recorded games (90% in GUILD, 10% in OTHER); gives the seconds it took."""
    began = time.perf_counter()
    rng = random.Random(seed)
    stats_by_size = templates(4, seed)
    current: dict[tuple[int, str], RatingRow] = {}
    rows: dict[str, list[tuple]] = {"games": [], "players": [], "game_records": [], "player_games": []}
    start = 1_600_000_000.0
    for i in range(games):
        game_id = record_id = i + 1
        guild = GUILD if i % 10 else OTHER
        n = rng.choice((2, 3, 3, 4, 4))
        players = seats(rng, n, people_count)
        ended = start + 3600.0 * i
        row = GameRow(id=game_id, guild_id=guild, channel_id=5000 + i % 40, host_id=players[0].user_id,
                      status="over", seats=n, board="standard", scores="hidden", seed=i, rev=60, move_count=200,
                      snapshot=None, end_reason="only 2 treasures are left on the board", players=players,
                      started_at=ended - 3000.0, ended_at=ended)
        keys = [f"bot:{p.level}" if p.level else f"user:{p.user_id}" for p in players]
        d = Draft(row, 200, rng.choice(stats_by_size[n]), None, keys)
        mine = {k: current[(guild, k)] for k in keys if (guild, k) in current}
        new, player_games, ratings = settle(d, mine, now=ended + 10 ** 6)
        for r in ratings:
            current[(guild, r.player)] = replace(r, last_record=record_id)
        rows["games"].append((game_id, guild, row.channel_id, row.host_id, "over", n, "standard", "hidden", i, 60,
                              200, row.end_reason, ended - 3100.0, ended, ended - 3000.0, ended, ended + 1))
        rows["players"].extend((game_id, p.seat, p.user_id, p.name, p.level, 0) for p in players)
        rows["game_records"].append((record_id, game_id, guild, row.channel_id, new.outcome, new.note,
                                     row.started_at, ended, new.ended_by, row.end_reason, "standard", new.moves,
                                     new.turns, json.dumps(new.summary), json.dumps(new.stats), new.stats_version,
                                     new.announced, ended + 1))
        rows["player_games"].extend(player_game_values(replace(p, record_id=record_id)) for p in player_games)
    columns = {
        "games": ("id", "guild_id", "channel_id", "host_id", "status", "seats", "board", "scores", "seed", "rev",
                  "move_count", "end_reason", "created_at", "updated_at", "started_at", "ended_at", "recorded_at"),
        "players": ("game_id", "seat", "user_id", "name", "level", "resigned"),
        "game_records": ("id", "game_id", "guild_id", "channel_id", "outcome", "note", "started_at", "ended_at",
                         "ended_by", "end_reason", "board", "moves", "turns", "summary", "stats", "stats_version",
                         "announced", "recorded_at"),
        "player_games": PLAYER_GAME_COLUMNS,
    }
    ratings = [(r.guild_id, r.player, r.user_id, r.name, r.mu, r.sigma, r.rating, r.games, r.wins,
                json.dumps(r.totals), r.last_record, time.time()) for r in current.values()]
    servers = [(g, sum(1 for k in current if k[0] == g), time.time()) for g in (GUILD, OTHER)]
    async with storage.db.transaction() as tx:
        for table, values in rows.items():
            await tx.insert_many(table, columns[table], values)
        await tx.insert_many("ratings", ("guild_id", "player", "user_id", "name", "mu", "sigma", "rating", "games",
                                         "wins", "totals", "last_record", "updated_at"), ratings)
        await tx.insert_many("record_servers", ("guild_id", "games", "updated_at"), servers)
        if storage.db.dialect == POSTGRESQL:  # ids were given: the identity sequences go on after them
            for table in ("games", "game_records"):
                await tx.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                                 f"(SELECT MAX(id) FROM {table}))")
    if storage.db.dialect == POSTGRESQL:
        await storage.db.fetch("VACUUM ANALYZE")  # as autovacuum would have by now: index-only scans
    return time.perf_counter() - began


async def timed(runs: int, body: Callable[[int], Awaitable[Any]]) -> list[float]:
    for i in range(5):  # warm the connection, the statement caches and the pages
        await body(i)
    out = []
    for i in range(runs):
        began = time.perf_counter()
        await body(i)
        out.append(time.perf_counter() - began)
    return out


def line(name: str, values: list[float], target: float | None = None) -> str:
    ms = [v * 1000 for v in values]
    verdict = ""
    if target is not None:
        verdict = f"   (target ≤ {target:g} ms: {'met' if pct(ms, 99) <= target else 'MISSED'})"
    return f"  {name:<34} n={len(ms):<4} median {statistics.median(ms):7.2f} ms   p99 {pct(ms, 99):7.2f} ms{verdict}"


async def run(args: argparse.Namespace, database: str) -> None:
    storage = await Storage.open(database)
    try:
        took = await fill(storage, args.games, args.players, args.seed)
        stored = await storage.db.fetchval("SELECT COUNT(*) FROM game_records")
        seats_stored = await storage.db.fetchval("SELECT COUNT(*) FROM player_games")
        rated = await storage.db.fetchval("SELECT COUNT(*) FROM ratings WHERE guild_id = ?", GUILD)
        print(f"{args.database}: {stored} finished games recorded ({seats_stored} player rows, {rated} players rated "
              f"in the main server), filled in {took:.1f} s")
        records = Records(storage)
        rng = random.Random(args.seed)
        users = [u for u in range(1, args.players + 1)]
        heaviest = await storage.db.fetchval(
            "SELECT user_id FROM ratings WHERE guild_id = ? AND user_id IS NOT NULL ORDER BY games DESC LIMIT 1",
            GUILD)

        async def leaderboard(_: int) -> None:
            board = await records.leaderboard(GUILD, rng.choice(users))
            records_texts.leaderboard_text(board)

        async def profile(_: int, user: int | None = None) -> None:
            who = user or rng.choice(users)
            view = await records.profile(GUILD, who)
            records_texts.profile_text(view, f"Player {who}")
            if view.profile is not None:
                view.profile.picture()

        async def history(i: int) -> None:
            records_texts.history_text(await records.history(GUILD, 0))

        async def deep_history(i: int) -> None:
            records_texts.history_text(await records.history(GUILD, 50 + i % 50))

        print(line("leaderboard (top 10 + your rank)", await timed(args.runs, leaderboard), TARGET_MS))
        print(line("profile (a random player)", await timed(args.runs, profile), TARGET_MS))
        games = await storage.db.fetchval("SELECT games FROM ratings WHERE guild_id = ? AND player = ?", GUILD,
                                          f"user:{heaviest}")
        print(line(f"profile (most games: {games})",
                   await timed(args.runs, lambda i: profile(i, heaviest)), TARGET_MS))
        print(line("history, first page", await timed(args.runs, history)))
        print(line("history, pages 51-100", await timed(args.runs, deep_history)))

        # The finisher on a full database: one more real game (stored with its moves) recorded and rated.
        finisher = Finisher(storage)
        record_times = []
        for i in range(args.record_runs):
            p = random_game(3, 7000 + i)
            await store_game(storage, people("Ann", "Ben", "Cy"), p.moves, snapshot=p.game.position(), seed=p.seed,
                             guild_id=GUILD, channel_id=777, ended_at=time.time())
            began = time.perf_counter()
            made = await finisher.catch_up(GUILD)
            record_times.append(time.perf_counter() - began)
            assert len(made) == 1 and made[0].outcome == "rated"
        print(line("finisher: record + rate one game", record_times))
        explain = "EXPLAIN QUERY PLAN " if storage.db.dialect != POSTGRESQL else "EXPLAIN "
        for name, sql, argv in (
            ("leaderboard", "SELECT player FROM ratings WHERE guild_id = ? ORDER BY rating DESC, games DESC, player "
             "LIMIT 10", (GUILD,)),
            ("rank", "SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND rating > ?", (GUILD, 1000)),
            ("profile games", "SELECT record_id FROM player_games WHERE guild_id = ? AND player = ? "
             "ORDER BY record_id DESC LIMIT 10", (GUILD, f"user:{heaviest}")),
        ):
            plan = await storage.db.fetch(explain + sql, *argv)
            text = " / ".join(str(r[-1]) for r in plan)
            print(f"  plan of {name}: {text}")
    finally:
        await storage.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--games", type=int, default=10_000, help="finished games stored (90%% in one server)")
    parser.add_argument("--players", type=int, default=300, help="people who play in the servers")
    parser.add_argument("--runs", type=int, default=200, help="timed runs per command")
    parser.add_argument("--record-runs", type=int, default=10, help="games the finisher records on the full base")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with_database(args.database, lambda url: asyncio.run(run(args, url)))


if __name__ == "__main__":
    main()
