"""Render benchmark: `python -m bench.bench_render` prints median times and PNG sizes.

Targets (issue 3): board draw + PNG encode of a busy mid-game ≤ 30 ms, hand ≤ 10 ms, board PNG ≤ 400 KB.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from render import render_board, render_final, render_hand
from tests.render_fixtures import (
    busy_position,
    final_position,
    final_standings,
    view,
    war_position,
)

RUNS = 60


def _median_ms(fn: Callable[[], bytes], runs: int = RUNS) -> tuple[float, int]:
    fn()  # warm the caches: static layers and sprites are made once per process
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000, len(out)


def main() -> None:
    busy = busy_position()
    names = ["Alice", "Bartholomew", "Chen", "Dana"]
    spectator = view(busy, None)
    seat_view = view(busy, 0)
    war = view(war_position(), 1)
    final, standings = final_position(), final_standings()
    cases: list[tuple[str, Callable[[], bytes], float | None]] = [
        ("board, busy mid-game (full position)", lambda: render_board(busy, names=names), 30.0),
        ("board, busy mid-game (spectator view)", lambda: render_board(spectator, names=names), 30.0),
        ("board, war with marker (seat view)", lambda: render_board(war, names=names), 30.0),
        ("hand (seat view)", lambda: render_hand(seat_view, 0, name="Alice"), 10.0),
        ("final board + standings", lambda: render_final(final, standings, names=names), None),
    ]
    t0 = time.perf_counter()
    render_board(busy_position())  # first call: fonts, static layers, sprites
    print(f"first call (cold caches): {(time.perf_counter() - t0) * 1000:.1f} ms")
    ok = True
    for title, fn, target in cases:
        ms, size = _median_ms(fn)
        verdict = ""
        if target is not None:
            verdict = "ok" if ms <= target else "SLOW"
            ok &= ms <= target
        print(f"{title:40s} median {ms:6.2f} ms  png {size / 1024:6.1f} KB  "
              f"{f'target ≤ {target:g} ms ' if target else ''}{verdict}")
    size_kb = len(render_board(busy, names=names)) / 1024
    print(f"board PNG size {size_kb:.1f} KB (target ≤ 400 KB) {'ok' if size_kb <= 400 else 'TOO BIG'}")
    print("all targets met" if ok and size_kb <= 400 else "some targets missed")


if __name__ == "__main__":
    main()
