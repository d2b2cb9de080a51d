"""Decision times per level on sampled positions, one core: `python -m bench.bench_ai`.

Positions come from seeded easy-level games (every few moves, decisions included), 2 and 4 players."""

import argparse
import statistics
import time

from engine import Game
from engine.ai import choose_move


def sample_positions(count: int, seed: int) -> list[dict]:
    positions = []
    game_seed = seed
    while len(positions) < count:
        players = 2 if game_seed % 2 else 4
        g = Game.new(players=players, seed=game_seed)
        k = 0
        while not g.over and k < 1500:
            seat = g.to_move
            if k % 9 == 4 and len(positions) < count:
                positions.append(g.position())
            g.play(choose_move(g.view(seat), seat, "easy", seed=k), seat)
            k += 1
        game_seed += 1
    return positions


def starts_turn(pos: dict) -> bool:
    """A whole turn to plan: the most expensive kind of decision."""
    return not pos["pending"] and pos["turn"]["actions_left"] == 2


def time_level(level: str, positions: list[dict], budget: float) -> list[float]:
    times = []
    for i, pos in enumerate(positions):
        g = Game.from_position(pos)
        seat = g.to_move
        view = g.view(seat)
        started = time.perf_counter()
        move = choose_move(view, seat, level, seed=i, budget=budget)
        times.append(time.perf_counter() - started)
        assert move in g.legal_moves()
    return times


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="Median decision time of each computer level.")
    ap.add_argument("--positions", type=int, default=120)
    ap.add_argument("--hard-positions", type=int, default=20)
    ap.add_argument("--budget", type=float, default=1.0, help="hard level's budget in seconds")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    positions = sample_positions(args.positions, args.seed)
    print(f"{len(positions)} positions ({sum(1 for p in positions if p['pending'])} decisions inside actions)")
    print(f"{'level':<10} {'positions':<11} {'n':>4} {'median ms':>10} {'p90 ms':>8} {'max ms':>8}")
    starts = [p for p in positions if starts_turn(p)]
    for level in ("random", "easy", "medium", "hard"):
        label = level if level != "hard" else f"hard@{args.budget:g}s"
        for kind, pool in (("all", positions), ("turn start", starts)):
            sample = pool if level != "hard" else pool[:: max(1, len(pool) // args.hard_positions)]
            times = sorted(time_level(level, sample, args.budget))
            p90 = times[int(0.9 * (len(times) - 1))]
            print(f"{label:<10} {kind:<11} {len(times):>4} {1000 * statistics.median(times):>10.1f} "
                  f"{1000 * p90:>8.1f} {1000 * times[-1]:>8.1f}")


if __name__ == "__main__":
    main()
