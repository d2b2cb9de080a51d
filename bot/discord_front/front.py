"""What every `/tne` handler shares: the parts bot/app.py hands over, this channel's table, who may act."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.background.clocks import ClockKeeper
from bot.background.recording import Recorder
from bot.background.seats import ComputerSeats
from bot.discord_front.cooldown import Cooldown
from bot.discord_front.interactions import Interactions
from bot.discord_front.lobby_messages import LobbyMessages
from bot.discord_front.pictures import Painter
from bot.language.locales import N_, Texts
from bot.records.reviews import Reviews
from bot.records.service import Records
from bot.service.game_service import GameError, GameService, Table
from bot.service.hints import Hints
from bot.storage.rows import LIVE
from bot.web.auth import Links

CANNOT_VIEW = N_("You can no longer view this channel, so you cannot play or change its game.")
CANNOT_SEND = N_("You cannot send messages in this channel, so you cannot play or change its game.")


class Front:
    """The parts the handlers work with, and the steps they share (each feature's handlers extend it).

    It also shows the background parts (seats, clocks, the finisher, records) to whoever holds it:
    tests and benchmarks step them through `bot.controller`."""

    def __init__(self, service: GameService, interactions: Interactions, *, painter: Painter, seats: ComputerSeats,
                 clocks: ClockKeeper, recorder: Recorder, records: Records, boards: Cooldown | None = None,
                 links: Links | None = None, activity: bool = False, hints: Hints, reviews: Reviews,
                 lobby_messages: LobbyMessages | None = None) -> None:
        self.service = service
        self.interactions = interactions
        self.first_answers = interactions.first_answers
        self.painter = painter
        self.seats = seats
        self.clocks = clocks
        self.recorder = recorder
        self.finisher = recorder.finisher
        self.records = records
        self.boards = boards or Cooldown()
        self.activity = activity  # the operator set DISCORD_CLIENT_SECRET: boards carry "Play on the board"
        self.replay_edit_every = 2.0  # seconds between two progress edits of a replay's message
        self.links = links  # the web board's addresses; None: the web board is off
        # Hints and reviews think in the analysis lane, never in the computer players' workers (bot/app.py).
        self.hints = hints
        self.reviews = reviews
        self.review_edit_every = 2.0  # seconds between two progress edits of a review's message
        self.lobby_messages = lobby_messages  # lobby messages with live buttons, closed with their lobby

    async def server_texts(self, interaction: discord.Interaction) -> Texts:
        """The server's language, for what the channel reads (its admins' choice, else Discord's guess)."""
        return await self.service.languages.texts(interaction.guild_id)

    async def saw(self, interaction: discord.Interaction) -> None:
        """Keep Discord's guess at the server's language (its `guild_locale`) for posts no interaction causes."""
        locale = interaction.guild_locale
        await self.service.languages.saw(interaction.guild_id, locale.value if locale is not None else None)

    async def acting_here(self, interaction: discord.Interaction) -> Table:
        """This channel's game, for a person who may still act in the channel (`may_act`)."""
        self.may_act(interaction)
        return await self.table_here(interaction)

    async def table_here(self, interaction: discord.Interaction, *, finished: bool = False,
                         stored: bool = False) -> Table:
        """This channel's game; `finished` lets read-only commands show the last ended game too. `stored`: as the
        database has it now, for what only looks (another process may have moved since memory saw the game)."""
        table = await self.service.channel_table(channel_of(interaction), finished=finished)
        return await self.service.current(table.id) if stored and table.row.status in LIVE else table

    @staticmethod
    def _can_manage(interaction: discord.Interaction, channel_id: int) -> bool:
        """Manage Channels in the game's channel: Discord's word where the command was made there, else the
        cached channel's permissions for the member (none known: no)."""
        perms = interaction.permissions
        if interaction.channel_id == channel_id:
            return bool(perms and perms.manage_channels)
        guild, user = interaction.guild, interaction.user
        channel = guild.get_channel_or_thread(channel_id) if guild is not None else None
        if channel is not None and isinstance(user, discord.Member):
            return channel.permissions_for(user).manage_channels
        return False

    @staticmethod
    def may_act(interaction: discord.Interaction) -> None:
        """A GameError in words for someone who may no longer take part in this channel: Discord's own word on them
        here (`interaction.permissions`), View Channel and Send Messages (in a thread, Send Messages in Threads).
        A command that changes a game asks it first: a command can reach the bot from a channel its sender lost."""
        perms = interaction.permissions
        if not perms.view_channel:
            raise GameError(CANNOT_VIEW)
        threaded = isinstance(interaction.channel, discord.Thread)
        if not (perms.send_messages_in_threads if threaded else perms.send_messages):
            raise GameError(CANNOT_SEND)

    def kick(self, game_id: int) -> None:
        """Make sure the game's computer seats play while one of them is to move (tests and benchmarks that change
        a game behind the service's back; every change through it is followed by the seats)."""
        self.seats.kick(game_id)

    async def idle(self) -> None:
        """Wait until no computer seat is thinking, no finished game is being recorded and nothing is being
        delivered (tests and shutdown)."""
        await self.seats.idle()
        await self.recorder.idle()
        if self.interactions.outbox is not None:
            await self.interactions.outbox.idle()


def guild_of(interaction: discord.Interaction) -> int:
    """The server a `/tne` command or button came from (`TneCog.interaction_check` refuses direct messages)."""
    if interaction.guild_id is None:
        raise app_commands.NoPrivateMessage()
    return interaction.guild_id


def channel_of(interaction: discord.Interaction) -> int:
    """The channel (or thread) a `/tne` command or button came from."""
    if interaction.channel_id is None:
        raise app_commands.NoPrivateMessage()
    return interaction.channel_id
