"""`/tne settings`: the game's clock, a person's reminders, the server's language."""

from __future__ import annotations

import discord

from bot.discord_front.front import Front
from bot.discord_front.interactions import QUIET, guarded, private
from bot.discord_front.settings.texts import NOTIFY_TEXT, clock_changed
from bot.language.server_languages import language_set_text


class SettingsHandlers(Front):
    """`/tne settings clock`, `notify` and `language`."""

    @guarded()
    async def clock(self, interaction: discord.Interaction, clock: str) -> None:
        """`/tne settings clock` (what `/tne settings` was)."""
        self.may_act(interaction)
        table = await self.table_here(interaction)
        table = await self.service.set_clock_choice(table.id, interaction.user.id, clock)
        t = await self.server_texts(interaction)
        await interaction.response.send_message(clock_changed(table, clock, t=t), allowed_mentions=QUIET)

    @guarded()
    async def language(self, interaction: discord.Interaction, choice: str) -> None:
        """`/tne settings language`: the server's language for its public posts (Manage Server), said in it."""
        perms = interaction.permissions
        t = await self.service.languages.choose(interaction.guild_id, choice,
                                                can_manage=bool(perms and perms.manage_guild))
        await interaction.response.send_message(language_set_text(choice, t), allowed_mentions=QUIET)

    @guarded()
    async def notify(self, interaction: discord.Interaction, mode: str) -> None:
        await self.service.set_notify(interaction.user.id, mode)
        await private(interaction, self.interactions.texts_for(interaction).gettext(NOTIFY_TEXT[mode]))
