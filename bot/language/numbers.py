"""Numbers a review prints, in the reader's locale by Babel: one decimal ('2,5' in German) and a chance as a percent
('46 %' in German and French, '46%' in English), so a line's own figures and its catalog text agree."""

from __future__ import annotations

from babel.numbers import format_decimal, format_percent

from bot.language.locales import ENGLISH, Texts


def decimal(value: float, t: Texts = ENGLISH) -> str:
    """`value` with one decimal: '2.5', '2,5'."""
    return format_decimal(round(value, 1), format="0.0", locale=t.locale)


def percent(chance: float, t: Texts = ENGLISH) -> str:
    """A chance (0..1) as a whole percent: '46%', '46 %' (the locale's space, which does not break)."""
    return format_percent(round(chance, 2), locale=t.locale)


def points(value: float, t: Texts = ENGLISH, *, sign: bool = False) -> str:
    """'2.5 points', with `sign` '+2.5 points' or '−2.5 points' (a true minus sign, as the losses print)."""
    # Translators: a margin in points, with a decimal ("2.5 points")
    said = t.gettext("{points} points").format(points=decimal(abs(value), t))
    if not sign or round(value, 1) == 0:
        return said
    return ("−" if value < 0 else "+") + said
