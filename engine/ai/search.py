"""Search over sampled games: a whole turn of one's own, then the rivals' replies.

`plan_turn` (the medium level) tries the most promising first actions by the quick heuristic, each
with its best second action, on one sampled deal of the hidden tiles (several when the first action
starts a conflict, whose outcome hangs on hidden hands), and ranks the turns by the evaluation.

`search` (the hard level) is determinised search with a common aggregation: the best whole turns of
that plan (a first action may lead several, with different second actions) become arms, as many as the
budget buys; every round samples a new deal, plays every arm on it, lets each rival answer with its own
best reply by the evaluation among its most promising moves, and scores the end. The plan's value counts
as a few prior rounds; arms are averaged over the rounds they shared and halved on the clock (sequential
halving), so a longer budget buys more turns and more deals for each. The clock is injected so tests can
drive it."""

import math
import random
from collections.abc import Callable
from typing import TypeVar

from engine.ai.decisions import decide, hidden_pool
from engine.ai.evaluate import evaluate
from engine.ai.features import survey
from engine.ai.heuristic import score_moves
from engine.ai.sampling import View, determinise
from engine.analysis import Facts, facts, regions
from engine.game import Game

Clock = Callable[[], float]
Plan = tuple[float, str, str | None]  # value, first action, second action (None when the turn ends)

CONFLICT_SAMPLES = 4
PRIOR_ROUNDS = 2.0  # the plan's value weighs as much as this many sampled rounds
PHASE_ROUNDS = 2  # the fewest rounds the arms of one narrowing phase share before the weaker half goes
ARMS = 12  # at a 1 s budget; arms_for gives more with more time, fewer with less
MAX_ARMS = 24
FOLLOWS = 3  # the plan's best second actions kept after each first action, each the second of an arm
RETHINK_WIDTH = 4  # second actions tried again on a deal where the first one's result was uncertain
REPLY_WIDTH = 6  # a rival's reply is the best by the evaluation among this many heuristic favourites
# (in 2-player games, plus the best of every other kind of action: generating and scoring the moves costs
# most of a reply, so trying a few more costs little, while more deals on the same arms bought little)
SEARCH_SHARE = 0.3  # of the hard level's budget for the plan that proposes its arms
SAFETY = 0.92  # of the budget the search may spend; the rest covers the last arm's overrun
# Stopping early saves the player's time but not strength: on the device, stopping after 6 deals at
# three standard errors used 38% of a 1 s budget and drew level with hard-v1 (48 of 97). Only the
# final pair may stop early, on a lead beyond all doubt, once the earlier phases had their share.
MIN_ROUNDS = 12  # before a clear lead may end the search early
LEAD_SIGMAS = 4.0


def settle(game: Game, seat: int, pool: list[int] | None = None) -> None:
    """Answer every pending decision by the quick rules (the seat's own with its known pool)."""
    while True:
        f = facts(game)
        if not f.pending or f.over:
            return
        decider = f.pending["seat"]
        use = pool if decider == seat and pool is not None else hidden_pool(f, decider)
        game.play(decide(f, regions(game), use))


def value_of(game: Game, seat: int) -> float:
    return evaluate(facts(game), regions(game), seat)


ENDGAME_BAG = 6  # with fewer tiles in the bag, every action places a tile or swaps when it can


_M = TypeVar("_M", bound=str)  # a move's text, or a Move (which is its text)


def progress_only(f: Facts, moves: list[_M]) -> list[_M]:
    """With the bag almost empty, the actions that draw it down: tiles and swaps, when there are any.

    Hidden scores make each player's guess of the others' cautious, so two computers who both believe
    they are behind would otherwise move leaders about forever rather than draw the last tiles."""
    if sum(f.bag) >= ENDGAME_BAG or f.pending:
        return moves
    drawing = [m for m in moves if m.startswith(("tile", "swap"))]
    return drawing or moves


def candidates(game: Game, seat: int, width: int) -> list[str]:
    """The best actions by the quick heuristic, plus the best of each kind, so every kind is considered."""
    f = facts(game)
    moves = progress_only(f, game.legal_moves())
    scores = score_moves(f, survey(f, regions(game)), seat, moves)
    order = sorted(range(len(moves)), key=lambda i: -scores[i])
    picked: list[str] = [moves[i] for i in order[:width]]
    kinds = {m.split()[0] for m in picked}
    for i in order[width:]:
        kind = moves[i].split()[0]
        if kind not in kinds:
            kinds.add(kind)
            picked.append(moves[i])
    return picked


def _own_turn_on(game: Game, seat: int) -> bool:
    f = facts(game)
    return not f.over and f.pending is None and f.player == seat


