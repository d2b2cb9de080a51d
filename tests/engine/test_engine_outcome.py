"""Outcome: why a game ended and the final standings, for both ways a game ends."""

import pytest

from engine import Game, Outcome, PositionError, Standing, Termination
from tests.engine_helpers import game, tiles


def test_a_game_goes_on_without_an_outcome() -> None:
    assert Game.new().outcome() is None


def test_the_game_ends_when_only_two_treasures_are_left() -> None:
    # Archer's trader on A3 takes one of the two joined treasures B3 and C3 (no corner): 2 are left then.
    g = game(tiles(red="B3 C3"), treasures=["B3", "C3", "K11"],
             hands=[{"red": 2, "blue": 2, "green": 1, "black": 1}], bag={"red": 9})
    g.play("leader green A3")
    g.play("treasure B3")
    events = g.play("pass")
    assert g.over and events[-1]["text"] == "The game is over: only 2 treasures left on the board."
    outcome = g.outcome()
    assert outcome == Outcome(Termination.TREASURES, "only 2 treasures left on the board", (
        Standing(0, "archer", {"red": 1, "blue": 0, "green": 0, "black": 0}, 1, 0, 1),
        Standing(1, "bull", {"red": 0, "blue": 0, "green": 0, "black": 0}, 0, 0, 2),
    ))
    assert outcome.winners == (0,)
    assert [{"seat": s.seat, "score": s.score, "place": s.place} for s in outcome.standings] == [
        {"seat": s["seat"], "score": s["score"], "place": s["place"]} for s in g.standings()]


def test_the_game_ends_when_the_bag_cannot_fill_a_draw() -> None:
    g = game(hands=[{"red": 6}, {"red": 6}], bag={"red": 1})
    g.play("swap red red")
    events = g.play("pass")
    assert events[-1]["text"] == "The game is over: the bag could not fill a draw."
    assert events[-1]["termination"] == "bag"
    outcome = g.outcome()
    assert outcome is not None and outcome.termination is Termination.BAG
    assert outcome.reason == "the bag could not fill a draw"
    assert outcome.winners == (0, 1)  # nobody scored: they share first place
    assert Game.from_position(g.position()).outcome() == outcome


def test_an_empty_bag_nobody_draws_from_ends_nothing() -> None:
    g = game(bag={})
    g.play("leader black J1")
    events = g.play("leader red L1")
    assert events[-1]["text"] == "Bull's turn."
    assert not g.over and g.outcome() is None


def test_a_stored_finished_game_must_say_how_it_ended() -> None:
    with pytest.raises(PositionError, match="1 or 2 treasures left or a short draw"):
        game(over=True)
    assert game(over=True, treasures=["K1", "K11"]).outcome().termination is Termination.TREASURES
