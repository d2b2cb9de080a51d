"""Bot latency with 50 games in progress in one process: interaction arrival -> first response -> board sent.

Run: python -m bench.bench_bot [--games 50] [--moves 400] [--rate 25]

Interactions are real discord.py interactions built from gateway JSON (tests/bot_harness.py) and dispatched
through the real command tree; the REST layer is the offline fake, so the figures are the bot's own time
(parsing, locking, SQLite in WAL mode, the engine, Pillow pictures in worker threads), not the network's.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import statistics
import tempfile
import time

from bot.config import load_config
from tests.bot_harness import FakeDiscord, Harness, User, ensure_render

TOKEN = re.compile(r"token-(\d+)")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def line(name: str, values: list[float]) -> str:
    ms = [v * 1000 for v in values]
    return (f"  {name:<22} n={len(ms):<5} median {statistics.median(ms):7.1f} ms   p99 {pct(ms, 99):7.1f} ms   "
            f"max {max(ms):7.1f} ms")


class Clock:
    """Stamps, per interaction id, when it arrived, when it was first answered and when its board was sent."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.arrived: dict[int, float] = {}
        self.first: dict[int, float] = {}
        self.board: dict[int, float] = {}
        fake.on_call = self.on_call

    def on_call(self, call) -> None:
        now = time.perf_counter()
        if call.kind == "response":
            iid = call.interaction_id
        else:
            m = TOKEN.search(call.path)
            iid = int(m.group(1)) if m else None
        if iid not in self.arrived:
            return
        self.first.setdefault(iid, now)
        if call.files:
            self.board.setdefault(iid, now)

    def first_latencies(self) -> list[float]:
        return [self.first[i] - t for i, t in self.arrived.items() if i in self.first]

    def board_latencies(self) -> list[float]:
        return [self.board[i] - t for i, t in self.arrived.items() if i in self.board]


async def setup(h: Harness, games: int, warm_moves: int, rng: random.Random) -> list[tuple[int, int, list[User]]]:
    tables = []
    for g in range(games):
        channel = 10_000 + g
        users = [User(100_000 + 2 * g, f"P{2 * g}"), User(100_001 + 2 * g, f"P{2 * g + 1}")]
        await h.command(users[0], channel, "new", seats=2)
        await h.command(users[1], channel, "join")
        await h.command(users[0], channel, "start")
        table = await h.service.channel_table(channel)
        for _ in range(warm_moves):  # boards with something on them; straight through the service for speed
            game = table.game
            if game.over:
                break
            await h.service.play(table.id, rng.choice(game.legal_moves()), seat=game.to_move)
        tables.append((table.id, channel, users))
    return tables


async def move_payload(h: Harness, game_id: int, channel: int, users: list[User], rng: random.Random) -> dict | None:
    table = await h.service.load(game_id)
    game = table.game
    if game is None or game.over or table.row.status != "active":
        return None
    return h.command_payload(users[game.to_move], channel, "move", action=rng.choice(game.legal_moves()))


async def run(games: int, moves: int, rate: float, warm: int, processes: int) -> None:
    ensure_render()
    fake = FakeDiscord()
    fake.install()
    rng = random.Random(7)
    with tempfile.TemporaryDirectory() as tmp:
        h = await Harness(fake, os.path.join(tmp, "bench.sqlite3"), seed=1, render_processes=processes).start()
        try:
            tables = await setup(h, games, warm, rng)
            how = f"{processes} render processes" if processes else "render threads"
            print(f"{games} games in progress ({warm} moves each played beforehand), {os.cpu_count()} CPUs, {how}")

            # Paced: moves arrive at `rate` per second across random games, like busy tables on a big server.
            clock = Clock(fake)
            before = asyncio.all_tasks()
            for _ in range(moves):
                game_id, channel, users = rng.choice(tables)
                payload = await move_payload(h, game_id, channel, users, rng)
                if payload is None:
                    continue
                clock.arrived[int(payload["id"])] = time.perf_counter()
                h.bot._connection.parse_interaction_create(payload)
                await asyncio.sleep(rng.expovariate(rate))
            await h.settle(before)
            print(f"paced: {len(clock.arrived)} /tne move interactions at ~{rate:g}/s")
            print(line("first response", clock.first_latencies()))
            print(line("board picture sent", clock.board_latencies()))

            # Burst: one move in every game at the same instant (worst case, all 50 boards drawn at once).
            clock = Clock(fake)
            before = asyncio.all_tasks()
            payloads = [p for p in [await move_payload(h, *t, rng) for t in tables] if p is not None]
            for p in payloads:
                clock.arrived[int(p["id"])] = time.perf_counter()
                h.bot._connection.parse_interaction_create(p)
            await h.settle(before)
            print(f"burst: {len(payloads)} /tne move interactions arriving together")
            print(line("first response", clock.first_latencies()))
            print(line("board picture sent", clock.board_latencies()))
            fake.on_call = None
        finally:
            await h.close()
            fake.uninstall()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--moves", type=int, default=500, help="paced interactions to time")
    parser.add_argument("--rate", type=float, default=25.0, help="paced arrivals per second")
    parser.add_argument("--warm", type=int, default=40, help="moves played in each game before timing")
    parser.add_argument("--processes", type=int, default=load_config().render_processes,
                        help="render worker processes (0 = threads); default as the bot would run")
    args = parser.parse_args()
    asyncio.run(run(args.games, args.moves, args.rate, args.warm, args.processes))


if __name__ == "__main__":
    main()
