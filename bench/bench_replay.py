"""Replay benchmark: `python -m bench.bench_replay` prints median times and sizes of the animated replay GIF.

Targets (issue 12): a 4-player game of about 160 moves drawn and encoded in ≤ 5 s on one core, GIF ≤ 4 MB.
The game is played by the `easy` computer players (a board that fills up as in a real game). Times are the
CPU time of the drawing thread (what one core spends, steady on a shared machine) and the wall time.
Also shown, without targets: a long random game, and the degraded path under a tight limit.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from render import render_replay
from tests.replay_fixtures import NAMES, turn_views

TARGET_S = 5.0
TARGET_BYTES = 4 * 1024 * 1024


def _medians(views: list[dict[str, Any]], standings: list[dict[str, Any]], runs: int,
             max_bytes: int | None = None) -> tuple[float, float, int]:
    """(CPU s, wall s, GIF bytes): medians over `runs` whole renders."""
    kwargs: dict[str, Any] = {"standings": standings}
    if max_bytes is not None:
        kwargs["max_bytes"] = max_bytes
    cpu, wall, size = [], [], []
    for _ in range(runs):
        c, w = time.thread_time(), time.perf_counter()
        data = render_replay(views, NAMES, **kwargs)
        cpu.append(time.thread_time() - c)
        wall.append(time.perf_counter() - w)
        size.append(len(data))
    return statistics.median(cpu), statistics.median(wall), int(statistics.median(size))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5, help="renders per case")
    parser.add_argument("--seed", type=int, default=2, help="seed of the 4-player game")
    args = parser.parse_args()

    render_replay(turn_views(2, seed=1)[0][:2])  # warm the caches: fonts, static layers, sprites, palettes
    views, standings, moves = turn_views(4, seed=args.seed, level="easy")
    cpu, wall, size = _medians(views, standings, args.runs)
    ok = cpu <= TARGET_S and size <= TARGET_BYTES
    print(f"4-player game, easy players, seed {args.seed}: {moves} moves, {len(views)} turns = frames")
    print(f"  draw + encode: cpu {cpu:.2f} s (target ≤ {TARGET_S:g} s), wall {wall:.2f} s, "
          f"{cpu / len(views) * 1000:.1f} ms a frame")
    print(f"  GIF size: {size / 1024:.0f} KB (target ≤ {TARGET_BYTES // 1024 // 1024} MB), "
          f"{size / len(views) / 1024:.1f} KB a frame")

    long_views, long_standings, long_moves = turn_views(4, seed=1001)
    cpu, wall, size = _medians(long_views, long_standings, max(1, args.runs // 2))
    print(f"4-player random game: {long_moves} moves, {len(long_views)} turns: cpu {cpu:.2f} s, "
          f"wall {wall:.2f} s, {size / 1024:.0f} KB")

    tight = 200 * 1024
    cpu, wall, size = _medians(views, standings, max(1, args.runs // 2), max_bytes=tight)
    print(f"the first game under a {tight // 1024} KB limit (encoded twice, smaller): cpu {cpu:.2f} s, "
          f"wall {wall:.2f} s, {size / 1024:.0f} KB")
    print("all targets met" if ok else "some targets missed")


if __name__ == "__main__":
    main()
