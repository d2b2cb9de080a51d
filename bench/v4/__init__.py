"""Frozen hard level as released after the sixth round (the ladder's hard-v4): hard-v3 whose rivals, in
2-player games, reply with the best of 6 heuristic favourites and of every other kind of action (e8f7f20).

Only the search changed from v3, so the other modules (and the medium, easy and random levels, identical
to v3's) are v3's. Kept so every later version is measured against it: do not change how it plays."""

import random
import time
from collections.abc import Callable, Mapping, Sequence

import bench.v3 as v3
from bench.v3.sampling import View, determinise, seat_to_move, unseen_tiles, with_announced


def choose_move(view: View, seat: int, level: str, *, seed: int = 0, budget: float | None = None,
                clock: Callable[[], float] = time.perf_counter,
                announced: Sequence[Mapping[str, int]] | None = None, search: Callable[..., str] | None = None) -> str:
    """A legal move for the seat to move in `view`, as the v4 level would choose it (v3's below hard), or, given
    a later release's search, as that release would."""
    if level != "hard":
        return v3.choose_move(view, seat, level, seed=seed, budget=budget, clock=clock, announced=announced)
    if seat_to_move(view) != seat:
        raise ValueError(f"Seat {seat} is not to move in this view.")
    view = with_announced(view, announced)
    rng: random.Random = v3._rng(view, seat, seed)
    game = determinise(view, seat, rng)
    from bench.v4.hard import hard_move, v4_search
    return hard_move(view, game, seat, rng, unseen_tiles(view, seat), 3.0 if budget is None else budget, clock,
                     search or v4_search)


__all__ = ["choose_move"]
