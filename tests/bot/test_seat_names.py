"""Seats told apart (engine/names.py in English, bot/language/seat_names.py in the reader's language): a computer by its
level, the dynasty added only where two seats would read the same, people with one name too (issue 38)."""

from __future__ import annotations

from bot.language import locales
from bot.language.seat_names import label, name_map, seat_names
from engine.names import renamed, renamed_text
from engine.names import seat_names as english

NAMES = ["Alex", "Medium computer", "Medium computer 2", "Alex"]
KINDS = [None, "medium", "medium", "resigned"]  # the bot's rows: a person, two computers, a person who resigned


def test_two_computers_of_a_level_and_two_people_of_a_name_are_told_apart_in_every_language():
    texts = locales.load()
    assert english(NAMES, ["human", "medium", "medium", "human"]) == [
        "Alex (Archer)", "Medium computer (Bull)", "Medium computer (Lion)", "Alex (Urn)"]
    assert seat_names(NAMES, KINDS) == ["Alex (Archer)", "Medium computer (Bull)", "Medium computer (Lion)",
                                        "Alex (Urn)"]
    assert seat_names(NAMES, KINDS, texts.for_tag("de")) == [
        "Alex (Bogenschütze)", "Computer (mittel, Stier)", "Computer (mittel, Löwe)", "Alex (Urne)"]
    assert seat_names(NAMES, KINDS, texts.for_tag("fr"))[1:3] == ["Ordinateur (moyen, Taureau)",
                                                                  "Ordinateur (moyen, Lion)"]


def test_a_seat_nobody_shares_keeps_its_plain_name_and_a_label_always_has_the_dynasty():
    de = locales.load().for_tag("de")
    assert seat_names(["Alex", "Hard computer"], [None, "hard"]) == ["Alex", "Hard computer"]
    assert seat_names(["Alex", "Hard computer"], [None, "hard"], de) == ["Alex", "Computer (schwer)"]
    assert label("Hard computer", "hard", 1) == "Hard computer (Bull)"
    assert label("Hard computer", "hard", 1, de) == "Computer (schwer, Stier)"


def test_stored_sentences_name_the_seats_as_they_are_named_now():
    said = seat_names(NAMES[:3], KINDS[:3])
    mapping = name_map(NAMES[:3], KINDS[:3], said)
    text = "Medium computer 2 took 3; Medium computer (Lion) and Medium computer scored; Alex won."
    assert renamed_text(text, mapping) == ("Medium computer (Lion) took 3; Medium computer (Lion) and Medium "
                                           "computer (Bull) scored; Alex won.")
    words = (("gives {name} {n} fewer points", {"name": "Medium computer 2", "n": 2}),)
    assert renamed(words, mapping) == (("gives {name} {n} fewer points", {"name": "Medium computer (Lion)", "n": 2}),)
    # A stored name two seats share says nobody: it is left as it was.
    assert "Alex" not in name_map(NAMES, KINDS, seat_names(NAMES, KINDS))
