"""French elides where a slotted name meets the word before it ("Au tour d'Archer", "celui d'Urne") and contracts
"de le"/"à les" (bot/language/grammar.py): in one place, every French text formatted through the catalogs; squares,
numbers and other languages are left as they are."""

from __future__ import annotations

import pytest

from bot.language.grammar import FrenchText, french
from bot.language.locales import load
from bot.language.table_words import event_line


@pytest.fixture(scope="module")
def fr():
    return load().texts["fr"]


@pytest.mark.parametrize(("template", "value", "said"), [
    ("Au tour de {who}.", "Archer", "Au tour d'Archer."),
    ("celui de {who}", "Urne", "celui d'Urne"),
    ("Plus que {who}", "Alice", "Plus qu'Alice"),
    ("{a} ou la {b}", "Étoile", "{a} ou l'Étoile"),
    ("De {who}", "Émile", "D'Émile"),
    ("je {verb}", "arrive", "j'arrive"),
    ("ne {verb}", "ose", "n'ose"),
    ("les coups de **{name}**", "Alice", "les coups d'**Alice**"),
    ("les coups de {name}", "**Alice**", "les coups d'**Alice**"),
    ("Au tour de {who}.", "Taureau", "Au tour de Taureau."),  # a consonant: nothing to elide
    ("chef de {square}", "E5", "chef de E5"),  # a square is not a word
    ("plus que {n}", "8", "plus que 8"),
    ("inde {who}", "Archer", "inde Archer"),  # only a whole word elides
    ("la couleur de {leader}", "le roi", "la couleur du roi"),
    ("la couleur de {leaders}", "les rois", "la couleur des rois"),
    ("à {leader}", "le roi", "au roi"),
    ("À {leaders}", "les prêtres", "Aux prêtres"),
])
def test_french_elides_and_contracts_at_a_slot(template, value, said):
    field = template[template.index("{") + 1:template.index("}")]
    if "{a}" in template:
        assert FrenchText(template).format(a="x", b=value) == said.replace("{a}", "x")
    else:
        assert FrenchText(template).format(**{field: value}) == said


def test_the_rule_sees_only_what_meets_at_the_slot():
    assert french("Au tour de ", "Archer") == ("Au tour d'", "Archer")
    assert french("de ", "Archer et Lion") == ("d'", "Archer et Lion")
    assert french("", "Archer") == ("", "Archer")


def test_every_french_text_of_the_catalogs_elides(fr):
    assert event_line({"type": "turn", "seat": 0}, t=fr) == "Au tour d'Archer."
    assert event_line({"type": "turn", "seat": 1}, t=fr) == "Au tour de Taureau."
    revolt = {"type": "revolt", "attacker": 3, "defender": 0, "colour": "red", "attacker_square": "E5",
              "defender_square": "F6", "strength": {"attacker": 2, "defender": 1}}
    assert event_line(revolt, t=fr).startswith("Révolte ! Le chef rouge d'Urne en E5 défie celui d'Archer en F6")
    # The catalogs' lookups hand out texts that know the rule; ngettext and pgettext too.
    assert fr.gettext("{name}'s turn").format(name="Urne") == "Au tour d'Urne"
    assert isinstance(fr.ngettext("{n} tile", "{n} tiles", 2), FrenchText)


def test_other_languages_and_english_fallbacks_are_formatted_as_written():
    de, en = load().texts["de"], load().texts["en"]
    assert not isinstance(de.gettext("{who}'s turn."), FrenchText) and type(en.gettext("{who}'s turn.")) is str
    assert de.gettext("{name}'s turn").format(name="Archer") == "Archer ist am Zug"
    fr = load().texts["fr"]
    untranslated = fr.gettext("a text nobody translated, de {who}")
    assert untranslated.format(who="Archer") == "a text nobody translated, de Archer"
