"""Render benchmark: `python -m bench.bench_render` prints median times and PNG sizes.

Targets (issue 3): board draw + PNG encode of a busy mid-game ≤ 30 ms on one core, hand ≤ 10 ms, board
PNG ≤ 400 KB. Each case prints the median CPU time of the drawing thread (what one core spends, and
steady on a shared machine) and the median wall time; the verdict uses the CPU time.
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


def _medians_ms(fn: Callable[[], bytes], runs: int = RUNS) -> tuple[float, float, int]:
    """(CPU ms, wall ms, PNG bytes) of `fn`, medians over `runs` calls after a warm-up call."""
    out = fn()  # warm the caches: static layers, sprites and the palette are made once per process
    cpu, wall = [], []
    for _ in range(runs):
        c, w = time.thread_time(), time.perf_counter()
        out = fn()
        cpu.append(time.thread_time() - c)
        wall.append(time.perf_counter() - w)
    return statistics.median(cpu) * 1000, statistics.median(wall) * 1000, len(out)


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
        cpu, wall, size = _medians_ms(fn)
        verdict = ""
        if target is not None:
            verdict = f"target ≤ {target:g} ms " + ("ok" if cpu <= target else "SLOW")
            ok &= cpu <= target
        print(f"{title:40s} cpu {cpu:6.2f} ms  wall {wall:6.2f} ms  png {size / 1024:6.1f} KB  {verdict}")
    size_kb = len(render_board(busy, names=names)) / 1024
    print(f"board PNG size {size_kb:.1f} KB (target ≤ 400 KB) {'ok' if size_kb <= 400 else 'TOO BIG'}")
    print("all targets met" if ok and size_kb <= 400 else "some targets missed")


if __name__ == "__main__":
    main()
