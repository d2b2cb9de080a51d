"""Spanish, added as a translator adds a language (issue 40): its catalog, its line in LINGUAS and its glossary
column, no code. The bot then offers it, a Spanish server reads a whole game in Spanish, the help fits, plurals
follow the Spanish rule, colours agree with their noun, and moves typed in Spanish read back as notation."""

from __future__ import annotations

import re

import pytest

from bot.discord_front.help import texts as help_texts
from bot.discord_front.help.topics import help_answer
from bot.language import words
from bot.language.catalogs import read as read_catalog
from bot.language.locales import catalog_path, load
from bot.language.move_words import (
    MOVE_KINDS,
    aliases_of,
    build_aliases,
    fold,
    glossary,
    spellings,
    to_notation,
    verb_words,
)
from bot.language.server_languages import ServerLanguages, choices, language_set_text
from bot.storage import Storage
from engine.ai.phrases import say
from engine.constants import COLOURS, LEADER_NAMES, TILE_NAMES
from engine.move import Move
from play.cli import help_text
from play.commands import help_words
from tests.bot_harness import ALICE, CHANNEL, response
from tests.language_helpers import DISCORD_LIMIT, KEPT, ROOM, ask, read, short_game, speak, whole_short_game

ES = load().texts["es"]
ROWS = glossary()


@pytest.fixture
async def storage(database):
    store = await Storage.open(database)
    yield store
    await store.close()


# --- offered with no code change --------------------------------------------------------------------------------

def test_spanish_is_a_language_named_in_its_own_words():
    locales = load()
    assert "es" in locales.languages
    assert choices(locales)["es"] == "Español"
    for tag in ("es", "es-ES", "es-419", "es_MX.UTF-8"):
        assert locales.for_tag(tag).lang == "es", tag


async def test_a_server_chooses_spanish_and_is_told_so_in_spanish(storage):
    languages = ServerLanguages(storage.servers, load())
    t = await languages.choose(71, "es", can_manage=True)
    assert t.lang == "es" and (await languages.texts(71)).lang == "es"
    assert language_set_text("es", t) == "Las publicaciones de este servidor están ahora en español."


# --- a Spanish game reads no English -----------------------------------------------------------------------------

# Words only an English sentence has, as whole words ("turn" but not "turno", "the" but not "them").
ENGLISH_WORDS = re.compile(r"(?<![\w#])(the|your|you|is|are|and|has|was|with|turn|joins|leaves|resigns?|left|"
                           r"reminders|game|takes a seat|played|wins|score)(?!\w)", re.IGNORECASE)


def english_in(texts: list[str]) -> list[tuple[str, str]]:
    found = []
    for text in texts:
        plain = KEPT.sub(" ", text).replace("*", " ")
        found += [(m.group(0), text) for m in ENGLISH_WORDS.finditer(plain)]
    return found


def test_the_english_words_are_caught():
    assert english_in(["**The game begins!** Seats: Alice (Archer)."]) != []
    assert english_in(["Turno de Arquero: `tile red F7` (la notación queda en inglés)."]) == []


async def test_a_whole_short_game_in_spanish_reads_no_english(harness, monkeypatch):
    speak(harness, monkeypatch, "es-ES")
    texts = await whole_short_game(harness)
    assert len(texts) > 30  # the whole game was read, not a refusal at its start
    assert english_in(texts) == []
    read(texts, "**Tu mano** — ", "Fichas: ", "Líderes: ")


async def test_a_spanish_server_reads_the_moves_a_conflict_and_the_final_standings_in_spanish(harness, monkeypatch):
    speak(harness, monkeypatch, "es-ES", "en-US")
    texts = await short_game(harness, "war")
    read(texts, "**Tigris y Éufrates** — partida #", "Pulsa **Unirse**",
         "**¡Empieza la partida!** Plazas: Alice (Arquero), Bob (Toro).", "** ha jugado `tile ",
         "Guerra entre los líderes ", "se rinde.", "**La partida ha terminado** (", "Clasificación final:",
         "— puntuación **", "**Valoraciones tras la partida #1:** ")
    assert english_in(texts) == []
    standings = next(text for text in texts if "Clasificación final:" in text)
    assert re.search(r"\n1\. \S+ \(\w+\) — puntuación \*\*\d+\*\*", standings), standings


