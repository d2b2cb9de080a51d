"""The hints answered in games opened with hints on: one row per hint, so a seat's count is its rows.

A hint is counted in one transaction that first checks the game is still at the revision the hint was thought at
(a move or an undo since makes it stale: not counted, not shown); an interaction id is counted once (Discord may
deliver an interaction twice), and a hint that failed is never written.
"""

from __future__ import annotations

import time
from enum import StrEnum

from bot.storage.driver import Database
from bot.storage.rows import GameStatus


class Counted(StrEnum):
    """What became of a hint handed to `HintStore.count`."""

    COUNTED = "counted"  # written now
    AGAIN = "again"  # this interaction's hint was counted already
    STALE = "stale"  # the game moved on (or ended) since the hint was thought: nothing written


class HintStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def count(self, game_id: int, rev: int, seat: int, move_count: int, move: str,
                    interaction_id: int | None) -> Counted:
        """Count one hint for `seat` if the game is still running at `rev`."""
        async with self.db.transaction() as tx:
            # The row lock orders this against a move being written in another process (PostgreSQL).
            stored = await tx.fetchval("SELECT rev FROM games WHERE id = ? AND status = ? FOR UPDATE", game_id,
                                       GameStatus.ACTIVE.value)
            if stored != rev:
                return Counted.STALE
            written = await tx.execute(
                "INSERT INTO hints (game_id, seat, move_count, move, interaction_id, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                game_id, seat, move_count, move, interaction_id, time.time())
        return Counted.COUNTED if written else Counted.AGAIN
