"""Turn clocks at scale: the clock keeper's work per tick, and what it adds to interactions' latency.

Run: python -m bench.bench_clocks [--database sqlite|postgresql] [--games 500] [--moves 500] [--rate 25]

Games are opened through the real command tree (tests/bot_harness.py, REST faked offline) with the service's time
injected, their turns started at staggered moments so that deadlines spread out. Phases:
- ticks: the injected time moves 1 s per pass (as the keeper's own loop does): a pass with nothing due, and
  passes where reminders are due (each claims, steps and posts its reminders);
- interactions: paced /tne move interactions, first with no keeper running, then with the keeper running its
  real loop while the injected time races (60 s per real second), so reminders and overdue notices go out in
  the middle of the moves. Games use on_timeout:wait so that the stand-in's thinking (a computer player's cost,
  measured by bench_bot) does not hide the clock's own.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import random
import statistics
import time

from bench.bench_bot import Clock, line, pct, with_database
from bot.background.clocks import CLOCKS
from bot.service.limits import UNCAPPED
from tests.bot_harness import FakeDiscord, Harness, User, ensure_render
from tests.clock_helpers import FakeTime


async def setup(h: Harness, games: int, clock: str, spread: float) -> list[tuple[int, int, list[User]]]:
    """`games` two-player games with this clock, their first turns started `spread` seconds apart in all."""
    tables = []
    for g in range(games):
        channel = 10_000 + g
        users = [User(channel * 10, f"P{2 * g}"), User(channel * 10 + 1, f"P{2 * g + 1}")]
        await h.command(users[0], channel, "new", seats=2, clock=clock, on_timeout="wait")
        await h.command(users[1], channel, "join")
        await h.command(users[0], channel, "start")
        tables.append(((await h.service.channel_table(channel)).id, channel, users))
        h.time.advance(spread / games)
    return tables


async def ticks(h: Harness, seconds: int) -> tuple[list[float], list[float], int]:
    """One keeper pass per second of injected time: the pass times with nothing due and with something due."""
    idle, busy, events = [], [], 0
    keeper = h.bot.controller.clocks
    for _ in range(seconds):
        h.time.advance(1.0)
        began = time.perf_counter()
        done = await keeper.run_once()
        took = time.perf_counter() - began
        (busy if done else idle).append(took)
        events += len(done)
    return idle, busy, events


async def paced(h: Harness, fake: FakeDiscord, tables: list, moves: int, rate: float, rng: random.Random,
                racing: bool) -> tuple[list[float], int]:
    """Paced /tne move interactions; with `racing`, the keeper's loop runs and the injected time races."""
    clock = Clock(fake)
    keeper = h.bot.controller.clocks
    reminders = 0
    seen = len(fake.calls)

    async def race() -> None:
        while True:
            await asyncio.sleep(0.1)
            h.time.advance(6.0)

    racer = None
    if racing:
        keeper.tick = 0.25
        await keeper.start()
        racer = asyncio.create_task(race())
    before = asyncio.all_tasks()
    try:
        for _ in range(moves):
            game_id, channel, users = rng.choice(tables)
            table = await h.service.load(game_id)
            game = table.game
            if game is None or game.over or table.row.status != "active":
                continue
            payload = h.command_payload(users[game.to_move], channel, "move", action=rng.choice(game.legal_moves()))
            clock.arrived[int(payload["id"])] = time.perf_counter()
            h.bot._connection.parse_interaction_create(payload)
            await asyncio.sleep(rng.expovariate(rate))
        await h.settle(before)
    finally:
        if racer is not None:
            racer.cancel()
            await keeper.stop()
    reminders = sum(1 for c in fake.calls[seen:] if c.kind == "channel" and ("your time" in c.content))
    return clock.first_latencies(), reminders


async def run(args: argparse.Namespace, database: str) -> None:
    ensure_render()
    fake = FakeDiscord()
    fake._ids = itertools.count(1_000_000_000_000_000_000)
    fake.install()
    h = await Harness(fake, database, seed=3).start()
    h.service.limits = UNCAPPED  # one test server holds every game of the bench
    await h.bot.controller.clocks.stop()
    h.time = FakeTime()
    h.bot.service.now = h.time
    try:
        length = CLOCKS[args.clock] or 0.0
        began = time.perf_counter()
        tables = await setup(h, args.games, args.clock, length)
        print(f"{args.database}: {len(tables)} games under a {args.clock} clock, opened in "
              f"{time.perf_counter() - began:.0f} s; {os.cpu_count()} CPUs")
        idle, busy, events = await ticks(h, int(length) + 5)
        print(f"keeper passes, one per second of injected time over {args.clock} ({events} reminders/notices):")
        print(line("pass, nothing due", idle))
        print(line("pass with reminders", busy))
        if events:
            print(f"  {events / max(1, len(busy)):.1f} reminders per busy pass; {sum(busy) / events * 1000:.2f} ms "
                  "of pass time per reminder (claim, step, store, post)")
        rng = random.Random(11)
        quiet, _ = await paced(h, fake, tables, args.moves, args.rate, rng, racing=False)
        loud, sent = await paced(h, fake, tables, args.moves, args.rate, rng, racing=True)
        print(f"paced /tne move at ~{args.rate:g}/s, first response:")
        print(line("no keeper", quiet))
        print(line(f"keeper, {sent} reminders", loud))
        extra_median = statistics.median(loud) - statistics.median(quiet)
        extra_p99 = pct(loud, 99) - pct(quiet, 99)
        print(f"  added by the keeper: median {extra_median * 1000:+.1f} ms, p99 {extra_p99 * 1000:+.1f} ms "
              f"(target: p99 first response within 100 ms: {'met' if pct(loud, 99) <= 0.1 else 'NOT met'})")
    finally:
        await h.close()
        fake.uninstall()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--clock", choices=[c for c in CLOCKS if c != "none"], default="2m")
    parser.add_argument("--moves", type=int, default=500, help="paced interactions per phase")
    parser.add_argument("--rate", type=float, default=25.0, help="paced arrivals per second")
    args = parser.parse_args()
    with_database(args.database, lambda url: asyncio.run(run(args, url)))


if __name__ == "__main__":
    main()
