"""Each server's language for its public posts (the table's accounts, standings, ratings): the one its admins chose
with `/tne settings language`, else Discord's guess (the server's locale as last seen, else as the gateway has it).
Discord-free: the front end says what it saw and whether the asker may manage the server; the rule lives here."""

from __future__ import annotations

import logging
from collections.abc import Callable

from bot.language.locales import N_, Locales, Texts, load
from bot.service.table import GameError
from bot.storage.errors import StorageError
from bot.storage.servers import ServerStore

log = logging.getLogger(__name__)

AUTO = "auto"  # no choice: Discord's guess
# Translators: the choice of /tne settings language that follows Discord's own language for the server
GUESS = N_("Discord's guess")

NO_SERVER = N_("Only a server has a language for its posts.")
NOT_ALLOWED = N_("Only members with Manage Server may set this server's language.")
# Translators: {languages} lists the codes that may be chosen, like "auto, en, de, fr"
UNKNOWN = N_("The language is one of: {languages}.")


def choices(locales: Locales) -> dict[str, str]:
    """What `/tne settings language` offers (value: name shown): Discord's guess, then every language the bot
    speaks, named in its own words ('Deutsch', 'Français')."""
    return {AUTO: GUESS, **{lang: t.name[:1].upper() + t.name[1:] for lang, t in locales.texts.items()}}


class ServerLanguages:
    """Answers which language a server's public posts speak; keeps Discord's guess and the admins' choice."""

    def __init__(self, store: ServerStore, locales: Locales | None = None,
                 gateway: Callable[[int], str | None] | None = None) -> None:
        self.store = store
        self.locales = locales or load()
        # The server's locale as the gateway last told it (the front end's guild cache), for a server that has
        # no stored guess yet: handed in by the composition root (bot/app.py).
        self.gateway = gateway
        # The locale this process last stored per server: the same one is not written again at every command.
        self._seen: dict[int, str] = {}

    async def texts(self, guild_id: int | None) -> Texts:
        """The server's language: its admins' choice, else Discord's guess (stored from an interaction, else the
        gateway's preferred_locale), else English."""
        if guild_id is None:
            return self.locales.for_tag(None)
        stored = await self.store.language(guild_id)
        guess = stored.seen or (self.gateway(guild_id) if self.gateway is not None else None)
        return self.locales.for_tag(stored.chosen or guess)

    async def saw(self, guild_id: int | None, tag: str | None) -> None:
        """Discord told us the server's locale (an interaction's guild_locale, the gateway's preferred_locale):
        kept for posts no interaction causes. Never fails the command that brought it: it is only a guess."""
        if guild_id is None or not tag or self._seen.get(guild_id) == tag:
            return
        try:
            await self.store.saw(guild_id, tag)
        except StorageError:
            log.warning("Could not keep server %s's locale %s; it is kept at the next command", guild_id, tag)
            return
        self._seen[guild_id] = tag

    async def choose(self, guild_id: int | None, choice: str, *, can_manage: bool) -> Texts:
        """Set the server's language (`auto`: Discord's guess again); only for those who may manage the server.
        The language its posts now speak."""
        if guild_id is None:
            raise GameError(NO_SERVER)
        if not can_manage:
            raise GameError(NOT_ALLOWED)
        offered = choices(self.locales)
        if choice not in offered:
            raise GameError(UNKNOWN, languages=", ".join(offered))
        await self.store.choose(guild_id, None if choice == AUTO else choice)
        return await self.texts(guild_id)


def language_set_text(choice: str, t: Texts) -> str:
    """What `/tne settings language` set, said in the language it set."""
    language = t.name
    if choice == AUTO:
        return t.gettext("This server's public posts follow its language in Discord again: {language}.").format(
            language=language)
    return t.gettext("This server's public posts are now in {language}.").format(language=language)
