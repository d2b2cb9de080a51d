"""The `/tne` command table: each command's name, options and description, handed to the Controller's
handler of the same name (bot/discord_front/controller.py)."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.background.autoplay import LEVELS
from bot.background.clocks import CLOCKS, DEFAULT_CLOCK
from bot.discord_front.controller import Controller
from bot.discord_front.help.texts import HELP_TOPIC_NAMES
from bot.language.server_languages import CHOICES as LANGUAGE_CHOICE_NAMES
from engine import BOARD_NAMES

LEVEL_CHOICES = [app_commands.Choice(name=level, value=level) for level in LEVELS]
BOARD_CHOICES = [app_commands.Choice(name=board, value=board) for board in BOARD_NAMES]
CLOCK_CHOICES = [app_commands.Choice(name=clock, value=clock) for clock in CLOCKS]
# Each language named in its own words, Discord's guess first (bot/language/server_languages.py).
LANGUAGE_CHOICES = [app_commands.Choice(name=name, value=value) for value, name in LANGUAGE_CHOICE_NAMES.items()]
TOPIC_CHOICES = [app_commands.Choice(name=name, value=topic) for topic, name in HELP_TOPIC_NAMES.items()]


@app_commands.guild_only()
class TneCog(commands.GroupCog, group_name="tne", group_description="Play Tigris & Euphrates"):
    """Slash commands for Tigris & Euphrates."""

    def __init__(self, controller: Controller) -> None:
        self.controller = controller
        super().__init__()

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Refuse every command in direct messages at run time too (the synced schema alone is not a guard)."""
        if interaction.guild_id is None:
            raise app_commands.NoPrivateMessage()
        return True

    @app_commands.command(name="new", description="Open a game in this channel")
    @app_commands.describe(seats="How many players (2-4)", board="Which board", scores="Hidden or open scores",
                           clock="Time each player has to act (default 24h)",
                           on_timeout="When time runs out: a stand-in plays (default), or the table waits",
                           hints="on: a casual game where /tne hint suggests moves; never rated (default off)")
    @app_commands.choices(board=BOARD_CHOICES, clock=CLOCK_CHOICES)
    async def new(self, interaction: discord.Interaction, seats: app_commands.Range[int, 2, 4] = 4,
                  board: str = BOARD_NAMES[0],
                  scores: Literal["hidden", "open"] = "hidden", clock: str = DEFAULT_CLOCK,
                  on_timeout: Literal["standin", "wait"] = "standin", hints: Literal["on", "off"] = "off") -> None:
        await self.controller.new(interaction, seats, board, scores, clock, on_timeout, hints)

    @app_commands.command(name="join", description="Take a seat in this channel's game")
    async def join(self, interaction: discord.Interaction) -> None:
        await self.controller.join(interaction)

    @app_commands.command(name="rematch", description="Play this channel's last game again: the same seats and options")
    async def rematch(self, interaction: discord.Interaction) -> None:
        await self.controller.rematch(interaction)

    @app_commands.command(name="leave", description="Leave this channel's lobby")
    async def leave(self, interaction: discord.Interaction) -> None:
        await self.controller.leave(interaction)

    @app_commands.command(name="start", description="Start the game (host)")
    async def start(self, interaction: discord.Interaction) -> None:
        await self.controller.start(interaction)

    @app_commands.command(name="addbot", description="Seat a computer player (host)")
    @app_commands.describe(level="How strong it plays")
    @app_commands.choices(level=LEVEL_CHOICES)
    async def addbot(self, interaction: discord.Interaction, level: str = "medium") -> None:
        await self.controller.addbot(interaction, level)

    @app_commands.command(name="move", description="Play a move, e.g. tile red F7")
    @app_commands.describe(action="Your move; the list offers your legal moves")
    async def move(self, interaction: discord.Interaction, action: app_commands.Range[str, 1, 100]) -> None:
        await self.controller.move(interaction, action)

    @move.autocomplete("action")
    async def move_autocomplete(self, interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        return await self.controller.autocomplete_move(interaction, current)

    @app_commands.command(name="hand", description="See your tiles, leaders and points (only you)")
    async def hand(self, interaction: discord.Interaction) -> None:
        await self.controller.hand(interaction)

    @app_commands.command(name="hint", description="A suggested move on your turn, only for you (games opened with "
                                                   "hints:on)")
    async def hint(self, interaction: discord.Interaction) -> None:
        await self.controller.hint(interaction)

    @app_commands.command(name="board", description="Post the current board")
    async def board(self, interaction: discord.Interaction) -> None:
        await self.controller.board(interaction)

    @app_commands.command(name="web", description="Your link to the web board, where you can play by tapping")
    async def web(self, interaction: discord.Interaction) -> None:
        await self.controller.web(interaction)

    @app_commands.command(name="status", description="Whose turn, what is awaited, treasures left")
    async def status(self, interaction: discord.Interaction) -> None:
        await self.controller.status(interaction)

    @app_commands.command(name="log", description="Recent moves in words")
    async def log(self, interaction: discord.Interaction) -> None:
        await self.controller.log(interaction)

    @app_commands.command(name="undo", description="Take back your last action of this turn")
    async def undo(self, interaction: discord.Interaction) -> None:
        await self.controller.undo(interaction)

    @app_commands.command(name="resign", description="Resign from this channel's game")
    async def resign(self, interaction: discord.Interaction) -> None:
        await self.controller.resign(interaction)

    @app_commands.command(name="abandon", description="End this channel's game (host or Manage Channels)")
    @app_commands.describe(game="A game's number, to end it from any channel of this server (default: this channel's)")
    async def abandon(self, interaction: discord.Interaction,
                      game: app_commands.Range[int, 1, 2**53] | None = None) -> None:
        await self.controller.abandon(interaction, game)

    # A group, so that /tne stays within Discord's 25 subcommands and groups.
    settings = app_commands.Group(name="settings", description="The game's clock, your reminders, the server's "
                                                               "language")

    @settings.command(name="clock", description="Change the game's clock, from the next turn on (host)")
    @app_commands.describe(clock="Time each player has to act")
    @app_commands.choices(clock=CLOCK_CHOICES)
    async def settings_clock(self, interaction: discord.Interaction, clock: str) -> None:
        await self.controller.clock(interaction, clock)

    @settings.command(name="notify", description="How reminders reach you: channel, dm or off")
    @app_commands.describe(mode="channel (a ping in the game's channel), dm (a direct message) or off")
    async def notify(self, interaction: discord.Interaction, mode: Literal["channel", "dm", "off"]) -> None:
        await self.controller.notify(interaction, mode)

    @settings.command(name="language", description="The language of this server's public posts (Manage Server)")
    @app_commands.describe(language="auto: Discord's server language; or one for every game here")
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        await self.controller.language(interaction, language)

    @app_commands.command(name="away", description="The stand-in plays your turns in this game until /tne back")
    async def away(self, interaction: discord.Interaction) -> None:
        await self.controller.away(interaction)

    @app_commands.command(name="back", description="Play your own turns again")
    async def back(self, interaction: discord.Interaction) -> None:
        await self.controller.back(interaction)

    @app_commands.command(name="games", description="This server's games: whose turn, since when, the clock")
    @app_commands.describe(mine="True: only the games waiting for you, with links (only you)")
    async def games(self, interaction: discord.Interaction, mine: bool = False) -> None:
        await self.controller.games(interaction, mine)

    @app_commands.command(name="export", description="A game's record as a file, only for you")
    @app_commands.describe(game="The game's number (default: this channel's current or last game)")
    async def export(self, interaction: discord.Interaction,
                     game: app_commands.Range[int, 1, 2**53] | None = None) -> None:
        await self.controller.export(interaction, game)

    @app_commands.command(name="replay", description="Post a finished game as an animated picture")
    @app_commands.describe(game="The game's number (default: this channel's last finished game)")
    async def replay(self, interaction: discord.Interaction,
                     game: app_commands.Range[int, 1, 2**53] | None = None) -> None:
        await self.controller.replay(interaction, game)

    @app_commands.command(name="review",
                          description="A finished game reviewed: each player's accuracy and costliest moves")
    @app_commands.describe(game="The game's number (default: this channel's last finished game)",
                           private="Only you see it: your own moves in full (you played in that game)")
    async def review(self, interaction: discord.Interaction, game: app_commands.Range[int, 1, 2**53] | None = None,
                     private: bool = False) -> None:
        await self.controller.review(interaction, game, private)

    # Grouped so that /tne stays within Discord's 25 subcommands and groups.
    stats = app_commands.Group(name="stats", description="This server's finished games, profiles and ratings")

    @stats.command(name="history", description="This server's finished games, newest first")
    async def history(self, interaction: discord.Interaction) -> None:
        await self.controller.history(interaction)

    @stats.command(name="profile", description="A player's games, wins and rating in this server")
    @app_commands.describe(user="Whose profile (default: yours)")
    async def profile(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        await self.controller.profile(interaction, user)

    @stats.command(name="leaderboard", description="This server's best rated players, and your rank")
    async def leaderboard(self, interaction: discord.Interaction) -> None:
        await self.controller.leaderboard(interaction)

    @app_commands.command(name="help", description="The commands, the rules in brief, and more")
    @app_commands.describe(topic="What about (default: the commands)")
    @app_commands.choices(topic=TOPIC_CHOICES)
    async def help(self, interaction: discord.Interaction, topic: str = "commands") -> None:
        await self.controller.help(interaction, topic)
