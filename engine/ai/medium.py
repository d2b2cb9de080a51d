"""The medium level: a two-action search of the seat's own turn, scored by the evaluation.

Candidates come from the quick heuristic; each is played out on a sampled game with both actions
and every decision they raise, and the best evaluated end of turn wins. Moves that start a conflict
are judged over several samples of the unseen tiles, since their outcome hangs on the rival's hand."""

import random

from engine.ai.decisions import decide, hidden_pool
from engine.ai.evaluate import evaluate
from engine.ai.heuristic import score_moves
from engine.ai.sampling import determinise
from engine.game import Game

FIRST_WIDTH = 14
SECOND_WIDTH = 6
CONFLICT_SAMPLES = 5


def settle(game: Game, seat: int, pool: list[int] | None = None) -> None:
    """Answer every pending decision with the shared rules (the seat's own with its known pool)."""
    state = game._state
    while state.pending and not state.over:
        decider = state.pending["seat"]
        use = pool if decider == seat and pool is not None else hidden_pool(state, decider)
        game.play(decide(state, use))


def candidates(game: Game, seat: int, width: int) -> list[str]:
    """The best moves by the quick heuristic, plus the best of each kind so none is never considered."""
    moves = game.legal_moves()
    scores = score_moves(game._state, seat, moves)
    order = sorted(range(len(moves)), key=lambda i: -scores[i])
    picked = [moves[i] for i in order[:width]]
    seen_kinds = {m.split()[0] for m in picked}
    for i in order[width:]:
        kind = moves[i].split()[0]
        if kind not in seen_kinds:
            seen_kinds.add(kind)
            picked.append(moves[i])
    return picked


def turn_value(game: Game, seat: int, pool: list[int] | None, second_width: int) -> float:
    """Value after finishing this action's decisions and, if the turn goes on, the best second action."""
    settle(game, seat, pool)
    state = game._state
    if state.over or game.to_move != seat or state.player != seat:
        return evaluate(state, seat)
    best = -1e9
    for move in candidates(game, seat, second_width):
        g = game.copy()
        g.play(move)
        settle(g, seat, pool)
        best = max(best, evaluate(g._state, seat))
    return best


def search_turn(view: dict, game: Game, seat: int, rng: random.Random, pool: list[int],
                first_width: int = FIRST_WIDTH, second_width: int = SECOND_WIDTH,
                samples: int = CONFLICT_SAMPLES) -> list[tuple[float, str]]:
    """Every first-action candidate with its value, best first."""
    second = second_width if game._state.actions_left >= 2 else 0
    scored = []
    for move in candidates(game, seat, first_width):
        g = game.copy()
        g.play(move)
        if g._state.pending and g._state.pending["kind"] in ("revolt", "war"):
            total = turn_value(g, seat, pool, second)
            for _ in range(samples - 1):
                other = determinise(view, seat, rng)
                other.play(move)
                total += turn_value(other, seat, pool, second)
            value = total / samples
        else:
            value = turn_value(g, seat, pool, second)
        scored.append((value, move))
    scored.sort(key=lambda x: -x[0])
    return scored


def decision_by_lookahead(game: Game, seat: int, pool: list[int]) -> str:
    """For war order, monuments and treasures: try each answer, settle the rest, keep the best."""
    best, best_value = None, -1e9
    for move in game.legal_moves():
        g = game.copy()
        g.play(move)
        value = turn_value(g, seat, pool, 0)
        if value > best_value:
            best, best_value = move, value
    return best


def medium_move(view: dict, game: Game, seat: int, rng: random.Random, pool: list[int]) -> str:
    state = game._state
    if state.pending:
        if state.pending["kind"] in ("revolt", "war"):
            return decide(state, pool)
        return decision_by_lookahead(game, seat, pool)
    return search_turn(view, game, seat, rng, pool)[0][1]
