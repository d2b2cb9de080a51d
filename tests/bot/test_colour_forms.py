"""Colours slotted into sentences in the form each language's grammar needs: a translation names the form
(`{colour:tiles}`), so German declines ("rote Plättchen", "die roten Anführer") and French agrees ("tuiles vertes",
"le chef vert") without "(colour)" workarounds; and the engine's plurals are chosen by each catalog's own rule (the
engine gives a refusal's template and its `n`; French counts 0 as one)."""

from __future__ import annotations

import pytest

from bot.language import engine_words, words
from bot.language.locales import load
from bot.language.refusals import said
from bot.language.table_words import event_line
from bot.service.table import GameError
from engine import Game, IllegalMove

ARCHER, BULL, URN = 0, 1, 3


@pytest.fixture(scope="module")
def t():
    return load().texts


def test_a_colour_carries_its_forms_and_reads_plain_by_default(t):
    green = words.colour("green", t["fr"])
    assert (f"{green}", f"{green:tile}", f"{green:tiles}", f"{green:leaders}") == ("vert", "verte", "vertes", "verts")
    red = words.colour("red", t["de"])
    assert (f"{red}", f"{red:tile}", f"{red:tiles}", f"{red:leader}", f"{red:leaders}") == \
        ("rot", "rotes", "rote", "rote", "roten")
    # English has one form; a form a language has not translated reads as its plain word.
    assert f"{words.colour('green'):tiles}" == "green"


@pytest.mark.parametrize(("event", "de", "fr"), [
    ({"type": "tile", "seat": ARCHER, "colour": "green", "square": "F7"},
     "Bogenschütze legt ein grünes Plättchen (Markt) auf F7.",
     "Archer pose une tuile verte (marché) en F7."),
    ({"type": "commit", "seat": BULL, "colour": "black", "count": 2},
     "Stier setzt 2 schwarze Plättchen ein.",
     "Taureau engage 2 tuiles noires."),
    ({"type": "war", "colour": "blue", "attacker": URN, "defender": ARCHER,
      "strength": {"attacker": 3, "defender": 2}},
     "Krieg um die blauen Anführer: Urne greift mit 3 an, Bogenschütze verteidigt mit 2.",
     "Guerre entre les chefs bleus : Urne attaque avec 3, Archer défend avec 2."),
    ({"type": "leader_home", "seat": URN, "colour": "green", "square": "B2", "reason": "catastrophe"},
     "Der grüne Anführer von Urne auf B2 hat nach der Katastrophe keinen Tempel mehr neben sich und geht zurück.",
     "Le chef vert d'Urne en B2 n'a plus de temple à côté de lui après la catastrophe et rentre chez lui."),
])
def test_event_sentences_agree_in_german_and_french(t, event, de, fr):
    assert event_line(event, t=t["de"]) == de
    assert event_line(event, t=t["fr"]) == fr


@pytest.mark.parametrize(("n", "colour", "de", "fr"), [
    (0, "red", "Du hast nur 0 rote Plättchen zum Tauschen.", "Vous n'avez que 0 tuile rouge à échanger."),
    (1, "green", "Du hast nur 1 grünes Plättchen zum Tauschen.", "Vous n'avez que 1 tuile verte à échanger."),
    (2, "black", "Du hast nur 2 schwarze Plättchen zum Tauschen.", "Vous n'avez que 2 tuiles noires à échanger."),
])
def test_a_refusal_with_a_count_is_said_by_each_catalogs_plural_rule(t, n, colour, de, fr):
    refused = IllegalMove(("You have only {n} {colour} tile to swap.", "You have only {n} {colour} tiles to swap."),
                          n=n, colour=colour)
    assert engine_words.refusal(refused, t=t["de"]) == de
    assert engine_words.refusal(refused, t=t["fr"]) == fr
    # The same through the service's refusal, as a player is told it.
    assert said(GameError.refusing(refused), t["fr"]) == fr


def test_the_engine_gives_the_template_and_its_count_not_a_sentence(t):
    game = Game.new(seed=1)
    hand = game.position()["players"][game.to_move]["hand"]
    colour, held = next((c, n) for c, n in hand.items() if n)
    with pytest.raises(IllegalMove) as refused:
        game.play("swap " + " ".join([colour] * (held + 1)))
    exc = refused.value
    assert exc.values == {"n": held, "colour": colour} and exc.plural is not None
    assert engine_words.refusal(exc, t=t["fr"]) == t["fr"].ngettext(exc.template, exc.plural, held).format(
        n=held, colour=words.colour(colour, t["fr"]))


def test_pictures_and_the_computer_players_reasons_say_a_colour_in_its_form_too():
    from bot.language.picture_words import wording
    from engine.ai.phrases import phrase
    from render.panel import COMMIT_TEXT

    for lang, wanted in (("fr", "engager des renforts dans la guerre bleue"),
                         ("de", "sich im blauen Krieg verstärken")):
        w = wording(lang)
        assert w.gettext(COMMIT_TEXT[("war", True, False)]).format(colour=w.gettext("blue")) == wanted
    quiet = phrase("a {colour} tile at {at} scores nothing yet, but it builds a kingdom your leaders will score from "
                   "in the turns to come.", colour="green", at="F7")
    fr = load().texts["fr"]
    assert engine_words.reason("English", [quiet], t=fr).startswith("une tuile verte en F7 ne marque rien encore")
    points = phrase(("{n} {colour} point", "{n} {colour} points"), n=2, colour="black")
    assert engine_words.reason("English", [points], t=fr) == "2 points noirs"
    assert engine_words.reason("English", [points], t=load().texts["de"]) == "2 schwarze Punkte"
