"""Moves for computer seats and resigned seats. Blocking CPU work: run it in a worker process or thread."""

from __future__ import annotations

import importlib.util
from typing import Any

# The computer levels a host can seat: the bot's one definition (engine.ai also has "random", for tests).
LEVELS = ("easy", "medium", "hard")


def ai_available() -> bool:
    """Whether the computer players (engine.ai) are installed in this tree."""
    try:
        return importlib.util.find_spec("engine.ai") is not None
    except ModuleNotFoundError:
        return False


def passive_move(legal: list[str]) -> str:
    """What a resigned seat plays: nothing that helps or hurts anyone if it can help it."""
    for choice in ("pass", "commit 0", "decline"):
        if choice in legal:
            return choice
    return legal[0]


def pick_move(view: dict[str, Any], seat: int, level: str, legal: list[str], *, seed: int, budget: float | None,
              announced: list[dict[str, int]] | None = None) -> str:
    """A computer seat's move from its own view and the points the table announced to everyone so far
    (engine.analysis.announced_points); resigned seats (level 'resigned') play passively."""
    if level not in LEVELS or not ai_available():
        return passive_move(legal)
    from engine.ai import choose_move  # imported late: the computer players are an optional part

    move = choose_move(view, seat, level, seed=seed, budget=budget, announced=announced)
    return move if move in legal else passive_move(legal)
