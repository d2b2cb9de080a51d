"""Frozen hard level as released after the seventh round (the ladder's hard-v5): hard-v4 whose arms are
whole turns (a first action may lead several, with different second actions), 12 * sqrt(budget) of them (0a88836).

Only the search changed from v4 (bench/v5/search.py), so the rest is v4's and, below that, v3's. Kept so
every later version is measured against it: do not change how it plays."""

import time
from collections.abc import Callable, Mapping, Sequence

import bench.v4 as v4
from bench.v3.sampling import View


def choose_move(view: View, seat: int, level: str, *, seed: int = 0, budget: float | None = None,
                clock: Callable[[], float] = time.perf_counter,
                announced: Sequence[Mapping[str, int]] | None = None) -> str:
    """A legal move for the seat to move in `view`, as the v5 level would choose it (v3's below hard)."""
    from bench.v5.search import search
    return v4.choose_move(view, seat, level, seed=seed, budget=budget, clock=clock, announced=announced,
                          search=search)


__all__ = ["choose_move"]
