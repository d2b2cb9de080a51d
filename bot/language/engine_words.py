"""The engine's structured words said in a reader's language: a review's or a hint's reason (engine/ai/phrases.py)
and a refusal of a move (IllegalMove's template and values).

The engine keeps English (stored reviews and the record read it); a reader of another language gets the same
sentence from its words, with the game's pieces by the msgids bot/language/words.py marks. English readers, and words
that
are missing (a review stored before they were kept) or malformed, get the English text as it was."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING

from bot.language import numbers, words
from bot.language.locales import ENGLISH, Texts
from bot.language.usage_words import usage, verbs
from bot.language.words import lookup
from engine import COLOURS, DYNASTIES, IllegalMove

if TYPE_CHECKING:  # the computer players (engine.ai) are an optional part: only their reasons carry words
    from engine.ai.phrases import Phrase


def reason(english: str, words: Sequence[Phrase], *, t: Texts = ENGLISH) -> str:
    """A reason in the reader's language: said from its words, else the English text."""
    if t.lang == ENGLISH.lang or not words:
        return english
    from engine.ai.phrases import say

    try:
        return say(words, lookup(t), t.ngettext, decimal=partial(numbers.decimal, t=t),
                   percent=partial(numbers.percent, t=t))
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        return english


def say(template: str, values: Mapping[str, object], *, plural: str | None = None, t: Texts = ENGLISH,
        value: Callable[[str, object], object] | None = None) -> str:
    """A template with its values (an IllegalMove's, a refusal's) in the reader's language: the template by the
    catalogs (by the plural rule for `n` where it has a plural), a colour and a dynasty in the reader's words, a
    tuple of choices joined by "or"; `value(key, value)` may say a value first (None: not its)."""
    n = values.get("n")
    text = t.ngettext(template, plural, n) if plural is not None and isinstance(n, int) else t.gettext(template)
    if not values:
        return text
    return text.format(**{key: _value(key, v, t, value) for key, v in values.items()})


def _value(key: str, v: object, t: Texts, value: Callable[[str, object], object] | None) -> object:
    if value is not None and (own := value(key, v)) is not None:
        return own
    if isinstance(v, tuple):
        return t.gettext(" or ").join(str(_value(key, item, t, value)) for item in v)
    if key == "colour" and v in COLOURS:
        return words.colour(str(v), t)
    if key == "usage" and isinstance(v, str) and (said := usage(v, t)) is not None:
        return said
    if (typed := verbs(key, v, t)) is not None:  # the verbs a refusal lists, as the language types them
        return typed
    if key in ("who", "other") and isinstance(v, str) and v.lower() in DYNASTIES:
        return words.dynasty(DYNASTIES.index(v.lower()), t)
    return v


def refusal(exc: IllegalMove, *, t: Texts = ENGLISH, decision: str | None = None) -> str:
    """The engine's refusal of a move in the reader's language, from its template and values (never its English);
    `decision` says the awaited decision where the refusal names it (the engine's own description is English)."""
    return say(exc.template, exc.values, plural=exc.plural, t=t,
               value=lambda key, v: decision if key == "decision" and decision else None)
