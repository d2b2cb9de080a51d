"""Setup, board data, positions, views and determinism."""

import json
from pathlib import Path

import pytest

from engine import Game, IllegalMove, PositionError
from engine.boards import BOARDS
from engine.squares import SQUARE_NAMES
from tests.engine_helpers import game, tiles

DATA = Path(__file__).resolve().parents[2] / "data" / "boards.json"


@pytest.mark.parametrize("name", ["standard", "advanced"])
def test_engine_boards_match_the_data_file(name: str) -> None:
    data = json.loads(DATA.read_text())[name]
    board = BOARDS[name]
    assert sorted(SQUARE_NAMES[i] for i, r in enumerate(board.river) if r) == sorted(data["rivers"])
    assert sorted(SQUARE_NAMES[i] for i in board.temples) == sorted(data["temples"])
    assert sorted(SQUARE_NAMES[i] for i in board.corners) == sorted(data["corner_treasures"])


@pytest.mark.parametrize(("board", "temples", "red_in_bag"), [("standard", 10, 47), ("advanced", 14, 43)])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_new_game_sets_out_temples_treasures_bag_and_hands(board: str, temples: int, red_in_bag: int,
                                                            players: int) -> None:
    g = Game.new(players=players, seed=11, board=board)
    pos = g.position()
    assert len(pos["tiles"]) == temples and set(pos["tiles"].values()) == {"red"}
    assert sorted(pos["treasures"]) == sorted(pos["tiles"])
    in_hands = [sum(p["hand"].values()) for p in pos["players"]]
    assert in_hands == [6] * players
    assert sum(pos["bag"].values()) == 153 - temples - 6 * players
    drawn_red = sum(p["hand"]["red"] for p in pos["players"])
    assert pos["bag"]["red"] == red_in_bag - drawn_red
    assert [p["dynasty"] for p in pos["players"]] == ["archer", "bull", "lion", "urn"][:players]
    assert all(p["catastrophes"] == 2 and all(v is None for v in p["leaders"].values()) for p in pos["players"])
    assert pos["turn"]["actions_left"] == 2 and pos["over"] is False and pos["pending"] is None


