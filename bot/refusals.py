"""A refusal (GameError) said in a reader's language: its English template looked up in the catalogs, then filled
with its values. Values stay as given (names, squares, moves in notation), except a `colour`, said in the reader's
words; a refusal the catalogs do not have reads in English."""

from __future__ import annotations

from bot import words
from bot.locales import ENGLISH, Texts
from bot.table import GameError
from engine import COLOURS


def said(refusal: GameError, t: Texts = ENGLISH) -> str:
    """The refusal in `t`'s language (str(refusal) is the English)."""
    text = t.gettext(refusal.template)
    if not refusal.values:
        return text
    values = {k: words.colour(v, t) if k == "colour" and v in COLOURS else v for k, v in refusal.values.items()}
    return text.format(**values)
