"""The hard level: determinised search over its turn and the rivals' replies within a time budget."""

import random
import time

from bench.v3.decisions import decide
from bench.v3.easy import easy_move
from bench.v3.medium import decision_by_lookahead
from bench.v3.sampling import View
from bench.v5.search import Clock, search
from engine.analysis import facts, regions
from engine.game import Game

MIN_BUDGET = 0.15  # below this not even the plan fits: the quick heuristic answers


def hard_move(view: View, game: Game, seat: int, rng: random.Random, pool: list[int], budget: float,
              clock: Clock = time.perf_counter) -> str:
    f = facts(game)
    if f.pending:
        if f.pending["kind"] in ("revolt", "war"):
            return decide(f, regions(game), pool)
        return decision_by_lookahead(game, seat, pool)
    if budget < MIN_BUDGET:
        return easy_move(game, seat, rng, pool, noise=0.0)
    return search(view, game, seat, rng, pool, budget, clock)
