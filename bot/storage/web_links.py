"""The web board's personal sign-in links already turned into sessions, kept with the games: a link signs in once,
whichever process (shard) is asked and after a restart too. Rows go once their link has expired."""

from __future__ import annotations

import hashlib

from bot.storage.driver import Database
from bot.storage.sql import Statement


class UsedLinkStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def use(self, token: str, until: float, now: float) -> bool:
        """Mark the link `token` used (kept until `until`); False when it was used already. Expired rows go."""
        key = hashlib.sha256(token.encode()).hexdigest()
        _, inserted = await self.db.write(
            Statement("DELETE FROM web_used_links WHERE until < ?", (now,)),
            Statement("INSERT INTO web_used_links (link, until) VALUES (?, ?) ON CONFLICT DO NOTHING", (key, until)))
        return inserted.rowcount == 1

    async def count(self) -> int:
        """How many used links are kept (for tests and the operator's curiosity)."""
        return int(await self.db.fetchval("SELECT COUNT(*) FROM web_used_links") or 0)
