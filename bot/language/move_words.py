"""Moves in a player's words: a legal move's label in their language (autocomplete's names; the values stay
canonical notation), and each language's move words read back as notation (`plättchen rot F7` → `tile red F7`).

Every word comes from the catalogs (bot/language/words.py and the texts below), so the words a player reads are the
words
they may type. English reads as notation, exactly as before; English words and square names always work."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType

from babel import Locale

from bot.language import words
from bot.language.locales import ENGLISH, LANGUAGES, LOCALE_DIR, SOURCE, Locales, Texts
from bot.language.locales import load as load_locales
from engine.constants import COLOUR_ALIASES, COLOURS, LEADER_NAMES, TILE_NAMES
from engine.notation import VERBS
from engine.squares import SQUARE_NAMES

# German spells an umlaut without its dots as the vowel and e ("Koenig"); ß as ss.
_TRANSLITERATION = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})


def verb_words(t: Texts) -> dict[str, str]:
    """Each verb of the notation as a player of this language types it ('tile' → 'Plättchen')."""
    return {
        "tile": t.pgettext("a verb typed in /tne move", "tile"),
        "leader": t.pgettext("a verb typed in /tne move", "leader"),
        "withdraw": t.pgettext("a verb typed in /tne move", "withdraw"),
        "catastrophe": t.pgettext("a verb typed in /tne move", "catastrophe"),
        "swap": t.pgettext("a verb typed in /tne move", "swap"),
        "pass": t.pgettext("a verb typed in /tne move", "pass"),
        "commit": t.pgettext("a verb typed in /tne move", "commit"),
        "war": t.pgettext("a verb typed in /tne move", "war"),
        "monument": t.pgettext("a verb typed in /tne move", "monument"),
        "decline": t.pgettext("a verb typed in /tne move", "decline"),
        "treasure": t.pgettext("a verb typed in /tne move", "treasure"),
    }


def tile_colour(name: str, t: Texts = ENGLISH) -> str:
    """A colour said of a tile (French agrees with 'tuile': 'bleue'); typed, it names the colour too."""
    return {
        "red": t.pgettext("a tile's colour", "red"),
        "blue": t.pgettext("a tile's colour", "blue"),
        "green": t.pgettext("a tile's colour", "green"),
        "black": t.pgettext("a tile's colour", "black"),
    }[name]


# --- labels ------------------------------------------------------------------------------------------------------

def label(move: str, t: Texts = ENGLISH) -> str:
    """A canonical move as a player of `t`'s language reads it: 'Plättchen rot (Tempel) auf F7'; English (and a
    move this version cannot word) reads as the notation itself."""
    if t.lang == SOURCE:
        return move
    verb, *args = move.split()
    if verb == "tile" and len(args) == 2:
        return t.pgettext("a move", "tile {colour} ({tile}) on {square}").format(
            colour=tile_colour(args[0], t), tile=words.tile(args[0], t), square=args[1])
    if verb == "leader" and len(args) == 2:
        return t.pgettext("a move", "leader {leader} on {square}").format(
            leader=words.leader(args[0], t), square=args[1])
    if verb == "withdraw" and len(args) == 1:
        return t.pgettext("a move", "withdraw leader {leader}").format(leader=words.leader(args[0], t))
    if verb == "catastrophe" and len(args) == 1:
        return t.pgettext("a move", "catastrophe on {square}").format(square=args[0])
    if verb == "swap" and args:
        tiles = ", ".join(words.tile(c, t) for c in args)
        return t.pgettext("a move", "swap tiles: {tiles}").format(tiles=tiles)
    if verb == "pass" and not args:
        return t.pgettext("a move", "pass")
    if verb == "commit" and len(args) == 1 and args[0].isdigit():
        n = int(args[0])
        # Translators: a decision's move on its button: commit {n} tiles to a revolt or war
        return t.ngettext("commit {n} tile", "commit {n} tiles", n).format(n=n)
    if verb == "war" and len(args) == 1:
        return t.pgettext("a move", "war: {leader}").format(leader=words.leader(args[0], t))
    if verb == "monument" and len(args) == 2:
        pair = "-".join(words.colour(c, t) for c in args[0].split("-"))
        return t.pgettext("a move", "monument {pair} on {square}").format(pair=pair, square=args[1])
    if verb == "decline" and not args:
        return t.pgettext("a move", "build no monument")
    if verb == "treasure" and len(args) == 1:
        return t.pgettext("a move", "treasure on {square}").format(square=args[0])
    return move


def kind_label(head: str, n: int, t: Texts = ENGLISH) -> str:
    """A kind of move offered before anything is typed (`tile red`, `swap`), with how many moves it has; a head
    that is a whole move (`pass`) reads as that move."""
    if t.lang == SOURCE:
        return f"{head} … ({n} moves)" if n > 1 else head
    verb, *args = head.split()
    if verb == "tile" and len(args) == 1:
        name = t.pgettext("a kind of move", "tile {colour} ({tile})").format(
            colour=tile_colour(args[0], t), tile=words.tile(args[0], t))
    elif verb == "leader" and len(args) == 1:
        name = t.pgettext("a kind of move", "leader {leader}").format(leader=words.leader(args[0], t))
    elif head == "catastrophe":
        name = t.pgettext("a kind of move", "catastrophe")
    elif head == "swap":
        name = t.pgettext("a kind of move", "swap tiles")
    else:
        return label(head, t)
    return t.ngettext("{kind} … ({n} move)", "{kind} … ({n} moves)", n).format(kind=name, n=n) if n > 1 else name


# --- typed words ---------------------------------------------------------------------------------------------------

def fold(word: str) -> str:
    """A typed word in one spelling: composed, case folded ('Plättchen' → 'plättchen')."""
    return unicodedata.normalize("NFC", word).casefold()


def spellings(word: str) -> set[str]:
    """A word as it may be typed: as written, without accents ('plattchen', 'pretre'), German umlauts as ae/oe/ue."""
    folded = fold(word)
    bare = "".join(c for c in unicodedata.normalize("NFD", folded) if not unicodedata.combining(c))
    return {folded, bare, folded.translate(_TRANSLITERATION)}


def notation_words() -> dict[str, str]:
    """The words the notation itself reads, each with what it means: verbs, colours and everything the engine
    takes for a colour (tile and leader names, letters), square names. No language's alias may mean else."""
    meaning = {verb: verb for verb in VERBS}
    meaning.update({word: COLOURS[index] for word, index in COLOUR_ALIASES.items()})
    meaning.update({square.lower(): square for square in SQUARE_NAMES})
    return meaning


