"""Placing civilization tiles and who scores them (docs/rules.md, Place a civilization tile)."""

import pytest

from engine import IllegalMove
from tests.engine_helpers import game, points, tiles, types


def test_tile_scores_for_the_leader_of_its_colour() -> None:
    g = game(tiles(red="B5"), [{"black": "B6"}, {"blue": "A5"}])
    events = g.play("tile blue B4")  # river square touching the temple B5
    assert points(g, 1)["blue"] == 1
    assert points(g, 0)["blue"] == 0
    assert [e["text"] for e in events if e["type"] == "point"] == ["Bull scores 1 blue point."]


def test_tile_scores_for_the_king_when_its_colour_has_no_leader() -> None:
    g = game(tiles(red="B5"), [{"black": "B6"}, {"blue": "A5"}])
    g.play("tile green C5")
    assert points(g, 0)["green"] == 1 and points(g, 1)["green"] == 0


def test_tile_scores_nothing_without_the_colour_leader_or_a_king() -> None:
    g = game(tiles(red="B5"), [{}, {"blue": "A5"}])
    events = g.play("tile green C5")
    assert "point" not in types(events)
    assert points(g, 0)["green"] == 0 and points(g, 1)["green"] == 0


def test_tile_outside_any_kingdom_scores_nothing() -> None:
    g = game(tiles(red="B5"), [{"black": "H6"}])
    events = g.play("tile red H3")
    assert "point" not in types(events)


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        ("tile red B4", "B4 is a river square: only blue tiles go there"),
        ("tile blue C5", "C5 is a land square: blue tiles go only on river squares"),
        ("tile red B5", "B5 already holds a tile"),
        ("tile red B6", "B6 already holds a leader"),
        ("tile red H5", "H5 already holds a catastrophe"),
        ("tile black C5", "no black tile in your hand"),
    ],
)
def test_tile_refusals_leave_the_game_unchanged(move: str, reason: str) -> None:
    g = game(tiles(red="B5"), [{"red": "B6"}], hands=[{"red": 2, "blue": 2}], catastrophes=["H5"])
    before = g.position()
    with pytest.raises(IllegalMove, match=reason):
        g.play(move)
    assert g.position() == before


def test_three_kingdom_refusal() -> None:
    # F5 touches E5 (king on D5), G5 (Bull's king on H5) and F4 (Lion's king on F3).
    g = game(tiles(red="E5 G5 F4"), [{"black": "D5"}, {"black": "H5"}, {"black": "F3"}], players=3)
    before = g.position()
    with pytest.raises(IllegalMove, match="would join three kingdoms"):
        g.play("tile red F5")
    assert g.position() == before
    assert "tile red F5" not in g.legal_moves()


def test_two_kingdoms_and_a_leaderless_region_may_be_joined() -> None:
    g = game(tiles(red="E5 G5 F4"), [{"black": "D5"}, {"black": "H5"}], players=3)
    assert "tile red F5" in g.legal_moves()


def test_unification_tile_scores_nothing_even_without_a_war() -> None:
    # Archer's king A5 beside B5, Bull's farmer on E5 beside D5: no shared colour, so no war.
    g = game(tiles(red="B5 D5"), [{"black": "A5"}, {"blue": "E5"}])
    events = g.play("tile red C5")
    assert "unification" in types(events)
    assert "war" not in types(events) and "point" not in types(events)
    assert points(g, 0)["red"] == 0 and points(g, 1)["red"] == 0
    assert g.pending is None and g.position()["turn"]["actions_left"] == 1


def test_same_action_twice_in_a_turn_then_the_turn_passes() -> None:
    g = game(tiles(red="B5"), [{"black": "B6"}])
    g.play("tile red C5")
    assert g.to_move == 0
    g.play("tile red D5")
    assert g.to_move == 1
    assert points(g, 0)["red"] == 2
