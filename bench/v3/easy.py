"""The easy and random levels: one quick look at every move, with some randomness."""

import random

from bench.v3.decisions import decide, hidden_pool
from bench.v3.features import survey
from bench.v3.heuristic import score_moves
from bench.v3.search import progress_only
from engine.analysis import facts, regions
from engine.game import Game

NOISE = 0.6


def random_move(game: Game, rng: random.Random) -> str:
    """A uniformly random legal move: the tournament's baseline."""
    return rng.choice(game.legal_moves())


def easy_move(game: Game, seat: int, rng: random.Random, pool: list[int] | None = None,
              noise: float = NOISE) -> str:
    """The best move by the quick heuristic after adding uniform noise; decisions by the shared rules."""
    f = facts(game)
    if f.pending:
        return decide(f, regions(game), pool if pool is not None else hidden_pool(f, seat))
    moves = progress_only(f, game.legal_moves())
    scores = score_moves(f, survey(f, regions(game)), seat, moves)
    best, best_score = moves[0], -1e9
    for move, s in zip(moves, scores, strict=True):
        s += rng.random() * noise
        if s > best_score:
            best, best_score = move, s
    return best