def seconds(game: Game, seat: int, pool: list[int] | None, width: int) -> list[tuple[float, str | None]]:
    """After a first action (decisions settled): second actions with the value each leaves, best first
    (only (value, None) when the turn is over or no second action is wanted)."""
    settle(game, seat, pool)
    if width <= 0 or not _own_turn_on(game, seat):
        return [(value_of(game, seat), None)]
    out: list[tuple[float, str | None]] = []
    for move in candidates(game, seat, width):
        g = game.copy(history=False)
        g.play(move)
        settle(g, seat, pool)
        out.append((value_of(g, seat), move))
    if not out:
        return [(value_of(game, seat), None)]
    out.sort(key=lambda x: -x[0])  # stable: among equal values the heuristic's favourite comes first
    return out


def best_second(game: Game, seat: int, pool: list[int] | None, width: int) -> tuple[float, str | None]:
    """After a first action (decisions settled): the best second action by the evaluation, and its value."""
    return seconds(game, seat, pool, width)[0]


def hangs_on_the_deal(move: str, after: Game) -> bool:
    """Whether the action just played (`after` is the game after it) is judged by luck on one deal: a conflict's
    outcome hangs on hidden hands, a swap's worth on hidden draws."""
    pending = facts(after).pending
    return move.startswith("swap") or (pending is not None and pending["kind"] in ("revolt", "war"))


def plan_turn(view: View | None, game: Game, seat: int, rng: random.Random, pool: list[int],
              first_width: int, second_width: int, samples: int = CONFLICT_SAMPLES,
              deadline: float | None = None, clock: Clock | None = None, follows: int = 1) -> list[Plan]:
    """Turns (a first action and a second one) with their value, best first: each first action with its
    best `follows` second actions.

    A first action that starts a conflict or swaps is judged over `samples` deals (given a view to sample),
    with its best second action only, since its second is chosen again on every deal it is played on.
    With a deadline, candidates left when it passes are skipped (the heuristic's favourites come first)."""
    second = second_width if facts(game).actions_left >= 2 else 0
    scored: list[Plan] = []
    for move in candidates(game, seat, first_width):
        if deadline is not None and clock is not None and scored and clock() > deadline:
            break
        g = game.copy(history=False)
        g.play(move)
        uncertain = hangs_on_the_deal(move, g)  # then one deal would flatter or wrong it by luck
        options = seconds(g, seat, pool, second)
        if uncertain:
            value, follow = options[0]
            if view is not None:
                for _ in range(samples - 1):
                    other = determinise(view, seat, rng)
                    other.play(move)
                    value += best_second(other, seat, pool, second)[0]
                value /= samples
            scored.append((value, move, follow))
        else:
            scored.extend((value, move, follow) for value, follow in options[:follows])
    scored.sort(key=lambda x: -x[0])
    return scored


def reply(game: Game, mover: int, width: int, every_kind: bool = False) -> Game:
    """A rival's action and its decisions: the best by its own evaluation among its heuristic favourites
    (and the best of every other kind of action, with every_kind). Returns the game after it (the given
    one, or a copy)."""
    if width <= 1:
        game.play(candidates(game, mover, 1)[0])
        settle(game, mover)
        return game
    pool = hidden_pool(facts(game), mover)
    best, best_game = -1e9, None
    moves = candidates(game, mover, width)
    for move in moves if every_kind else moves[:width]:
        g = game.copy(history=False)
        g.play(move)
        settle(g, mover, pool)
        value = value_of(g, mover)
        if value > best:
            best, best_game = value, g
    assert best_game is not None
    return best_game


def rollout(game: Game, seat: int, first: str, second: str | None, pool: list[int], reply_width: int,
            every_kind: bool = False) -> float:
    """Play the arm's turn on a sampled game, then every rival's reply turn, and evaluate for the seat.

    After a first action whose result hangs on the deal (a conflict, a swap) the second action is
    chosen again on this deal; otherwise the planned one is played."""
    game.play(first)
    redo = hangs_on_the_deal(first, game)
    settle(game, seat, pool)
    if _own_turn_on(game, seat):
        if redo or second is None or second not in game.legal_moves():
            second = best_second(game, seat, pool, RETHINK_WIDTH)[1] or candidates(game, seat, 1)[0]
        game.play(second)
        settle(game, seat, pool)
    f = facts(game)
    while not f.over and f.player != seat:
        game = reply(game, f.player, reply_width, every_kind)
        f = facts(game)
    return value_of(game, seat)


def replies_judged(view: View, seat: int, rng: random.Random, pool: list[int], plan: list[Plan], arms: int,
                   deals: int, reply_width: int) -> str:
    """The medium level's choice among the plan's best turns: each played on a few fresh deals with every
    rival's reply turn after it, the plan's value counting as PRIOR_ROUNDS deals. No clock: deterministic."""
    chosen = distinct(plan, arms)
    if len(chosen) <= 1 or deals <= 0:
        return plan[0][1]
    totals = {move: PRIOR_ROUNDS * value for value, move, _ in chosen}
    for _ in range(deals):
        sample = determinise(view, seat, rng)
        for _, move, follow in chosen:
            totals[move] += rollout(sample.copy(history=False), seat, move, follow, pool, reply_width)
    return max(chosen, key=lambda a: totals[a[1]])[1]


