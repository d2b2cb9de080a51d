"""Autocomplete for `/tne move`: which legal moves match what a player has typed so far, named in the player's
words (bot/language/move_words.py) while each choice's value stays canonical notation."""

from __future__ import annotations

from functools import lru_cache

from bot.language.locales import ENGLISH, SOURCE, Texts
from bot.language.move_words import aliases_of, fold, kind_label, label, to_notation
from engine import COLOURS, IllegalMove, Move
from engine.constants import COLOUR_ALIASES

LIMIT = 25  # Discord shows at most 25 choices
GROUPED = ("tile", "leader", "catastrophe", "swap")  # verbs with too many moves to list before anything is typed


def suggestions(legal: list[str], typed: str, limit: int = LIMIT, *, t: Texts = ENGLISH) -> list[tuple[str, str]]:
    """Choices (name, value) for what is typed: nothing typed offers each kind of move (`tile red …`) when the
    moves do not all fit; otherwise the matching moves, a move typed out in full and legal as typed first. Names
    are in `t`'s language (English: the notation), values canonical notation."""
    if not typed.split() and len(legal) > limit:
        return kinds(legal, t=t)[:limit]
    return [(label(m, t), m) for m in matching_moves(legal, typed, limit, lang=t.lang)]


def kinds(legal: list[str], *, t: Texts = ENGLISH) -> list[tuple[str, str]]:
    """One choice per kind of move, named with how many there are; its value is the start to type on from
    (`tile red`), or the move itself where the kind has only one (`pass`, `withdraw red`)."""
    counts: dict[str, int] = {}
    for move in legal:
        words = move.split()
        head = " ".join(words[:2]) if words[0] in ("tile", "leader") else words[0] if words[0] in GROUPED else move
        counts[head] = counts.get(head, 0) + 1
    return [(kind_label(head, n, t), head) for head, n in counts.items()]


def matching_moves(legal: list[str], typed: str, limit: int = LIMIT, *, lang: str = SOURCE) -> list[str]:
    """Legal moves for what is typed, best first: the typed move itself when it is legal as typed, then those
    whose words match the typed words in place (the last typed word being the start of the word in its place:
    `tile green L` -> `tile green L1`...`L11`), then those that have the typed words as starts of their words, in
    order (`red f7` -> `tile red F7`). Colours may be named as the engine reads them: `tile temple`, `leader k`,
    and in each language's words: `plättchen rot`, `chef roi` (a word partly typed, in `lang`'s words only)."""
    typed = to_notation(typed)
    words = [_colour_word(w) for w in typed.lower().split()]
    if not words:
        return legal[:limit]
    exact = _as_typed(legal, typed)
    *whole, last = words
    in_place, in_order = [], []
    for move in legal:
        if move == exact:
            continue
        parts = move.lower().split()
        if (len(parts) >= len(words) and parts[: len(whole)] == whole
                and _starts(parts[len(whole)], last, lang)):
            in_place.append(move)
        elif _starts_in_order(words, parts, lang):
            in_order.append(move)
    first = [exact] if exact else []
    return (first + in_place + in_order)[:limit]


def _as_typed(legal: list[str], typed: str) -> str | None:
    """The legal move that the typed text is, read as the engine reads it (`swap blue red` is `swap red blue`)."""
    try:
        move = str(Move.parse(typed))
    except IllegalMove:
        return None
    return move if move in legal else None


def _colour_word(word: str) -> str:
    """A colour named any way the engine accepts (tile or leader name, letter) as its colour word; a monument's
    pair (`temple-farm`) likewise; any other word as typed."""
    if word in COLOUR_ALIASES:
        return COLOURS[COLOUR_ALIASES[word]]
    halves = word.split("-")
    if len(halves) == 2 and all(h in COLOUR_ALIASES for h in halves):
        return "-".join(COLOURS[COLOUR_ALIASES[h]] for h in halves)
    return word


def _starts(part: str, typed: str, lang: str = SOURCE) -> bool:
    """Whether a move's word starts with the typed one; a partly typed tile or leader name counts for its colour,
    a partly typed word of another language (`plätt`, `ro`) for the notation word it stands for."""
    if part.startswith(typed):
        return True
    return len(typed) > 1 and part in _prefix_of(typed, lang)


@lru_cache(maxsize=1024)
def _prefix_of(typed: str, lang: str) -> frozenset[str]:
    """The notation words (colours, verbs) whose English name, or name in `lang`, starts with `typed` (another
    language's words would crowd an English `pa` with French `paysan`'s farmer moves). A pure memo: the same few
    prefixes are typed again and again, each checked against every legal move."""
    english = {COLOURS[index] for alias, index in COLOUR_ALIASES.items() if alias.startswith(typed)}
    folded = fold(typed)
    mine = aliases_of(lang)
    return frozenset(english | {_colour_word(word) for alias, word in mine.items() if alias.startswith(folded)})


def _starts_in_order(words: list[str], parts: list[str], lang: str = SOURCE) -> bool:
    i = 0
    for part in parts:
        if i < len(words) and _starts(part, words[i], lang):
            i += 1
    return i == len(words)
