"""Whole games played with the engine, as the replay sees them: the spectator view after every turn."""

from __future__ import annotations

import random
from typing import Any

from engine import Game
from engine.ai import choose_move

NAMES = ["Alice", "Bartholomew", "Chen", "Dana"]


def turn_views(players: int = 4, seed: int = 0, *, level: str | None = None,
               scores: str = "open") -> tuple[list[dict[str, Any]], list[dict[str, Any]], int]:
    """Play a game to its end; return (the spectator view after each turn, the standings, moves played).

    Moves are uniformly random among the legal ones, or chosen by the computer player `level`."""
    rng = random.Random(seed)
    g = Game.new(players=players, seed=seed, options={"scores": scores})
    views: list[dict[str, Any]] = []
    moves = 0
    while not g.over:
        seat = g.to_move
        move = rng.choice(g.legal_moves()) if level is None else choose_move(g.view(seat), seat, level, seed=seed)
        events = g.play(move)
        moves += 1
        if any(e["type"] in ("turn", "game_over") for e in events):
            views.append(g.view(None))
    return views, g.standings(), moves
