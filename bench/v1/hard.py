"""The hard level: Monte Carlo over the unseen tiles, guided by the medium search and evaluation.

The medium search proposes the most promising turns. Each round then samples a fresh deal of the
hidden tiles (other hands, the bag), plays every surviving candidate turn on it, lets the rivals
answer with a full turn of the quick heuristic, and evaluates. All candidates share each round's
sample, so their differences are measured with little noise; the weaker half is dropped at fixed
round counts, and the best average is played when the time budget runs out."""

import random
import time

from bench.v1.decisions import decide, hidden_pool
from bench.v1.easy import easy_move
from bench.v1.evaluate import evaluate
from bench.v1.medium import decision_by_lookahead, search_turn, settle
from bench.v1.sampling import determinise
from engine.analysis import facts
from engine.game import Game

CANDIDATES = 5
HALVINGS = (8, 20)
ROLLOUT_NOISE = 0.1
SEARCH_SHARE = 0.4  # of the budget for the medium search that proposes candidates
FIRST_WIDTH = 20
SECOND_WIDTH = 8
PRIOR = 4.0
REPLY_WIDTH = 3  # rivals answer with a narrow medium search once the budget allows it
DEEP_BUDGET = 5.0  # not yet measured in tournaments: below it rivals reply with the quick heuristic
MIN_BUDGET = 0.15


def rollout(game: Game, seat: int, first: str, follow: str | None, pool: list[int], rng: random.Random,
            reply_width: int = 0) -> float:
    """Play the candidate turn on a sampled game, then the rivals' replies, and evaluate for the seat."""
    game.play(first)
    settle(game, seat, pool)
    state = facts(game)
    if not state.over and state.player == seat:
        if follow is not None and follow in game.legal_moves():
            game.play(follow)
        else:
            game.play(easy_move(game, seat, rng, pool, noise=0.0))
        settle(game, seat, pool)
        state = facts(game)
    while not state.over and (state.player != seat or state.pending):
        mover = game.to_move
        if state.pending or not reply_width:
            game.play(easy_move(game, mover, rng, pool if mover == seat else None, noise=ROLLOUT_NOISE))
        else:
            # The rival answers with a narrow version of the medium search, on its sampled hand.
            plan = search_turn(None, game, mover, rng, hidden_pool(state, mover), first_width=reply_width,
                               second_width=2, samples=1)
            game.play(plan[0][1])
        state = facts(game)
    return evaluate(state, seat)


def distinct(plan: list[tuple[float, str, str | None]], count: int) -> list[tuple[float, str, str | None]]:
    """The best candidates, skipping ones that look like twins of a better one (same kind, colour and
    value), so the rollouts compare real alternatives."""
    out, seen = [], set()
    for value, move, follow in plan:
        words = move.split()
        key = (words[0], words[1] if words[0] in ("tile", "leader") else move, round(value, 6))
        if key in seen:
            continue
        seen.add(key)
        out.append((value, move, follow))
        if len(out) == count:
            break
    return out


def hard_move(view: dict, game: Game, seat: int, rng: random.Random, pool: list[int], budget: float) -> str:
    start = time.perf_counter()
    state = facts(game)
    if state.pending:
        if state.pending["kind"] in ("revolt", "war"):
            return decide(state, pool)
        return decision_by_lookahead(game, seat, pool)
    if budget < MIN_BUDGET:
        # Too little time for even one search: the quick heuristic keeps within the budget's spirit.
        return easy_move(game, seat, rng, pool, noise=0.0)
    deadline = start + 0.9 * budget
    plan = search_turn(view, game, seat, rng, pool, first_width=FIRST_WIDTH, second_width=SECOND_WIDTH,
                       deadline=start + SEARCH_SHARE * budget)
    alive = distinct(plan, CANDIDATES)
    if len(alive) == 1:
        return alive[0][1]
    reply_width = REPLY_WIDTH if budget >= DEEP_BUDGET else 0
    # The medium value counts as PRIOR rollouts: the samples must show a clear difference to overrule it.
    totals = {move: PRIOR * value for value, move, _ in alive}
    rounds = 0
    last_round = 0.0
    while True:
        now = time.perf_counter()
        if now + last_round > deadline:
            break
        sample = determinise(view, seat, rng)
        for _, move, follow in alive:
            totals[move] += rollout(sample.copy(history=False), seat, move, follow, pool, rng, reply_width)
        rounds += 1
        last_round = time.perf_counter() - now
        if rounds in HALVINGS and len(alive) > 2:
            alive.sort(key=lambda c: -totals[c[1]])
            alive = alive[:max(2, len(alive) // 2)]
    return max(alive, key=lambda c: totals[c[1]])[1]