def test_first_player_is_drawn_by_the_seed() -> None:
    firsts = {Game.new(players=4, seed=s).to_move for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert Game.new(players=4, seed=5).to_move == Game.new(players=4, seed=5).to_move


def test_same_seed_and_moves_give_the_same_game() -> None:
    a, b = Game.new(players=3, seed=99), Game.new(players=3, seed=99)
    for _ in range(60):
        move = a.legal_moves()[len(a.legal_moves()) // 3]
        assert a.play(move) == b.play(move)
    assert a.position() == b.position()
    assert Game.new(players=3, seed=100).position() != Game.new(players=3, seed=99).position()


def test_new_game_refuses_bad_options() -> None:
    with pytest.raises(ValueError, match="2, 3 or 4 players"):
        Game.new(players=5)
    with pytest.raises(ValueError, match="Unknown board"):
        Game.new(board="moon")
    with pytest.raises(ValueError, match="hidden or open"):
        Game.new(options={"scores": "loud"})


def test_hand_written_position_defaults_and_round_trip() -> None:
    g = game(tiles(red="B5"), [{"black": "B6"}])
    pos = g.position()
    assert pos["options"] == {"scores": "hidden"}
    assert pos["players"][1]["catastrophes"] == 2
    assert pos["players"][0]["points"] == {"red": 0, "blue": 0, "green": 0, "black": 0, "treasure": 0}
    assert pos["seed"] == 0 and pos["short_draw"] is False and pos["over"] is False
    assert Game.from_position(pos).position() == pos
    assert Game.from_position(pos) == g


def test_round_trip_in_the_middle_of_a_war() -> None:
    g = game(tiles(red="B5 C5 E5"), [{"red": "B6"}, {"red": "E6"}])
    g.play("tile red D5")
    assert g.pending["kind"] == "war"
    again = Game.from_position(json.loads(json.dumps(g.position())))
    assert again == g
    assert again.play("commit 1") == g.play("commit 1")
    assert again.play("commit 0") == g.play("commit 0")
    assert again == g


def test_bad_positions_are_refused_clearly() -> None:
    with pytest.raises(PositionError, match="2 to 4 players"):
        Game.from_position({"players": []})
    with pytest.raises(PositionError, match="not a square"):
        game({"Z9": "red"})
    with pytest.raises(PositionError, match="not a colour"):
        game({"A1": "pink"})
    with pytest.raises(PositionError, match="unknown board"):
        game(board="moon")


def test_view_hides_what_the_seat_may_not_know() -> None:
    g = Game.new(players=3, seed=4)
    g._state.players[0].points[3] = 2
    g._state.players[1].points[2] = 5
    v = g.view(0)
    assert v["players"][0]["hand"] == {"red": 1, "blue": 3, "green": 2, "black": 0}  # what seed 4 deals
    assert v["players"][0]["hand"] == g.position()["players"][0]["hand"]
    assert v["players"][1]["hand"] is None and v["players"][2]["hand"] is None
    assert [p["hand_size"] for p in v["players"]] == [6, 6, 6]
    assert v["players"][0]["points"] == {"red": 0, "blue": 0, "green": 0, "black": 2, "treasure": 0}
    assert v["players"][1]["points"] is None and v["players"][2]["points"] is None
    assert v["bag"] is None and v["seed"] is None
    assert v["bag_fill"] == 0.75  # 143 - 18 = 125 of 143 left: nearest quarter
    spectator = g.view(None)
    assert all(p["hand"] is None and p["points"] is None for p in spectator["players"])


def test_view_shows_points_when_scores_are_open_or_the_game_is_over() -> None:
    g = Game.new(players=2, seed=4, options={"scores": "open"})
    assert g.view(0)["players"][1]["points"] == {"red": 0, "blue": 0, "green": 0, "black": 0, "treasure": 0}
    h = game(over=True, short_draw=True)
    h._state.players[1].points[:] = [1, 2, 3, 4, 1]
    assert h.view(None)["players"][1]["points"] == {"red": 1, "blue": 2, "green": 3, "black": 4, "treasure": 1}


def test_view_hides_other_seats_swap_discards() -> None:
    g = game(hands=[{"red": 3, "black": 3}])
    g.play("swap red red black")
    mine, theirs = g.view(0), g.view(1)
    assert mine["players"][0]["swapped"] == {"red": 2, "blue": 0, "green": 0, "black": 1}
    assert theirs["players"][0]["swapped"] is None and theirs["players"][0]["swapped_count"] == 3
    assert mine["removed"]["red"] - theirs["removed"]["red"] == 2


@pytest.mark.parametrize(("left", "fill"), [(0, 0), (1, 0.25), (30, 0.25), (60, 0.5), (100, 0.75), (143, 1.0)])
def test_bag_fill_is_rounded_to_a_quarter_and_never_zero_unless_empty(left: int, fill: float) -> None:
    g = game(bag={"red": left, "blue": 0, "green": 0, "black": 0})
    assert g.view(0)["bag_fill"] == fill


def test_play_checks_the_seat() -> None:
    g = game()
    with pytest.raises(IllegalMove, match="not your turn: Archer is to play"):
        g.play("pass", seat=1)
    g.play("pass", seat=0)
    assert g.to_move == 1


def test_game_over_has_no_moves() -> None:
    g = game(over=True, short_draw=True)
    assert g.legal_moves() == [] and g.to_move is None
    with pytest.raises(IllegalMove, match="over"):
        g.play("pass")


def test_the_vocabulary_is_defined_once_in_the_engine() -> None:
    import engine
    from render import model, palette

    assert engine.COLOURS == ("red", "blue", "green", "black")
    assert engine.DYNASTIES == ("archer", "bull", "lion", "urn")
    assert engine.TILE_NAMES == ("temple", "farm", "market", "settlement")
    assert engine.LEADER_NAMES == ("priest", "farmer", "trader", "king")
    assert engine.MONUMENT_NAMES == ("red-blue", "red-green", "red-black", "blue-green", "blue-black", "green-black")
    assert engine.BOARD_NAMES == ("standard", "advanced")
    assert engine.POINT_KEYS == ("red", "blue", "green", "black", "treasure")
    assert palette.COLOURS is engine.COLOURS and model.DYNASTIES is engine.DYNASTIES
    assert model.MONUMENTS is engine.MONUMENT_NAMES and model.POINT_KEYS is engine.POINT_KEYS
