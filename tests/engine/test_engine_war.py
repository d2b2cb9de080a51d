"""Wars: external conflicts when a tile joins two kingdoms with leaders of one colour."""

import pytest

from engine import Game, IllegalMove
from tests.engine_helpers import game, leader_at, points, tiles, types


def red_war(**kw) -> Game:
    # Archer: temples B5 C5, priest B6. Bull: temple E5, priest E6. D5 joins them.
    return game(tiles(red="B5 C5 E5"), [{"red": "B6"}, {"red": "E6"}], **kw)


def test_joining_tile_starts_a_war_with_the_active_player_attacking() -> None:
    g = red_war()
    events = g.play("tile red D5")
    assert types(events) == ["tile", "unification", "war"]
    p = g.pending
    assert p["kind"] == "war" and p["colour"] == "red" and p["marker"] == "D5"
    assert (p["attacker"], p["defender"]) == (0, 1)
    assert p["strength"] == {"attacker": 2, "defender": 1}  # the joining tile D5 counts for nobody
    assert g.to_move == 0


def test_a_war_won_by_reinforcements() -> None:
    g = red_war(hands=[{"red": 1, "blue": 5}, {"red": 3, "blue": 3}])
    g.play("tile red D5")
    g.play("commit 0")
    events = g.play("commit 2")  # Bull: 1 + 2 = 3 beats Archer's 2
    pos = g.position()
    assert leader_at(g, 0, "red") is None and leader_at(g, 1, "red") == "E6"
    assert "B5" not in pos["tiles"] and "C5" not in pos["tiles"]
    assert "D5" in pos["tiles"] and "E5" in pos["tiles"]
    assert points(g, 1)["red"] == 3  # 1 for the leader, 1 for each removed tile
    won = next(e for e in events if e["type"] == "war_won")
    assert won["winner"] == 1 and won["removed"] == ["B5", "C5"] and won["totals"] == [3, 2]
    assert g.pending is None and g.to_move == 0 and pos["turn"]["actions_left"] == 1


def test_war_tie_goes_to_the_defender() -> None:
    g = red_war(hands=[{"red": 2, "blue": 4}, {"red": 1, "blue": 5}])
    g.play("tile red D5")
    g.play("commit 0")
    events = g.play("commit 1")  # 2 against 1 + 1
    won = next(e for e in events if e["type"] == "war_won")
    assert won["winner"] == 1 and won["totals"] == [2, 2]
    assert leader_at(g, 0, "red") is None


def test_committed_tiles_score_nothing_and_are_discarded() -> None:
    g = red_war(hands=[{"red": 2, "blue": 4}, {"red": 1, "blue": 5}])
    removed = g.position()["removed"]["red"]
    g.play("tile red D5")
    g.play("commit 1")
    g.play("commit 1")
    pos = g.position()
    # Archer 2 + 1 = 3 beats Bull 1 + 1 = 2: Bull's leader and the temple E5 go.
    assert points(g, 0)["red"] == 2
    assert pos["removed"]["red"] == removed + 2 + 1
    assert "E5" not in pos["tiles"]


def test_red_war_spares_temples_with_a_treasure_or_beside_another_leader() -> None:
    # Bull's side: temples E5 (treasure), F5 (beside Bull's king F6), G5 plain, priest E6.
    g = game(tiles(red="B5 C5 E5 F5 G5"), [{"red": "B6"}, {"red": "E6", "black": "F6"}],
             treasures=["E5", "K1", "P2", "O9", "F10"], hands=[{"red": 4, "blue": 2}, {"blue": 6}])
    g.play("tile red D5")
    g.play("commit 3")
    g.play("commit 0")
    pos = g.position()
    assert leader_at(g, 1, "red") is None
    assert "E5" in pos["tiles"] and "F5" in pos["tiles"]
    assert "G5" not in pos["tiles"]
    assert points(g, 0)["red"] == 2


def test_non_red_war_removes_every_face_up_tile_of_its_colour() -> None:
    # Archer: king A5, temple B5, settlement C5. Bull: settlements E5 E6, temple F5, king G5.
    g = game(tiles(red="B5 F5", black="C5 E5 E6"), [{"black": "A5"}, {"black": "G5"}],
             hands=[{"black": 2, "red": 4}, {"red": 6}])
    g.play("tile black D5")
    assert g.pending["strength"] == {"attacker": 1, "defender": 2}
    g.play("commit 1")
    g.play("commit 0")  # 2 - 2: the defender wins
    pos = g.position()
    assert leader_at(g, 0, "black") is None
    assert "C5" not in pos["tiles"] and "B5" in pos["tiles"]
    assert points(g, 1)["black"] == 2


def test_two_wars_the_active_player_chooses_the_order() -> None:
    g = two_war_game()
    g.play("tile red E5")
    assert g.pending["kind"] == "war_order"
    assert sorted(g.legal_moves()) == ["war black", "war red"]
    with pytest.raises(IllegalMove, match="no blue war waiting"):
        g.play("war blue")


def two_war_game() -> Game:
    # Archer: priest A5 and king B6 around temple B5, settlements C5 D5. Bull: king F5, temple G5,
    # priest H5. A tile on E5 joins them: wars over red and black.
    return game(tiles(red="B5 G5", black="C5 D5"), [{"red": "A5", "black": "B6"}, {"black": "F5", "red": "H5"}])


def test_first_war_splits_the_kingdom_so_the_second_never_happens() -> None:
    g = two_war_game()
    g.play("tile red E5")
    g.play("war black")
    assert g.pending["kind"] == "war" and g.pending["colour"] == "black"
    assert g.pending["strength"] == {"attacker": 2, "defender": 0}
    g.play("commit 0")
    events = g.play("commit 0")
    assert leader_at(g, 1, "black") is None
    assert "war_skipped" in types(events)
    assert g.pending is None
    assert leader_at(g, 0, "red") == "A5" and leader_at(g, 1, "red") == "H5"
    assert points(g, 0)["black"] == 1


def test_the_second_war_follows_when_the_kingdoms_stay_joined() -> None:
    g = two_war_game()
    g.play("tile red E5")
    g.play("war red")
    assert g.pending["colour"] == "red"
    g.play("commit 0")
    g.play("commit 0")  # red 1 - 1: Bull defends and wins; Archer's priest goes home
    assert leader_at(g, 0, "red") is None
    assert g.pending["kind"] == "war" and g.pending["colour"] == "black"  # the last war starts by itself


def test_attacker_is_the_first_owner_clockwise_when_the_active_player_is_not_involved() -> None:
    g = game(tiles(red="B5 C5 E5"), [{"red": "B6"}, {"red": "E6"}, {}], players=3, player=2)
    g.play("tile red D5")
    assert (g.pending["attacker"], g.pending["defender"]) == (0, 1)
    assert g.to_move == 0
    h = game(tiles(red="B5 C5 E5"), [{"red": "B6"}, {}, {"red": "E6"}], players=3, player=1)
    h.play("tile red D5")
    assert (h.pending["attacker"], h.pending["defender"]) == (2, 0)


def test_war_order_is_asked_of_the_active_player_even_when_not_involved() -> None:
    g = game(tiles(red="B5 G5", black="C5 D5"), [{"red": "A5", "black": "B6"}, {"black": "F5", "red": "H5"}, {}],
             players=3, player=2)
    g.play("tile red E5")
    assert g.pending["kind"] == "war_order" and g.to_move == 2
