"""Positions stored by the engine before its current version still load and play on correctly."""

import json
from pathlib import Path

import pytest

from engine import Game, PositionError
from tests.engine_helpers import game, tiles

# Written by the engine as it was before `version` (revision 1): see each scenario below.
STORED = json.loads((Path(__file__).parent / "data" / "positions_v1.json").read_text())


def test_a_revolt_of_the_first_action_counts_that_action_as_taken() -> None:
    old = Game.from_position(STORED["revolt_first_action"])
    new = game(tiles(red="B5 C5"), [{"red": "B6"}], player=1)
    new.play("leader red D5")
    assert old == new
    assert STORED["revolt_first_action"]["turn"]["actions_left"] == 2
    assert old.position()["turn"] == {"player": 1, "actions_left": 1}
    assert old.view(None)["turn"]["actions_left"] == 1 and old.view(0)["turn"]["actions_left"] == 1
    old.play("commit 0")
    old.play("commit 0")
    assert old.to_move == 1 and old.position()["turn"]["actions_left"] == 1
    assert [e["type"] for e in old.play("pass")][-1] == "turn"


def test_a_war_of_the_second_action_leaves_none() -> None:
    old = Game.from_position(STORED["war_second_action"])
    new = game(tiles(red="B5 C5 E5"), [{"red": "B6"}, {"red": "E6"}],
               hands=[{"red": 1, "blue": 5}, {"red": 3, "blue": 3}])
    for move in ("tile blue A4", "tile red D5", "commit 0"):
        new.play(move)
    assert old == new
    assert old.view(1)["turn"]["actions_left"] == 0
    events = old.play("commit 2")
    assert [e["type"] for e in events][-1] == "turn" and old.to_move == 1


def test_a_position_without_a_decision_reads_as_it_was() -> None:
    stored = STORED["seeded_one_action_taken"]
    g = Game.from_position(stored)
    assert g.position() == {**stored, "version": 2}
    g.play(g.legal_moves()[0])


def test_positions_name_their_version_and_refuse_one_from_the_future() -> None:
    assert Game.new().position()["version"] == 2
    with pytest.raises(PositionError, match="unknown engine version 3"):
        Game.from_position({**Game.new().position(), "version": 3})
    with pytest.raises(PositionError, match="unknown engine version '2'"):
        Game.from_position({**Game.new().position(), "version": "2"})
