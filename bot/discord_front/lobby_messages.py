"""Lobby messages lose their buttons once their lobby closes: the game started, the lobby was cancelled, abandoned
or expired. Each message showing a lobby with its buttons is kept (bot/storage/lobby_messages.py); once the game is
a lobby no more, the message is edited to show how the lobby ended, without buttons, and forgotten.

The closing follows each change this process makes at once, and the lobby sweep (bot/background/lifecycle.py: at
start-up,
then every minute) closes whatever a restart, another process or a failed edit left. Within a process one closing
runs at a time, so a sweep and a change's closing never edit one message twice; two processes sweeping at the same
moment may both edit it, to the same words."""

from __future__ import annotations

import asyncio
import logging

import discord

from bot.discord_front.lobby.texts import lobby_text
from bot.service.game_service import GameError, GameService
from bot.storage.lobby_messages import LobbyMessage, LobbyMessageStore

log = logging.getLogger(__name__)


class LobbyMessages:
    def __init__(self, client: discord.Client, service: GameService, store: LobbyMessageStore) -> None:
        self.client = client
        self.service = service
        self.store = store
        self._refused: set[int] = set()  # messages whose channel the bot may not edit in now: said once
        self._closing = asyncio.Lock()  # the start-up sweep, the minute's sweep and a change's closing, one at a time

    async def keep(self, game_id: int, channel_id: int, message_id: int) -> None:
        """A message now shows this lobby with its buttons."""
        await self.store.keep(game_id, channel_id, message_id)

    async def close(self, game_id: int | None = None) -> int:
        """Close the kept messages of lobbies that are closed (of one game, or of any); how many were closed."""
        closed = 0
        async with self._closing:
            for message in await self.store.closed(game_id):
                if await self._close(message):
                    await self.store.forget(message)
                    closed += 1
        return closed

    async def _close(self, message: LobbyMessage) -> bool:
        """Edit one message to the lobby as it ended, without buttons; False: try again later."""
        try:
            table = await self.service.load(message.game_id)
        except GameError:
            return True  # the game is gone: nothing left to say
        t = await self.service.languages.texts(table.row.guild_id)
        channel = self.client.get_partial_messageable(message.channel_id)
        try:
            await channel.get_partial_message(message.message_id).edit(content=lobby_text(table, t=t), view=None)
        except discord.NotFound:
            return True  # the message or its channel was deleted: no buttons left to close
        except Exception as exc:  # refused (403), Discord down, the connection lost: the next sweep tries again
            if message.message_id not in self._refused:
                self._refused.add(message.message_id)
                log.warning("Could not close the buttons of lobby message %s of game %s (%r); trying again later",
                            message.message_id, message.game_id, exc)
            return False
        self._refused.discard(message.message_id)
        return True
