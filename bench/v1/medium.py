"""The medium level: a two-action search of the seat's own turn, scored by the evaluation.

Candidates come from the quick heuristic; each is played out on a sampled game with both actions
and every decision they raise, and the best evaluated end of turn wins. Moves that start a conflict
are judged over several samples of the unseen tiles, since their outcome hangs on the rival's hand."""

import random
import time

from bench.v1.decisions import decide, hidden_pool
from bench.v1.evaluate import evaluate
from bench.v1.heuristic import score_moves
from bench.v1.sampling import determinise
from engine.analysis import facts
from engine.game import Game

FIRST_WIDTH = 14
SECOND_WIDTH = 6
CONFLICT_SAMPLES = 5


def settle(game: Game, seat: int, pool: list[int] | None = None) -> None:
    """Answer every pending decision with the shared rules (the seat's own with its known pool)."""
    state = facts(game)
    while state.pending and not state.over:
        decider = state.pending["seat"]
        use = pool if decider == seat and pool is not None else hidden_pool(state, decider)
        game.play(decide(state, use))
        state = facts(game)


def candidates(game: Game, seat: int, width: int) -> list[str]:
    """The best moves by the quick heuristic, plus the best of each kind, so every kind of action is considered."""
    moves = game.legal_moves()
    scores = score_moves(facts(game), seat, moves)
    order = sorted(range(len(moves)), key=lambda i: -scores[i])
    picked = [moves[i] for i in order[:width]]
    seen_kinds = {m.split()[0] for m in picked}
    for i in order[width:]:
        kind = moves[i].split()[0]
        if kind not in seen_kinds:
            seen_kinds.add(kind)
            picked.append(moves[i])
    return picked


def turn_value(game: Game, seat: int, pool: list[int] | None, second_width: int) -> tuple[float, str | None]:
    """Value after this action's decisions and, if the turn goes on, the best second action (and it)."""
    settle(game, seat, pool)
    state = facts(game)
    if state.over or game.to_move != seat or state.player != seat or second_width <= 0:
        return evaluate(state, seat), None
    best, best_move = -1e9, None
    for move in candidates(game, seat, second_width):
        g = game.copy(history=False)
        g.play(move)
        settle(g, seat, pool)
        value = evaluate(facts(g), seat)
        if value > best:
            best, best_move = value, move
    return best, best_move


def search_turn(view: dict, game: Game, seat: int, rng: random.Random, pool: list[int],
                first_width: int = FIRST_WIDTH, second_width: int = SECOND_WIDTH,
                samples: int = CONFLICT_SAMPLES, deadline: float | None = None) -> list[tuple[float, str, str | None]]:
    """First-action candidates with their value and best follow-up, best first.

    With a deadline (time.perf_counter), candidates left when it passes are skipped (the best by the
    heuristic come first)."""
    second = second_width if facts(game).actions_left >= 2 else 0
    scored = []
    for move in candidates(game, seat, first_width):
        if deadline is not None and scored and time.perf_counter() > deadline:
            break
        g = game.copy(history=False)
        g.play(move)
        pending = facts(g).pending
        conflict = pending is not None and pending["kind"] in ("revolt", "war")
        value, follow = turn_value(g, seat, pool, second)
        if conflict:
            for _ in range(samples - 1):
                other = determinise(view, seat, rng)
                other.play(move)
                value += turn_value(other, seat, pool, second)[0]
            value /= samples
        scored.append((value, move, follow))
    scored.sort(key=lambda x: -x[0])
    return scored


def decision_by_lookahead(game: Game, seat: int, pool: list[int]) -> str:
    """For war order, monuments and treasures: try each answer, settle the rest, keep the best."""
    best, best_value = None, -1e9
    for move in game.legal_moves():
        g = game.copy(history=False)
        g.play(move)
        value = turn_value(g, seat, pool, 0)[0]
        if value > best_value:
            best, best_value = move, value
    return best


def medium_move(view: dict, game: Game, seat: int, rng: random.Random, pool: list[int]) -> str:
    state = facts(game)
    if state.pending:
        if state.pending["kind"] in ("revolt", "war"):
            return decide(state, pool)
        return decision_by_lookahead(game, seat, pool)
    return search_turn(view, game, seat, rng, pool)[0][1]
