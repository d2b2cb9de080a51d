"""`/tne help` in the asker's language: Discord's `locale` of the person asking (their client's), resolved with
fallbacks, never the server's; every topic, the rules included, within Discord's 2,000 characters everywhere."""

from __future__ import annotations

import re

import pytest

from bot.discord_front.help import texts as help_texts
from bot.discord_front.help.topics import help_answer
from bot.language.locales import load
from bot.language.move_words import aliases_of, fold, to_notation
from engine.move import Move
from play.cli import help_text
from play.commands import help_words
from tests.bot_harness import ALICE, BOB
from tests.language_helpers import DISCORD_LIMIT, ROOM, ask


def test_every_topic_fits_a_message_in_every_language():
    locales = load()
    for lang, texts in locales.texts.items():
        for topic in help_texts.HELP_TOPICS:
            text = help_answer(texts, topic)
            assert len(text) <= DISCORD_LIMIT - ROOM, (lang, topic, len(text))
            assert lang == "en" or text != help_texts.HELP_TOPICS[topic], (lang, topic)
        # The last line names the other topics as this language's /tne help option lists them.
        more = texts.gettext(help_texts.MORE_HELP)
        for name in list(help_texts.HELP_TOPIC_NAMES.values())[1:]:
            assert texts.gettext(name) in more, (lang, name)


async def test_a_german_asker_gets_every_topic_in_german(harness):
    german = load().texts["de"]
    for topic, english in help_texts.HELP_TOPICS.items():
        assert await ask(harness, ALICE, "de", topic=topic) == german.gettext(english), topic
    rules = await ask(harness, ALICE, "de", topic="rules")
    for word in ("Tempel", "Bauernhöfe", "Märkte", "Siedlungen", "König", "Händler", "Katastrophe", "**Revolte**",
                 "**Krieg**", "Monument", "Schätze", "schwächste Farbe", "`/tne hand`"):
        assert word in rules, word
    commands = await ask(harness, ALICE, "de")
    assert commands.startswith("**Euphrat & Tigris — Befehle**") and "`/tne move action:tile red F7`" in commands


async def test_a_french_asker_gets_every_topic_in_french(harness):
    french = load().texts["fr"]
    for topic, english in help_texts.HELP_TOPICS.items():
        assert await ask(harness, BOB, "fr", topic=topic) == french.gettext(english), topic
    rules = await ask(harness, BOB, "fr", topic="rules")
    for word in ("temples rouges", "fermes", "marchés", "colonies noires", "roi", "marchand", "Catastrophe",
                 "**Révolte**", "**Guerre**", "monument", "trésors", "couleur la plus faible", "`/tne hand`"):
        assert word in rules, word
    assert (await ask(harness, BOB, "fr", topic="clocks")).startswith("**Jouer sur plusieurs jours**")


@pytest.mark.parametrize(("locale", "lang"), [("de-CH", "de"), ("de-AT", "de"), ("fr-CA", "fr"), ("en-GB", "en"),
                                              ("es-ES", "es"), ("es-419", "es"), ("it", "en"), ("ja", "en"),
                                              ("xx-YY", "en")])
async def test_other_locales_fall_back_to_their_language_or_english(harness, locale, lang):
    # Discord sends no de-CH or fr-CA today; a tag it may send tomorrow still finds its language.
    expected = load().texts[lang].gettext(help_texts.RULES_TEXT)
    assert await ask(harness, ALICE, locale, topic="rules") == expected
    assert (expected == help_texts.RULES_TEXT) == (lang == "en")


async def test_the_asker_s_language_wins_over_the_server_s(harness):
    assert await ask(harness, ALICE, "en-US", guild_locale="de") == help_texts.HELP_TEXT
    german = await ask(harness, BOB, "de", guild_locale="fr")
    assert german == load().texts["de"].gettext(help_texts.HELP_TEXT)


async def test_a_topic_that_does_not_exist_is_refused_in_the_askers_language(harness):
    refused = await ask(harness, ALICE, "de", topic="everything")
    assert refused == ("Dazu gibt es keine Hilfe. Mehr: `/tne help topic:` Regeln, Bedenkzeit, Statistik, "
                       "Analyse & Tipps.")
    refused = await ask(harness, BOB, "fr", topic="everything")
    assert refused.startswith("Il n'y a pas d'aide à ce sujet. Plus : `/tne help topic:` règles")
    refused = await ask(harness, ALICE, "en-GB", topic="everything")
    assert refused == f"There is no help on that. {help_texts.MORE_HELP}"


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_moves_the_help_shows_in_a_language_are_read_in_it(lang):
    # The help once said moves are typed in English only ("Züge schreibt man englisch"): they are not.
    texts = load().texts[lang]
    for topic in (help_texts.HELP_TEXT, help_texts.RULES_TEXT):
        said = texts.gettext(topic)
        assert not any(w in said.casefold() for w in ("englisch", "anglais")), said
    shown = [code for code in re.findall(r"`([^`]*)`", texts.gettext(help_texts.HELP_TEXT))
             if fold(code.split()[0]) in aliases_of(lang)]
    assert len(shown) >= 2, shown
    for code in shown:
        notation = to_notation(code)
        assert notation != code and str(Move.parse(notation)), (code, notation)


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_terminal_help_shows_moves_in_its_language_and_they_are_read(lang):
    t = load().texts[lang]
    said = help_text(t)
    assert not any(w in said.casefold() for w in ("englisch", "anglais", "inglés")), said
    # The legend names each move by the words the language types ('plättchen <Farbe> <Feld>'), read as notation.
    shown = help_words(t)
    placed = f"{shown['tile']} {shown['red']} F7"
    assert to_notation(placed) == "tile red F7" != placed, placed  # in the language's words, not in notation
    for example in (placed, f"{shown['catastrophe']} H3", shown["pass"]):
        assert example.split()[0] in said, (example, said)
        assert str(Move.parse(to_notation(example))), example
