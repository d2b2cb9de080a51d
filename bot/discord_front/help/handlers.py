"""`/tne help [topic]`."""

from __future__ import annotations

import discord

from bot.discord_front.front import Front
from bot.discord_front.help.topics import help_answer
from bot.discord_front.interactions import private


class HelpHandlers(Front):
    """`/tne help`."""

    async def help(self, interaction: discord.Interaction, topic: str = "commands") -> None:
        """`/tne help [topic]`: the commands by default, the rules in brief (what `/tne rules` was), and more."""
        await private(interaction, help_answer(self.interactions.texts_for(interaction), topic))
