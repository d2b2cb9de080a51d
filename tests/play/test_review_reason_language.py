"""`python -m play --review`'s costly lines say the engine's reason in the terminal's language; English as given."""

from __future__ import annotations

from bot.language.locales import load
from engine.ai.explain import Conflict, Effects, review_reason, review_words
from engine.ai.review import MoveReview
from play.review import move_line

NAMES = ("Alice", "Bob")
QUIET = ((0, 0, 0, 0, 0), (0, 0, 0, 0, 0))


def thrown_war() -> MoveReview:
    war = Conflict("war", "black", "F4", winner=1, loser=0, gained=2, gained_colour="black")
    lost, kept = [Effects(QUIET, (war,), (), ())] * 2, [Effects(QUIET, (), (), ())] * 2
    args = ("commit 0", "commit 2", kept, kept, lost, kept, 0, NAMES, (0.2, 0.5))
    return MoveReview(7, 0, "commit 0", "commit 2", 0.2, 0.5, "blunder", review_reason(*args), review_words(*args))


def test_the_reason_reads_in_german_and_french_and_in_english_as_the_engine_gave_it() -> None:
    mv = thrown_war()
    english = move_line(mv)
    assert english.endswith(": " + mv.reason) and "lost the war at F4" in english
    german = move_line(mv, t=load().for_tag("de"))
    assert "Krieg auf F4" in german and "lost the war" not in german and "commit 2" in german
    french = move_line(mv, t=load().for_tag("fr"))
    assert "guerre" in french and "lost the war" not in french and "commit 2" in french


def test_a_review_stored_without_words_keeps_its_english_reason() -> None:
    mv = thrown_war()
    old = MoveReview(mv.index, mv.seat, mv.played, mv.best, mv.chance_played, mv.chance_best, mv.label, mv.reason)
    assert move_line(old, t=load().for_tag("de")).endswith(": " + mv.reason)
