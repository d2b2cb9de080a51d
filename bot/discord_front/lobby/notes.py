"""The lobby's public notes (who joins, who leaves, a computer seated, a lobby expired) in the server's language.
English reads as the bot always said it."""

from __future__ import annotations

from babel.numbers import format_decimal

from bot.language import text as T
from bot.language.locales import ENGLISH, Texts


def joins(name: str, *, t: Texts = ENGLISH) -> str:
    # Translators: a note under the lobby: a player took a seat
    return t.gettext("{name} joins.").format(name=T.name(name))


def leaves(name: str, *, t: Texts = ENGLISH) -> str:
    # Translators: a note under the lobby: a player left their seat
    return t.gettext("{name} leaves.").format(name=T.name(name))


def computer_seated(level: str, *, t: Texts = ENGLISH) -> str:
    """'An easy computer player takes a seat.': one sentence per level, so a language can inflect its adjective."""
    if level == "easy":
        return t.gettext("An easy computer player takes a seat.")
    if level == "medium":
        return t.gettext("A medium computer player takes a seat.")
    if level == "hard":
        return t.gettext("A hard computer player takes a seat.")
    return t.gettext("A computer player takes a seat.")


def lobby_expired(game_id: int, max_age: float, *, t: Texts = ENGLISH) -> str:
    """The note a lobby leaves in its channel when it expires: '48 hours', '1,5 Stunden' (a fraction said as the
    locale writes it)."""
    hours, minutes = max_age / 3600, max_age / 60
    if hours >= 1:
        # Translators: a span of time: how long until something happens
        span = t.ngettext("{n} hour", "{n} hours", _plural_n(hours)).format(n=_number(hours, t))
    else:
        # Translators: a span of time: how long until something happens
        span = t.ngettext("{n} minute", "{n} minutes", _plural_n(minutes)).format(n=_number(minutes, t))
    said = t.gettext("The lobby of game #{n} closed: nobody started it within {span}. `/tne new` opens another.")
    return said.format(n=game_id, span=span)


def _plural_n(amount: float) -> int:
    # Exactly one takes the singular; any other amount (1.5 too) the plural, as English has always said it.
    return 1 if amount == 1 else 2


def _number(amount: float, t: Texts) -> str:
    if t.lang == ENGLISH.lang:
        return f"{amount:g}"
    return format_decimal(amount, format="#,##0.##", locale=t.locale)
