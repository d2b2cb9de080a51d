"""`/tne` in the client's language: discord.py's Translator reads every description and choice name from the
catalogs. Command and option names stay English, so that players who share a channel type the same commands."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.language.locales import SOURCE, Locales, resolve

# What a player types: never translated (the choices' values stay English too: only their names are shown).
NAMES = frozenset({Where.command_name, Where.group_name, Where.parameter_name})


class CommandTranslator(app_commands.Translator):
    """Translations for the command tree's payload; discord.py asks once per string and Discord locale."""

    def __init__(self, locales: Locales) -> None:
        self.locales = locales

    def language_of(self, locale: discord.Locale) -> str | None:
        """The catalog that speaks this Discord locale, or None for English and languages we lack (Discord then
        shows the English text)."""
        lang = resolve(locale.value, self.locales.languages)
        return None if lang == SOURCE else lang

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        if context.location in NAMES:
            return None
        lang = self.language_of(locale)
        return None if lang is None else self.locales.texts[lang].find(string.message)
