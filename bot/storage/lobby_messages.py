"""The lobby messages that still carry live buttons, kept so that they are closed once their lobby is, restarts
included (bot/discord_front/lobby_messages.py does the closing)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage.driver import Database
from bot.storage.rows import GameStatus
from bot.storage.sql import Statement


@dataclass(frozen=True)
class LobbyMessage:
    game_id: int
    channel_id: int
    message_id: int


class LobbyMessageStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def keep(self, game_id: int, channel_id: int, message_id: int) -> None:
        """A message showing the lobby of `game_id` with its buttons."""
        await self.db.write(Statement(
            "INSERT INTO lobby_messages (game_id, message_id, channel_id) VALUES (?, ?, ?) "
            "ON CONFLICT (game_id, message_id) DO NOTHING", (game_id, message_id, channel_id)))

    async def closed(self, game_id: int | None = None, limit: int = 100) -> list[LobbyMessage]:
        """Kept messages whose lobby is one no more (started, cancelled, abandoned); of one game, or of any."""
        where = " AND l.game_id = ?" if game_id is not None else ""
        rows = await self.db.fetch(
            "SELECT l.game_id, l.channel_id, l.message_id FROM lobby_messages l JOIN games g ON g.id = l.game_id "
            f"WHERE g.status <> ?{where} ORDER BY l.game_id, l.message_id LIMIT ?",
            GameStatus.LOBBY.value, *((game_id,) if game_id is not None else ()), limit)
        return [LobbyMessage(r["game_id"], r["channel_id"], r["message_id"]) for r in rows]

    async def forget(self, message: LobbyMessage) -> None:
        await self.db.write(Statement("DELETE FROM lobby_messages WHERE game_id = ? AND message_id = ?",
                                      (message.game_id, message.message_id)))
