"""The engine's structured words (a review's or a hint's reason, engine/ai/phrases.py) said in a reader's language.

The engine keeps English (stored reviews and the record read it); a reader of another language gets the same
sentence from its words, with the game's pieces by the msgids bot/words.py marks. English readers, and words that
are missing (a review stored before they were kept) or malformed, get the English text as it was."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

from bot import numbers
from bot.locales import ENGLISH, Texts

if TYPE_CHECKING:  # the computer players (engine.ai) are an optional part: only their reasons carry words
    from engine.ai.phrases import Phrase


def reason(english: str, words: Sequence[Phrase], *, t: Texts = ENGLISH) -> str:
    """A reason in the reader's language: said from its words, else the English text."""
    if t.lang == ENGLISH.lang or not words:
        return english
    from engine.ai.phrases import say

    try:
        return say(words, t.gettext, t.ngettext, decimal=partial(numbers.decimal, t=t),
                   percent=partial(numbers.percent, t=t))
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        return english

