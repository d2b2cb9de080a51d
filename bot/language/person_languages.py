"""Each person's language for what is sent to them outside an interaction (reminders, direct messages): the
locale their Discord used the last time they used the bot, else the server's language when known, else English.
Discord-free: the front end hands over each interaction's locale, the clock step asks which language to write in.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Protocol

from bot.language.locales import Locales, Texts
from bot.language.locales import load as load_locales


class LanguageStore(Protocol):
    async def language(self, user_id: int) -> str | None: ...

    async def set_language(self, user_id: int, locale: str) -> None: ...


def reader_texts(person: str | None, server: str | None = None, locales: Locales | None = None) -> Texts:
    """The language to write to one person in: their own locale when known, else the server's, else English (a
    locale we do not have falls back as bot/language/locales.py's `resolve` does)."""
    locales = locales or load_locales()
    return locales.for_tag(person or server)


class PersonLanguages:
    """Remembers each person's locale, written only when it changed since this process last wrote it (an
    interaction is answered first; the write follows). Another process's write is seen the next time it changes
    here, or after KEPT other people: a person's locale changes rarely, and reminders read the stored one."""

    KEPT = 10_000

    def __init__(self, store: LanguageStore, locales: Locales | None = None) -> None:
        self.store = store
        self.locales = locales or load_locales()
        self._known: OrderedDict[int, str] = OrderedDict()

    async def remember(self, user_id: int, locale: str | None) -> None:
        """Store the locale a person's Discord used now (no locale: nothing to remember)."""
        if not locale or self._known.get(user_id) == locale:
            return
        await self.store.set_language(user_id, locale)
        self._keep(user_id, locale)

    async def texts_for(self, user_id: int, server: str | None = None) -> Texts:
        """The language to write to a person in (see `reader_texts`); `server`: the server's locale, if known."""
        return reader_texts(await self.store.language(user_id), server, self.locales)

    async def language_of(self, user_id: int, server: str | None = None) -> str:
        """The same language as its code (`de`), for what is worded elsewhere (the announcer)."""
        return (await self.texts_for(user_id, server)).lang

    def _keep(self, user_id: int, locale: str) -> None:
        self._known[user_id] = locale
        self._known.move_to_end(user_id)
        if len(self._known) > self.KEPT:
            self._known.popitem(last=False)