def _twin(move: str | None) -> str:
    """What makes two actions alike: the kind and colour of a tile or leader, anything else in full."""
    if move is None:
        return ""
    words = move.split()
    return f"{words[0]} {words[1]}" if words[0] in ("tile", "leader") else move


def _unique(plan: list[Plan], count: int, key: Callable[[Plan], object]) -> list[Plan]:
    """The first `count` turns of the plan whose key no better turn had."""
    out, seen = [], set()
    for turn in plan:
        k = key(turn)
        if k not in seen:
            seen.add(k)
            out.append(turn)
            if len(out) == count:
                break
    return out


def distinct(plan: list[Plan], count: int) -> list[Plan]:
    """The best turns, skipping twins of a better one (same kind, colour and value of the first action)."""
    return _unique(plan, count, lambda t: (_twin(t[1]), round(t[0], 6)))


def distinct_turns(plan: list[Plan], count: int) -> list[Plan]:
    """The best whole turns, skipping twins of a better one: the same kinds and colours of actions, in
    either order, for the same value (a tile then a leader and the leader then the tile are one turn)."""
    return _unique(plan, count, lambda t: (tuple(sorted((_twin(t[1]), _twin(t[2])))), round(t[0], 6)))


def search(view: View, game: Game, seat: int, rng: random.Random, pool: list[int], budget: float,
           clock: Clock, first_width: int = 16, second_width: int = 6) -> str:
    """The hard level's turn: plan, then rounds of sampled deals over the surviving arms until the budget."""
    start = clock()
    deadline = start + SAFETY * budget
    plan = plan_turn(view, game, seat, rng, pool, first_width, second_width,
                     deadline=start + SEARCH_SHARE * budget, clock=clock, follows=FOLLOWS)
    chosen = distinct_turns(plan, arms_for(budget))
    # An arm is a whole turn: the same first action may lead several arms with different second actions.
    arms = [(move, follow) for _, move, follow in chosen]
    if len({move for move, _ in arms}) == 1:
        return arms[0][0]
    two = facts(game).n == 2
    reply_width = REPLY_WIDTH if two else 2
    totals = {(move, follow): PRIOR_ROUNDS * value for value, move, follow in chosen}
    history: dict[tuple[str, str | None], list[float]] = {arm: [] for arm in arms}
    phases = len(narrowings(len(arms))) + 1
    began, phase, in_phase = clock(), 0, 0
    rounds = 0
    slowest = 0.0  # the longest single rollout so far: no rollout starts unless it can end in time
    while clock() + slowest < deadline:
        sample = determinise(view, seat, rng)
        results: dict[tuple[str, str | None], float] = {}
        for move, follow in arms:
            started = clock()
            if started + slowest > deadline:
                break
            results[move, follow] = rollout(sample.copy(history=False), seat, move, follow, pool, reply_width, two)
            slowest = max(slowest, clock() - started)
        if len(results) < len(arms):
            break  # an unfinished round would compare arms on different deals: drop it
        for arm, value in results.items():
            totals[arm] += value
            history[arm].append(value)
        rounds += 1
        in_phase += 1
        arms.sort(key=lambda a: -totals[a])
        # Sequential halving on the clock: each phase gets an equal share of the time, so a longer
        # budget buys more deals for every phase, not only for the last pair.
        share = (phase + 1) / phases * (deadline - began)
        if len(arms) > 2 and in_phase >= PHASE_ROUNDS and clock() - began >= share:
            arms = arms[:max(2, len(arms) // 2)]
            phase, in_phase = phase + 1, 0
        if len(arms) == 2 and rounds >= MIN_ROUNDS and clear_lead(history[arms[0]], history[arms[1]]):
            break
    return max(arms, key=totals.__getitem__)[0]


def arms_for(budget: float) -> int:
    """How many turns a search of this budget judges: more time buys more turns as well as more deals."""
    return max(4, min(MAX_ARMS, round(ARMS * math.sqrt(budget))))


def narrowings(arms: int) -> list[int]:
    """The arm counts after each halving, down to the final pair (10 -> [5, 2])."""
    out = []
    while arms > 2:
        arms = max(2, arms // 2)
        out.append(arms)
    return out


def clear_lead(best: list[float], second: list[float]) -> bool:
    """Whether the leading arm's advantage over the runner-up, paired deal by deal, is beyond doubt
    (its mean more than LEAD_SIGMAS standard errors above nothing): more deals would not change the choice."""
    diffs = [a - b for a, b in zip(best, second, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return bool(mean > LEAD_SIGMAS * (var / n) ** 0.5 + 1e-9)
