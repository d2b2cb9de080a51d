"""How many games are running, per host and per server: the counts the caps (bot/service/limits.py) are checked against.

Both read the status index's running games only, so they cost as much as there are games under way.
"""

from __future__ import annotations

from bot.storage.driver import Database
from bot.storage.rows import GameStatus


async def running_hosted(db: Database, host_id: int) -> int:
    """Running games this person hosts, in every server."""
    rows = await db.fetch("SELECT COUNT(*) FROM games WHERE status = ? AND host_id = ?",
                          GameStatus.ACTIVE.value, host_id)
    return int(rows[0][0])


async def running_in_server(db: Database, guild_id: int | None) -> int:
    """Running games in this server (outside any server: those with no server)."""
    rows = await db.fetch("SELECT COUNT(*) FROM games WHERE status = ? "
                          "AND (guild_id = ? OR (guild_id IS NULL AND CAST(? AS BIGINT) IS NULL))",
                          GameStatus.ACTIVE.value, guild_id, guild_id)
    return int(rows[0][0])
