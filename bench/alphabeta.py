"""A depth-limited alpha-beta player, the kind of searcher 0b01/tigris-and-euphrates ships, as a baseline.

Following that design (not its code): negamax-style minimax with alpha-beta pruning over single
actions, the same player moving again for the second action of its turn and the rival's replies
after it; moves ordered by a static score and pruned to the best few at each node; decisions inside
an action (reinforcements, war order, monuments, treasures) answered by fixed rules rather than
searched; a hand-written evaluation at the leaves; a few determinisations of the hidden tiles, whose
root scores are summed. Iterative deepening keeps it inside its budget.

Its sampling, decision rules, move order and evaluation are the first release's own (hard-v1, a1bae53): this
module runs only in that release's tree, loaded by bench/release_runner.py in a process whose `engine` is the
commit's (`alphabeta` in bench/releases.json), so the search plays on that engine too."""

import importlib.util
import random
import time
from collections.abc import Callable

if importlib.util.find_spec("engine.ai.survey") is None:  # a module only the first release has
    raise ImportError("bench/alphabeta.py runs in the first release's tree: play it as `alphabeta` "
                      "(bench/releases.json), which bench/release_runner.py loads there")

from engine.ai import _rng
from engine.ai.decisions import decide, hidden_pool
from engine.ai.evaluate import evaluate
from engine.ai.heuristic import score_moves
from engine.ai.sampling import determinise, unseen_tiles
from engine.game import Game

DETERMINISATIONS = 3
WIDTHS = (8, 6, 5, 4)  # candidates kept at each depth, best by the static order first
MAX_DEPTH = 4  # actions: both of its own turn, then the rival's two
BUDGET = 1.0  # seconds a decision when the request names none


class OutOfTime(Exception):
    pass


def settle(game: Game, root: int, pool: list[int]) -> None:
    while True:
        state = game._state
        if not state.pending or state.over:
            return
        decider = state.pending["seat"]
        game.play(decide(state, pool if decider == root else hidden_pool(state, decider)))


def ordered(game: Game, width: int) -> list[str]:
    """The legal actions by the static score, best first, cut to `width`."""
    state = game._state
    moves = game.legal_moves()
    scores = score_moves(state, state.player, moves)
    order = sorted(range(len(moves)), key=lambda i: -scores[i])
    return [moves[i] for i in order[:width]]


def alphabeta(game: Game, depth: int, ply: int, alpha: float, beta: float, root: int, pool: list[int],
              deadline: float, clock: Callable[[], float]) -> float:
    """The value for the root seat: maximising on its actions, minimising on the rivals' (paranoid)."""
    state = game._state
    if depth == 0 or state.over:
        return evaluate(state, root)
    if clock() > deadline:
        raise OutOfTime
    maximise = state.player == root
    best = -1e18 if maximise else 1e18
    for move in ordered(game, WIDTHS[min(ply, len(WIDTHS) - 1)]):
        child = game.copy(history=False)
        child.play(move)
        settle(child, root, pool)
        value = alphabeta(child, depth - 1, ply + 1, alpha, beta, root, pool, deadline, clock)
        if maximise:
            best = max(best, value)
            alpha = max(alpha, value)
        else:
            best = min(best, value)
            beta = min(beta, value)
        if alpha >= beta:
            break
    return best


def root_scores(game: Game, depth: int, root: int, pool: list[int], deadline: float,
                clock: Callable[[], float]) -> dict[str, float]:
    scores = {}
    for move in ordered(game, WIDTHS[0]):
        child = game.copy(history=False)
        child.play(move)
        settle(child, root, pool)
        scores[move] = alphabeta(child, depth - 1, 1, -1e18, 1e18, root, pool, deadline, clock)
    return scores


def alphabeta_move(view: dict, seat: int, *, seed: int = 0, budget: float | None = None,
                   clock: Callable[[], float] = time.perf_counter) -> str:
    """The move of the alpha-beta player for the seat to move in `view` (as revision 1 gave it), within `budget`."""
    start = clock()
    rng: random.Random = _rng(view, seat, seed)
    pool = unseen_tiles(view, seat)
    games = [determinise(view, seat, rng).copy(history=False) for _ in range(DETERMINISATIONS)]
    state = games[0]._state
    if state.pending:
        return decide(state, pool)
    deadline = start + 0.9 * (BUDGET if budget is None else budget)
    best = ordered(games[0], 1)[0]
    for depth in range(1, MAX_DEPTH + 1):
        total: dict[str, float] = {}
        try:
            for g in games:
                for move, value in root_scores(g, depth, seat, pool, deadline, clock).items():
                    total[move] = total.get(move, 0.0) + value
        except OutOfTime:
            break
        # Only moves searched on every deal compare fairly (a conflict can change later options).
        best = max(total, key=lambda m: total[m])
    return best
