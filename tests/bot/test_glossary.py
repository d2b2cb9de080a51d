"""The glossary beside the catalogs (data/locales/glossary.md): its words are the catalogs' words for the game's
pieces, every one of them (and the bot's former words) reads as notation where moves are typed, and each catalog
says one thing one way: no word the glossary rules out, the glossary's word wherever the English names the thing."""

from __future__ import annotations

import re

import pytest

from bot.language import words
from bot.language.catalogs import read
from bot.language.locales import catalog_path, load
from bot.language.move_words import GLOSSARY_COLUMNS, MOVE_KINDS, glossary, spellings, to_notation, verb_words
from engine.constants import COLOURS, LEADER_NAMES, TILE_NAMES
from engine.move import Move

LANGS = sorted(GLOSSARY_COLUMNS)
ROWS = glossary()


def cells(text: str) -> list[str]:
    return [c.strip() for c in text.split(",") if c.strip()]


def translations(lang: str) -> list[tuple[str, str]]:
    """(English msgid, each translated form) of one catalog."""
    pairs = []
    for message in read(catalog_path(lang), lang):
        if not message.id:
            continue
        source = message.id[-1] if isinstance(message.id, list | tuple) else message.id
        forms = message.string if isinstance(message.string, list | tuple) else (message.string,)
        pairs.extend((source, form) for form in forms)
    return pairs


def test_the_glossary_names_every_piece_and_every_verb_once():
    kinds = {kind: [r["English"] for r in ROWS if r["kind"] == kind] for kind in MOVE_KINDS}
    assert sorted(kinds["colour"]) == sorted(COLOURS)
    assert sorted(kinds["tile"]) == sorted(TILE_NAMES)
    assert sorted(kinds["leader"]) == sorted(LEADER_NAMES)
    assert sorted(kinds["verb"]) == sorted(verb_words(load().texts["en"]))
    assert all(r["German"] and r["French"] and r["where used"] for r in ROWS)


@pytest.mark.parametrize("lang", LANGS)
def test_the_catalogs_say_each_piece_and_verb_as_the_glossary_does(lang):
    t, column = load().texts[lang], GLOSSARY_COLUMNS[lang]
    said = {"colour": {c: words.colour(c, t) for c in COLOURS},
            "tile": {TILE_NAMES[i]: words.tile(c, t) for i, c in enumerate(COLOURS)},
            "leader": {LEADER_NAMES[i]: words.leader_name(c, t) for i, c in enumerate(COLOURS)},
            "verb": verb_words(t)}
    for row in ROWS:
        if row["kind"] in MOVE_KINDS:
            assert said[row["kind"]][row["English"]] == row[column], (lang, row["concept"])


@pytest.mark.parametrize("lang", LANGS)
def test_every_glossary_word_for_a_piece_or_verb_is_read_in_moves(lang):
    column = GLOSSARY_COLUMNS[lang]
    checked = 0
    for row in ROWS:
        if row["kind"] not in MOVE_KINDS:
            continue
        for word in [row[column], *cells(row[f"{column} also typed"])]:
            for spelled in spellings(word):
                assert to_notation(spelled) == row["English"], (lang, word, spelled)
                checked += 1
    assert checked >= sum(r["kind"] in MOVE_KINDS for r in ROWS)


def test_the_box_words_make_whole_moves():
    # The French edition's colonie and fermier (issue 40: "'fermier' is not a colour").
    moves = {"chef fermier G5": "leader farmer G5", "tuile colonie C3": "tile settlement C3",
             "retirer fermier": "withdraw farmer", "échanger colonie temple": "swap settlement temple",
             "chef paysan G5": "leader farmer G5", "tuile habitation C3": "tile settlement C3",
             "Anführer Bauer G5": "leader farmer G5", "Plättchen Siedlung C3": "tile settlement C3"}
    for typed, notation in moves.items():
        assert to_notation(typed) == notation, typed
        assert str(Move.parse(to_notation(typed))) == str(Move.parse(notation))


def _as_words(text: str) -> str:
    """The words of a text a reader reads as prose: no commands, options, code or placeholders."""
    text = re.sub(r"`[^`]*`|--[\w-]+|/tne \w+|\b\w+:\w+|\{[^{}]*\}|<code>.*?</code>", " ", text)
    return text.casefold()


def _has_word(text: str, word: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(word.casefold())}(?!\w)", text) is not None


@pytest.mark.parametrize("lang", LANGS)
def test_no_catalog_entry_uses_a_word_the_glossary_rules_out(lang):
    column = GLOSSARY_COLUMNS[lang]
    banned = [(row["concept"], word) for row in ROWS for word in cells(row[f"{column} never"])]
    assert banned
    found = [(concept, word, form) for _, form in translations(lang) for concept, word in banned
             if _has_word(form.casefold(), word)]
    assert not found, found


# The bot's own things, found by their English word: wherever a message names one, its translation names it with the
# glossary's word (a hint is a Tipp, never a Hinweis; a rating a cote, never a classement).
NAMED_BY = {"board": r"\bboards?\b", "hint": r"\bhints?\b", "clock": r"\bclocks?\b", "lobby": r"\blobb(y|ies)\b",
            "rating": r"\bratings?\b", "reinforcements": r"\breinforcements\b", "stand-in": r"\bstand-in\b",
            "kingdom": r"\bkingdoms?\b", "revolt": r"\brevolts?\b", "bag": r"\bbag\b",
            "leaderboard": r"\bleaderboard\b"}
# A stem each language's forms share ('Spielplan', 'Spielplans'; 'conseil', 'conseils').


def stem(word: str) -> str:
    """What every form of a glossary term holds (Spielplan, Spielpläne; renfort, renforts; refuerzo, refuerzos): its
    first word, lower case, less an ending where the word is long enough to have one. A rule, so a language added
    to the glossary is checked with no list of its own."""
    first = word.split()[0].lower()
    return first[:-2] if len(first) >= 6 else first


# Where a message names the thing by another way that says it as well (a picture's short label: the leaders are all
# placed, 'alle gesetzt', 'tous placés').
SAID_OTHERWISE = {"all on board"}


@pytest.mark.parametrize("lang", LANGS)
def test_each_thing_the_bot_names_is_named_with_the_glossary_word(lang):
    column = GLOSSARY_COLUMNS[lang]
    glossed = {row["English"]: row[column] for row in ROWS if row["kind"] == "term"}
    missing = []
    for source, form in translations(lang):
        prose, said = _as_words(source), _as_words(form)
        for thing, pattern in NAMED_BY.items():
            if re.search(pattern, prose) and stem(glossed[thing]) not in said and source not in SAID_OTHERWISE:
                missing.append((thing, source[:60], form[:80]))
    assert not missing, missing


def test_french_numbers_a_game_one_way():
    forms = [form for _, form in translations("fr")]
    assert not [f for f in forms if re.search(r"(?i)\bpartie #", f)]
    assert any("partie n° {" in f for f in forms)
