"""Moves judged by rollouts on positions consistent with what the mover knew.

Each candidate is played on the same deals, each a full position sampled from the mover's own view (its hand,
the public board and counts; the rivals' hands and the bag dealt again: engine/ai/sampling.determinise, as the
hint and the hard player do), followed by the rest of the mover's own turn as the hard player would play it and
every rival's reply turn as hard's rollouts play them (engine/ai/search.py). The end is scored by the mover's
margin in points (its lead over the best rival, engine/ai/margin.py) and its chance to win. Every move of a
rollout keeps its events, so the reasons can say what happened."""

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.ai.decisions import decide, hidden_pool
from engine.ai.margin import margin_and_chance
from engine.ai.sampling import determinise
from engine.ai.search import REPLY_WIDTH, RETHINK_WIDTH, best_second, candidates, distinct, plan_turn, value_of
from engine.analysis import facts, regions
from engine.game import Game
from engine.state import JSON

# The fixed effort of judging one move (bench/bench_review.py measures it: a 150-move game within 60 s of
# one core). Decisions (commits, war order, monuments, treasures) try every legal answer.
FIRST_WIDTH = 16  # the plan's first actions, as wide as the hard player's plan
SECOND_WIDTH = 6  # second actions the plan tries after each first action (hard's too)
ACTION_CANDIDATES = 5  # the plan's best distinct actions judged against the move played
DEALS = 8  # positions sampled from the mover's view each candidate is played on (the same for every candidate)
MAX_DECISION_ANSWERS = 8  # a monument with many blocks: the quick rule's favourites first


@dataclass(frozen=True)
class Trace:
    """One candidate played on one deal: the mover's margin in points and chance at the end, the events from the
    move on, and how many of them came from the mover's own part (the move, its decisions and the rest of its turn)."""

    margin: float
    chance: float
    events: tuple[JSON, ...]
    own: int


def view_deals(game: Game, seat: int, rng: random.Random, count: int) -> list[Game]:
    """`count` full positions consistent with what the seat sees of the game: its own hand and everything
    public kept, the rivals' hands, their hidden scores and the bag dealt again each time."""
    view = game.view(seat)
    return [determinise(view, seat, rng) for _ in range(count)]


def candidate_moves(game: Game, seat: int, played: str, rng: random.Random) -> list[str]:
    """The moves worth comparing with the one played (it comes first): every answer to a decision, or the
    hard player's plan of the turn's best distinct actions on `game` (a deal from the mover's view)."""
    legal = [str(m) for m in game.legal_moves()]
    if game.pending is not None:
        others = [m for m in legal if m != played]
        if len(others) >= MAX_DECISION_ANSWERS:
            rule = decide(facts(game), regions(game), hidden_pool(facts(game), seat))
            others.sort(key=lambda m: m != rule)
        return [played, *others[:MAX_DECISION_ANSWERS]]
    pool = hidden_pool(facts(game), seat)
    plan = plan_turn(None, game, seat, rng, pool, FIRST_WIDTH, SECOND_WIDTH)
    proposed = [str(move) for _, move, _ in distinct(plan, ACTION_CANDIDATES + 1) if str(move) != played]
    return [played, *proposed[:ACTION_CANDIDATES]]


def settle_traced(game: Game, seat: int, pool: list[int] | None, events: list[JSON]) -> None:
    """search.settle, keeping the events: every pending decision answered by the quick rules."""
    while True:
        f = facts(game)
        if not f.pending or f.over:
            return
        decider = f.pending["seat"]
        use = pool if decider == seat and pool is not None else hidden_pool(f, decider)
        events.extend(game.play(decide(f, regions(game), use)))


def reply_traced(game: Game, mover: int, width: int, every_kind: bool, events: list[JSON]) -> Game:
    """search.reply, keeping the events of the chosen action: the rival's best by its own evaluation
    among its heuristic favourites. Returns the game after it (a copy)."""
    pool = hidden_pool(facts(game), mover)
    best, best_game, best_events = -1e9, game, []
    moves = candidates(game, mover, width)
    for move in moves if every_kind else moves[:width]:
        g = game.copy(history=False)
        got = list(g.play(move))
        settle_traced(g, mover, pool, got)
        value = value_of(g, mover)
        if value > best:
            best, best_game, best_events = value, g, got
    events.extend(best_events)
    return best_game


def rollout(game: Game, seat: int, move: str) -> Trace:
    """Play the move on this deal (changing `game`), the rest of the mover's turn, every rival's reply
    turn, and score the end by the mover's margin and chance to win."""
    pool = hidden_pool(facts(game), seat)
    events: list[JSON] = list(game.play(move))
    settle_traced(game, seat, pool, events)
    f = facts(game)
    if not f.over and f.pending is None and f.player == seat:
        second = best_second(game, seat, pool, RETHINK_WIDTH)[1] or candidates(game, seat, 1)[0]
        events.extend(game.play(second))
        settle_traced(game, seat, pool, events)
    own = len(events)
    two = facts(game).n == 2
    f = facts(game)
    while not f.over and f.player != seat:
        game = reply_traced(game, f.player, REPLY_WIDTH if two else 2, two, events)
        f = facts(game)
    margin, chance = margin_and_chance(game, seat)
    return Trace(margin, chance, tuple(events), own)


def judge(deals: Sequence[Game], seat: int, moves: Sequence[str]) -> dict[str, list[Trace]]:
    """Every move played on every deal (the same deals for all, so their differences carry little noise)."""
    return {move: [rollout(deal.copy(history=False), seat, move) for deal in deals] for move in moves}


def mean_chance(traces: Sequence[Trace]) -> float:
    return sum(t.chance for t in traces) / len(traces)


def mean_margin(traces: Sequence[Trace]) -> float:
    return sum(t.margin for t in traces) / len(traces)
