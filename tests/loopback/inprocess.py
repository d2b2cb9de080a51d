"""The real TneBot in this process, connected to the loopback server over real sockets (cheaper than a process)."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections.abc import AsyncIterator, Callable
from typing import Any

import discord

from bot.client import TneBot, point_endpoints
from bot.config import Config
from tests.loopback.server import LoopbackDiscord


@contextlib.contextmanager
def endpoints_restored() -> Any:
    """point_endpoints sets process-wide class attributes: put them back afterwards."""
    saved = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    try:
        yield
    finally:
        discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = saved


@contextlib.asynccontextmanager
async def running_bot(server: LoopbackDiscord, db_path: str, *, seed: int | Callable[[], int] = 5,
                      shard: tuple[int, int] | None = None, ready_timeout: float = 10.0,
                      fast_reidentify: bool = True, client_options: dict[str, Any] | None = None,
                      **settings: Any) -> AsyncIterator[TneBot]:
    """Start a TneBot against `server`, wait until its gateway session is READY, close it afterwards.

    `settings` are Config fields (ai_delay defaults to 0, worker processes to none); `client_options` go to
    discord.py's Client (e.g. heartbeat_timeout). `fast_reidentify` skips discord.py's 5-second pause before
    identifying again after INVALID_SESSION, which only slows tests down.
    """
    config = Config(token=server.token, database_url=str(db_path), api_base=server.api_base,
                    gateway_url=server.gateway_url, **{"ai_delay": 0.0, "render_processes": 0, "ai_processes": 0,
                                                       **settings})
    seeds = seed if callable(seed) else itertools.count(seed).__next__
    options = dict(client_options or {})
    if shard is not None:
        options.update(shard_ids=[shard[0]], shard_count=shard[1])
    with endpoints_restored():
        point_endpoints(config)
        bot = TneBot(config, seed_source=seeds, **options)
        if fast_reidentify:
            async def no_pause(shard_id: int | None, *, initial: bool = False) -> None:
                return None
            bot.before_identify_hook = no_pause  # type: ignore[method-assign]
        mark = len(server.gateway.records)
        task = asyncio.create_task(bot.start(config.token), name="loopback-bot")
        try:
            await server.wait_for(lambda: task.done() or server.gateway.count("ready", shard=shard, after=mark),
                                  ready_timeout, "the bot's READY")
            if task.done():
                task.result()  # start() ended early: raise what stopped it
            yield bot
        finally:
            await bot.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(task, 10)
