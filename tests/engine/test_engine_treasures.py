"""Treasures: a trader's owner takes all but one; corners first."""

import pytest

from engine import IllegalMove
from tests.engine_helpers import game, points, tiles, types

# B2 is a corner treasure square on the standard board; A3 touches B3.
THREE = ["B2", "B3", "C3", "K1", "K11"]


def test_a_trader_taking_two_of_three_treasures_with_a_corner_forced() -> None:
    g = game(tiles(red="B2 B3 C3"), treasures=THREE)
    events = g.play("leader green A3")
    assert [e["square"] for e in events if e["type"] == "treasure"] == ["B2"]
    p = g.pending
    assert p["kind"] == "treasure" and p["choices"] == ["B3", "C3"] and p["take"] == 1
    assert g.legal_moves() == ["treasure B3", "treasure C3"]
    with pytest.raises(IllegalMove, match="no treasure to take on B2"):
        g.play("treasure B2")
    g.play("treasure C3")
    assert g.pending is None
    assert points(g, 0)["treasure"] == 2
    assert sorted(g.position()["treasures"]) == ["B3", "K1", "K11"]


def test_all_corners_the_owner_chooses_which_stays() -> None:
    # A column of tiles from B2 to B8 (blue on the river squares B4 and B7) links two corner treasures.
    g = game(tiles(red="B2 B3 B5 B6 B8", blue="B4 B7"), treasures=["B2", "B8", "K1", "K11", "F10"])
    g.play("leader green A3")
    assert g.pending["choices"] == ["B2", "B8"] and g.pending["take"] == 1
    events = g.play("treasure B8")
    assert events[0]["corner"] is True and events[0]["forced"] is False
    assert "B2" in g.position()["treasures"] and points(g, 0)["treasure"] == 1


def test_nothing_is_taken_without_a_trader_or_with_one_treasure() -> None:
    g = game(tiles(red="B3 C3"), [{"black": "A3"}], treasures=["B3", "C3", "K1", "K11"])
    g.play("tile red A2")
    assert g.position()["players"][0]["points"]["treasure"] == 0
    h = game(tiles(red="B3"), treasures=["B3", "K1", "K11"])
    events = h.play("leader green A3")
    assert "treasure" not in types(events)


def test_forced_takes_need_no_decision() -> None:
    g = game(tiles(red="B2 B3"), treasures=["B2", "B3", "K1", "K11"])
    events = g.play("leader green A3")
    assert [e["square"] for e in events if e["type"] == "treasure"] == ["B2"]
    assert g.pending is None and points(g, 0)["treasure"] == 1


def test_the_traders_owner_decides_even_when_not_active() -> None:
    # Archer's trader on A3 beside B3; Bull, active, places C3 joining the treasure temple D3.
    g = game(tiles(red="B3 D3"), [{"green": "A3"}], treasures=["B3", "D3", "K1", "K11", "F10"], player=1)
    g.play("tile red C3")
    assert g.pending["kind"] == "treasure" and g.to_move == 0
    g.play("treasure D3", seat=0)
    assert g.to_move == 1 and points(g, 0)["treasure"] == 1


def test_several_kingdoms_are_settled_clockwise_from_the_active_player() -> None:
    # Two hand-made kingdoms each owe a choice; Bull is active in a 3-player game.
    g = game(tiles(red="B3 C3 H3 I3"), [{"green": "A3"}, {}, {"green": "G3"}], players=3, player=1,
             treasures=["B3", "C3", "H3", "I3", "K1", "K11"])
    g.play("swap red")
    assert g.pending["kind"] == "treasure" and g.to_move == 2  # Lion comes before Archer from Bull
    g.play("treasure H3")
    assert g.to_move == 0
    g.play("treasure C3")
    assert g.pending is None and g.to_move == 1
