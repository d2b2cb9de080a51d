"""The game's words in each language: every piece said one way, the published German terms, ranks by language."""

import pytest

from bot.language import words as W
from bot.language.locales import ENGLISH, load
from engine.constants import COLOURS

LOCALES = load()
DE, FR = LOCALES.for_tag("de"), LOCALES.for_tag("fr")


def test_english_says_the_pieces_as_the_notation_does() -> None:
    assert [W.leader(c) for c in COLOURS] == ["red (priest)", "blue (farmer)", "green (trader)", "black (king)"]
    assert [W.tile(c, ENGLISH) for c in COLOURS] == ["temple", "farm", "market", "settlement"]
    assert [W.dynasty(s) for s in range(4)] == ["Archer", "Bull", "Lion", "Urn"]


def test_german_uses_the_published_terms() -> None:
    assert [W.tile(c, DE) for c in COLOURS] == ["Tempel", "Bauernhof", "Markt", "Siedlung"]
    assert [W.leader_name(c, DE) for c in COLOURS] == ["Priester", "Bauer", "Händler", "König"]
    assert W.leader("black", DE) == "schwarz (König)"


def test_french_says_the_pieces_in_french() -> None:
    assert [W.tile(c, FR) for c in COLOURS] == ["temple", "ferme", "marché", "colonie"]
    assert W.leader("red", FR) == "rouge (prêtre)" and W.leader_name("blue", FR) == "fermier"
    assert W.dynasty(1, FR) == "Taureau"


@pytest.mark.parametrize(("lang", "ranks"), [("en", ["1st", "2nd", "3rd", "4th", "11th", "21st"]),
                                             ("de", ["1.", "2.", "3.", "4.", "11.", "21."]),
                                             ("fr", ["1er", "2e", "3e", "4e", "11e", "21e"])])
def test_ranks_are_said_as_each_language_writes_them(lang: str, ranks: list[str]) -> None:
    t = LOCALES.for_tag(lang)
    assert [W.ordinal(n, t) for n in (1, 2, 3, 4, 11, 21)] == ranks


def test_a_count_takes_the_form_its_number_needs_and_english_where_untranslated() -> None:
    assert W.count(1, "{n} tile", "{n} tiles") == "1 tile"
    assert W.count(3, "{n} tile", "{n} tiles", DE) == "3 Plättchen"
    assert W.count(1, "{n} tile", "{n} tiles", FR) == "1 tuile" and W.count(0, "{n} tile", "{n} tiles", FR) == "0 tuile"
    # No German entry for this text: English, never an id.
    assert W.count(3, "{n} camel", "{n} camels", DE) == "3 camels"
