"""Revolts: internal conflicts between two leaders of one colour in one kingdom."""

import pytest

from engine import IllegalMove
from tests.engine_helpers import game, leader_at, points, tiles, types

# Temples B5 and C5 with Archer's priest on B6; Bull's priest arrives on D5, beside C5.
RED_KINGDOM = tiles(red="B5 C5")


def revolt(hands: list[dict] | None = None, **kw) -> object:
    g = game(RED_KINGDOM, [{"red": "B6"}], hands=hands, player=1, **kw)
    events = g.play("leader red D5")
    return g, events


def test_entering_a_kingdom_with_a_leader_of_the_same_colour_starts_a_revolt() -> None:
    g, events = revolt()
    assert types(events) == ["leader", "revolt"]
    p = g.pending
    assert p["kind"] == "revolt" and p["attacker"] == 1 and p["defender"] == 0
    assert p["strength"] == {"attacker": 1, "defender": 1}  # D5 touches C5; B6 touches B5
    assert g.to_move == 1
    assert g.legal_moves() == ["commit 0", "commit 1", "commit 2"]
    assert g.view(None)["turn"] == {"player": 1, "actions_left": 1}  # the action being resolved is taken


def test_attacker_commits_first_then_the_defender_knowing_it() -> None:
    g, _ = revolt()
    g.play("commit 2")
    assert g.to_move == 0 and g.pending["attacker_commit"] == 2
    assert g.view(0)["pending"]["attacker_commit"] == 2
    assert g.position()["players"][1]["hand"]["red"] == 0


def test_revolt_tie_goes_to_the_defender_and_red_point_to_the_winner() -> None:
    g, _ = revolt()
    g.play("commit 1")
    events = g.play("commit 1")
    assert leader_at(g, 0, "red") == "B6" and leader_at(g, 1, "red") is None
    assert points(g, 0)["red"] == 1 and points(g, 1)["red"] == 0
    won = next(e for e in events if e["type"] == "revolt_won")
    assert won["winner"] == 0 and won["totals"] == [2, 2]
    assert g.pending is None and g.to_move == 1  # Bull's turn goes on with one action left


def test_revolt_of_kings_scores_a_red_point_whatever_the_colour() -> None:
    g = game(tiles(red="B5 C5"), [{"black": "B6"}], player=1)
    g.play("leader black D5")
    g.play("commit 2")
    g.play("commit 0")
    assert leader_at(g, 1, "black") == "D5" and leader_at(g, 0, "black") is None
    assert points(g, 1) == {"red": 1, "blue": 0, "green": 0, "black": 0, "treasure": 0}


def test_committed_tiles_are_discarded_out_of_the_game() -> None:
    g, _ = revolt()
    removed = g.position()["removed"]["red"]
    g.play("commit 2")
    g.play("commit 1")
    pos = g.position()
    assert pos["removed"]["red"] == removed + 3
    assert pos["players"][0]["hand"]["red"] == 1 and pos["players"][1]["hand"]["red"] == 0
    assert "C5" in pos["tiles"] and "B5" in pos["tiles"]  # no board tile is removed


def test_a_temple_beside_both_leaders_counts_for_both() -> None:
    g = game(tiles(red="C5"), [{"red": "C6"}], player=1)
    g.play("leader red D5")
    assert g.pending["strength"] == {"attacker": 1, "defender": 1}


def test_a_player_without_red_tiles_is_still_asked_and_may_only_commit_zero() -> None:
    g, _ = revolt(hands=[{"blue": 6}, {"red": 2}])
    g.play("commit 0")
    assert g.to_move == 0 and g.legal_moves() == ["commit 0"]
    with pytest.raises(IllegalMove, match="hold only 0 red tiles"):
        g.play("commit 1")


def test_only_the_decider_may_answer() -> None:
    g, _ = revolt()
    with pytest.raises(IllegalMove) as err:
        g.play("commit 0", seat=0)
    assert str(err.value) == ("It is not your move: Bull, attacking Archer in the red revolt (1 to 1 before "
                              "reinforcements), must commit red tiles (commit <n>).")
    with pytest.raises(IllegalMove, match="First a decision"):
        g.play("tile red H5")
