"""A hint: the move our strongest player would make for a seat, with one line on why, from that seat's view only.

The move is the hard level's (engine.ai.choose_move). The reason plays it on deals of the hidden tiles sampled
from the same view (engine/ai/sampling.determinise), as the hard player does, and says what it scored or won
on them: so neither the move nor the words can depend on another hand or the bag."""

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from engine.ai import choose_move
from engine.ai.explain import Effects, Words, effects, hint_words
from engine.ai.judge import settle_traced
from engine.ai.phrases import say
from engine.ai.sampling import View, determinise, unseen_tiles, with_announced
from engine.game import Game
from engine.state import JSON

HINT_BUDGET = 3.0  # seconds: "within a few seconds" (issue 31), three times a computer player's default
HINT_DEALS = 8  # sampled deals the reason is read from


@dataclass(frozen=True)
class Hint:
    """The move (canonical notation) and one line on why: `reason` in English, `words` the same for a front end to
    say in the reader's language (engine/ai/phrases.py)."""

    move: str
    reason: str
    words: Words = ()


def hint(view: View, seat: int, *, seed: int = 0, budget: float = HINT_BUDGET,
         announced: Sequence[Mapping[str, int]] | None = None, clock: Callable[[], float] = time.perf_counter) -> Hint:
    """The hard player's move for the seat to move in its own view, with a one-line reason; never reads hidden tiles.

    ValueError (in words) when the seat is not to move in this view."""
    move = choose_move(view, seat, "hard", budget=budget, seed=seed, announced=announced, clock=clock)
    known = with_announced(view, announced)
    rng = random.Random(f"hint:{seed}:{seat}:{move}:{len(known['tiles'])}")
    deals = [determinise(known, seat, rng) for _ in range(HINT_DEALS)]
    runs = _play(deals, known, seat, move)
    all_in = None
    pending = known.get("pending") or {}
    if move.startswith("commit") and pending.get("seat") == seat:
        held = known["players"][seat]["hand"][pending["commit_colour"]]
        if int(move.split()[1]) < held:
            all_in = _play(deals, known, seat, f"commit {held}")
    words = hint_words(move, runs, seat, all_in)
    return Hint(move, say(words), words)


def _play(deals: Sequence[Game], view: View, seat: int, move: str) -> list[Effects]:
    """What the move and the decisions it raises did on each deal (the deals are not changed)."""
    pool = unseen_tiles(view, seat)
    runs = []
    for deal in deals:
        game = deal.copy(history=False)
        events: list[JSON] = list(game.play(move))
        settle_traced(game, seat, pool, events)
        runs.append(effects(events, len(view["players"])))
    return runs
