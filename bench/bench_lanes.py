"""Computer moves come first: a quiet server's computer turn while another server floods hints and reviews.

Run: python -m bench.bench_lanes [--moves 30] [--before-moves 8] [--askers 6] [--hint-budget 3] [--level medium]

As the bot runs them (bot/app.py): computer moves in one `Workers` (one process, bot.workers.NICE), hints and
reviews in the analysis lane (one process, bot.workers.ANALYSIS_NICE). The quiet server plays one game, one computer
move after another (`bot.autoplay.pick_move` on mid-game positions, a short pause between); its latency is from
asking to answer. The flooding server keeps `--askers` hints and reviews asked at once, over and over: a hint
(`bot.hints.think`, `--hint-budget` seconds), a part of a review (`engine.ai.review.review_part`), a review's
pictures (`render.review.review_pictures`, as a review not drawn before). Three phases: alone; with the flood in
the analysis lane; with the flood in the computer players' own workers and fair queue, as before the lanes.
Target: the quiet server's p99 with the flood in its lane within 2x of its p99 alone.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import itertools
import os
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from bench.bench_fairness import Position, pct, positions
from bot.background.autoplay import pick_move
from bot.background.workers import ANALYSIS_NICE, NICE, Workers
from bot.language.picture_words import wording
from bot.service.hints import think
from engine import Game
from engine.ai.review import PART_MOVES, Review, review, review_part
from engine.analysis import announced_points
from engine.record import Record, RecordPlayer, from_moves
from render.review import review_pictures

PAUSE = 0.2  # seconds between two of the quiet server's computer moves (people follow them)


def a_record(seed: int, moves: int) -> Record:
    """A game's first `moves` random moves, as a record a review reads."""
    rng = random.Random(seed)
    game = Game.new(players=2, seed=seed)
    played = []
    while len(played) < moves and not game.over:
        move = rng.choice(game.legal_moves())
        game.play(move)
        played.append(move)
    return from_moves("standard", {}, [RecordPlayer("Alice", "human"), RecordPlayer("Bob", "human")], seed, played)


def draw(record: Record, data: dict[str, Any]) -> int:
    """In a worker: a review's pictures, as for a review asked the first time (bytes drawn)."""
    pictures = review_pictures(record, Review.from_json(data), words=wording("en"))
    return len(pictures.chart.data) + sum(len(p.data) for p in pictures.moves)


def flood_jobs(pool: list[Position], record: Record, data: dict[str, Any],
               hint_budget: float) -> list[Callable[[], Any]]:
    """The flood's jobs, in turn: a hint, a part of a review, a review's pictures."""
    jobs: list[Callable[[], Any]] = []
    for n, (view, seat, _legal) in enumerate(pool):
        announced = announced_points([], len(view["players"]))
        jobs.append(functools.partial(think, view, seat, n, hint_budget, announced))
        start = (n * PART_MOVES) % max(1, len(record.moves) - PART_MOVES)
        jobs.append(functools.partial(review_part, record, start, start + PART_MOVES))
        jobs.append(functools.partial(draw, record, data))
    return jobs


async def quiet(thinkers: Workers, moves: int, pool: list[Position], level: str) -> list[float]:
    rng = random.Random(1)
    latencies = []
    for n in range(moves):
        view, seat, legal = rng.choice(pool)
        job = functools.partial(pick_move, view, seat, level, legal, seed=n, budget=None)
        began = time.perf_counter()
        await thinkers.run_fair("quiet", 1, job)
        latencies.append(time.perf_counter() - began)
        await asyncio.sleep(PAUSE)
    return latencies


async def flood(lane: Workers, askers: int, jobs: list[Callable[[], Any]], stop: asyncio.Event) -> int:
    served = 0
    turns = itertools.cycle(jobs)

    async def asker(n: int) -> None:
        nonlocal served
        while not stop.is_set():
            await lane.run_fair("flood", ("asker", n % 3), next(turns))
            served += 1

    await asyncio.gather(*(asker(n) for n in range(askers)))
    return served


async def phase(thinkers: Workers, lane: Workers | None, args: argparse.Namespace, pool: list[Position],
                jobs: list[Callable[[], Any]], moves: int) -> tuple[list[float], int]:
    stop = asyncio.Event()
    flooder = asyncio.create_task(flood(lane, args.askers, jobs, stop)) if lane is not None else None
    if flooder is not None:
        await asyncio.sleep(1.0)  # the flood is running first
    latencies = await quiet(thinkers, moves, pool, args.level)
    stop.set()
    served = await flooder if flooder is not None else 0
    return latencies, served


def report(name: str, latencies: list[float], served: int) -> str:
    median, p99 = statistics.median(latencies) * 1000, pct(latencies, 0.99) * 1000
    return (f"{name:<40} median {median:7.1f} ms   p99 {p99:7.1f} ms"
            + (f"   (flood served {served} jobs)" if served else ""))


async def main(args: argparse.Namespace) -> None:
    pool = positions(30, seed=7)
    record = a_record(5, args.review_moves)
    # The bot's gap between the lanes' priorities (10 and 19 below a bot at 0), kept when the bench itself runs
    # niced (nice -n 10 on a shared machine), where 10 + 10 and 10 + 19 would both be cut to 19.
    gap = ANALYSIS_NICE - NICE
    computer_nice = min(NICE, max(0, 19 - os.nice(0) - gap))
    thinkers = Workers(1, name="computer", nice=computer_nice)
    analysts = Workers(1, name="analysis", nice=computer_nice + gap)
    try:
        await thinkers.start()
        await analysts.start()
        data = (await analysts.run(review, record)).to_json()  # the review whose pictures the flood draws
        jobs = flood_jobs(pool, record, data, args.hint_budget)
        alone, _ = await phase(thinkers, None, args, pool, jobs, args.moves)
        lanes, lanes_served = await phase(thinkers, analysts, args, pool, jobs, args.moves)
        shared, shared_served = await phase(thinkers, thinkers, args, pool, jobs, args.before_moves)
    finally:
        thinkers.close()
        analysts.close()
    base = os.nice(0)
    print(f"1 computer process (nice {base + computer_nice}), 1 analysis process (nice {base + computer_nice + gap}); "
          f"{args.level} computer; quiet server {args.moves} moves ({args.before_moves} in the last phase); "
          f"flooding server: {args.askers} hints and reviews asked at once (hints think {args.hint_budget:g} s)")
    print(report("quiet server alone", alone, 0))
    print(report("flood in the analysis lane", lanes, lanes_served))
    print(report("flood in the computers' lane (before)", shared, shared_served))
    ratio = pct(lanes, 0.99) / pct(alone, 0.99)
    print(f"p99 with the flood in its lane / alone: {ratio:.2f}x  (target: within 2x); "
          f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores")


def cli() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=30, help="the quiet server's computer moves per phase")
    parser.add_argument("--before-moves", type=int, default=8,
                        help="its moves in the last phase, as before the lanes (seconds each)")
    parser.add_argument("--askers", type=int, default=6, help="hints and reviews the flood keeps asked at once")
    parser.add_argument("--hint-budget", type=float, default=3.0, help="seconds a hint thinks (the bot's: 3)")
    parser.add_argument("--review-moves", type=int, default=16, help="moves of the reviewed game")
    parser.add_argument("--level", default="medium")
    asyncio.run(main(parser.parse_args()))


if __name__ == "__main__":
    cli()
