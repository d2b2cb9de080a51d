"""The composition root: every part of the bot built once, each handed what it needs through its constructor.

`build` opens the database and the worker pools and wires the rest; `App.start` and `App.stop` run the background
parts in order. The client (bot/client.py) registers the cog, the buttons and the error handler with discord.py.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

import discord

from bot.background.clocks import ClockKeeper
from bot.background.leases import LeaseKeeper
from bot.background.lifecycle import LobbySweeper
from bot.background.recording import Recorder, rating_changes
from bot.background.seats import ComputerSeats
from bot.background.workers import ANALYSIS_NICE, Workers
from bot.config import Config
from bot.discord_front.announcer import Announcer
from bot.discord_front.closed_note import closed_words
from bot.discord_front.cog import TneCog
from bot.discord_front.controller import Controller
from bot.discord_front.discord_sight import WebMembers, guild_member_fetch, web_sight
from bot.discord_front.interactions import FirstAnswers, Interactions
from bot.discord_front.lobby_messages import LobbyMessages
from bot.discord_front.outbox import Outbox
from bot.discord_front.outbox_courier import DiscordCourier
from bot.discord_front.outbox_timing import Timing
from bot.discord_front.pictures import Painter
from bot.language.locales import Locales
from bot.language.locales import load as load_locales
from bot.records.finisher import Finisher
from bot.records.reviews import Reviews
from bot.records.service import Records
from bot.service.allowance import Allowance
from bot.service.events import owed_post
from bot.service.game_service import GameService
from bot.service.hints import Hints
from bot.storage import Storage
from bot.storage.leases import Leases
from bot.storage.lobby_messages import LobbyMessageStore
from bot.storage.outbox import OutboxStore
from bot.storage.web_links import UsedLinkStore
from bot.web.activity import ActivitySettings
from bot.web.auth import Auth, Links
from bot.web.context import Context
from bot.web.hub import Hub
from bot.web.server import WebServer

log = logging.getLogger(__name__)


def shard_filter(shard_count: int | None, shard_ids: Sequence[int] | None) -> Callable[[int | None], bool]:
    """Whether this process serves a server: Discord sends a server's events to shard
    `(guild_id >> 22) % shard_count`; a process that runs every shard serves them all."""
    if shard_count is None or shard_ids is None:
        return lambda guild_id: True
    mine = frozenset(shard_ids)
    return lambda guild_id: guild_id is None or (guild_id >> 22) % shard_count in mine


def gateway_locale(client: discord.Client) -> Callable[[int], str | None]:
    """A server's preferred_locale from the bot's guild cache (GUILD_CREATE), or None for a server not cached."""
    def locale(guild_id: int) -> str | None:
        guild = client.get_guild(guild_id)
        return guild.preferred_locale.value if guild is not None and guild.preferred_locale else None
    return locale


def guild_name(client: discord.Client) -> Callable[[int], str | None]:
    """A server's name from the bot's guild cache, or None for a server not cached (another shard's, or gone)."""
    def name(guild_id: int) -> str | None:
        guild = client.get_guild(guild_id)
        return guild.name if guild is not None else None
    return name


@dataclass(frozen=True)
class App:
    """Every part of one bot process."""

    storage: Storage
    service: GameService
    painter: Painter
    thinkers: Workers  # the computer players' lane
    analysts: Workers  # hints and reviews: a lane of their own, at the lowest priority
    keeper: LeaseKeeper
    outbox: Outbox
    seats: ComputerSeats
    clocks: ClockKeeper
    recorder: Recorder
    lobbies: LobbySweeper
    interactions: Interactions
    controller: Controller
    cog: TneCog
    locales: Locales  # every language's texts: private answers and the commands' translations
    web: WebServer | None = None  # the web board, when TNE_WEB_PORT is set

    async def start(self) -> None:
        """After a start: computer seats that were to move carry on (a periodic sweep keeps it so); clocks whose
        moment passed while the bot was down are handled by the keeper's first pass; finished games not yet
        recorded are recorded in the background; the outbox delivers what is left; stale lobbies expire."""
        await self.seats.start()
        await self.clocks.start()
        await self.recorder.finisher.start()
        await self.outbox.start()
        await self.lobbies.start()
        if self.web is not None:
            await self.web.start()

    async def stop(self) -> None:
        """Stop the background parts before the gateway closes: the leases go back last, so that another process
        may take the channels at once."""
        if self.web is not None:
            await self.web.stop()
        await self.lobbies.stop()
        await self.clocks.stop()
        await self.seats.stop()
        await self.recorder.finisher.stop()
        await self.recorder.stop()
        await self.outbox.stop()
        await self.keeper.close()

    def close_workers(self) -> None:
        self.painter.close()
        self.thinkers.close()
        self.analysts.close()


async def build(client: discord.Client, config: Config, *, gone: Callable[[int], Awaitable[None]],
                seed_source: Callable[[], int] | None = None) -> App:
    """Open the database and start the picture workers, then build every part on them. `gone`: what to do when
    a delivery finds a channel gone (deleted while the bot was away): its game closes like a deletion heard."""
    storage = await Storage.open(config.database_url, pool_size=config.database_pool)
    painter = Painter(config.render_processes)
    try:
        await painter.start()
    except BaseException:
        painter.close()
        await storage.close()
        raise
    thinkers = Workers(config.ai_processes, name="computer")
    # Hints and reviews think in workers of their own, below the computer players: however many are asked, a
    # computer move never waits for a worker, nor behind one of them in a queue, and wins the CPU when both want it.
    analysts = Workers(config.analysis_processes, name="analysis", nice=ANALYSIS_NICE)
    keeper = LeaseKeeper(Leases(storage.db))
    first_answers = FirstAnswers()
    # The outbox delivers every stored announcement the interaction did not: after a crash, from another process,
    # computer moves. Its pictures wait for the first answers in hand.
    courier = DiscordCourier(client, painter, before_picture=first_answers.wait)
    # A channel closed to the bot holds its posts; held long, its game's clock stops until a post gets through.
    activity_on = config.web is not None and config.web.client_secret is not None
    # A personal link signs in once on every shard and after a restart: the used ones are kept with the games.
    auth = Auth(config.web.secret, used=UsedLinkStore(storage.db)) if config.web is not None else None
    links = Links(config.web.url, auth) if config.web is not None and auth is not None else None
    # Every change's account is stored in codes and values and worded as it is delivered, in the server's language
    # of that moment: by the interaction's answer, or by the outbox.
    announcer = Announcer(lambda guild_id: service.languages.texts(guild_id), activity=activity_on, links=links)
    outbox = Outbox(OutboxStore(storage.db), keeper, courier, gone=gone,
                    timing=Timing(close_after=config.closed_minutes * 60.0),
                    on_closed=lambda channel_id: service.channel_closed(channel_id),
                    on_open=lambda channel_id: service.channel_open(channel_id), word=announcer.worded)
    # The web board's hub: open pages update at once after a change here, by polling after another process's.
    hub = Hub(storage.game_rev) if config.web is not None else None
    # Posts no interaction causes (the lobby sweep, the clocks, computer moves) in a server never seen through an
    # interaction yet speak the server's language as the gateway told it.
    service = GameService(storage, seed_source=seed_source, caps=config.limits, announcing=True,
                          server_locale=gateway_locale(client))
    # A game's rating changes are stored in the transaction that records it, and the outbox posts them.
    recorder = Recorder(Finisher(storage, announcement=rating_changes, stored=outbox.stored,
                                 language=service.languages.texts))
    # One process plays each game's computer seats: they hold its lease, renewed with the outbox's channels.
    seats = ComputerSeats(service, workers=thinkers, delay=config.ai_delay, budget=config.ai_budget,
                          keeper=keeper, serves=shard_filter(config.shard_count, config.shard_ids))
    # Every change is followed alike, whichever front end made it (a command, a button, a web page, a computer
    # seat, a clock's stand-in, a sweep): its announcement is delivered, a computer to move plays (one process
    # plays each game: the outbox and the seats hold leases), a game that ended is recorded, open pages update.
    service.publisher.subscribe(seats.follow, recorder.follow, *([hub.follow] if hub else []))
    # The outbox only for what no interaction answers with (the reply tells it when it has carried an account).
    service.publisher.subscribe(outbox.follow, when=owed_post)
    clock_keeper = ClockKeeper(service)
    # Every language's texts, read once: private answers in the asker's language, the commands' translations.
    locales = load_locales()
    interactions = Interactions(first_answers, outbox, locales=locales, remember=service.remember_language,
                                announcer=announcer, saw=service.languages.saw)
    records = Records(storage)
    # Reviews and hints wait in the analysis lane's fair queue: many at once delay each other, never a game's play.
    # One allowance for both: what one person may ask is counted across hints and reviews, in every server, and the
    # web board's hints are the same.
    allowance = Allowance()
    hints = Hints(service, analysts, allowance=allowance)
    web = None
    if config.web is not None and hub is not None and auth is not None:
        # The Activity's OAuth2 client is the bot's own application (known once the client has logged in).
        settings = (ActivitySettings(str(client.application_id or ""), config.web.client_secret, config.api_base,
                                     config.web.secure) if config.web.client_secret else None)
        # A web reader who is not cached costs a Discord call: remembered a while, and within a budget of its own,
        # so web reads never spend the global rate limit the bot's posts need.
        members = WebMembers(guild_member_fetch(client))
        web = WebServer(Context(service=service, auth=auth, config=config.web, hub=hub, records=records,
                                sight=web_sight(client, members), offload=painter.workers.run,
                                closed=closed_words(outbox), server_name=guild_name(client), hints=hints),
                        settings)
    reviews = Reviews(storage, records, analysts, allowance=allowance)
    # Lobby messages lose their buttons once their lobby closes: at once, and on every lobby sweep after a restart.
    lobby_messages = LobbyMessages(client, service, LobbyMessageStore(storage.db))
    controller = Controller(service, interactions, painter=painter, seats=seats, clocks=clock_keeper,
                            recorder=recorder, records=records, links=links, activity=activity_on,
                            hints=hints, reviews=reviews,
                            lobby_messages=lobby_messages)
    return App(storage=storage, service=service, painter=painter, thinkers=thinkers, analysts=analysts,
               keeper=keeper, outbox=outbox,
               seats=seats, clocks=clock_keeper, recorder=recorder,
               lobbies=LobbySweeper(service, expiry=config.lobby_hours * 3600, close_messages=lobby_messages.close),
               interactions=interactions,
               controller=controller, cog=TneCog(controller), locales=locales, web=web)

