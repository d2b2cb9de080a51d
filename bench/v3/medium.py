"""The medium level: a search of both actions of its own turn on sampled deals, scored by the evaluation;
its best few turns are then judged again after the rivals' reply turns on fresh deals."""

import random

from bench.v3.decisions import decide
from bench.v3.sampling import View
from bench.v3.search import best_second, plan_turn, replies_judged
from engine.analysis import facts, regions
from engine.game import Game

FIRST_WIDTH = 20  # medium-v1 tried 14 and 6; this one is quicker per turn, so it looks wider
SECOND_WIDTH = 8
# The plan's best turns judged again after the rivals' replies (each rival's action the best of its
# REPLY_WIDTH heuristic favourites), on DEALS fresh deals: 69 of 100 games against medium-v1 where the
# one-turn plan alone won 56, at 1.8x medium-v1's thinking time (docs/ai.md).
ARMS = 5
DEALS = 2
REPLY_WIDTH = 3


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
    plan = plan_turn(view, game, seat, rng, pool, FIRST_WIDTH, SECOND_WIDTH)
    return replies_judged(view, seat, rng, pool, plan, ARMS, DEALS, REPLY_WIDTH if f.n == 2 else 2)
