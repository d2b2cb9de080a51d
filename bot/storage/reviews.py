"""The reviews table: one post-game review per finished game, as JSON, written once and then only read.

Several processes may finish computing the same review at once (sharded bots on one PostgreSQL): the first row
stored is kept and every writer reads that one back, so everyone posts the same review.
"""

from __future__ import annotations

import json
import time
from typing import Any

from bot.storage.driver import Database
from bot.storage.games import Storage
from bot.storage.sql import Statement


class ReviewsStore:
    """Stored reviews on one back end (the `Database` the game storage opened)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    @classmethod
    def of(cls, storage: Storage) -> ReviewsStore:
        return cls(storage.db)

    async def get(self, game_id: int) -> dict[str, Any] | None:
        """The game's stored review (its JSON, parsed), or None."""
        text = await self.db.fetchval("SELECT review FROM reviews WHERE game_id = ?", game_id)
        return json.loads(text) if text is not None else None

    async def keep(self, game_id: int, review: dict[str, Any]) -> dict[str, Any]:
        """Store the review unless one is stored already; gives the stored one (the first kept)."""
        await self.db.write(Statement(
            "INSERT INTO reviews (game_id, review, created_at) VALUES (?, ?, ?) ON CONFLICT (game_id) DO NOTHING",
            (game_id, json.dumps(review, separators=(",", ":")), time.time())))
        stored = await self.get(game_id)
        assert stored is not None  # just written, or written by another process first; never deleted but by replace
        return stored

    async def replace(self, game_id: int, review: dict[str, Any]) -> None:
        """Put a fresh review in place of a stored one that can no longer be read (an older format)."""
        await self.db.write(Statement("UPDATE reviews SET review = ?, created_at = ? WHERE game_id = ?",
                                      (json.dumps(review, separators=(",", ":")), time.time(), game_id)))

    async def count(self) -> int:
        return int(await self.db.fetchval("SELECT COUNT(*) FROM reviews"))
