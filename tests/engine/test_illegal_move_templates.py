"""The engine's refusals keep their English template and its values beside the English text, so a front end can
say the same in the player's language; every template is in the catalogs, translated."""

from __future__ import annotations

import pytest

from bot.language.catalogs import TEMPLATE, read
from bot.language.locales import load
from engine import Game, IllegalMove
from engine.boards import BOARDS
from engine.squares import SQUARE_NAMES
from tests.marked_texts import refusals

LOCALES = load()


def test_every_refusal_the_engine_raises_is_a_marked_template_in_every_catalog() -> None:
    found = list(refusals("engine", "IllegalMove"))
    assert len(found) > 40
    unmarked = [r.where for r in found if not r.texts]
    assert not unmarked, f"IllegalMove without an N_ template: {unmarked}"
    known = {m.id if isinstance(m.id, str) else m.id[0] for m in read(TEMPLATE) if m.id}
    for refusal in found:
        for text in refusal.texts:
            assert text in known, (refusal.where, text)
            for lang in ("de", "fr"):
                assert LOCALES.texts[lang].find(text), (lang, refusal.where, text)


def test_a_refusal_reads_as_before_and_keeps_its_template_and_values() -> None:
    with pytest.raises(IllegalMove) as caught:
        Game.new(players=2, seed=1).play("tile red Z99")
    exc = caught.value
    assert str(exc) == "'Z99' is not a square: columns are A to P and rows 1 to 11, like F7."
    assert exc.template == "{word} is not a square: columns are A to P and rows 1 to 11, like F7."
    assert exc.values == {"word": "'Z99'"}
    german = LOCALES.texts["de"].gettext(exc.template).format(**exc.values)
    assert german == "'Z99' ist kein Feld: Spalten gehen von A bis P, Zeilen von 1 bis 11, etwa F7."


def test_a_rule_refusal_names_its_square_as_a_value() -> None:
    game = Game.new(players=2, seed=1)
    river = SQUARE_NAMES[BOARDS["standard"].river.index(True)]
    with pytest.raises(IllegalMove) as caught:
        game.play(f"leader red {river}")
    assert str(caught.value) == f"{river} is a river square: leaders stand only on land."
    assert caught.value.values == {"square": river}
    french = LOCALES.texts["fr"].gettext(caught.value.template).format(**caught.value.values)
    assert french == f"{river} est une case de fleuve : les chefs se placent seulement sur la terre."


def test_a_refusal_without_values_is_its_template() -> None:
    exc = IllegalMove("Swap 1 to 6 tiles.")
    assert str(exc) == exc.template == "Swap 1 to 6 tiles." and exc.values == {}
