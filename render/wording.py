"""The words a picture prints, given by the caller in the reader's language: render imports no catalog (it knows
nothing of the bot), it only marks its English labels with `N_` for `python -m bot.language.catalogs extract`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any


def N_(message: str) -> str:
    """Marks a label for the catalogs; it is translated where it is drawn, through a `Wording`."""
    return message


def _same(message: str) -> str:
    return message


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


def english_ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _english_decimal(value: float) -> str:
    return f"{value:.1f}"


def _english_percent(chance: float) -> str:
    return f"{round(100 * chance)}%"


@dataclass(frozen=True)
class Wording:
    """A language's lookups for pictures: `gettext` and `ngettext` (msgids are the English labels, placeholders
    filled after the lookup), ranks, one-decimal numbers and percents (a chance 0..1). Equal (and cached) by `lang`
    alone."""

    lang: str = "en"
    gettext: Callable[[str], str] = field(default=_same, compare=False)
    ngettext: Callable[[str, str, int], str] = field(default=_english_plural, compare=False)
    ordinal: Callable[[int], str] = field(default=english_ordinal, compare=False)
    decimal: Callable[[float], str] = field(default=_english_decimal, compare=False)
    percent: Callable[[float], str] = field(default=_english_percent, compare=False)


ENGLISH = Wording()

# The game's words as pictures name them; the same msgids as bot/language/words.py, so each is translated once.
COLOUR_WORDS = {"red": N_("red"), "blue": N_("blue"), "green": N_("green"), "black": N_("black")}
DYNASTY_WORDS = {"archer": N_("Archer"), "bull": N_("Bull"), "lion": N_("Lion"), "urn": N_("Urn")}


def dynasty(name: str, w: Wording = ENGLISH) -> str:
    """A dynasty as a name ('archer' → 'Archer', 'Bogenschütze'); an unknown one capitalised as given."""
    word = DYNASTY_WORDS.get(name.lower())
    return w.gettext(word) if word else name.capitalize()


def colour(name: str, w: Wording = ENGLISH) -> str:
    """A colour word ('red' → 'red', 'rot')."""
    word = COLOUR_WORDS.get(name.lower())
    return w.gettext(word) if word else name


def names_in(position: dict[str, Any], names: Sequence[str] | None, w: Wording = ENGLISH) -> list[str] | None:
    """The players' names, a seat without one named by its dynasty in `w`'s language (render/model.py would name it
    in English)."""
    players = position.get("players") or []
    if w.lang == ENGLISH.lang or not isinstance(players, list):
        return list(names) if names is not None else None
    given = list(names or [])
    return [given[i] if i < len(given) and str(given[i] or "").strip()
            else dynasty(str(p.get("dynasty", "")) if isinstance(p, dict) else "", w) for i, p in enumerate(players)]
