"""A refusal (GameError) said in a reader's language: its English template looked up in the catalogs, then filled
with its values. Values stay as given (names, squares, moves in notation), except a `colour`, said in the reader's
words, an awaited decision, said as bot/messages.py says it, and a seat, its dynasty in the reader's words; a
refusal the catalogs do not have reads in English."""

from __future__ import annotations

from bot import messages, words
from bot.locales import ENGLISH, SOURCE, Texts
from bot.table import Awaited, GameError, SeatLabel
from bot.table_words import label
from engine import COLOURS


def said(refusal: GameError, t: Texts = ENGLISH) -> str:
    """The refusal in `t`'s language (str(refusal) is the English)."""
    text = t.gettext(refusal.template)
    if not refusal.values:
        return text
    return text.format(**{key: _value(key, value, t) for key, value in refusal.values.items()})


def _value(key: str, value: object, t: Texts) -> object:
    if key == "colour" and value in COLOURS:
        return words.colour(str(value), t)
    if isinstance(value, Awaited) and t.lang != SOURCE:
        # The engine's description is English only; the bot's own words say the same in the reader's language.
        return messages.decision_words(value.table, t=t).rstrip(".")
    if isinstance(value, SeatLabel):
        return label(value.table, value.seat, t=t)
    return value
