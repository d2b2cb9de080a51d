"""How much a review's verdict hangs on its deals: `python -m bench.review_noise` reviews every second move of
seeded self-play games twice, on independent deals of the bag, and prints how far the two losses differ.

The labels' thresholds (engine/ai/review.py THRESHOLDS, docs/review.md) must stand above this noise."""

from __future__ import annotations

import argparse
import statistics

from bench.bench_review import record_of
from engine.ai.review import review_move
from engine.record import Record


def losses(record: Record, every: int, salt: str) -> dict[int, float]:
    """The loss of every `every`-th move a player chose, judged on the deals the salt draws."""
    names = [p.name for p in record.players]
    out = {}
    game = record.start()
    steps = record.steps(game)
    for i in range(len(record.moves)):
        before = game.copy(history=False)
        played = next(steps)
        if i % every == 0 and len(before.legal_moves()) > 1:
            out[i] = review_move(record, i, before, played.seat, str(played.move), names, salt=salt).loss
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--every", type=int, default=2)
    args = parser.parse_args(argv)
    diffs: list[float] = []
    for g in range(args.games):
        record = record_of(args.seed + g)
        a, b = losses(record, args.every, ""), losses(record, args.every, ":again")
        game_diffs = sorted(abs(a[i] - b[i]) * 100 for i in a)
        diffs += game_diffs
        print(f"game {args.seed + g}: {len(game_diffs)} moves, loss differs by median "
              f"{statistics.median(game_diffs):.1f}, 90th percentile {game_diffs[int(0.9 * len(game_diffs))]:.1f}, "
              f"at most {game_diffs[-1]:.1f} points")
    diffs.sort()
    print(f"all: {len(diffs)} moves, median {statistics.median(diffs):.1f}, 90th percentile "
          f"{diffs[int(0.9 * len(diffs))]:.1f}, 95th {diffs[int(0.95 * len(diffs))]:.1f}, at most {diffs[-1]:.1f} "
          "points of the mover's chance to win")


if __name__ == "__main__":
    main()
