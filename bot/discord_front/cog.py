"""The `/tne` command table: each command's name, options and description, handed to the Controller's
handler of the same name (bot/discord_front/controller.py)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.background.autoplay import LEVELS
from bot.background.clocks import CLOCKS, DEFAULT_CLOCK
from bot.discord_front.controller import Controller
from bot.discord_front.help.texts import HELP_TOPIC_NAMES
from bot.language.locales import N_
from bot.language.locales import load as load_locales
from bot.language.server_languages import choices as language_choices
from engine import BOARD_NAMES

# The levels and boards are named by their values, which bot/language/words.py marks for the catalogs.
LEVEL_CHOICES = [app_commands.Choice(name=level, value=level) for level in LEVELS]
BOARD_CHOICES = [app_commands.Choice(name=board, value=board) for board in BOARD_NAMES]
# Each clock of bot/background/clocks.py by the name shown (tests/bot/test_catalogs.py checks both list the same).
CLOCK_NAMES = {
    # Translators: a choice of clock (/tne new, /tne settings clock): no clock at all
    "none": N_("none"),
    # Translators: a choice of clock: 2 minutes per turn, written short
    "2m": N_("2m"),
    # Translators: a choice of clock: 5 minutes per turn, written short
    "5m": N_("5m"),
    # Translators: a choice of clock: 15 minutes per turn, written short
    "15m": N_("15m"),
    # Translators: a choice of clock: 1 hour per turn, written short
    "1h": N_("1h"),
    # Translators: a choice of clock: 12 hours per turn, written short
    "12h": N_("12h"),
    # Translators: a choice of clock: 24 hours per turn, written short
    "24h": N_("24h"),
    # Translators: a choice of clock: 72 hours per turn, written short
    "72h": N_("72h"),
}
CLOCK_CHOICES = [app_commands.Choice(name=CLOCK_NAMES[clock], value=clock) for clock in CLOCKS]
SCORES_CHOICES = [
    # Translators: a choice of /tne new scores: each player's points are hidden from the others
    app_commands.Choice(name=N_("hidden"), value="hidden"),
    # Translators: a choice of /tne new scores: everyone sees everyone's points
    app_commands.Choice(name=N_("open"), value="open"),
]
ON_TIMEOUT_CHOICES = [
    # Translators: a choice of /tne new on_timeout: a stand-in (a computer) plays when time runs out
    app_commands.Choice(name=N_("standin"), value="standin"),
    # Translators: a choice of /tne new on_timeout: the table waits when time runs out
    app_commands.Choice(name=N_("wait"), value="wait"),
]
HINTS_CHOICES = [
    # Translators: a choice of /tne new hints: hints allowed (a casual game)
    app_commands.Choice(name=N_("on"), value="on"),
    # Translators: a choice of /tne new hints and /tne settings notify mode: turned off
    app_commands.Choice(name=N_("off"), value="off"),
]
NOTIFY_CHOICES = [
    # Translators: a choice of /tne settings notify mode: reminders as a ping in the game's channel
    app_commands.Choice(name=N_("channel"), value="channel"),
    # Translators: a choice of /tne settings notify mode: reminders as a direct message ("DM")
    app_commands.Choice(name=N_("dm"), value="dm"),
    app_commands.Choice(name=N_("off"), value="off"),
]
# Each language named in its own words, Discord's guess first (bot/language/server_languages.py).
LANGUAGE_CHOICES = [app_commands.Choice(name=name, value=value)
                    for value, name in language_choices(load_locales()).items()]
TOPIC_CHOICES = [app_commands.Choice(name=name, value=topic) for topic, name in HELP_TOPIC_NAMES.items()]


@app_commands.guild_only()
class TneCog(commands.GroupCog, group_name="tne",
             # Translators: /tne: the command's description (at most 100 characters)
             group_description=N_("Play Tigris & Euphrates")):
    """Slash commands for Tigris & Euphrates."""

    def __init__(self, controller: Controller) -> None:
        self.controller = controller
        super().__init__()

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Refuse every command in direct messages at run time too (the synced schema alone is not a guard)."""
        if interaction.guild_id is None:
            raise app_commands.NoPrivateMessage()
        return True

    # Translators: /tne new: the command's description (at most 100 characters)
    @app_commands.command(name="new", description=N_("Open a game in this channel"))
    @app_commands.describe(
        # Translators: /tne new seats: the option's description (at most 100 characters)
        seats=N_("How many players (2-4)"),
        # Translators: /tne new board: the option's description (at most 100 characters)
        board=N_("Which board"),
        # Translators: /tne new scores: the option's description (at most 100 characters)
        scores=N_("Hidden or open scores"),
        # Translators: /tne new clock: the option's description (at most 100 characters)
        clock=N_("Time each player has to act (default 24h)"),
        # Translators: /tne new on_timeout: the option's description (at most 100 characters)
        on_timeout=N_("When time runs out: a stand-in plays (default), or the table waits"),
        # Translators: /tne new hints: the option's description (at most 100 characters)
        hints=N_("on: a casual game where /tne hint suggests moves; never rated (default off)"),
    )
    @app_commands.choices(board=BOARD_CHOICES, clock=CLOCK_CHOICES, scores=SCORES_CHOICES,
                          on_timeout=ON_TIMEOUT_CHOICES, hints=HINTS_CHOICES)
    async def new(self, interaction: discord.Interaction, seats: app_commands.Range[int, 2, 4] = 4,
                  board: str = BOARD_NAMES[0],
                  scores: str = "hidden", clock: str = DEFAULT_CLOCK, on_timeout: str = "standin",
                  hints: str = "off") -> None:
        await self.controller.new(interaction, seats, board, scores, clock, on_timeout, hints)

    # Translators: /tne join: the command's description (at most 100 characters)
    @app_commands.command(name="join", description=N_("Take a seat in this channel's game"))
    async def join(self, interaction: discord.Interaction) -> None:
        await self.controller.join(interaction)

    # Translators: /tne rematch: the command's description (at most 100 characters)
    @app_commands.command(name="rematch", description=N_("Play this channel's last game again: the same seats and "
                                                          "options"))
    async def rematch(self, interaction: discord.Interaction) -> None:
        await self.controller.rematch(interaction)

    # Translators: /tne leave: the command's description (at most 100 characters)
    @app_commands.command(name="leave", description=N_("Leave this channel's lobby"))
    async def leave(self, interaction: discord.Interaction) -> None:
        await self.controller.leave(interaction)

    # Translators: /tne start: the command's description (at most 100 characters)
    @app_commands.command(name="start", description=N_("Start the game (host)"))
    async def start(self, interaction: discord.Interaction) -> None:
        await self.controller.start(interaction)

    # Translators: /tne addbot: the command's description (at most 100 characters)
    @app_commands.command(name="addbot", description=N_("Seat a computer player (host)"))
    @app_commands.describe(
        # Translators: /tne addbot level: the option's description (at most 100 characters)
        level=N_("How strong it plays"),
    )
    @app_commands.choices(level=LEVEL_CHOICES)
    async def addbot(self, interaction: discord.Interaction, level: str = "medium") -> None:
        await self.controller.addbot(interaction, level)

    # Translators: /tne move: the command's description (at most 100 characters)
    @app_commands.command(name="move", description=N_("Play a move, e.g. tile red F7"))
    @app_commands.describe(
        # Translators: /tne move action: the option's description (at most 100 characters)
        action=N_("Your move; the list offers your legal moves"),
    )
    async def move(self, interaction: discord.Interaction, action: app_commands.Range[str, 1, 100]) -> None:
        await self.controller.move(interaction, action)

    @move.autocomplete("action")
    async def move_autocomplete(self, interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        return await self.controller.autocomplete_move(interaction, current)

    # Translators: /tne hand: the command's description (at most 100 characters)
    @app_commands.command(name="hand", description=N_("See your tiles, leaders and points (only you)"))
    async def hand(self, interaction: discord.Interaction) -> None:
        await self.controller.hand(interaction)

    # Translators: /tne hint: the command's description (at most 100 characters)
    @app_commands.command(name="hint", description=N_(
        "A suggested move on your turn, only for you (games opened with hints:on)"))
    async def hint(self, interaction: discord.Interaction) -> None:
        await self.controller.hint(interaction)

    # Translators: /tne board: the command's description (at most 100 characters)
    @app_commands.command(name="board", description=N_("Post the current board"))
    async def board(self, interaction: discord.Interaction) -> None:
        await self.controller.board(interaction)

    # Translators: /tne web: the command's description (at most 100 characters)
    @app_commands.command(name="web", description=N_("Your link to the web board, where you can play by tapping"))
    async def web(self, interaction: discord.Interaction) -> None:
        await self.controller.web(interaction)

    # Translators: /tne status: the command's description (at most 100 characters)
    @app_commands.command(name="status", description=N_("Whose turn, what is awaited, treasures left"))
    async def status(self, interaction: discord.Interaction) -> None:
        await self.controller.status(interaction)

    # Translators: /tne log: the command's description (at most 100 characters)
    @app_commands.command(name="log", description=N_("Recent moves in words"))
    async def log(self, interaction: discord.Interaction) -> None:
        await self.controller.log(interaction)

    # Translators: /tne undo: the command's description (at most 100 characters)
    @app_commands.command(name="undo", description=N_("Take back your last action of this turn"))
    async def undo(self, interaction: discord.Interaction) -> None:
        await self.controller.undo(interaction)

    # Translators: /tne resign: the command's description (at most 100 characters)
    @app_commands.command(name="resign", description=N_("Resign from this channel's game"))
    async def resign(self, interaction: discord.Interaction) -> None:
        await self.controller.resign(interaction)

    # Translators: /tne abandon: the command's description (at most 100 characters)
    @app_commands.command(name="abandon", description=N_("End this channel's game (host or Manage Channels)"))
    @app_commands.describe(
        # Translators: /tne abandon game: the option's description (at most 100 characters)
        game=N_("A game's number, to end it from any channel of this server (default: this channel's)"),
    )
    async def abandon(self, interaction: discord.Interaction,
                      game: app_commands.Range[int, 1, 2**53] | None = None) -> None:
        await self.controller.abandon(interaction, game)

    # A group, so that /tne stays within Discord's 25 subcommands and groups.
    # Translators: /tne settings: the group's description
    settings = app_commands.Group(name="settings", description=N_(
        "The game's clock, your reminders, the server's language"))

    # Translators: /tne settings clock: the command's description (at most 100 characters)
    @settings.command(name="clock", description=N_("Change the game's clock, from the next turn on (host)"))
    @app_commands.describe(
        # Translators: /tne settings clock clock: the option's description (at most 100 characters)
        clock=N_("Time each player has to act"),
    )
    @app_commands.choices(clock=CLOCK_CHOICES)
    async def settings_clock(self, interaction: discord.Interaction, clock: str) -> None:
        await self.controller.clock(interaction, clock)

    # Translators: /tne settings notify: the command's description (at most 100 characters)
    @settings.command(name="notify", description=N_("How reminders reach you: channel, dm or off"))
    @app_commands.describe(
        # Translators: /tne settings notify mode: the option's description (at most 100 characters)
        mode=N_("channel (a ping in the game's channel), dm (a direct message) or off"),
    )
    @app_commands.choices(mode=NOTIFY_CHOICES)
    async def notify(self, interaction: discord.Interaction, mode: str) -> None:
        await self.controller.notify(interaction, mode)

    # Translators: /tne settings language: the command's description (at most 100 characters)
    @settings.command(name="language", description=N_("The language of this server's public posts (Manage Server)"))
    @app_commands.describe(
        # Translators: /tne settings language language: the option's description (at most 100 characters)
        language=N_("auto: Discord's server language; or one for every game here"),
    )
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        await self.controller.language(interaction, language)

    # Translators: /tne away: the command's description (at most 100 characters)
    @app_commands.command(name="away", description=N_("The stand-in plays your turns in this game until /tne back"))
    async def away(self, interaction: discord.Interaction) -> None:
        await self.controller.away(interaction)

    # Translators: /tne back: the command's description (at most 100 characters)
    @app_commands.command(name="back", description=N_("Play your own turns again"))
    async def back(self, interaction: discord.Interaction) -> None:
        await self.controller.back(interaction)

    # Translators: /tne games: the command's description (at most 100 characters)
    @app_commands.command(name="games", description=N_("This server's games: whose turn, since when, the clock"))
    @app_commands.describe(
        # Translators: /tne games mine: the option's description (at most 100 characters)
        mine=N_("True: only the games waiting for you, with links (only you)"),
    )
    async def games(self, interaction: discord.Interaction, mine: bool = False) -> None:
        await self.controller.games(interaction, mine)

    # Translators: /tne export: the command's description (at most 100 characters)
    @app_commands.command(name="export", description=N_("A game's record as a file, only for you"))
    @app_commands.describe(
        # Translators: /tne export game: the option's description (at most 100 characters)
        game=N_("The game's number (default: this channel's current or last game)"),
    )
    async def export(self, interaction: discord.Interaction,
                     game: app_commands.Range[int, 1, 2**53] | None = None) -> None:
        await self.controller.export(interaction, game)

    # Translators: /tne replay: the command's description (at most 100 characters)
    @app_commands.command(name="replay", description=N_("Post a finished game as an animated picture"))
    @app_commands.describe(
        # Translators: /tne replay game: the option's description (at most 100 characters)
        game=N_("The game's number (default: this channel's last finished game)"),
    )
    async def replay(self, interaction: discord.Interaction,
                     game: app_commands.Range[int, 1, 2**53] | None = None) -> None:
        await self.controller.replay(interaction, game)

    # Translators: /tne review: the command's description (at most 100 characters)
    @app_commands.command(name="review",
                          description=N_("A finished game reviewed: each player's accuracy and costliest moves"))
    @app_commands.describe(
        # Translators: /tne review game: the option's description (at most 100 characters)
        game=N_("The game's number (default: this channel's last finished game)"),
        # Translators: /tne review private: the option's description (at most 100 characters)
        private=N_("Only you see it: your own moves in full (you played in that game)"),
    )
    async def review(self, interaction: discord.Interaction, game: app_commands.Range[int, 1, 2**53] | None = None,
                     private: bool = False) -> None:
        await self.controller.review(interaction, game, private)

    # Grouped so that /tne stays within Discord's 25 subcommands and groups.
    # Translators: /tne stats: the group's description
    stats = app_commands.Group(name="stats", description=N_("This server's finished games, profiles and ratings"))

    # Translators: /tne stats history: the command's description (at most 100 characters)
    @stats.command(name="history", description=N_("This server's finished games, newest first"))
    async def history(self, interaction: discord.Interaction) -> None:
        await self.controller.history(interaction)

    # Translators: /tne stats profile: the command's description (at most 100 characters)
    @stats.command(name="profile", description=N_("A player's games, wins and rating in this server"))
    @app_commands.describe(
        # Translators: /tne stats profile user: the option's description (at most 100 characters)
        user=N_("Whose profile (default: yours)"),
    )
    async def profile(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        await self.controller.profile(interaction, user)

    # Translators: /tne stats leaderboard: the command's description (at most 100 characters)
    @stats.command(name="leaderboard", description=N_("This server's best rated players, and your rank"))
    async def leaderboard(self, interaction: discord.Interaction) -> None:
        await self.controller.leaderboard(interaction)

    # Translators: /tne help: the command's description (at most 100 characters)
    @app_commands.command(name="help", description=N_("The commands, the rules in brief, and more"))
    @app_commands.describe(
        # Translators: /tne help topic: the option's description (at most 100 characters)
        topic=N_("What about (default: the commands)"),
    )
    @app_commands.choices(topic=TOPIC_CHOICES)
    async def help(self, interaction: discord.Interaction, topic: str = "commands") -> None:
        await self.controller.help(interaction, topic)
