"""Catastrophes (action 3) and swaps (action 4)."""

import pytest

from engine import IllegalMove
from tests.engine_helpers import game, leader_at, tiles, types


def test_catastrophe_on_an_empty_square_kills_it_for_the_rest_of_the_game() -> None:
    g = game(tiles(red="B5"))
    g.play("catastrophe C5")
    pos = g.position()
    assert pos["catastrophes"] == ["C5"] and pos["players"][0]["catastrophes"] == 1
    with pytest.raises(IllegalMove, match="C5 already holds a catastrophe"):
        g.play("tile red C5")


def test_catastrophe_on_a_river_square_is_allowed() -> None:
    g = game()
    g.play("catastrophe A4")
    assert g.position()["catastrophes"] == ["A4"]


def test_catastrophe_removes_the_tile_under_it_from_the_game() -> None:
    g = game(tiles(green="C5"))
    removed_before = g.position()["removed"]["green"]
    events = g.play("catastrophe C5")
    pos = g.position()
    assert "C5" not in pos["tiles"]
    assert pos["removed"]["green"] == removed_before + 1
    assert events[0]["destroyed"] == "green"


def test_catastrophe_breaks_connection() -> None:
    # B5 temple with Archer's king A5; the settlement C5 links it to the temple D5. Uncut, Bull's king
    # on E5 enters Archer's kingdom and revolts; with C5 destroyed it stands apart in peace.
    uncut = game(tiles(red="B5 D5", black="C5"), [{"black": "A5"}], player=1)
    uncut.play("leader black E5")
    assert uncut.pending["kind"] == "revolt"
    g = game(tiles(red="B5 D5", black="C5"), [{"black": "A5"}])
    g.play("catastrophe C5")
    g.play("pass")
    g.play("leader black E5")
    assert leader_at(g, 1, "black") == "E5" and g.pending is None


def test_catastrophe_stranding_a_leader_sends_it_home() -> None:
    # The priest on B6 has only the temple B5 beside it; the king on D6 keeps D5.
    g = game(tiles(red="B5 D5"), [{"red": "B6"}, {"black": "D6"}])
    events = g.play("catastrophe B5")
    assert leader_at(g, 0, "red") is None
    assert leader_at(g, 1, "black") == "D6"
    assert types(events) == ["catastrophe", "leader_home"]
    assert events[1]["seat"] == 0 and events[1]["square"] == "B6"


def test_a_leader_with_a_second_temple_stays() -> None:
    g = game(tiles(red="B5 C6"), [{"red": "B6"}])
    g.play("catastrophe B5")
    assert leader_at(g, 0, "red") == "B6"


@pytest.mark.parametrize(
    ("square", "reason"),
    [
        ("B6", "holds a leader"),
        ("K1", "holds a treasure"),
        ("E5", "part of a monument"),
        ("H5", "already holds a catastrophe"),
    ],
)
def test_catastrophe_refusals(square: str, reason: str) -> None:
    g = game(tiles(red="B5 E5 F5 E6 F6"), [{"red": "B6"}], catastrophes=["H5"],
             face_down=["E5", "F5", "E6", "F6"], monuments=[{"pair": "red-blue", "at": "E5"}])
    before = g.position()
    with pytest.raises(IllegalMove, match=reason):
        g.play(f"catastrophe {square}")
    assert g.position() == before


def test_no_catastrophe_tiles_left() -> None:
    g = game(players=2)
    g._state.players[0].catastrophes = 0
    with pytest.raises(IllegalMove, match="no catastrophe tiles left"):
        g.play("catastrophe C5")
    assert not any(m.startswith("catastrophe") for m in g.legal_moves())


def test_swap_discards_and_draws_as_many() -> None:
    g = game(hands=[{"red": 4, "blue": 2}], bag={"red": 0, "blue": 0, "green": 5, "black": 0})
    events = g.play("swap red red red")
    pos = g.position()
    assert pos["players"][0]["hand"] == {"red": 1, "blue": 2, "green": 3, "black": 0}
    assert pos["bag"]["green"] == 2
    assert events[0]["text"] == "Archer swaps 3 tiles."
    assert "red" not in events[0]["text"]  # the colours discarded stay private


def test_swap_more_than_held_is_refused() -> None:
    g = game(hands=[{"red": 1, "blue": 5}])
    with pytest.raises(IllegalMove, match="only 1 red tile to swap"):
        g.play("swap red red")


def test_swap_from_a_short_bag_gives_what_it_has_and_ends_the_game_at_turn_end() -> None:
    g = game(hands=[{"red": 6}, {"red": 6}], bag={"red": 1, "blue": 0, "green": 0, "black": 0})
    events = g.play("swap red red")
    assert g.position()["players"][0]["hand"]["red"] == 5
    assert g.position()["short_draw"] is True
    assert "bag holds only 1" in events[0]["text"]
    assert not g.over
    g.play("pass")
    assert g.over
