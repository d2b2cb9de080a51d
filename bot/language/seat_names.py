"""Each seat's name in the reader's language, told apart from the others (engine/names.py says the same in English):
a computer by its level ('Medium computer', 'Computer (mittel)'), a person by their name, each with its dynasty
where two seats would read the same ('Medium computer (Lion)', 'Computer (mittel, Löwe)'). Discord-free."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.language import text as T
from bot.language import words
from bot.language.locales import ENGLISH, N_, Texts
from engine.names import is_computer, renamed, renamed_text
from engine.names import seat_names as english_names

if TYPE_CHECKING:  # the computer players (engine.ai) are an optional part
    from engine.ai.review import Review

# Translators: a computer player named by its level ("medium computer")
COMPUTER = N_("{level} computer")
# Translators: a computer player named by its level and its dynasty ("medium computer (Lion)")
COMPUTER_OF = N_("{level} computer ({dynasty})")


def _capital(said: str) -> str:
    return said[:1].upper() + said[1:]


def _base(name: str, kind: str | None, t: Texts) -> str:
    if is_computer(kind):
        return _capital(t.gettext(COMPUTER).format(level=words.level(str(kind), t)))
    return T.plain(name) or "Player"


def label(name: str, kind: str | None, seat: int, t: Texts = ENGLISH) -> str:
    """The seat with its dynasty always: 'Alice (Archer)', 'Medium computer (Lion)', 'Computer (mittel, Löwe)';
    plain text (a message escapes it)."""
    if is_computer(kind):
        return _capital(t.gettext(COMPUTER_OF).format(level=words.level(str(kind), t), dynasty=words.dynasty(seat, t)))
    return f"{_base(name, kind, t)} ({words.dynasty(seat, t)})"


def message_label(name: str, kind: str | None, seat: int, t: Texts = ENGLISH) -> str:
    """`label` for message content: a person's name escaped (the computer's words are the bot's own)."""
    if is_computer(kind):
        return label(name, kind, seat, t)
    return f"{T.name(name)} ({words.dynasty(seat, t)})"


def message_name(name: str, kind: str | None, t: Texts = ENGLISH) -> str:
    """The seat's name without its dynasty, for message content: a computer by its level, a person escaped."""
    return _base(name, kind, t) if is_computer(kind) else T.name(name)


def message_names(names: Sequence[str], kinds: Sequence[str | None], t: Texts = ENGLISH) -> list[str]:
    """`seat_names` for message content: each seat told apart, people's names escaped."""
    bases = [_base(name, kind, t) for name, kind in zip(names, kinds, strict=True)]
    shared = Counter(bases)
    return [message_label(names[seat], kinds[seat], seat, t) if shared[base] > 1
            else message_name(names[seat], kinds[seat], t) for seat, base in enumerate(bases)]


def seat_names(names: Sequence[str], kinds: Sequence[str | None], t: Texts = ENGLISH) -> list[str]:
    """Every seat's name, plain text, the dynasty added where two seats would read the same."""
    bases = [_base(name, kind, t) for name, kind in zip(names, kinds, strict=True)]
    shared = Counter(bases)
    return [label(names[seat], kinds[seat], seat, t) if shared[base] > 1 else base for seat, base in enumerate(bases)]


def name_map(names: Sequence[str], kinds: Sequence[str | None], said: Sequence[str]) -> dict[str, str]:
    """What a stored sentence may call a seat (its stored name, 'Medium computer 2' in older games; its English name
    told apart, 'Medium computer (Lion)') → `said`, the seat's name for this reader. A stored name two seats share
    tells nobody apart: left out."""
    stored = [T.plain(n) or "Player" for n in names]
    counts = Counter(stored)
    out = {name: said[seat] for seat, name in enumerate(stored) if counts[name] == 1}
    out.update(zip(english_names(stored, kinds), said, strict=True))
    return out


def named_review(review: Review, names: Sequence[str], kinds: Sequence[str | None], said: Sequence[str]) -> Review:
    """The review with its reasons naming each seat as `said` does (`name_map`), reviews stored before too."""
    mapping = name_map(names, kinds, said)
    moves = tuple(replace(mv, reason=renamed_text(mv.reason, mapping), words=renamed(mv.words, mapping))
                  for mv in review.moves)
    return replace(review, moves=moves)
