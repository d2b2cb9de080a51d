"""Undo: the rule of what may be taken back, and that it works the same after a position round trip."""

import json
from pathlib import Path

import pytest

from engine import Game, IllegalMove, Move, PositionError
from tests.engine_helpers import game, tiles

NOTHING = "There is nothing to undo."
DREW = "That action drew tiles or ended the turn, so it cannot be undone."
DECISION = "Decisions (reinforcements, war order, monuments, treasures) cannot be undone."


def round_trip(g: Game) -> Game:
    return Game.from_position(json.loads(json.dumps(g.position())))


def refusal(g: Game, seat: int | None = None) -> str:
    before = g.position()
    assert not g.can_undo(seat)
    with pytest.raises(IllegalMove) as err:
        g.undo(seat)
    assert g.position() == before
    return str(err.value)


def test_a_new_game_has_nothing_to_undo() -> None:
    assert refusal(Game.new()) == NOTHING


@pytest.mark.parametrize("reload", [False, True])
def test_an_action_that_revealed_nothing_is_taken_back_exactly(reload: bool) -> None:
    g = game(tiles(red="B5"), [{"black": "B6"}])
    start = g.position()
    g.play("tile red C5")  # scores for Archer's king
    if reload:
        g = round_trip(g)
    assert g.can_undo(0) and g.can_undo()
    assert g.undo(0) == Move.parse("tile red C5")
    assert g.position() == start
    assert refusal(g) == NOTHING


@pytest.mark.parametrize("reload", [False, True])
def test_both_actions_of_a_turn_are_taken_back_one_at_a_time(reload: bool) -> None:
    g = game(tiles(red="B5 C5"), [{"red": "B6"}], player=1)
    start = g.position()
    g.play("tile red H5")
    after_first = g.position()
    g.play("leader red D5")  # a revolt: Bull attacks, nobody has decided yet
    assert g.pending["kind"] == "revolt"
    if reload:
        g = round_trip(g)
    assert str(g.undo(1)) == "leader red D5"
    assert g.position() == after_first and g.pending is None
    if reload:
        g = round_trip(g)
    assert str(g.undo(1)) == "tile red H5"
    assert g.position() == start
    assert [p.move for p in g.move_stack] == []


def test_a_tile_that_opened_a_monument_choice_a_catastrophe_and_a_forced_treasure_are_undone() -> None:
    g = game(tiles(red="B5 C5 B6"))
    start = g.position()
    g.play("tile red C6")
    assert g.pending["kind"] == "monument"
    g.undo()
    assert g.position() == start

    g = game(tiles(red="B5"), [{"red": "B6"}])
    start = g.position()
    g.play("catastrophe B5")
    assert g.position()["players"][0]["leaders"].get("red") is None
    g.undo()
    assert g.position() == start

    g = game(tiles(red="B2 B3 C3"), treasures=["B2", "B3", "C3", "K1", "K11"])
    start = g.position()
    g.play("leader green A3")  # takes the corner treasure B2, then a choice is awaited
    g.undo()
    assert g.position() == start


def test_a_swap_a_pass_and_a_turn_ending_action_cannot_be_undone() -> None:
    g = game()
    g.play("swap red blue")
    assert refusal(g, 0) == DREW
    g = game()
    g.play("pass")
    assert refusal(g) == DREW
    g = game()
    g.play("leader black J1")
    g.play("leader red L1")  # the turn's last action ends it
    assert g.to_move == 1
    assert refusal(g, 0) == DREW
    assert refusal(g, 1) == "You can only undo your own last action, and someone else has moved since."
    g.play("tile red A2")
    assert g.undo(1) == Move.parse("tile red A2")
    assert refusal(g, 1) == "You can only undo your own last action, and someone else has moved since."
    assert refusal(g, 0) == DREW


def test_decisions_are_never_undone_nor_anything_before_them() -> None:
    g = game(tiles(red="B5 C5"), [{"red": "B6"}], player=1)
    g.play("leader red D5")
    g.play("commit 1")
    assert refusal(g, 1) == DECISION
    g.play("commit 0")
    assert refusal(g, 0) == DECISION
    assert refusal(g, 1) == "You can only undo your own last action, and someone else has moved since."


def test_only_the_player_whose_action_it_was_may_undo_it() -> None:
    g = game(tiles(red="B5 C5"), [{"red": "B6"}], player=1)
    g.play("leader red D5")  # Bull's revolt: Bull commits first
    assert refusal(g, 0) == "You can only undo your own last action."
    assert g.can_undo(1)


def test_undo_after_a_round_trip_keeps_the_rest_of_the_game_playing_the_same() -> None:
    g = Game.new(players=3, seed=8)
    while True:
        legal = [m for m in g.legal_moves() if m.startswith("tile")]
        g.play(legal[len(legal) // 2])
        if g.can_undo():
            break
        g.play("pass") if g.pending is None else g.play(g.legal_moves()[0])
    stored = g.position()
    assert set(stored["undo"]) == {"moves", "before"} and "undo" not in g.view(None)
    loaded = round_trip(g)
    assert loaded.position() == stored
    g.undo()
    loaded.undo()
    assert loaded.position() == g.position()
    for _ in range(30):
        move = g.legal_moves()[0]
        assert loaded.play(move) == g.play(move)
    assert loaded.position() == g.position()


def test_positions_stored_before_undo_existed_load_with_nothing_to_undo() -> None:
    stored = json.loads((Path(__file__).parent / "data" / "positions_v1.json").read_text())
    for pos in stored.values():
        assert refusal(Game.from_position(pos)) == NOTHING


def test_a_search_copy_keeps_no_undo() -> None:
    g = game()
    g.play("tile red A2")
    assert g.can_undo()
    bare = g.copy(history=False)
    assert refusal(bare) == NOTHING
    bare.play("tile red A3")
    assert refusal(bare) == NOTHING
    assert g.copy().can_undo()


@pytest.mark.parametrize(
    ("undo", "why"),
    [
        ("tile red A2", "undo must be"),
        ({"moves": [], "before": {}}, "undo must be"),
        ({"moves": ["tile red A2"], "before": []}, "undo must be"),
        ({"moves": ["dance"], "before": {}}, "undo.moves: 'dance' is not a move"),
        ({"moves": ["pass"], "before": {}}, "only tile, leader, withdraw and catastrophe"),
        ({"moves": ["tile red A2"], "before": {"tiles": {"A2": "pink"}}}, "undo.before: tile on A2"),
        ({"moves": ["tile red A2"], "before": {"turn": {"player": 1}}}, "not the start of an action"),
    ],
)
def test_a_damaged_undo_key_is_refused(undo: object, why: str) -> None:
    g = game()
    g.play("tile red A2")
    with pytest.raises(PositionError, match=why):
        Game.from_position({**g.position(), "undo": undo})
