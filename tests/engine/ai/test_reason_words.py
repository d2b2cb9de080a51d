"""A review's and a hint's reason as words (engine/ai/phrases.py): said with no lookups they are the English reason
word for word; they are kept in the stored review and read back, a review stored before them reads with none, and
stored words that are not phrases are refused in words."""

from __future__ import annotations

import json

import pytest

from engine.ai.explain import Conflict, Effects, hint_reason, hint_words, review_reason, review_words
from engine.ai.phrases import say, templates
from engine.ai.review import MoveReview, Review, ReviewError

NAMES = ("Alice", "Bob")
NOTHING = ((0, 0, 0, 0, 0), (0, 0, 0, 0, 0))


def runs(points=NOTHING, conflicts=(), home=(), monuments=()) -> list[Effects]:
    return [Effects(points, conflicts, home, monuments)] * 2


def lost_war() -> tuple:
    war = Conflict("war", "black", "F4", winner=1, loser=0, gained=2, gained_colour="black")
    return (runs(conflicts=(war,)), runs())


def german(message: str) -> str:
    """A stand-in language that marks every lookup, to see which words go through it."""
    return f"<{message}>"


def test_a_lost_war_said_in_english_is_the_reason_and_its_parts_go_through_the_lookups():
    own_played, own_best = lost_war()
    words = review_words("commit 0", "commit 2", runs(), runs(), own_played, own_best, 0, NAMES, (0.2, 0.5))
    english = review_reason("commit 0", "commit 2", runs(), runs(), own_played, own_best, 0, NAMES, (0.2, 0.5))
    assert say(words) == english == ("Committing 0 lost the war at F4: Bob took 2 black points; committing 2 would "
                                      "have cost less.")
    marked = say(words, german, lambda one, many, n: f"<{one if n == 1 else many}>")
    assert marked.startswith("<Committing 0 lost the war at F4: Bob took <2 <black> points>;")


def test_points_rivals_and_leaders_said_in_english_are_the_reason():
    played = runs(points=((0, 0, 0, 0, 0), (3, 0, 0, 0, 2)), home=((0, "red"), (0, "blue")))
    best = runs(points=((2, 1, 0, 0, 1), (0, 0, 0, 0, 0)))
    args = ("tile red F4", "leader blue G7", played, best, runs(), runs(), 0, NAMES, (0.3, 0.4))
    assert say(review_words(*args)) == review_reason(*args) == (
        "Against tile red F4, leader blue G7 scores 2 more red and 1 more blue points, takes 1 more treasure and "
        "gives Bob 5 fewer points (3 red, 2 treasures).")
    leaders = ("tile red F4", "pass", runs(home=((0, "red"), (0, "black"))), runs(), runs(), runs(), 0, NAMES,
               (0.3, 0.4))
    assert say(review_words(*leaders)) == "Against tile red F4, pass keeps your red (priest) and black (king) on " \
                                          "the board."
    quiet = ("pass", "tile red F4", runs(), runs(), runs(), runs(), 0, NAMES, (0.31, 0.42))
    assert say(review_words(*quiet)) == ("tile red F4 leaves you better placed than pass: a 42% chance to win "
                                         "against 31% after the rivals' replies.")


def test_a_hints_words_said_in_english_are_its_reason():
    revolt = Conflict("revolt", "red", "C3", winner=0, loser=1, gained=1, gained_colour="red")
    done = runs(points=((1, 0, 3, 0, 1), NOTHING[1]), conflicts=(revolt,), home=((1, "green"),),
                monuments=((0, "red-blue"),))
    assert say(hint_words("tile red F4", done, 0)) == hint_reason("tile red F4", done, 0) == (
        "fights the revolt over the red (priest) at C3, which you are likely to win, scores 1 red and 3 green "
        "points and takes 1 treasure.")
    assert say(hint_words("decline", runs(), 0)).startswith("no monument here is worth its tiles to you")
    assert "red-blue" in say(hint_words("pass", runs(monuments=((0, "red-blue"),)), 0))


def test_every_template_is_a_marked_literal():
    own_played, own_best = lost_war()
    words = review_words("tile red F4", "pass", runs(), runs(), own_played, own_best, 0, NAMES, (0.2, 0.5))
    assert templates(words) == ["{played} lost the war at {at} ({winner} took {took}); {best} avoids it.",
                                ("{n} {colour} point", "{n} {colour} points")]


