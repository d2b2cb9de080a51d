"""How much a review's verdict hangs on its samples: `python -m bench.review_noise` reviews every second move of
seeded self-play games twice, on independent positions sampled from the mover's view, and prints how far the two
losses (points of final margin) differ, the standard errors the review states, and how often the labels agree.

The labels' thresholds (engine/ai/review.py THRESHOLDS, SURE, docs/review.md) must stand above this noise."""

from __future__ import annotations

import argparse
import statistics

from bench.bench_review import record_of
from engine.ai.review import MoveReview, review_move
from engine.record import Record


def losses(record: Record, every: int, salt: str) -> dict[int, MoveReview]:
    """The review of every `every`-th move a player chose, judged on the positions the salt draws."""
    names = [p.name for p in record.players]
    out = {}
    game = record.start()
    steps = record.steps(game)
    for i in range(len(record.moves)):
        before = game.copy(history=False)
        played = next(steps)
        if i % every == 0 and len(before.legal_moves()) > 1:
            out[i] = review_move(record, i, before, played.seat, str(played.move), names, salt=salt)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--every", type=int, default=2)
    parser.add_argument("--player", default="medium", help="the level that plays every seat")
    args = parser.parse_args(argv)
    diffs: list[float] = []
    noise: list[float] = []
    same = labelled = 0
    for g in range(args.games):
        record = record_of(args.seed + g, args.player)
        a, b = losses(record, args.every, ""), losses(record, args.every, ":again")
        game_diffs = sorted(abs(a[i].loss - b[i].loss) for i in a)
        diffs += game_diffs
        noise += [m.noise for m in (*a.values(), *b.values())]
        same += sum(1 for i in a if a[i].label == b[i].label)
        labelled += sum(1 for i in a if a[i].label or b[i].label)
        print(f"game {args.seed + g}: {len(game_diffs)} moves, loss differs by median "
              f"{statistics.median(game_diffs):.2f}, 90th percentile {game_diffs[int(0.9 * len(game_diffs))]:.2f}, "
              f"at most {game_diffs[-1]:.2f} points")
    diffs.sort()
    noise.sort()
    print(f"all: {len(diffs)} moves, loss differs by median {statistics.median(diffs):.2f}, 90th percentile "
          f"{diffs[int(0.9 * len(diffs))]:.2f}, 95th {diffs[int(0.95 * len(diffs))]:.2f}, at most {diffs[-1]:.2f} "
          "points of final margin")
    print(f"stated standard error: median {statistics.median(noise):.2f}, 90th percentile "
          f"{noise[int(0.9 * len(noise))]:.2f}, at most {noise[-1]:.2f} points")
    print(f"labels: the same on both in {same} of {len(diffs)} moves; "
          f"{labelled - (len(diffs) - same)} of the {labelled} moves labelled on either run got the same label")


if __name__ == "__main__":
    main()
