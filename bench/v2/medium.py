"""The medium level: a search of both actions of its own turn on sampled deals, scored by the evaluation."""

import random

from bench.v2.decisions import decide
from bench.v2.sampling import View
from bench.v2.search import best_second, plan_turn
from engine.analysis import facts, regions
from engine.game import Game

FIRST_WIDTH = 20  # medium-v1 tried 14 and 6; this one is quicker per turn, so it looks wider
SECOND_WIDTH = 8


def decision_by_lookahead(game: Game, seat: int, pool: list[int]) -> str:
    """For war order, monuments and treasures: try each answer, settle the rest, keep the best."""
    best, best_value = "", -1e9
    for move in game.legal_moves():
        g = game.copy(history=False)
        g.play(move)
        value = best_second(g, seat, pool, 0)[0]
        if value > best_value:
            best, best_value = move, value
    return best


def medium_move(view: View, game: Game, seat: int, rng: random.Random, pool: list[int]) -> str:
    f = facts(game)
    if f.pending:
        if f.pending["kind"] in ("revolt", "war"):
            return decide(f, regions(game), pool)
        return decision_by_lookahead(game, seat, pool)
    return plan_turn(view, game, seat, rng, pool, FIRST_WIDTH, SECOND_WIDTH)[0][1]
