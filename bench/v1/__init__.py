"""Frozen copy of the computer players as released in v1 (the ladder's hard-v1, medium-v1, easy-v1).

Kept so every later version is measured against them: do not change how they play. They read a game
only through `engine.analysis` (`Facts` stands in for the state they once read) and carry their own copy
of the region labelling, so engine speed-ups cannot change their moves; tests/test_ai_frozen.py checks
that they still pick the moves recorded from the original code. Two adaptations keep that true as the
engine's face changes: their sampled games keep no move history (`copy(history=False)`, as fast as the
games they searched before), and their random generator reads `turn.actions_left` as revision 1
positions gave it during a decision."""

import random

from bench.v1.easy import easy_move, random_move
from bench.v1.sampling import determinise, seat_to_move, unseen_tiles

LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard")


def _rng(view: dict, seat: int, seed: int) -> random.Random:
    """A generator fixed by the seed and a cheap digest of the view, so each decision differs."""
    turn = view.get("turn") or {}
    pending = view.get("pending") or {}
    actions_left = turn.get("actions_left")
    if pending and view.get("version", 1) >= 2 and actions_left is not None:
        # Positions of engine revision 2 no longer count the action whose decision is pending; v1 saw it counted.
        actions_left += 1
    key = (f"{seed}:{seat}:{len(view.get('tiles') or {})}:{turn.get('player')}:{actions_left}:"
           f"{sorted((view.get('players') or [{}])[seat].get('hand', {}).items())}:{pending.get('kind')}:"
           f"{len(view.get('catastrophes') or [])}:{len(view.get('treasures') or [])}")
    return random.Random(key)


def choose_move(view: dict, seat: int, level: str, *, seed: int = 0, budget: float | None = None) -> str:
    """A legal move for the seat to move in `view` (its own view), at level random, easy, medium or hard."""
    if level not in LEVELS:
        raise ValueError(f"Unknown level {level!r}: use one of {', '.join(LEVELS)}.")
    if seat_to_move(view) != seat:
        raise ValueError(f"Seat {seat} is not to move in this view.")
    rng = _rng(view, seat, seed)
    game = determinise(view, seat, rng)
    pool = unseen_tiles(view, seat)
    if level == "random":
        return random_move(game, rng)
    if level == "easy":
        return easy_move(game, seat, rng, pool)
    if level == "medium":
        from bench.v1.medium import medium_move
        return medium_move(view, game, seat, rng, pool)
    from bench.v1.hard import hard_move
    return hard_move(view, game, seat, rng, pool, 3.0 if budget is None else budget)


__all__ = ["LEVELS", "choose_move"]
