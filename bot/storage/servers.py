"""Each server's language for its public posts: the one its admins chose (`/tne settings language`), and Discord's
guess (the server's locale as last seen, kept so posts nobody's interaction caused speak it after a restart too)."""

from __future__ import annotations

import time
from dataclasses import dataclass

from bot.storage.driver import Database
from bot.storage.sql import Statement


@dataclass(frozen=True)
class ServerLanguage:
    """What is stored for one server: `chosen` (None: follow Discord's guess) and `seen` (Discord's locale tag)."""

    chosen: str | None = None
    seen: str | None = None


class ServerStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def language(self, guild_id: int) -> ServerLanguage:
        row = await self.db.fetchrow("SELECT language, discord_locale FROM servers WHERE guild_id = ?", guild_id)
        return ServerLanguage() if row is None else ServerLanguage(row["language"], row["discord_locale"])

    async def choose(self, guild_id: int, language: str | None) -> None:
        """Keep the admins' choice (None: Discord's guess again)."""
        await self.db.write(Statement(
            "INSERT INTO servers (guild_id, language, updated_at) VALUES (?, ?, ?) ON CONFLICT (guild_id) "
            "DO UPDATE SET language = excluded.language, updated_at = excluded.updated_at",
            (guild_id, language, time.time())))

    async def saw(self, guild_id: int, tag: str) -> None:
        """Keep Discord's locale for the server as last seen."""
        await self.db.write(Statement(
            "INSERT INTO servers (guild_id, discord_locale, updated_at) VALUES (?, ?, ?) ON CONFLICT (guild_id) "
            "DO UPDATE SET discord_locale = excluded.discord_locale, updated_at = excluded.updated_at",
            (guild_id, tag, time.time())))
