"""End of a turn: monument income, refills, the two ways a game ends."""

from tests.engine_helpers import game, points, tiles, types

BUILT = {"face_down": ["B5", "C5", "B6", "C6"], "monuments": [{"pair": "red-black", "at": "B5"}]}
# A face-up temple D5 beside the monument keeps leaders on E5/D6 supported.
AROUND = tiles(red="B5 C5 B6 C6 D5")


def test_monument_income_goes_to_the_active_player_for_leaders_of_its_colours() -> None:
    g = game(AROUND, [{"black": "E5", "red": "D6"}], **BUILT)
    events = g.play("pass")
    assert points(g, 0)["red"] == 1 and points(g, 0)["black"] == 1
    assert [e["colour"] for e in events if e["type"] == "point"] == ["red", "black"]


def test_only_the_active_player_earns_monument_income() -> None:
    g = game(AROUND, [{}, {"black": "E5"}], **BUILT)
    g.play("pass")
    assert points(g, 1)["black"] == 0


def test_the_king_does_not_stand_in_for_a_missing_leader_at_a_monument() -> None:
    g = game(AROUND, [{"black": "E5"}], face_down=["B5", "C5", "B6", "C6"],
             monuments=[{"pair": "red-blue", "at": "B5"}])
    g.play("pass")
    assert points(g, 0) == {"red": 0, "blue": 0, "green": 0, "black": 0, "treasure": 0}


def test_no_income_from_a_monument_in_another_kingdom() -> None:
    g = game(AROUND | tiles(red="H5"), [{"black": "H6"}], **BUILT)
    g.play("pass")
    assert points(g, 0)["black"] == 0


def test_refills_run_from_the_active_player_clockwise() -> None:
    g = game(tiles(red="B5"), [{"black": "B6"}], players=3, player=1,
             hands=[{"red": 4}, {"red": 6}, {"red": 5}], bag={"red": 0, "blue": 0, "green": 0, "black": 4})
    g.play("tile red C5")
    events = g.play("tile red D5")
    draws = [(e["seat"], e["count"]) for e in events if e["type"] == "draw"]
    assert draws == [(1, 2), (2, 1), (0, 1)]
    assert g.over  # Archer wanted 2 but got 1: a short refill ends the game


def test_the_game_ends_when_a_refill_comes_up_short() -> None:
    g = game(hands=[{"red": 6}, {"red": 6}], bag={"red": 0, "blue": 0, "green": 0, "black": 1})
    g.play("tile red H6")
    assert not g.over
    events = g.play("tile red H7")
    assert g.over and g.to_move is None and g.legal_moves() == []
    end = events[-1]
    assert end["type"] == "game_over" and "bag" in end["text"]
    assert len(end["standings"]) == 2


def test_an_empty_bag_nobody_draws_from_does_not_end_the_game() -> None:
    g = game(tiles(red="B5"), hands=[{"red": 6}, {"red": 6}], bag={"red": 0, "blue": 0, "green": 0, "black": 0})
    g.play("leader black B6")
    g.play("pass")
    assert not g.over and g.to_move == 1
    assert "draw" not in types(g.play("pass"))


def test_the_game_ends_at_the_end_of_the_turn_with_two_treasures_left() -> None:
    g = game(tiles(red="B3 C3"), treasures=["B3", "C3", "K1"])
    g.play("leader green A3")  # takes one of B3/C3 -> two treasures left
    assert g.pending["kind"] == "treasure"
    g.play("treasure B3")
    assert len(g.position()["treasures"]) == 2 and not g.over  # not before the turn ends
    events = g.play("pass")
    assert g.over and "2 treasures left" in events[-1]["text"]


def test_three_treasures_left_play_goes_on() -> None:
    g = game(treasures=["K1", "K11", "F10"])
    g.play("pass")
    assert not g.over and g.to_move == 1
    turn = g.position()["turn"]
    assert turn == {"player": 1, "actions_left": 2}
