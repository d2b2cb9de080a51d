"""The hard level: determinised search over its turn and the rivals' replies within a time budget."""

import random
import time
from collections.abc import Callable

from bench.v3.decisions import decide
from bench.v3.easy import easy_move
from bench.v3.medium import decision_by_lookahead
from bench.v3.sampling import View
from bench.v4.search import Clock
from bench.v4.search import search as v4_search
from engine.analysis import facts, regions
from engine.game import Game

Search = Callable[[View, Game, int, random.Random, list[int], float, Clock], str]
MIN_BUDGET = 0.15  # below this not even the plan fits: the quick heuristic answers


def hard_move(view: View, game: Game, seat: int, rng: random.Random, pool: list[int], budget: float,
              clock: Clock = time.perf_counter, search: Search = v4_search) -> str:
    """The hard level's move; later frozen releases that changed only the search pass their own."""
    f = facts(game)
    if f.pending:
        if f.pending["kind"] in ("revolt", "war"):
            return decide(f, regions(game), pool)
        return decision_by_lookahead(game, seat, pool)
    if budget < MIN_BUDGET:
        return easy_move(game, seat, rng, pool, noise=0.0)
    return search(view, game, seat, rng, pool, budget, clock)
