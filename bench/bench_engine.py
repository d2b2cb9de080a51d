"""Engine speed: seeded random games to the end, timing legal_moves(), play() and position round trips.

Run: python -m bench.bench_engine [--games N]. Prints medians; targets: legal_moves ≤ 1 ms mid-game,
play ≤ 0.2 ms, ≥ 5 whole 4-player random games per second (one core). Whole games are timed by the wall
clock and by the process's CPU time, which a busy shared machine disturbs far less."""

import argparse
import random
import statistics
import time

from engine import Game
from engine.constants import COLOURS, MONUMENT_NAMES
from engine.squares import SQUARE_NAMES

# Every tile, leader, commit, war, monument and treasure move there can be (a hand holds at most 6 tiles to
# commit): filtering the legal moves through this set in C costs a builder game a few ms less than reading
# each move's verb in Python, for the same picks.
BUILDING = frozenset((
    *(f"{verb} {c} {sq}" for verb in ("tile", "leader") for c in COLOURS for sq in SQUARE_NAMES),
    *(f"commit {n}" for n in range(100)), *(f"war {c}" for c in COLOURS),
    *(f"monument {pair} {sq}" for pair in MONUMENT_NAMES for sq in SQUARE_NAMES),
    *(f"treasure {sq}" for sq in SQUARE_NAMES),
))


def pick(rng: random.Random, legal: list[str], builder: bool) -> str:
    """Uniform random, or (builder) mostly tile placements so the board fills up like a real game's."""
    if builder and rng.random() < 0.85:
        tiles = list(filter(BUILDING.__contains__, legal))
        if tiles:
            return rng.choice(tiles)
    return rng.choice(legal)


def play_one(players: int, seed: int, timings: dict[str, list[float]], builder: bool = False) -> int:
    rng = random.Random(seed)
    g = Game.new(players=players, seed=seed, board="standard" if seed % 2 else "advanced")
    clock = time.perf_counter
    moves = 0
    while not g.over:
        t0 = clock()
        legal = g.legal_moves()
        t1 = clock()
        move = pick(rng, legal, builder)
        g.play(move)
        t2 = clock()
        moves += 1
        # Mid-game: past the opening and with the action phase's full move list.
        if moves > 30 and g.pending is None and len(legal) > 50:
            timings["legal_moves"].append(t1 - t0)
        timings["play"].append(t2 - t1)
        if moves % 25 == 0:
            t3 = clock()
            Game.from_position(g.position())
            timings["position round trip"].append(clock() - t3)
    return moves


def report(name: str, values: list[float]) -> None:
    values.sort()
    p99 = values[int(len(values) * 0.99)]
    print(f"  {name:>20}: median {statistics.median(values) * 1e3:.3f} ms, p99 {p99 * 1e3:.3f} ms "
          f"({len(values)} samples)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40, help="games per kind")
    args = parser.parse_args()
    for players, builder in ((2, False), (4, False), (4, True)):
        timings: dict[str, list[float]] = {"legal_moves": [], "play": [], "position round trip": []}
        per_game = []
        cpu_per_game = []
        moves = []
        for seed in range(args.games):
            t0, c0 = time.perf_counter(), time.process_time()
            moves.append(play_one(players, 1000 + seed, timings, builder))
            per_game.append(time.perf_counter() - t0)
            cpu_per_game.append(time.process_time() - c0)
        kind = "builder" if builder else "uniform random"
        wall, cpu = statistics.median(per_game), statistics.median(cpu_per_game)
        print(f"{players}-player {kind} games: {args.games}, median {statistics.median(moves):.0f} moves, "
              f"median {wall * 1000:.1f} ms per whole game = {1 / wall:.1f} games/s "
              f"(CPU time {cpu * 1000:.1f} ms = {1 / cpu:.1f} games/s)")
        for name, values in timings.items():
            report(name, values)


if __name__ == "__main__":
    main()
