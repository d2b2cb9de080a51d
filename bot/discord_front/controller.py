"""The `/tne` commands and the buttons, one handler each, named as in the README's command table: each feature's
handlers live in its folder (lobby/, play/, settings/, records/, help/), the steps they share in front.py.

Each handler reads its options, calls the service and answers its own caller, nothing else: what follows a change
(computer seats, records, the outbox, web pages) hangs off the event the service publishes (bot/service/events.py). How
an answer is given (once, in time, a refusal in private words, a change's stored announcement as the reply) is
bot/discord_front/interactions.py's. Every part a handler uses is built by bot/app.py and handed to the Controller.
"""

from __future__ import annotations

import logging

import discord

from bot.discord_front.help.handlers import HelpHandlers
from bot.discord_front.interactions import NO_DMS, WENT_WRONG, private
from bot.discord_front.lobby.handlers import LobbyHandlers
from bot.discord_front.play.handlers import PlayHandlers
from bot.discord_front.records.handlers import RecordsHandlers
from bot.discord_front.settings.handlers import SettingsHandlers
from bot.discord_front.views import Press
from bot.language import refusals
from bot.language.locales import N_
from bot.service.game_service import GameError

log = logging.getLogger(__name__)


class Controller(LobbyHandlers, PlayHandlers, SettingsHandlers, RecordsHandlers, HelpHandlers):
    """The bot's behaviour behind the `/tne` commands and the buttons.

    It also shows the background parts it works with (seats, clocks, the finisher, records) to whoever holds it:
    tests and benchmarks step them through `bot.controller`."""

    async def on_button(self, interaction: discord.Interaction, press: Press) -> None:
        """Every persistent button lands here, before or after a restart."""
        await self.saw(interaction)
        try:
            if not await self._in_place(interaction, press):
                return
            by_game = {"join": self.join, "leave": self.leave, "start": self.start, "cancel": self.cancel,
                       "hand": self.hand, "rematch": self.rematch}
            by_press = {"decide": self._open_decision, "play": self._play_button, "activity": self._launch_activity}
            if press.action in by_game:
                await by_game[press.action](interaction, press.game_id)
            elif press.action in by_press:
                await by_press[press.action](interaction, press)
            else:
                await private(interaction, self.interactions.texts_for(interaction).gettext(
                    N_("That button is no longer in use.")))
        except Exception:
            log.exception("Button %s failed", press.action)
            if not interaction.response.is_done():
                await private(interaction, self.interactions.texts_for(interaction).gettext(WENT_WRONG))

    async def _launch_activity(self, interaction: discord.Interaction, press: Press) -> None:
        """"Play on the board": Discord opens the Activity in this channel, where the channel picks the game."""
        if not self.activity:
            await private(interaction, self.interactions.texts_for(interaction).gettext(
                "The web board is not turned on for this bot."))
            return
        await interaction.response.launch_activity()

    async def _in_place(self, interaction: discord.Interaction, press: Press) -> bool:
        """A press counts only in its game's own server and channel; anywhere else it is refused privately.

        Custom ids are plain text that anyone can craft, so the id alone never proves where a button was."""
        if interaction.guild_id is None:
            await private(interaction, self.interactions.texts_for(interaction).gettext(NO_DMS))
            return False
        try:
            table = await self.service.load(press.game_id)
        except GameError as exc:
            await private(interaction, refusals.said(exc, self.interactions.texts_for(interaction)))
            return False
        if table.row.channel_id != interaction.channel_id or table.row.guild_id != interaction.guild_id:
            log.info("Refused a press for game %s from channel %s", press.game_id, interaction.channel_id)
            await private(interaction, self.interactions.texts_for(interaction).gettext(
                N_("That button belongs to a game in another channel; it does nothing here.")))
            return False
        return True