def review_with(words) -> Review:
    mv = MoveReview(0, 0, "pass", "tile red F4", 0.3, 0.4, "inaccuracy", say(words) if words else "", words)
    return Review((), (mv,), ())


def test_the_words_are_stored_and_read_back():
    own_played, own_best = lost_war()
    words = review_words("tile red F4", "pass", runs(), runs(), own_played, own_best, 0, NAMES, (0.2, 0.5))
    stored = json.loads(json.dumps(review_with(words).to_json()))
    assert stored["moves"][0]["words"]
    back = Review.from_json(stored)
    assert back == review_with(words) and say(back.moves[0].words) == back.moves[0].reason


def test_a_review_stored_before_the_words_reads_with_english_only():
    own_played, own_best = lost_war()
    words = review_words("tile red F4", "pass", runs(), runs(), own_played, own_best, 0, NAMES, (0.2, 0.5))
    stored = json.loads(json.dumps(review_with(words).to_json()))
    del stored["moves"][0]["words"]
    (mv,) = Review.from_json(stored).moves
    assert mv.words == () and mv.reason == say(words)
    assert "words" not in review_with(()).to_json()["moves"][0], "a move without a reason stores no words"


@pytest.mark.parametrize("spoil", ["not a list", [["only a template"]], [[5, {}]], [["{n}", {"n": None}]],
                                   [[["one", "two", "three"], {"n": 1}]], [["{x}", {"x": {"each": "nope"}}]]])
def test_stored_words_that_are_not_phrases_are_refused(spoil):
    stored = json.loads(json.dumps(review_with(()).to_json()))
    stored["moves"][0]["words"] = spoil
    with pytest.raises(ReviewError, match="malformed"):
        Review.from_json(stored)


def test_a_fight_likely_lost_is_never_named_without_why_it_is_still_the_choice():
    """A hint's move that fights a conflict lost on most deals says why it is still best, for a war and a revolt."""
    for kind, at in (("war", "F4"), ("revolt", "G5")):
        lost = Conflict(kind, "black", at, winner=1, loser=0, gained=2, gained_colour="black")
        reason = hint_reason("tile black F4", runs(conflicts=(lost,)), 0)
        assert "likely to lose" in reason and "but every other choice here leaves you worse off" in reason


def test_quiet_moves_are_never_given_the_same_words():
    """Moves that score and fight nothing on the deals each get a reason of their own, naming the move."""
    moves = ["tile red F7", "tile red G7", "tile blue F7", "leader black O8", "leader red O8", "swap red blue",
             "swap red blue green", "withdraw green", "catastrophe F5", "pass"]
    reasons = [hint_reason(move, runs(), 0) for move in moves]
    assert len(set(reasons)) == len(reasons)
    assert "F7" in reasons[0] and "red" in reasons[0] and "black (king)" in reasons[3]


def test_a_decided_games_reason_speaks_of_margin_not_of_equal_chances():
    """Where both chances read the same (a decided game), the reason says the points of margin instead."""
    words = review_words("pass", "tile red F7", runs(), runs(), runs(), runs(), 0, NAMES, (1.0, 1.0), 2.54)
    assert say(words) == ("tile red F7 leaves you better placed than pass: 2.5 more points of final margin after the "
                          "rivals' replies.")
    assert "chance" in say(review_words("pass", "tile red F7", runs(), runs(), runs(), runs(), 0, NAMES, (0.2, 0.3),
                                        2.54))


def test_the_numbers_in_a_reason_are_said_in_the_readers_form_when_the_front_end_gives_one():
    from engine.ai.phrases import N_, phrase

    margin = (phrase(N_("{best} leaves you better placed than {played}: {margin} more points of final margin after "
                        "the rivals' replies."), best="tile red F7", played="pass", margin="2.5"),)
    chance = (phrase(N_("{best} leaves you better placed than {played}: a {chance_best} chance to win against "
                        "{chance_played} after the rivals' replies."), best="b", played="p", chance_best="47%",
                     chance_played="4%"),)
    comma = {"decimal": lambda v: f"{v:.1f}".replace(".", ","), "percent": lambda c: f"{round(100 * c)}\u00a0%"}
    assert "2,5 more points" in say(margin, **comma) and "2.5 more points" in say(margin)
    assert "a 47\u00a0% chance to win against 4\u00a0% after" in say(chance, **comma)
    assert say(chance) == "b leaves you better placed than p: a 47% chance to win against 4% after the rivals' replies."
