"""Frozen copy of the computer players as released in v3 (the ladder's hard-v3, medium-v3, easy-v3):
sequential halving on the clock (a785c89), main until the fifth round's evaluation.

Kept so every later version is measured against them: do not change how they play. They read games
only through `engine.analysis` and the engine's public face, whose output engine speed-ups keep identical."""

import random
import time
from collections.abc import Callable, Mapping, Sequence

from bench.v3.easy import easy_move, random_move
from bench.v3.sampling import View, determinise, seat_to_move, unseen_tiles, with_announced

LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard")


def _rng(view: View, seat: int, seed: int) -> random.Random:
    """A generator fixed by the seed and a cheap digest of the view, so each decision differs."""
    turn = view.get("turn") or {}
    pending = view.get("pending") or {}
    key = (f"{seed}:{seat}:{len(view.get('tiles') or {})}:{turn.get('player')}:{turn.get('actions_left')}:"
           f"{sorted((view.get('players') or [{}])[seat].get('hand', {}).items())}:{pending.get('kind')}:"
           f"{len(view.get('catastrophes') or [])}:{len(view.get('treasures') or [])}")
    return random.Random(key)


def choose_move(view: View, seat: int, level: str, *, seed: int = 0, budget: float | None = None,
                clock: Callable[[], float] = time.perf_counter,
                announced: Sequence[Mapping[str, int]] | None = None) -> str:
    """A legal move for the seat to move in `view` (its own view), at level random, easy, medium or hard.

    `budget` is the hard level's time in seconds (default 3), measured on `clock` (tests inject one).
    `announced`, per seat, is the points the table's public events gave it (engine.analysis.announced_points):
    with it, hidden rival scores are known as a player with a perfect memory knows them, not estimated."""
    if level not in LEVELS:
        raise ValueError(f"Unknown level {level!r}: use one of {', '.join(LEVELS)}.")
    if seat_to_move(view) != seat:
        raise ValueError(f"Seat {seat} is not to move in this view.")
    view = with_announced(view, announced)
    rng = _rng(view, seat, seed)
    game = determinise(view, seat, rng)
    pool = unseen_tiles(view, seat)
    if level == "random":
        return random_move(game, rng)
    if level == "easy":
        return easy_move(game, seat, rng, pool)
    if level == "medium":
        from bench.v3.medium import medium_move
        return medium_move(view, game, seat, rng, pool)
    from bench.v3.hard import hard_move
    return hard_move(view, game, seat, rng, pool, 3.0 if budget is None else budget, clock)


__all__ = ["LEVELS", "choose_move"]
