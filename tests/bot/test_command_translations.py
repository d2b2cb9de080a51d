"""`/tne` in the client's language: every description and choice name of the real command tree has a German and a
French translation in the payload Discord receives, within Discord's 100 characters; names stay English."""

from __future__ import annotations

import discord
from discord.app_commands import TranslationContext, TranslationContextLocation, locale_str

from bot.discord_front.command_translator import CommandTranslator
from bot.language.locales import load

# Discord's limit on a description and a choice name, in every language.
LIMIT = 100
OUR_LOCALES = {discord.Locale.german.value, discord.Locale.french.value, discord.Locale.spain_spanish.value,
               discord.Locale.latin_american_spanish.value}
SUBCOMMAND, GROUP = 1, 2


def walk(options: list[dict]) -> list[dict]:
    """Every subcommand, group and option below /tne, depth first."""
    out = []
    for option in options:
        out.append(option)
        out.extend(walk(option.get("options") or []))
    return out


async def tne_payload(harness) -> dict:
    tree = harness.bot.tree
    assert isinstance(tree.translator, CommandTranslator)  # installed by setup_hook
    return await tree.get_command("tne").get_translated_payload(tree, tree.translator)


async def test_every_description_and_choice_is_translated_into_german_and_french_within_the_limit(harness):
    payload = await tne_payload(harness)
    assert payload["description_localizations"] == {"de": "Euphrat & Tigris spielen", "fr": "Jouer à Tigre & Euphrate",
                                                     "es-ES": "Juega a Tigris y Éufrates",
                                                     "es-419": "Juega a Tigris y Éufrates"}
    everything = walk(payload["options"])
    subcommands = [o for o in everything if o["type"] in (SUBCOMMAND, GROUP)]
    assert {"new", "move", "help", "stats", "history", "leaderboard"} <= {o["name"] for o in subcommands}
    choices = 0
    for option in [payload, *everything]:
        localized = option.get("description_localizations") or {}
        assert set(localized) == OUR_LOCALES, option["name"]
        assert all(0 < len(text) <= LIMIT for text in [option["description"], *localized.values()]), localized
        # Players who share a channel type the same commands and options.
        assert not option.get("name_localizations"), option["name"]
        for choice in option.get("choices") or []:
            choices += 1
            named = choice.get("name_localizations") or {}
            if option["name"] == "language" and choice["value"] != "auto":
                # Each language is named in its own words, the same in every client ("Deutsch", "Français").
                assert not named and choice["name"] == load().texts[choice["value"]].name.capitalize(), choice
                continue
            assert set(named) == OUR_LOCALES, choice
            assert all(0 < len(text) <= LIMIT for text in named.values()), choice
    assert choices >= 30  # boards, scores, clocks, stand-in, hints, levels, reminders, help topics
    new = next(o for o in subcommands if o["name"] == "new")
    hints = next(o for o in new["options"] if o["name"] == "hints")
    assert [(c["value"], c["name_localizations"]["de"], c["name_localizations"]["fr"]) for c in hints["choices"]] == \
        [("on", "an", "activés"), ("off", "aus", "désactivés")]
    topic = next(o for o in walk(payload["options"]) if o["name"] == "topic")
    assert [c["name_localizations"]["de"] for c in topic["choices"]] == \
        ["Befehle", "Regeln", "Bedenkzeit", "Statistik", "Analyse & Tipps"]


async def test_the_synced_commands_carry_the_translations(harness):
    await harness.bot.sync_commands()
    (put,) = [c for c in harness.fake.calls if c.method == "PUT" and "/commands" in c.path]
    (tne,) = put.payload
    help_command = next(o for o in tne["options"] if o["name"] == "help")
    assert help_command["description_localizations"] == {
        "de": "Die Befehle, die Regeln in Kürze und mehr", "fr": "Les commandes, les règles en bref, et plus encore",
        "es-ES": "Los comandos, las reglas en breve y más", "es-419": "Los comandos, las reglas en breve y más"}


async def test_english_and_languages_we_lack_get_no_translation_and_names_none():
    translator = CommandTranslator(load())
    text = locale_str("Open a game in this channel")
    described = TranslationContext(TranslationContextLocation.command_description, None)
    named = TranslationContext(TranslationContextLocation.command_name, None)
    assert await translator.translate(text, discord.Locale.german, described) == "Eine Partie in diesem Kanal eröffnen"
    for locale in (discord.Locale.american_english, discord.Locale.british_english, discord.Locale.italian,
                   discord.Locale.japanese):
        assert await translator.translate(text, locale, described) is None, locale
    assert await translator.translate(locale_str("new"), discord.Locale.german, named) is None
    # A text the catalogs do not have is left to Discord's English, never an empty string.
    assert await translator.translate(locale_str("Something new"), discord.Locale.french, described) is None
