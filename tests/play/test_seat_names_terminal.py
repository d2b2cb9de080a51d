"""The terminal tells two computers of one level apart by their dynasties (issue 38): the records it writes name
them so, and an older record that numbered them ('Medium computer 2') still reads, replays and is reviewed with
each seat named by its dynasty, in the review's lines and in the reasons it kept."""

from __future__ import annotations

import random

from engine import Game
from engine.ai.review import MoveReview, PlayerReview, Review
from engine.record import RecordPlayer, Resignation, read, write
from play.records import players
from play.review import review_text

OLD = [RecordPlayer("You"), RecordPlayer("Medium computer", "medium"), RecordPlayer("Medium computer 2", "medium")]


def old_record(moves: int = 6, seed: int = 5) -> str:
    """A record as the terminal wrote it before: three seats, the second medium computer numbered."""
    g, rng = Game.new(players=3, seed=seed), random.Random(seed)
    for _ in range(moves):
        g.play(rng.choice(g.legal_moves()))
    return write(g, OLD, termination="resignation", resigned=[Resignation(0, moves)], date="2024-05-01T10:00:00Z",
                 site="terminal").dumps()


def planted_review(index: int, seat: int, seats: int = 3) -> Review:
    """A review whose one costly move says what older reviews said of the numbered computer."""
    reason = "Against tile red A1, tile blue B2 gives Medium computer 2 2 fewer points (2 treasures)."
    move = MoveReview(index=index, seat=seat, played="tile red A1", best="tile blue B2", chance_played=0.2,
                      chance_best=0.4, label="mistake", reason=reason)
    figures = tuple(PlayerReview(seat=s, accuracy=80.0, inaccuracies=0, mistakes=int(s == seat), blunders=0,
                                 costliest=(index,) if s == seat else ()) for s in range(seats))
    return Review(players=figures, moves=(move,), curve=((1 / seats,) * seats,) * 2)


def test_new_terminal_records_name_two_computers_of_a_level_by_their_dynasties():
    assert players(3, 0, {1: "medium", 2: "medium"}, "alice") == [
        RecordPlayer("alice"), RecordPlayer("Medium computer (Bull)", "medium"),
        RecordPlayer("Medium computer (Lion)", "medium")]
    assert players(2, 0, {1: "hard"}, "alice") == [RecordPlayer("alice"), RecordPlayer("Hard computer", "hard")]


def test_an_old_record_with_a_numbered_computer_reads_replays_and_is_reviewed_with_dynasties():
    record = read(old_record())
    assert [p.name for p in record.players] == ["You", "Medium computer", "Medium computer 2"]
    assert len(record.replay().standings()) == 3  # the record still replays
    first_of_seat_0 = next(i for i, m in enumerate(record.moves) if m.seat == 0)
    text = review_text(record, planted_review(first_of_seat_0, 0), "old.tne.json")
    assert "Medium computer (Bull): accuracy" in text and "Medium computer (Lion): accuracy" in text, text
    assert "gives Medium computer (Lion) 2 fewer points" in text, text
    assert "computer 2" not in text
