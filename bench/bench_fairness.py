"""The computer players' fair queue: a quiet server's computer-move latency while another server floods.

Run: python -m bench.bench_fairness [--processes 2] [--flood-games 40] [--moves 40] [--level easy]

Real easy computer moves (bot.autoplay.pick_move on mid-game positions) run in `Workers` processes, as the bot runs
them. The quiet server plays one game, one move after another (a move is asked when the last one is answered, after
a short pause); its latency is from asking to answer. Three phases: alone; while a flooding server keeps
`--flood-games` games asking at once, first through the fair queue (`Workers.run_fair`, as bot/background/seats.py
does), then
through the plain first-come queue of before (`Workers.run`) for comparison. Target: the quiet server's p99 with the
flood and the fair queue within 2x of its p99 alone.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import random
import statistics
import time

from bot.background.autoplay import pick_move
from bot.background.workers import Workers
from engine import Game

Position = tuple[dict, int, list[str]]


def positions(count: int, seed: int) -> list[Position]:
    """Mid-game positions (a seat's view, the seat, its legal moves) from random play."""
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < count:
        game = Game.new(players=rng.choice((2, 3, 4)), seed=rng.randrange(1 << 30))
        for _ in range(rng.randrange(10, 60)):
            if game.over:
                break
            game.play(rng.choice(game.legal_moves()))
        if not game.over:
            out.append((game.view(game.to_move), game.to_move, game.legal_moves()))
    return out


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def think(workers: Workers, fair: bool, server: str, game: int, position: Position, level: str,
                seed: int) -> str:
    view, seat, legal = position
    job = functools.partial(pick_move, view, seat, level, legal, seed=seed, budget=None)
    return await (workers.run_fair(server, game, job) if fair else workers.run(job))


async def quiet(workers: Workers, fair: bool, moves: int, pool: list[Position], level: str) -> list[float]:
    rng = random.Random(1)
    latencies = []
    for n in range(moves):
        began = time.perf_counter()
        await think(workers, fair, "quiet", 1, rng.choice(pool), level, n)
        latencies.append(time.perf_counter() - began)
        await asyncio.sleep(0.05)  # people follow the moves; the quiet server never has two waiting
    return latencies


async def flood(workers: Workers, fair: bool, games: int, pool: list[Position], level: str,
                stop: asyncio.Event) -> int:
    served = 0

    async def one_game(game: int) -> None:
        nonlocal served
        rng = random.Random(100 + game)
        while not stop.is_set():
            await think(workers, fair, "flood", game, rng.choice(pool), level, served)
            served += 1

    await asyncio.gather(*(one_game(g) for g in range(games)))
    return served


async def phase(workers: Workers, args: argparse.Namespace, pool: list[Position], *, flooding: bool,
                fair: bool) -> tuple[list[float], int]:
    stop = asyncio.Event()
    flooder = asyncio.create_task(flood(workers, fair, args.flood_games, pool, args.level, stop)) if flooding else None
    if flooder is not None:
        await asyncio.sleep(0.5)  # the flood's backlog builds up first
    latencies = await quiet(workers, fair, args.moves, pool, args.level)
    stop.set()
    served = await flooder if flooder is not None else 0
    return latencies, served


def report(name: str, latencies: list[float], served: int) -> str:
    median, p99 = statistics.median(latencies) * 1000, pct(latencies, 0.99) * 1000
    return (f"{name:<28} median {median:7.1f} ms   p99 {p99:7.1f} ms"
            + (f"   (flood served {served} moves)" if served else ""))


async def main(args: argparse.Namespace) -> None:
    pool = positions(30, seed=7)
    workers = Workers(args.processes, name="computer")
    try:
        await workers.start()
        alone, _ = await phase(workers, args, pool, flooding=False, fair=True)
        fair, fair_served = await phase(workers, args, pool, flooding=True, fair=True)
        fifo, fifo_served = await phase(workers, args, pool, flooding=True, fair=False)
    finally:
        workers.close()
    print(f"{args.processes} worker processes, {args.level} computer, quiet server {args.moves} moves, "
          f"flooding server {args.flood_games} games asking at once")
    print(report("quiet server alone", alone, 0))
    print(report("flood, fair queue", fair, fair_served))
    print(report("flood, first-come queue", fifo, fifo_served))
    ratio = pct(fair, 0.99) / pct(alone, 0.99)
    print(f"p99 with the flood (fair) / alone: {ratio:.2f}x  (target: within 2x)")


def cli() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--flood-games", type=int, default=40)
    parser.add_argument("--moves", type=int, default=40, help="the quiet server's moves per phase")
    parser.add_argument("--level", default="easy")
    asyncio.run(main(parser.parse_args()))


if __name__ == "__main__":
    cli()
