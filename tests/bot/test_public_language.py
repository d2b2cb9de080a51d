"""The table's public posts in the server's language: a German server's channel reads a short game in German (the
opening, the moves, a conflict, the final standings, why it is not rated), a French one in French; the setting
overrides Discord's guess; an English server reads as ever. Private answers keep the asker's language."""

from __future__ import annotations

import pytest

from tests.bot_harness import ALICE, BOB, CHANNEL, open_game, reach_conflict, response
from tests.language_helpers import ADMIN, read, set_language, short_game, speak


async def test_a_german_server_reads_a_short_game_in_german(harness, monkeypatch):
    speak(harness, monkeypatch, "de", "en-US")
    texts = await short_game(harness)
    read(texts, "**Euphrat & Tigris** — Partie #", "Drücke **Beitreten**",
         "**Die Partie beginnt!** Plätze: Alice (Bogenschütze), Bob (Stier).", "** spielt `tile ",
         "• Bogenschütze legt ein ", "Revolte! ", "gibt auf.", "**Die Partie ist vorbei** (",
         "Endstand:", "— Ergebnis **", "**Wertungszahlen nach Partie #1:** Alice ")
    assert not any("** played `" in text or "Final standings:" in text for text in texts)


async def test_a_french_server_reads_a_short_game_in_french(harness, monkeypatch):
    speak(harness, monkeypatch, "fr-FR", "en-US")
    texts = await short_game(harness, "war")
    read(texts, "**Tigre & Euphrate** — partie n° ",
         "**La partie commence !** Places : Alice (Archer), Bob (Taureau).", "** a joué `tile ",
         "Guerre entre les chefs ", "abandonne.", "**La partie est terminée** (", "Classement final :",
         "**Cotes après la partie n° 1 :** ")
    assert not any("** played `" in text or "Final standings:" in text for text in texts)


async def test_the_setting_overrides_discords_guess(harness, monkeypatch):
    await set_language(harness, ADMIN, "fr")
    speak(harness, monkeypatch, "de", "en-US")  # Discord guesses German; the server chose French
    texts = await short_game(harness)
    read(texts, "**La partie commence !**", "Classement final :")
    assert not any("Endstand:" in text for text in texts)


async def test_an_english_server_reads_as_before_and_private_answers_keep_the_askers_language(harness, monkeypatch):
    speak(harness, monkeypatch, "en-US", locale="de")
    texts = await short_game(harness)
    read(texts, "**The game begins!** Seats: Alice (Archer), Bob (Bull).", "** played `tile ", "Revolt! ",
         "**The game is over** (", "Final standings:", "**Ratings after game #1:** Alice ")
    # /tne help answers the asker (German client) privately, whatever the server speaks.
    answer = response(await harness.command(ALICE, CHANNEL, "help"))
    assert answer.ephemeral and answer.content.startswith("**Euphrat & Tigris — Befehle**")


@pytest.mark.parametrize(("guild_locale", "opening"), [("de-AT", "**Die Partie beginnt!**"),
                                                       ("fr-CA", "**La partie commence !**"),
                                                       ("ja", "**The game begins!**")])
async def test_discords_guess_falls_back_by_language(harness, monkeypatch, guild_locale, opening):
    speak(harness, monkeypatch, guild_locale, "en-US")
    await reach_conflict(harness, [ALICE, BOB], "revolt")
    read([c.content for c in harness.fake.public_calls() if c.content], opening)


@pytest.mark.parametrize(("guild_locale", "said"), [
    ("de", "**Partie #1 wird nicht gewertet.** Zu kurz, um gewertet zu werden: Jeder Mensch muss mindestens "),
    ("fr", "**La partie n° 1 n'est pas classée.** Trop courte pour être classée : chaque personne doit jouer "),
    ("en-US", "**Game #1 is not rated.** Too short to be rated: every person must take at least ")])
async def test_a_game_too_short_to_rate_says_so_in_the_servers_language(harness, monkeypatch, guild_locale, said):
    speak(harness, monkeypatch, guild_locale, "en-US")
    game_id = await open_game(harness, [ALICE, BOB])
    for _ in range(2):  # a turn each: played, but too little to be rated
        seat = (await harness.service.load(game_id)).game.to_move
        await harness.command([ALICE, BOB][seat], CHANNEL, "move", action="pass")
    await harness.command(ALICE, CHANNEL, "resign")
    await harness.bot.controller.idle()
    read([c.content for c in harness.fake.public_calls() if c.content], said)
