"""Lobbies that nobody starts expire: a sweep closes each one older than the setting, with a note in its channel.

Discord-free. Several processes may sweep one database: each lobby is closed under its game's lock with a revision
check, so it closes (and is announced) once.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from bot.background.periodic import Periodic
from bot.service.game_service import GameService

log = logging.getLogger(__name__)

DEFAULT_LOBBY_EXPIRY = 24 * 3600.0  # seconds a lobby may stay open without a start (TNE_LOBBY_HOURS)


class LobbySweeper:
    """Closes expired lobbies at start-up and then every `every` seconds."""

    def __init__(self, service: GameService, *, expiry: float = DEFAULT_LOBBY_EXPIRY, every: float = 60.0,
                 close_messages: Callable[[], Awaitable[object]] | None = None) -> None:
        self.service = service
        self.expiry = expiry
        # The front end's closing of lobby messages whose lobby closed (bot/discord_front/lobby_messages.py): after each
        # pass.
        self.close_messages = close_messages
        self.every = every
        self._loop = Periodic("tne-lobby-sweep", self.sweep, lambda: self.every)

    async def sweep(self) -> list[int]:
        """One pass: the lobbies it closed."""
        closed = await self.service.expire_lobbies(self.expiry)
        if closed:
            log.info("Closed %d expired lobbies: %s", len(closed), ", ".join(map(str, closed)))
        if self.close_messages is not None:
            await self.close_messages()
        return closed

    async def start(self) -> None:
        self._loop.start()

    async def stop(self) -> None:
        await self._loop.stop()
