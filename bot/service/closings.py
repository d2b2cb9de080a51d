"""Lobbies and games that go away without a player's move: a deleted channel, a server the bot left, a lobby
nobody started (bot/background/lifecycle.py sweeps those; bot/client.py hears of deletions)."""

from __future__ import annotations

import logging

from bot.service.desk import Desk
from bot.service.endings import Ending, EndKind, said
from bot.service.said import EXPIRED
from bot.service.table import Changed, GameError, Said
from bot.storage.rows import LIVE, GameStatus

log = logging.getLogger(__name__)

# Why a game closed without anyone asking (its stored end_reason); announced nowhere but the expiry.
CHANNEL_GONE = Ending(EndKind.CHANNEL_DELETED).stored()
GUILD_GONE = Ending(EndKind.BOT_LEFT).stored()
LOBBY_EXPIRED = Ending(EndKind.NOT_STARTED).stored()


class Closings:
    """Closing what nobody asked to close, each under its game's lock; published once the locks are let go. A part
    of GameService (bot/service/game_service.py), which gives it `desk`."""

    desk: Desk

    async def channel_gone(self, channel_id: int) -> list[int]:
        return self._closed(await self._channel_gone(channel_id))

    async def guild_gone(self, guild_id: int) -> list[int]:
        return self._closed(await self._guild_gone(guild_id))

    async def expire_lobbies(self, max_age: float) -> list[int]:
        return self._closed(await self._expire_lobbies(max_age))

    def _closed(self, closed: list[Changed]) -> list[int]:
        """Publish what closed; the games it closed."""
        self.desk.publisher.publish(done.event for done in closed)
        return [done.table.id for done in closed]

    async def _channel_gone(self, channel_id: int) -> list[Changed]:
        """A channel or thread was deleted: its lobby or game ends as abandoned, announced nowhere, and whatever
        was still owed there is dropped. The games it closed."""
        game_id = await self.desk.storage.live_game_id(channel_id)
        gone = Ending(EndKind.CHANNEL_DELETED)
        closed = await self._close_gone(game_id, gone) if game_id is not None else None
        if closed is not None:
            return [closed]
        await self.desk.storage.changes.drop_owed(channel_id, said(gone))  # the outbox's last error, for the log
        return []

    async def _guild_gone(self, guild_id: int) -> list[Changed]:
        """The bot left a server (or was removed): every lobby and game there closes as `channel_gone` does."""
        closed = [await self._close_gone(game_id, Ending(EndKind.BOT_LEFT))
                  for game_id in await self.desk.storage.live_game_ids_in_guild(guild_id)]
        return [c for c in closed if c is not None]

    async def _close_gone(self, game_id: int, ending: Ending) -> Changed | None:
        tables = self.desk.tables
        async with tables.lock(game_id):
            table = await tables.refresh(game_id)  # as stored: another process may have changed it
            if table.row.status not in LIVE:
                return None
            ended = await self.desk.end(table, GameStatus.ABANDONED, ending, None, gone_channel=table.row.channel_id)
            log.info("Game %s in channel %s closed: %s", game_id, table.row.channel_id, said(ending))
            return ended

    async def _expire_lobbies(self, max_age: float) -> list[Changed]:
        """Close every lobby opened more than `max_age` seconds ago and never started, with a note in its channel
        (if the channel is gone, the note is dropped on delivery). The lobbies closed."""
        closed = []
        tables = self.desk.tables
        for game_id in await self.desk.storage.lobbies_opened_before(self.desk.now() - max_age):
            async with tables.lock(game_id):
                table = await tables.refresh(game_id)
                if table.row.status != GameStatus.LOBBY:
                    continue
                said = Said(EXPIRED, {"game": table.id, "max_age": max_age})
                try:
                    closed.append(await self.desk.end(table, GameStatus.CANCELLED, Ending(EndKind.NOT_STARTED), said))
                except GameError as exc:
                    log.info("Lobby %s did not expire now (%s); the next sweep tries again", game_id, exc)
                    continue
        return closed

