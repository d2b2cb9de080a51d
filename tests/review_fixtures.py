"""A finished record and a review of it with chances and labels chosen by the test, for the review's pictures."""

from __future__ import annotations

import random

from engine import Game
from engine.ai.review import MoveReview, PlayerReview, Review
from engine.record import Record, RecordPlayer, write

NAMES = ["Alice", "Bartholomew", "Chen", "Dana"]


def finished_record(players: int = 3, seed: int = 5) -> Record:
    g, rng = Game.new(players=players, seed=seed), random.Random(seed)
    while not g.over:
        g.play(rng.choice(g.legal_moves()))
    return write(g, [RecordPlayer(n) for n in NAMES[:players]])


def flat_review(record: Record, levels: tuple[float, ...], marked: dict[int, str | None] | None = None) -> Review:
    """A review whose chances stay at `levels` (one per seat) all game; `marked` labels chosen moves."""
    marked = marked or {}
    curve = tuple(levels for _ in range(len(record.moves) + 1))
    moves = tuple(
        MoveReview(i, m.seat, str(m.move), str(m.move) if i not in marked else "pass", levels[m.seat],
                   min(1.0, levels[m.seat] + (0.3 if i in marked else 0.0)), marked.get(i),
                   "" if i not in marked else "it gave away the red war and 4 points with it")
        for i, m in enumerate(record.moves))
    players = tuple(
        PlayerReview(s, 90.0 - 10 * s, 0, sum(1 for i, lab in marked.items() if lab == "mistake"
                                              and record.moves[i].seat == s),
                     sum(1 for i, lab in marked.items() if lab == "blunder" and record.moves[i].seat == s),
                     tuple(i for i in sorted(marked) if record.moves[i].seat == s)[:3])
        for s in range(len(record.players)))
    return Review(players, moves, curve)
