"""A picture's words in a language: the catalogs' lookups handed to render (which imports no catalog). Discord-free,
so the terminal uses it too; called in the drawing worker, where `locales.load()` reads the catalogs once."""

from __future__ import annotations

from functools import lru_cache, partial

from bot.language import locales, numbers, words
from render.wording import ENGLISH, Wording


@lru_cache(maxsize=8)
def wording(tag: str | None) -> Wording:
    """The words pictures print for a locale tag ('de', 'fr-CA', None): English for a tag we have no language for."""
    t = locales.load().for_tag(tag)
    if t.lang == locales.SOURCE:
        return ENGLISH
    return Wording(t.lang, words.lookup(t), t.ngettext, partial(words.ordinal, t=t),
                   partial(numbers.decimal, t=t), partial(numbers.percent, t=t))
