"""The legal moves as a player reads them: grouped by kind, squares listed once after their colour, filterable."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from bot.language.locales import ENGLISH, Texts
from bot.language.move_words import verb_words
from bot.language.words import count
from engine.constants import COLOUR_ALIASES, COLOURS
from engine.notation import VERBS
from engine.squares import SQUARE_INDEX
from play.commands import help_words

HINT_OVER = 40  # past this many moves, the listing says how to filter it


def fits(word: str, part: str) -> bool:
    """A filter word fits a word of a move it begins, or names as the parser would: a colour by its letter, tile
    or leader name (`temple`, `k`, `king` → red, black, black; also within a monument's pair), a verb in plural.
    A colour's letter means only that colour, as in a move (`k` is black, not column K)."""
    colour = COLOUR_ALIASES.get(word)
    if colour is not None:
        return COLOURS[colour] in part.split("-")
    if part.startswith(word):
        return True
    return word.endswith("s") and word[:-1] in VERBS and part == word[:-1]


def matches(move: str, words: list[str]) -> bool:
    """Each filter word fits a word of the move, in order (`tile r` → red tiles, `tile temple` → the same,
    `F7` → anything on F7)."""
    parts = move.lower().split()
    i = 0
    for w in (w.lower() for w in words):
        while i < len(parts) and not fits(w, parts[i]):
            i += 1
        if i == len(parts):
            return False
        i += 1
    return True


def groups(moves: list[str]) -> dict[str, list[str]]:
    """Moves grouped in their order of first appearance: 'tile red' -> squares, 'swap' -> colour lists, ..."""
    out: dict[str, list[str]] = {}
    for move in moves:
        words = move.split()
        if len(words) > 1 and words[-1] in SQUARE_INDEX:
            head, item = " ".join(words[:-1]), words[-1]
        else:
            head, item = words[0], " ".join(words[1:])
        out.setdefault(head, [])
        if item:
            out[head].append(item)
    return out


def summary(moves: list[str], t: Texts = ENGLISH) -> str:
    """How many legal moves of each kind: '613 legal moves: tile 295, leader 240, catastrophe 66, ...' (the kinds
    are the verbs as the language types them: 'Plättchen 295')."""
    kinds = Counter(m.split()[0] for m in moves)
    # Translators: the terminal: a count of the legal moves
    head = count(len(moves), "{n} legal move", "{n} legal moves", t)
    if len(kinds) < 2:
        return head
    # Translators: the terminal: the legal moves' count, then how many of each kind
    return t.gettext("{moves}: {kinds}").format(moves=head, kinds=", ".join(
        f"{verb_words(t).get(verb, verb)} {n}" for verb, n in kinds.items()))


def merged(grouped: dict[str, list[str]]) -> dict[str, list[str]]:
    """Groups of one verb with the same items joined: 'leader red/blue/green/black' -> their shared squares."""
    out: list[tuple[str, list[str]]] = []
    for head, items in grouped.items():
        verb, _, rest = head.partition(" ")
        twin = next((k for k, (h, i) in enumerate(out) if rest and i == items and h.split(" ")[0] == verb), None)
        if twin is None:
            out.append((head, items))
        else:
            out[twin] = (f"{out[twin][0]}/{rest}", items)
    return dict(out)


def sub_multisets(words: list[str]) -> set[str]:
    """Every non-empty selection from `words` (with repeats), each in the order of `words`."""
    out = {""}
    for w in words:
        out |= {f"{o} {w}".strip() for o in out}
    return out - {""}


def swap_text(items: list[str], t: Texts = ENGLISH) -> str | None:
    """'any of red red blue' when the swaps are exactly every selection of one set of tiles, else None."""
    largest = max(items, key=lambda i: len(i.split()))
    if set(items) == sub_multisets(largest.split()) and len(items) > 1:
        # i18n: {tiles} are colours in notation (red red blue)
        return t.gettext("any of {tiles}").format(tiles=largest)
    return None


def listing(moves: Sequence[str], words: list[str] | None = None, width: int = 100, t: Texts = ENGLISH) -> str:
    """The text `moves [filter]` prints: a count by kind, then a wrapped line or two per group."""
    words = words or []
    chosen = [m for m in moves if matches(m, words)]
    if not chosen:
        return (t.gettext("No legal move matches '{words}'.").format(words=" ".join(words)) + "\n"
                # i18n: '{moves} {leader}' etc. are commands as the language types them (play/commands.py)
                + t.gettext("Filter by the words of a move, e.g. {moves} {leader}, {moves} {tile} {red}, {moves} F7.")
                .format(**help_words(t)))
    lines = [summary(chosen, t)]
    for head, items in merged(groups(chosen)).items():
        if not items:
            lines.append(f"  {head}")
            continue
        many = ""
        if len(items) > 1:
            # Translators: the terminal: how many moves there are of each of several kinds
            many = " (" + (t.gettext("{n} each") if "/" in head else "{n}").format(n=len(items)) + ")"
        first = f"  {head}{many}: "
        if head == "swap" and (text := swap_text(items, t)):
            lines.append(first + text)
            continue
        squares = all(i in SQUARE_INDEX for i in items)
        lines.extend(wrap(items, first, " " if squares else ", ", max(40, width)))
    if not words and len(chosen) > HINT_OVER:
        # i18n: '{moves} {leader}' etc. are commands as the language types them (play/commands.py)
        lines.append(t.gettext("Narrow the list with words of a move: {moves} {leader}, {moves} {tile} {red}, "
                               "{moves} F7.").format(**help_words(t)))
    return "\n".join(lines)


def wrap(items: list[str], first: str, sep: str, width: int) -> list[str]:
    """Items joined by `sep` into lines of at most `width` characters, never splitting an item."""
    lines, line = [], first
    for k, item in enumerate(items):
        piece = item + (sep.rstrip() if k < len(items) - 1 else "")
        if line.strip() and line != first and len(line) + len(piece) > width:
            lines.append(line.rstrip())
            line = " " * 6
        line += piece + (" " if k < len(items) - 1 else "")
    lines.append(line.rstrip())
    return lines
