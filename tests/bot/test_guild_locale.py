"""Posts no interaction causes (the lobby sweep, clocks, computer moves) in a server never seen through an
interaction: the gateway's preferred_locale is Discord's guess there. A guess stored from an interaction and the
admins' choice still come first; a server the gateway does not know reads English."""

from __future__ import annotations

import discord

from tests.bot_harness import ALICE, CHANNEL, GUILD_ID, Harness
from tests.language_helpers import ADMIN, set_language


def gateway_says(h: Harness, locale: str) -> None:
    """The server's preferred_locale as GUILD_CREATE gave it."""
    h.bot.get_guild(GUILD_ID).preferred_locale = discord.Locale(locale)


async def expired_lobby_note(h: Harness) -> str:
    """A lobby opened without an interaction (nothing stored of the server's locale), left an hour: its note."""
    await h.service.new_game(guild_id=GUILD_ID, channel_id=CHANNEL, user_id=ALICE.id, name="Alice", seats=2)
    later = h.service.desk.now() + 7200
    h.service.desk.now = lambda: later
    assert len(await h.service.expire_lobbies(3600)) == 1
    await h.bot.controller.idle()
    (note,) = [c.content for c in h.fake.public_calls() if c.content]
    return note


async def test_the_gateways_german_server_reads_the_lobby_sweeps_note_in_german(harness):
    gateway_says(harness, "de")
    assert await expired_lobby_note(harness) == ("Die Lobby von Partie #1 ist geschlossen: Niemand hat sie innerhalb "
                                                 "von 1 Stunde gestartet. `/tne new` eröffnet eine neue.")


async def test_the_gateways_french_server_reads_it_in_french(harness):
    gateway_says(harness, "fr")
    assert await expired_lobby_note(harness) == ("La salle d'attente de la partie n° 1 est fermée : personne ne l'a "
                                                 "lancée dans un délai de 1 heure. `/tne new` en ouvre une autre.")


async def test_an_english_server_reads_the_note_as_ever(harness):
    assert await expired_lobby_note(harness) == ("The lobby of game #1 closed: nobody started it within 1 hour. "
                                                 "`/tne new` opens another.")


async def test_a_guess_from_an_interaction_and_the_admins_choice_come_first(harness):
    gateway_says(harness, "de")
    languages = harness.service.languages
    assert (await languages.texts(GUILD_ID)).lang == "de"  # nothing stored: the gateway's word
    await set_language(harness, ADMIN, "auto", guild_locale="fr")  # an interaction says French: stored
    assert (await languages.texts(GUILD_ID)).lang == "fr"
    await set_language(harness, ADMIN, "en", guild_locale="fr")
    assert (await languages.texts(GUILD_ID)).lang == "en"


async def test_a_server_the_gateway_does_not_know_reads_english(harness):
    gateway_says(harness, "de")
    assert (await harness.service.languages.texts(GUILD_ID + 1)).lang == "en"
    assert (await harness.service.languages.texts(None)).lang == "en"