async def test_every_help_topic_is_spanish_and_fits(harness):
    for topic, english in help_texts.HELP_TOPICS.items():
        said = await ask(harness, ALICE, "es-ES", topic=topic)
        assert said == ES.gettext(english) != english, topic
        assert len(help_answer(ES, topic)) <= DISCORD_LIMIT - ROOM, topic
        assert english_in([said]) == [], topic
    rules = await ask(harness, ALICE, "es-419", topic="rules")
    for word in ("templos rojos", "granjas azules", "mercados verdes", "asentamientos negros", "rey", "comerciante",
                 "**Revuelta**", "**Guerra**", "monumento", "tesoros", "**color más débil**", "bolsa"):
        assert word in rules, word
    commands = await ask(harness, ALICE, "es-ES")
    assert commands.startswith("**Tigris y Éufrates — comandos**") and "`/tne move action:tile red F7`" in commands


async def test_a_spanish_person_gets_a_private_answer_in_spanish_on_an_english_server(harness, monkeypatch):
    speak(harness, monkeypatch, "en-US", "es-ES")
    answer = response(await harness.command(ALICE, CHANNEL, "status"))
    assert answer.ephemeral and answer.content == "No hay ninguna partida en este canal. Abre una con `/tne new`."


# --- grammar --------------------------------------------------------------------------------------------------------

def test_plurals_follow_the_spanish_rule():
    assert [ES.ngettext("{n} tile", "{n} tiles", n).format(n=n) for n in (0, 1, 2, 1000000)] == \
        ["0 fichas", "1 ficha", "2 fichas", "1000000 fichas"]
    assert [words.count(n, "{n} treasure", "{n} treasures", ES) for n in (0, 1, 2)] == \
        ["0 tesoros", "1 tesoro", "2 tesoros"]


def test_colours_agree_with_their_noun():
    red, blue = words.colour("red", ES), words.colour("blue", ES)
    said = ES.ngettext("{who} scores {n} {colour} point.", "{who} scores {n} {colour} points.", 2)
    assert said.format(who="Toro", n=2, colour=red) == "Toro consigue 2 puntos rojos."
    said = ES.ngettext("{who} commits {n} {colour} tile.", "{who} commits {n} {colour} tiles.", 1)
    assert said.format(who="León", n=1, colour=red) == "León aporta 1 ficha roja."
    said = ES.gettext("{who} places their {colour} leader on {square}.")
    assert said.format(who="Urna", colour=blue, square="F7") == "Urna coloca su líder azul en F7."
    assert f"{red}" == "rojo" and f"{red:tiles}" == "rojas" and f"{red:leaders}" == "rojos"


def test_a_computer_players_reasons_agree_too():
    scored = ((("scores {more} point", "scores {more} points"), {"n": 3, "more": [
        (("{n} more {colour}", "{n} more {colour}"), {"n": 2, "colour": "blue"}),
        (("{n} more {colour}", "{n} more {colour}"), {"n": 1, "colour": "green"})]}),)
    assert say(scored, words.lookup(ES), ES.ngettext) == "consigue 2 puntos azules y 1 punto verde más"


# --- moves typed in Spanish ------------------------------------------------------------------------------------------

TYPED = {
    "ficha roja G7": "tile red G7", "Ficha Roja g7": "tile red G7", "ficha templo G7": "tile red G7",
    "ficha asentamiento C3": "tile black C3", "líder rey G5": "leader black G5", "lider rey G5": "leader black G5",
    "líder granjero G5": "leader blue G5", "líder comerciante G5": "leader green G5",
    "retirar sacerdote": "withdraw red", "catástrofe F3": "catastrophe F3", "catastrofe F3": "catastrophe F3",
    "cambiar roja azul": "swap red blue", "cambiar templo granja mercado": "swap red blue green", "pasar": "pass",
    "aportar 2": "commit 2", "guerra rojo": "war red", "monumento rojo-azul F7": "monument red-blue F7",
    "rechazar": "decline", "tesoro F7": "treasure F7",
}