# The glossary beside the catalogs: each language's words for the game's pieces, the editions' and the bot's former
# ones ("also typed"), so a player may type a move in the words of the box they own.
GLOSSARY = LOCALE_DIR / "glossary.md"
# Each language's columns are named by the language's English name ("German", "German never", "German also typed"):
# a language added to LINGUAS is read from its glossary column with no code.
GLOSSARY_COLUMNS = {code: Locale.parse(code).english_name or code for code in LANGUAGES if code != SOURCE}
MOVE_KINDS = ("colour", "tile", "leader", "verb")


def glossary(path: Path = GLOSSARY) -> list[dict[str, str]]:
    """The glossary's rows, each a column name → cell mapping (the Markdown table under its header row)."""
    rows: list[dict[str, str]] = []
    header: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("|"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not header:
            header = cells
        elif not all(set(c) <= set("-: ") for c in cells):
            rows.append(dict(zip(header, cells, strict=True)))
    return rows


def glossary_words(lang: str, path: Path = GLOSSARY) -> list[tuple[str, str]]:
    """(word, English notation word) for each glossary word of one language that a move may hold (colours, tiles,
    leaders, verbs), the words it was once said with too."""
    column = GLOSSARY_COLUMNS.get(lang)
    if column is None:
        return []
    pairs = []
    for row in glossary(path):
        if row["kind"] in MOVE_KINDS:
            for word in [row[column], *row[f"{column} also typed"].split(",")]:
                if word.strip():
                    pairs.append((word.strip(), row["English"]))
    return pairs


@lru_cache(maxsize=8)
def _glossary_words(lang: str) -> tuple[tuple[str, str], ...]:
    return tuple(glossary_words(lang))


def candidates(t: Texts) -> list[tuple[str, str]]:
    """(typed word, English notation word) for one language: its verbs, colours (also as said of a tile), tile
    names and leader names, and the glossary's words for them, in every spelling `spellings` allows."""
    pairs: list[tuple[str, str]] = list(_glossary_words(t.lang))
    for verb, word in verb_words(t).items():
        pairs.append((word, verb))
    for index, colour in enumerate(COLOURS):
        pairs.append((words.colour(colour, t), colour))
        pairs.append((tile_colour(colour, t), colour))
        pairs.append((words.tile(colour, t), TILE_NAMES[index]))
        pairs.append((words.leader_name(colour, t), LEADER_NAMES[index]))
    return [(spelled, english) for word, english in pairs for spelled in spellings(word) if " " not in spelled]


def _means(english: str) -> str:
    """What a notation word stands for: a tile or leader name for its colour, any other word for itself."""
    index = COLOUR_ALIASES.get(english)
    return COLOURS[index] if index is not None else english


def build_aliases(locales: Locales) -> tuple[Mapping[str, str], frozenset[str]]:
    """Every language's move words (typed word → English notation word), and the words left out because they
    would clash: a word the notation reads otherwise (a square name, another verb or colour), or one that two
    languages (or two spellings) give different meanings."""
    reserved = notation_words()
    found: dict[str, set[str]] = {}
    for t in locales.texts.values():
        if t.lang == SOURCE:
            continue
        for typed, english in candidates(t):
            found.setdefault(typed, set()).add(english)
    table: dict[str, str] = {}
    clashes: set[str] = set()
    for typed, englishes in found.items():
        meanings = {_means(e) for e in englishes}
        if len(meanings) > 1 or (typed in reserved and reserved[typed] not in meanings):
            clashes.add(typed)
        elif typed not in reserved:  # a notation word already reads as itself
            table[typed] = min(englishes)
    return MappingProxyType(table), frozenset(clashes)


@lru_cache(maxsize=1)
def aliases() -> Mapping[str, str]:
    """The move words of every language the bot speaks (read once from the catalogs)."""
    return build_aliases(load_locales())[0]


@lru_cache(maxsize=8)
def aliases_of(lang: str) -> Mapping[str, str]:
    """One language's move words (those of `aliases` that it gives); none for English (its words are the
    notation's)."""
    texts = load_locales().texts.get(lang)
    if texts is None or lang == SOURCE:
        return MappingProxyType({})
    table = aliases()
    return MappingProxyType({typed: table[typed] for typed, _ in candidates(texts) if typed in table})


def to_notation(text: str, table: Mapping[str, str] | None = None) -> str:
    """A typed move with each language's words as the notation's English ones ('Plättchen rot F7' → 'tile red
    F7', 'monument rot-blau F7' → 'monument red-blue F7'); any other word (squares, numbers) as typed."""
    table = aliases() if table is None else table
    out, changed = [], False
    for word in text.split():
        folded = fold(word)
        if folded in table:
            out.append(table[folded])
        elif "-" in folded and any(half in table for half in folded.split("-")):
            out.append("-".join(table.get(half, half) for half in folded.split("-")))
        else:
            out.append(word)
            continue
        changed = True
    return " ".join(out) if changed else text  # untouched, a refusal quotes the move as typed
