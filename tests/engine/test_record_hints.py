"""A game played with hints on records how many hints each seat asked for; other records say nothing of hints."""

import json

import pytest

from engine import Game
from engine.record import RecordError, RecordPlayer, read, write

PLAYERS = [RecordPlayer("Alice"), RecordPlayer("Bob")]


def short_game() -> Game:
    g = Game.new(players=2, seed=3)
    for _ in range(6):
        g.play(g.legal_moves()[0])
    return g


def test_the_hints_each_seat_used_round_trip_through_the_record() -> None:
    record = write(short_game(), PLAYERS, hints=[0, 3])
    data = json.loads(record.dumps())
    assert data["hints"] == [0, 3]
    assert read(record.dumps()).hints == (0, 3)


def test_a_game_without_hints_writes_no_hints_key() -> None:
    record = write(short_game(), PLAYERS)
    assert "hints" not in record.to_json()
    assert read(record.dumps()).hints is None


@pytest.mark.parametrize("bad", [[1], [0, -1], [0, "2"], "3", [0, 1.5]])
def test_a_record_with_malformed_hints_is_refused_in_words(bad: object) -> None:
    data = write(short_game(), PLAYERS).to_json()
    data["hints"] = bad
    with pytest.raises(RecordError, match="hints must list how many hints each of the 2 seats used"):
        read(json.dumps(data))


def test_writing_hints_for_the_wrong_number_of_seats_is_refused() -> None:
    with pytest.raises(RecordError, match="hints must list"):
        write(short_game(), PLAYERS, hints=[1, 2, 3])
