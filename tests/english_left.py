"""Finding English left in a text meant for a German, French (or any other) reader: a line holds English when, once
moves in notation, `code spans`, command-line options, square names and the players' names are taken out, it still
holds an English function word or one of the game's English words. None of these words is also a German, French or
Spanish word (so 'was', 'will', 'Hand', 'Land', 'Filter', 'chance', 'scores', 'actions', 'legal', 'error' are not
among them)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

_WORDS = """
the your you yours is are were and of to with this that these for from by not cannot could would which when after
before there their its it be been than into only each every any what who whose here
turn tile tiles leader leaders played plays player players game games seat seats winner wins takes draws bag board
moves review reviewing accuracy mistake mistakes blunder blunders better legend decisions commands undo hint hints
help quit bye square treasures river easy hard bull example write colour number invalid choice choose
expected unrecognized show exit
"""
ENGLISH_WORDS = frozenset(_WORDS.split())

VERBS = "tile|leader|withdraw|catastrophe|swap|pass|commit|war|monument|decline|treasure"
COLOUR = r"(?:red|blue|green|black|[rbgk])"
SQUARE = r"[A-P](?:1[01]|[1-9])"
# A move in notation: a verb and what it takes (colours, a pair, squares, numbers); never said in words.
NOTATION = re.compile(rf"\b(?:{VERBS})\b(?: (?:{COLOUR}(?:-{COLOUR})?\b|{SQUARE}\b|\d+\b))+")
CODE = re.compile(r"`[^`]*`")
# A command-line option with its value's name, typed as it is in every language ('--seat SEAT', '-h').
OPTION = re.compile(r"(?<![\w-])--?[a-z][\w-]*(?: [A-Z][A-Z_]*\b)?")
WORD = re.compile(r"[^\W\d_]+")


def english_words(line: str, names: Sequence[str] = ()) -> list[str]:
    """The English words of one line (empty when it reads in another language)."""
    text = OPTION.sub(" ", CODE.sub(" ", line))
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    text = NOTATION.sub(" ", text)
    text = re.sub(rf"\b{SQUARE}\b", " ", text)
    return [w for w in WORD.findall(text) if w.lower() in ENGLISH_WORDS]


def english_lines(text: str, names: Iterable[str] = ()) -> list[str]:
    """Each line of `text` that holds English, with the words found: 'English words | the line'."""
    said = tuple(names)
    return [f"{' '.join(found)} | {line}" for line in text.splitlines() if (found := english_words(line, said))]
