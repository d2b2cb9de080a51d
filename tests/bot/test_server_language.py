"""`/tne settings language`: a server's language for its public posts, set by members with Manage Server (the
service checks it), kept across restarts on both databases; without one, Discord's guess (guild_locale)."""

from __future__ import annotations

import pytest

from bot.language.locales import load
from bot.language.server_languages import ServerLanguages
from bot.service.table import GameError
from bot.storage import Storage
from tests.bot_harness import ALICE, GUILD_ID, Harness
from tests.language_helpers import ADMIN, set_language


async def test_an_admin_sets_the_language_and_is_told_in_it(harness):
    answer = await set_language(harness, ADMIN, "de")
    assert not answer.ephemeral
    assert answer.content == "Die öffentlichen Beiträge dieses Servers sind jetzt auf Deutsch."
    answer = await set_language(harness, ADMIN, "fr")
    assert answer.content == "Les messages publics de ce serveur sont désormais en français."
    assert (await harness.service.languages.texts(GUILD_ID)).lang == "fr"


async def test_auto_follows_discords_guess_again(harness):
    await set_language(harness, ADMIN, "fr", guild_locale="de")
    assert (await harness.service.languages.texts(GUILD_ID)).lang == "fr"  # the setting overrides Discord's guess
    answer = await set_language(harness, ADMIN, "auto", guild_locale="de")
    assert answer.content == ("Die öffentlichen Beiträge dieses Servers folgen wieder seiner Sprache in Discord: "
                              "Deutsch.")
    assert (await harness.service.languages.texts(GUILD_ID)).lang == "de"


async def test_a_member_without_manage_server_is_refused_and_nothing_changes(harness):
    await set_language(harness, ADMIN, "de")
    answer = await set_language(harness, ALICE, "en")
    assert answer.ephemeral
    assert "Manage Server" in answer.content or "Server verwalten" in answer.content
    assert (await harness.service.languages.texts(GUILD_ID)).lang == "de"


@pytest.mark.both_databases
async def test_the_service_holds_the_permission_rule(database):
    storage = await Storage.open(database)
    try:
        languages = ServerLanguages(storage.servers, load())
        with pytest.raises(GameError, match="Manage Server"):
            await languages.choose(GUILD_ID, "de", can_manage=False)
        with pytest.raises(GameError, match="auto, en, de, fr"):
            await languages.choose(GUILD_ID, "xx", can_manage=True)
        with pytest.raises(GameError):
            await languages.choose(None, "de", can_manage=True)
        assert (await storage.servers.language(GUILD_ID)).chosen is None
        assert (await languages.texts(GUILD_ID)).lang == "en"
    finally:
        await storage.close()


@pytest.mark.both_databases
async def test_the_setting_and_discords_guess_survive_a_restart(fake, database):
    h = await Harness(fake, database).start()
    try:
        await set_language(h, ADMIN, "fr", guild_locale="de")
    finally:
        await h.close()
    h = await Harness(fake, database).start()
    try:
        assert (await h.service.languages.texts(GUILD_ID)).lang == "fr"
        await set_language(h, ADMIN, "auto")  # this interaction's guild_locale (en-US) is Discord's guess now
        assert (await h.service.languages.texts(GUILD_ID)).lang == "en"
    finally:
        await h.close()
    storage = await Storage.open(database)
    try:
        stored = await storage.servers.language(GUILD_ID)
        assert (stored.chosen, stored.seen) == (None, "en-US")
        await storage.servers.saw(GUILD_ID, "de")
        assert (await ServerLanguages(storage.servers, load()).texts(GUILD_ID)).lang == "de"
    finally:
        await storage.close()


def test_settings_is_a_group_and_tne_has_25_entries():
    from bot.discord_front.cog import TneCog

    tne = TneCog(controller=None).__cog_app_commands_group__  # type: ignore[arg-type]
    assert len(tne.commands) == 25
    names = {c.qualified_name for c in tne.walk_commands()}
    assert {"tne settings clock", "tne settings notify", "tne settings language"} <= names
    assert "tne notify" not in names
