"""The discord.py client: storage opened, commands and persistent buttons registered in setup_hook."""

from __future__ import annotations

import gc
import logging
import re
from collections.abc import Callable
from typing import Any

import discord
import yarl
from discord.ext import commands

from bot.app import App, build
from bot.background.leases import LeaseKeeper
from bot.background.lifecycle import LobbySweeper
from bot.background.workers import Workers
from bot.config import Config
from bot.discord_front.command_translator import CommandTranslator
from bot.discord_front.controller import Controller
from bot.discord_front.outbox import Outbox
from bot.discord_front.pictures import Painter
from bot.discord_front.views import GamesButton, HistoryButton, TneButton
from bot.service.game_service import GameService
from bot.storage import Storage
from render.text import plural

log = logging.getLogger(__name__)


def point_endpoints(config: Config) -> None:
    """Send REST calls to DISCORD_API_BASE and the gateway to DISCORD_GATEWAY_URL (proxies, test servers).

    discord.py builds every REST URL from `Route.BASE` and opens the gateway at
    `DiscordWebSocket.DEFAULT_GATEWAY` (then resumes at what READY names), so these class attributes are the
    library's own hooks; they are process-wide, hence set once at start-up by the entry point only.
    """
    if config.api_base:
        base = config.api_base
        if not re.search(r"/v\d+$", base):
            base = f"{base}/v{discord.http.INTERNAL_API_VERSION}"
        discord.http.Route.BASE = base
        log.info("REST calls go to %s", base)
    if config.gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(config.gateway_url)
        log.info("The gateway is %s", config.gateway_url)


def tune_collector() -> None:
    """Run Python's cycle collector less often (process-wide, so set once by the entry point).

    The bot keeps every live game's engine objects in memory, and with the default thresholds a burst of moves
    sets off full collections over all of them: a quarter of the CPU time of 200 moves arriving together went
    to the collector. Collecting after 50,000 allocations instead of 700 costs a little memory, never a pause.
    """
    gc.set_threshold(50_000, 50, 100)


