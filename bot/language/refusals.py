"""A refusal (GameError) said in a reader's language: its English template looked up in the catalogs, then filled
with its values. Values stay as given (names, squares, moves in notation), except a `colour`, said in the reader's
words, an awaited decision, said as bot/discord_front/play/decision_texts.py says it, and a seat, its dynasty in the
reader's words; a
refusal the catalogs do not have reads in English. The engine's refusals (GameError.refusing) are said as
bot/language/engine_words.py says every IllegalMove."""

from __future__ import annotations

from bot.discord_front.play import decision_texts
from bot.language import engine_words
from bot.language.locales import ENGLISH, SOURCE, Texts
from bot.language.table_words import label
from bot.service.table import Awaited, GameError, SeatLabel


def said(refusal: GameError, t: Texts = ENGLISH) -> str:
    """The refusal in `t`'s language (str(refusal) is the English)."""
    return engine_words.say(refusal.template, refusal.values, plural=refusal.plural, t=t,
                            value=lambda key, value: _value(value, t))


def _value(value: object, t: Texts) -> object:
    if isinstance(value, Awaited) and t.lang != SOURCE:
        # The engine's description is English only; the bot's own words say the same in the reader's language.
        return decision_texts.decision_words(value.table, t=t).rstrip(".")
    if isinstance(value, SeatLabel):
        return label(value.table, value.seat, t=t)
    return None
