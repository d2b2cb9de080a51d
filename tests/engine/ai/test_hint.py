"""Hints: the hard player's move with one line on why, from the seat's own view only: redealing the hidden
tiles (other hands, the bag) changes neither the move nor the words."""

import functools
import random

import pytest

from engine import Game
from engine.ai import choose_move
from engine.ai.hint import Hint, hint
from engine.ai.sampling import determinise

BUDGET = 0.3


class StepClock:
    """An injected clock that moves on a fixed step at every reading, so the search runs the same anywhere."""

    def __init__(self, step: float = 0.01) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


@functools.cache
def positions() -> tuple[dict, ...]:
    """Turn starts and decisions (a revolt or war among them) of a seeded game of easy players."""
    g = Game.new(players=2, seed=7)
    out: list[dict] = []
    k = 0
    while not g.over and len(out) < 6:
        seat = g.to_move
        if (k % 17 == 5 and g.pending is None) or (g.pending and g.pending["kind"] in ("revolt", "war")):
            out.append(g.position())
        g.play(choose_move(g.view(seat), seat, "easy", seed=k), seat)
        k += 1
    return tuple(out)


def test_the_positions_include_a_conflict() -> None:
    assert any(p.get("pending") and p["pending"]["kind"] in ("revolt", "war") for p in positions())


@pytest.mark.parametrize("index", range(6))
def test_a_hint_never_changes_when_the_hidden_tiles_are_redealt(index: int) -> None:
    game = Game.from_position(positions()[index])
    seat = game.to_move
    view = game.view(seat)
    first = hint(view, seat, seed=3, budget=BUDGET, clock=StepClock())
    redealt = 0
    for k in range(3):
        # Other hands and the bag dealt afresh from what the seat cannot see: the seat's view stays the same.
        other = determinise(view, seat, random.Random(k))
        redealt += other.position()["players"] != game.position()["players"] or \
            other.position()["bag"] != game.position()["bag"]
        assert other.view(seat) == view
        assert hint(other.view(seat), seat, seed=3, budget=BUDGET, clock=StepClock()) == first
    assert redealt >= 2


def test_the_hint_is_the_hard_players_move_with_a_reason_in_one_line() -> None:
    game = Game.from_position(positions()[0])
    seat = game.to_move
    view = game.view(seat)
    got = hint(view, seat, seed=1, budget=BUDGET, clock=StepClock())
    assert isinstance(got, Hint)
    assert got.move == choose_move(view, seat, "hard", seed=1, budget=BUDGET, clock=StepClock())
    assert got.move in game.legal_moves()
    assert got.reason and "\n" not in got.reason and got.reason.endswith(".")


def test_a_conflict_hint_speaks_of_the_conflict() -> None:
    pos = next(p for p in positions() if p.get("pending") and p["pending"]["kind"] in ("revolt", "war"))
    game = Game.from_position(pos)
    seat = game.to_move
    got = hint(game.view(seat), seat, budget=BUDGET, clock=StepClock())
    assert got.move.startswith("commit")
    assert pos["pending"]["kind"] in got.reason


def test_a_hint_for_a_seat_not_to_move_is_refused_in_words() -> None:
    game = Game.from_position(positions()[0])
    other = 1 - game.to_move
    with pytest.raises(ValueError, match="not to move"):
        hint(game.view(other), other, budget=BUDGET, clock=StepClock())
