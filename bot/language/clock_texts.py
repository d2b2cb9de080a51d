"""The clocks of bot/background/clocks.py in words, in a reader's language ('5 hours 20 minutes left of 1 day', '1
Tag'): the
one place a duration is said."""

from __future__ import annotations

from bot.background import clocks
from bot.language.locales import ENGLISH, Texts
from bot.storage.rows import ClockRow


def _unit(n: int, unit: str, t: Texts) -> str:
    # One literal ngettext per unit, so the extractor finds each.
    if unit == "day":
        # Translators: a span of time (a clock's length)
        return t.ngettext("{n} day", "{n} days", n).format(n=n)
    if unit == "hour":
        return t.ngettext("{n} hour", "{n} hours", n).format(n=n)
    if unit == "minute":
        return t.ngettext("{n} minute", "{n} minutes", n).format(n=n)
    # Translators: a span of time (a clock's length)
    return t.ngettext("{n} second", "{n} seconds", n).format(n=n)


def _units(*parts: tuple[int, str], t: Texts) -> str:
    """Each non-zero part with its word (the first part said even at 0), as clocks._units."""
    return " ".join(_unit(n, unit, t) for i, (n, unit) in enumerate(parts) if n or i == 0)


def span(seconds: float, *, t: Texts = ENGLISH) -> str:
    """A duration in words, rounded to its two largest units: '2 days 3 hours', '5 Stunden 20 Minuten', '40 seconds'."""
    s = round(seconds)
    if s >= 86_400:
        d, h = divmod(s // 3600, 24)
        return _units((d, "day"), (h, "hour"), t=t)
    if s >= 3600:
        h, m = divmod(s // 60, 60)
        return _units((h, "hour"), (m, "minute"), t=t)
    if s >= 60:
        return _units((s // 60, "minute"), t=t)
    return _units((s, "second"), t=t)


def length(choice: str, *, t: Texts = ENGLISH) -> str:
    """A clock choice as a duration ('24h' → '1 day', '1 Tag'), 'no clock', or an unknown choice as stored."""
    seconds = clocks.CLOCKS.get(choice)
    if seconds is None:
        return t.gettext("no clock") if choice == "none" else choice
    return span(seconds, t=t)


def clock_words(clock: ClockRow, now: float, *, t: Texts = ENGLISH) -> str | None:
    """The clock of whoever must act, in words, or None when this turn has none."""
    if clock.seat is None or (clock.clock == "none" and clock.deadline is None):
        return None
    if clock.standin:
        # Translators: what happens when a player's time runs out: a computer stand-in plays for them
        return t.gettext("the stand-in plays")
    left = clocks.time_left(clock, now)
    if left is None:
        return None
    if left <= 0:
        # Translators: a player's time to act has run out
        return t.gettext("time is up")
    return t.gettext("{left} left of {length}").format(left=span(left, t=t), length=length(clock.clock, t=t))