@pytest.mark.parametrize(("typed", "move"), TYPED.items())
def test_a_move_typed_in_spanish_reads_as_notation(typed, move):
    assert str(Move.parse(to_notation(typed))) == move


def test_the_spanish_words_clash_with_nothing():
    _, clashes = build_aliases(load())
    assert not clashes
    assert {"ficha", "líder", "pasar", "roja", "rey", "asentamiento", "aportar"} <= set(aliases_of("es"))


def test_the_moves_the_help_and_the_terminal_show_in_spanish_are_read():
    shown = [code for code in re.findall(r"`([^`]*)`", ES.gettext(help_texts.HELP_TEXT))
             if fold(code.split()[0]) in aliases_of("es")]
    assert len(shown) >= 3, shown
    # The terminal's help names each move by the words Spanish types: 'ficha <color> <casilla>'.
    typed = help_words(ES)
    examples = [f"{typed['tile']} {typed['red']} F7", f"{typed['leader']} rey G5", typed["pass"]]
    assert all(e.split()[0] in help_text(ES) for e in examples), help_text(ES)
    for code in [*shown, *examples]:
        notation = to_notation(code)
        assert notation != code and str(Move.parse(notation)), (code, notation)


# --- the glossary's Spanish column ----------------------------------------------------------------------------------
# tests/bot/test_glossary.py checks every language's column, Spanish's too (GLOSSARY_COLUMNS comes from LINGUAS);
# these check the Spanish one as a translator would read it.

def _cells(text: str) -> list[str]:
    return [c.strip() for c in text.split(",") if c.strip()]


def _forms() -> list[tuple[str, str]]:
    pairs = []
    for message in read_catalog(catalog_path("es"), "es"):
        if message.id:
            source = message.id[-1] if isinstance(message.id, list | tuple) else message.id
            strings = message.string if isinstance(message.string, list | tuple) else (message.string,)
            pairs.extend((source, form) for form in strings)
    return pairs


def test_the_catalog_says_each_piece_and_verb_as_the_glossary_does():
    said = {"colour": {c: words.colour(c, ES) for c in COLOURS},
            "tile": {TILE_NAMES[i]: words.tile(c, ES) for i, c in enumerate(COLOURS)},
            "leader": {LEADER_NAMES[i]: words.leader_name(c, ES) for i, c in enumerate(COLOURS)},
            "verb": verb_words(ES)}
    for row in ROWS:
        assert row["Spanish"], row["concept"]
        if row["kind"] in MOVE_KINDS:
            assert said[row["kind"]][row["English"]] == row["Spanish"], row["concept"]
            for spelled in spellings(row["Spanish"]):
                assert to_notation(spelled) == row["English"], spelled


def test_no_spanish_entry_uses_a_word_the_glossary_rules_out():
    banned = [word for row in ROWS for word in _cells(row["Spanish never"])]
    assert len(banned) >= 5
    found = [(word, form) for _, form in _forms() for word in banned
             if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", form, re.IGNORECASE)]
    assert not found, found


# The bot's own things, by their English word, and the stem of the glossary's Spanish word for each.
STEMS = {r"\bboards?\b": "tablero", r"\bhints?\b": "sugerencia", r"\bclocks?\b": "plazo",
         r"\blobb(y|ies)\b": "sala", r"\bratings?\b": "valoraci", r"\breinforcements\b": "refuerzo",
         r"\bstand-in\b": "sustituto", r"\bkingdoms?\b": "reino", r"\brevolts?\b": "revuelta", r"\bbag\b": "bolsa",
         r"\bleaderboard\b": "clasificaci"}


def test_each_thing_the_bot_names_is_named_with_the_glossary_word():
    prose = re.compile(r"`[^`]*`|--[\w-]+|/tne \w+|\b\w+:\w+|\{[^{}]*\}|<code>.*?</code>")
    missing = []
    for source, form in _forms():
        english, spanish = prose.sub(" ", source).casefold(), prose.sub(" ", form).casefold()
        for pattern, stem in STEMS.items():
            if re.search(pattern, english) and stem not in spanish and source != "all on board":
                missing.append((stem, source[:60], form[:80]))
    assert not missing, missing