class TneBot(commands.AutoShardedBot):
    """Tigris & Euphrates bot. No message content intent: everything is slash commands and buttons.

    Always auto-sharded: one process runs the shards Discord recommends, or those the settings give it when several
    processes share the bot (Discord sends a server's interactions to shard `(guild_id >> 22) % shard_count`).
    """

    def __init__(self, config: Config, *, sync: bool = False, sync_guild: int | None = None,
                 seed_source: Callable[[], int] | None = None, **kwargs: Any) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        if config.shard_count is not None:
            kwargs.setdefault("shard_count", config.shard_count)
            if config.shard_ids is not None:
                kwargs.setdefault("shard_ids", list(config.shard_ids))
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         allowed_mentions=discord.AllowedMentions.none(), **kwargs)
        self.config = config
        self.sync_on_start = sync
        self.sync_guild = sync_guild
        self._seed_source = seed_source
        self.app: App | None = None
        # The parts the rest of the process (and its tests) reach through the client; set once, by setup_hook.
        self.storage: Storage | None = None
        self.service: GameService | None = None
        self.controller: Controller | None = None
        self.painter: Painter | None = None
        self.thinkers: Workers | None = None
        self.keeper: LeaseKeeper | None = None
        self.outbox: Outbox | None = None
        self.lobbies: LobbySweeper | None = None
        self._closing = False

    async def setup_hook(self) -> None:
        app = await build(self, self.config, gone=self.channel_gone, seed_source=self._seed_source)
        self.app = app
        self.storage, self.service, self.controller = app.storage, app.service, app.controller
        self.painter, self.thinkers, self.keeper = app.painter, app.thinkers, app.keeper
        self.outbox, self.lobbies = app.outbox, app.lobbies
        # Buttons from before a restart: one DynamicItem pattern dispatches every tne:<game>:... custom id.
        self.add_dynamic_items(TneButton, HistoryButton, GamesButton)
        await self.add_cog(app.cog)
        # Descriptions and choices in the client's language, sent with the commands when they are synced.
        await self.tree.set_translator(CommandTranslator(app.locales))
        self.tree.error(app.interactions.on_tree_error)
        if self.sync_on_start:
            await self.sync_commands()
        await app.start()

    async def sync_commands(self) -> list[dict[str, Any]]:
        """Publish the command tree, globally or to one server; only on request (--sync), never on every start.

        Globally, the app's Entry Point command (the Activity's "Launch") is sent back as it is: Discord refuses a
        bulk overwrite that leaves it out (50240), and discord.py's `tree.sync` knows nothing of it."""
        app_id = self.application_id
        if app_id is None:
            raise discord.app_commands.MissingApplicationID
        guild = discord.Object(self.sync_guild) if self.sync_guild else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        translator = self.tree.translator
        ours = self.tree.get_commands(guild=guild)
        payload = [await c.get_translated_payload(self.tree, translator) if translator else c.to_dict(self.tree)
                   for c in ours]
        if guild is None:
            payload += entry_points(await self.http.get_global_commands(app_id))
            synced = await self.http.bulk_upsert_global_commands(app_id, payload=payload)
        else:
            synced = await self.http.bulk_upsert_guild_commands(app_id, guild.id, payload=payload)
        log.info("Synced %s %s", plural(len(synced), "application command"),
                 f"to server {self.sync_guild}" if guild else "globally")
        return list(synced)  # type: ignore[arg-type]

    async def on_ready(self) -> None:
        log.info("Connected as %s to %s on %s %s of %s", self.user, plural(len(self.guilds), "server"),
                 "shard" if len(self.shards) == 1 else "shards",
                 ",".join(map(str, sorted(self.shards))), self.shard_count)

    # --- channels, threads and servers that go away: their games close, announced nowhere ---------------------

    async def channel_gone(self, channel_id: int) -> None:
        """A channel or thread is gone: its game closes as abandoned and nothing more is posted there."""
        if self.service is None:
            return
        try:
            closed = await self.service.channel_gone(channel_id)
        except Exception:
            log.exception("Could not close the game of deleted channel %s", channel_id)
            return
        if closed:
            log.info("Channel %s was deleted: closed game %s", channel_id, ", ".join(map(str, closed)))

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        # Discord deletes a channel's threads with it and sends nothing for them.
        threads = [t.id for t in channel.guild.threads if t.parent_id == channel.id]
        for channel_id in (channel.id, *threads):
            await self.channel_gone(channel_id)

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.channel_gone(payload.thread_id)

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """The bot was removed from a server (discord.py leaves out outages: those are `on_guild_unavailable`)."""
        if self.service is None:
            return
        try:
            closed = await self.service.guild_gone(guild.id)
        except Exception:
            log.exception("Could not close the games of server %s", guild.id)
            return
        if closed:
            log.info("Left server %s: closed %s", guild.id, plural(len(closed), "game"))

    # --- permissions given back: a channel whose posts are held is tried at once, not after its backoff ----------

    async def permissions_changed(self, guild_id: int | None, channel_id: int | None = None) -> None:
        if self.outbox is None:
            return
        try:
            await self.outbox.reopen(guild_id, channel_id)
        except Exception:
            log.warning("Could not try the held channels of server %s again", guild_id, exc_info=True)

    async def on_guild_channel_update(self, before: discord.abc.GuildChannel, after: discord.abc.GuildChannel) -> None:
        # A channel's overwrites apply to its threads too: every held channel of the server is tried.
        await self.permissions_changed(after.guild.id)

    async def on_thread_update(self, before: discord.Thread, after: discord.Thread) -> None:
        await self.permissions_changed(after.guild.id, after.id)

    async def on_guild_role_update(self, before: discord.Role, after: discord.Role) -> None:
        await self.permissions_changed(after.guild.id)

    async def on_member_update(self, before: discord.Member, after: discord.Member) -> None:
        if self.user is not None and after.id == self.user.id:  # the bot's own roles changed
            await self.permissions_changed(after.guild.id)

    def shutdown_work(self) -> str:
        """What closing still waits for or hands back, in words for the log."""
        parts = []
        if self.outbox is not None and (channels := len(self.outbox.working())):
            parts.append(f"deliveries to {plural(channels, 'channel')} under way (finishing for up to "
                         f"{self.outbox.timing.stop_grace:g} s)")
        if self.controller is not None and (games := len(self.controller.seats.playing())):
            parts.append(f"computer seats thinking in {plural(games, 'game')} (stopped; another process or the next "
                         "start plays them)")
        if self.keeper is not None:
            parts.append("this process's leases to hand back")
        if self.storage is not None:
            parts.append("the database to close")
        return "; ".join(parts) or "nothing was started"

    async def close(self) -> None:
        if self._closing:
            await super().close()  # a second call (a signal during shutdown) waits for discord.py's own close
            return
        self._closing = True
        log.info("Shutting down: %s", self.shutdown_work())
        if self.app is not None:
            await self.app.stop()  # hands the channels back last: another process may take them at once
        await super().close()
        if self.app is not None:
            self.app.close_workers()
        if self.storage is not None:
            await self.storage.close()
            self.storage = None
        log.info("Stopped")


ENTRY_POINT = 4  # PRIMARY_ENTRY_POINT: the command that opens an app's Activity from the App Launcher
# What a bulk overwrite may carry of a command read back (the rest, like `version`, Discord sets itself).
_WRITABLE = ("id", "type", "name", "name_localizations", "description", "description_localizations", "handler",
             "contexts", "integration_types", "default_member_permissions", "nsfw")


def entry_points(existing: Any) -> list[dict[str, Any]]:
    """The app's Entry Point commands among its global commands, as a bulk overwrite must include them."""
    return [{key: c[key] for key in _WRITABLE if key in c} for c in existing if c.get("type") == ENTRY_POINT]
