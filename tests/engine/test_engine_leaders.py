"""Placing, moving and withdrawing leaders (docs/rules.md, Place, move or withdraw a leader)."""

import pytest

from engine import IllegalMove
from tests.engine_helpers import game, leader_at, points, tiles, types


def test_leader_goes_beside_a_face_up_temple_and_never_scores() -> None:
    g = game(tiles(red="B5"))
    events = g.play("leader black B6")
    assert leader_at(g, 0, "black") == "B6"
    assert "point" not in types(events)
    assert points(g, 0) == {"red": 0, "blue": 0, "green": 0, "black": 0, "treasure": 0}
    assert g.position()["turn"]["actions_left"] == 1


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        ("leader black C6", "has none beside it"),  # only diagonal to the temple
        ("leader black B4", "B4 is a river square"),
        ("leader black B5", "B5 already holds a tile"),
        ("leader black A7", "A7 is a river square"),
    ],
)
def test_leader_placement_refusals(move: str, reason: str) -> None:
    g = game(tiles(red="B5"))
    before = g.position()
    with pytest.raises(IllegalMove, match=reason):
        g.play(move)
    assert g.position() == before


def test_face_down_temple_supports_no_leader() -> None:
    g = game(tiles(red="B5 C5 B6 C6"), face_down=["B5", "C5", "B6", "C6"],
             monuments=[{"pair": "red-blue", "at": "B5"}])
    with pytest.raises(IllegalMove, match="face-up red temple"):
        g.play("leader black D5")


def test_leader_may_not_join_two_kingdoms() -> None:
    # Two kingdoms: temple B5 with Archer's king on A5, temple D5 with Bull's king on E5; C5 sits between.
    g = game(tiles(red="B5 D5"), [{"black": "A5"}, {"black": "E5"}])
    with pytest.raises(IllegalMove, match="would join two kingdoms"):
        g.play("leader red C5")
    assert leader_at(g, 0, "red") is None


def test_leader_may_join_a_kingdom_with_leaderless_regions() -> None:
    g = game(tiles(red="B5 D5"), [{"black": "A5"}])
    g.play("leader red C5")
    assert leader_at(g, 0, "red") == "C5"


def test_moving_a_leader_within_its_kingdom() -> None:
    # The red leader on C5 links B5 (king A5) to D5 (Bull's king E5). Lifted, A6 touches only B6's side.
    g = game(tiles(red="B5 D5 B6 D6"), [{"black": "A5", "red": "C5"}, {"black": "E5"}])
    events = g.play("leader red A6")
    assert leader_at(g, 0, "red") == "A6"
    assert events[0]["text"] == "Archer moves their red leader from C5 to A6."


def test_a_leader_cannot_move_onto_its_own_square() -> None:
    g = game(tiles(red="B5"), [{"black": "B6"}])
    with pytest.raises(IllegalMove, match="already stands on B6"):
        g.play("leader black B6")


def test_moving_a_leader_so_it_would_rejoin_what_it_split() -> None:
    # Row 5: A5 king(Archer) B5 temple C5 red leader(Archer) D5 temple E5 king(Bull).
    # Row 6: B6 temple, D6 temple. Moving the red leader from C5 to C6 would join B6 (A5's side)
    # and D6 (E5's side): judged with the leader lifted, those are two kingdoms.
    g = game(tiles(red="B5 D5 B6 D6"), [{"black": "A5", "red": "C5"}, {"black": "E5"}])
    before = g.position()
    with pytest.raises(IllegalMove, match="would join two kingdoms"):
        g.play("leader red C6")
    assert g.position() == before


def test_withdraw_returns_the_leader_to_supply() -> None:
    g = game(tiles(red="B5"), [{"black": "B6"}])
    events = g.play("withdraw black")
    assert leader_at(g, 0, "black") is None
    assert types(events) == ["withdraw"]
    with pytest.raises(IllegalMove, match="not on the board"):
        g.play("withdraw black")


def test_leader_placement_is_listed_exactly_where_allowed() -> None:
    g = game(tiles(red="B5"), treasures=())
    spots = {m.split()[2] for m in g.legal_moves() if m.startswith("leader black")}
    assert spots == {"A5", "C5", "B6"}  # B4 is river
