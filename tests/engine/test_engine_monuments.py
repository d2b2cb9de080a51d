"""Monuments: 2x2 blocks of one colour turned face down."""

import pytest

from engine import IllegalMove
from tests.engine_helpers import game, leader_at, points, tiles, types


def test_completing_a_block_offers_every_unbuilt_monument_of_its_colour() -> None:
    g = game(tiles(red="B5 C5 B6"))
    g.play("tile red C6")
    p = g.pending
    assert p["kind"] == "monument" and p["blocks"] == ["B5"]
    assert g.legal_moves() == ["monument red-blue B5", "monument red-green B5", "monument red-black B5", "decline"]


def test_building_turns_the_block_face_down_for_good() -> None:
    g = game(tiles(red="B5 C5 B6"))
    g.play("tile red C6")
    events = g.play("monument green-red B5")
    pos = g.position()
    assert sorted(pos["face_down"]) == ["B5", "B6", "C5", "C6"]
    assert pos["monuments"] == [{"pair": "red-green", "at": "B5"}]
    assert types(events) == ["monument"]
    with pytest.raises(IllegalMove, match="part of a monument"):
        g.play("catastrophe C6")
    # The tiles stay in their region: a leader beside them finds no face-up temple, though.
    with pytest.raises(IllegalMove, match="face-up red temple"):
        g.play("leader black D5")


def test_declining_means_the_block_is_never_offered_again() -> None:
    g = game(tiles(red="B5 C5 B6"), hands=[{"red": 6}])
    g.play("tile red C6")
    g.play("decline")
    assert g.pending is None and g.position()["monuments"] == []
    g.play("tile red D5")
    assert g.pending is None
    g.play("pass")
    g.play("pass")
    g.play("tile red D6")  # completes C5 D5 C6 D6; the declined B5 block is not offered again
    assert g.pending["blocks"] == ["C5"]


def test_several_blocks_the_placer_picks_one() -> None:
    g = game(tiles(black="B5 C5 D5 B6 D6"))
    g.play("tile black C6")
    assert g.pending["blocks"] == ["B5", "C5"]
    with pytest.raises(IllegalMove, match="not the top-left square"):
        g.play("monument red-black B6")
    g.play("monument blue-black C5")
    assert sorted(g.position()["face_down"]) == ["C5", "C6", "D5", "D6"]


def test_no_offer_when_every_monument_of_the_colour_is_built() -> None:
    built = [{"pair": p, "at": at} for p, at in (("red-blue", "A10"), ("red-green", "C10"), ("red-black", "H10"))]
    g = game(tiles(red="B5 C5 B6 A10 B10 A11 B11 C10 D10 C11 D11 H10 I10 H11 I11"),
             face_down=["A10", "B10", "A11", "B11", "C10", "D10", "C11", "D11", "H10", "I10", "H11", "I11"],
             monuments=built)
    g.play("tile red C6")
    assert g.pending is None


def test_a_monument_that_strands_a_leader_sends_it_home() -> None:
    g = game(tiles(red="B5 C5 B6"), [{"black": "D5"}])
    events = g.play("tile red C6")
    assert points(g, 0)["red"] == 1  # the king scores the red tile
    events = g.play("monument red-black B5")
    assert leader_at(g, 0, "black") is None
    assert types(events) == ["monument", "leader_home"]


def test_a_monument_built_after_a_war_on_the_joining_tile() -> None:
    # Archer: king B5, temple C5, settlements D5 D6 E6. Bull: king F5, temple G5. E5 joins them.
    g = game(tiles(red="C5 G5", black="D5 D6 E6"), [{"black": "B5"}, {"black": "F5"}], hands=[{"black": 2}])
    g.play("tile black E5")
    assert g.pending["kind"] == "war" and g.pending["strength"] == {"attacker": 3, "defender": 0}
    g.play("commit 0")
    g.play("commit 0")
    assert leader_at(g, 1, "black") is None
    assert g.pending["kind"] == "monument" and g.pending["blocks"] == ["D5"]
    assert g.to_move == 0
    g.play("monument green-black D5")
    assert g.position()["monuments"] == [{"pair": "green-black", "at": "D5"}]
    assert "E5" in g.position()["face_down"]


def test_monument_tiles_keep_their_treasure_and_connect_their_region() -> None:
    g = game(tiles(red="B5 C5 B6 A5"), [{"green": "A6"}], treasures=["B5", "K1", "P2", "O9", "F10"])
    g.play("tile red C6")
    g.play("monument red-blue B5")
    assert "B5" in g.position()["treasures"]
    # The trader on A6 still supported by A5, connected through the face-down block to D5's tile.
    assert leader_at(g, 0, "green") == "A6"


def test_face_down_tiles_give_no_war_strength_and_are_never_removed() -> None:
    # Archer's kingdom: a red monument B5-C6 beside temple D5 and Archer's priest D6; Bull: temple F5, priest F6.
    g = game(tiles(red="B5 C5 B6 C6 D5 F5"), [{"red": "D6"}, {"red": "F6"}], hands=[{"red": 2}, {"red": 6}],
             face_down=["B5", "C5", "B6", "C6"], monuments=[{"pair": "red-blue", "at": "B5"}])
    g.play("tile red E5")
    assert g.pending["strength"] == {"attacker": 1, "defender": 1}  # only D5 counts for Archer
    g.play("commit 0")
    g.play("commit 0")
    pos = g.position()
    assert "D5" not in pos["tiles"]  # removed with the war
    assert all(sq in pos["tiles"] for sq in ("B5", "C5", "B6", "C6"))
    assert pos["monuments"] == [{"pair": "red-blue", "at": "B5"}]
