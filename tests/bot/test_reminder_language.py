"""Reminders in the reminded person's language: the locale their Discord used the last time they used the bot
(remembered from every interaction, across restarts, on SQLite and PostgreSQL), English when it is unknown or a
language the bot does not speak; the channel's stand-in notice stays the table's."""

from __future__ import annotations

import pytest

from bot.language import clock_texts
from bot.language.locales import load
from bot.storage import Storage
from tests.bot_harness import ALICE, BOB, CHANNEL, Harness, open_game, response, seed_where_first
from tests.clock_helpers import HOUR, FakeTime


async def started(fake, database, seed: int) -> Harness:
    harness = await Harness(fake, database, seed=seed).start()
    await harness.bot.controller.clocks.stop()  # the tests step the clock themselves, after moving time
    harness.time = FakeTime()
    harness.bot.service.now = harness.time
    return harness


@pytest.fixture
async def h(fake, database):
    harness = await started(fake, database, seed_where_first(0))
    yield harness
    await harness.close()


async def say(h: Harness, user, sub: str, locale: str, **options) -> str:
    """A command from a person whose Discord speaks `locale`."""
    payload = h.command_payload(user, CHANNEL, sub, **options)
    payload.update(locale=locale)
    return response(await h.dispatch(payload)).content


async def tick(h: Harness) -> list:
    """Let the keeper look at every clock now; what it sent."""
    start = len(h.fake.calls)
    await h.bot.controller.clocks.run_once()
    await h.bot.controller.idle()
    return [c for c in h.fake.calls[start:] if c.kind == "channel"]


def direct(h: Harness, user, calls: list) -> list[str]:
    """What reached a person by direct message."""
    dm = h.fake.dms.get(user.id)
    return [c.content for c in calls if dm is not None and f"/channels/{dm}/" in c.path]


@pytest.mark.both_databases
async def test_a_german_player_s_reminder_is_german_and_an_english_player_s_english(h):
    game_id = await open_game(h, [ALICE, BOB], clock="1h")
    await say(h, ALICE, "settings notify", "de", mode="dm")
    await say(h, BOB, "settings notify", "en-GB", mode="dm")
    h.time.advance(HOUR / 2)
    (german,) = direct(h, ALICE, await tick(h))
    assert german.startswith(f"<@{ALICE.id}> (Bogenschütze), die Hälfte deiner Zeit in Partie #{game_id} ist um: "
                             "noch 30 Minuten (<t:"), german
    assert "https://discord.com/channels/" in german  # the DM's link to the game
    await say(h, ALICE, "move", "de", action="passen")  # her turn ends; Bob's clock starts
    h.time.advance(HOUR / 2)
    calls = await tick(h)
    assert direct(h, ALICE, calls) == []
    (english,) = direct(h, BOB, calls)
    assert english.startswith(f"<@{BOB.id}> (Bull), half your time in game #{game_id} has gone: 30 minutes "
                              "left (<t:"), english


async def test_reminders_follow_the_last_locale_and_fall_back_to_english(h):
    game_id = await open_game(h, [ALICE, BOB], clock="1h")
    await say(h, ALICE, "status", "de")
    await say(h, ALICE, "status", "fr")  # the last one counts
    h.time.advance(HOUR / 2)
    (post,) = await tick(h)
    assert post.content.startswith(f"<@{ALICE.id}> (Archer), la moitié de votre temps dans la partie n° {game_id} "
                                   "est écoulée : il reste 30 minutes"), post.content
    await say(h, ALICE, "status", "ja")  # a language the bot does not speak: English
    h.time.advance(0.4 * HOUR)
    (post,) = await tick(h)
    assert post.content.startswith(f"<@{ALICE.id}> (Archer), only a tenth of your time in game #{game_id} is left: "
                                   "6 minutes"), post.content
    assert post.content.endswith("If it runs out, the stand-in plays for you.")


@pytest.mark.both_databases
async def test_the_remembered_language_survives_a_restart(fake, database):
    first = await started(fake, database, seed_where_first(0))
    game_id = await open_game(first, [ALICE, BOB], clock="1h")
    await say(first, ALICE, "settings notify", "fr", mode="channel")
    await say(first, BOB, "status", "de-AT")
    await first.close()

    second = await started(fake, database, seed_where_first(0))
    try:
        assert await second.service.storage.clocks.language(ALICE.id) == "fr"
        assert (await second.service.person_languages.texts_for(BOB.id)).lang == "de"
        second.time.advance(HOUR / 2)
        (post,) = await tick(second)
        assert post.content.startswith(f"<@{ALICE.id}> (Archer), la moitié de votre temps dans la partie "
                                       f"n° {game_id}"), post.content
    finally:
        await second.close()


@pytest.mark.both_databases
async def test_a_language_kept_beside_the_notify_choice_leaves_it_as_it_was(database):
    store = await Storage.open(database)
    try:
        clocks_ = store.clocks
        assert await clocks_.language(ALICE.id) is None and await clocks_.notify(ALICE.id) == "channel"
        await clocks_.set_language(ALICE.id, "de")
        assert (await clocks_.language(ALICE.id), await clocks_.notify(ALICE.id)) == ("de", "channel")
        await clocks_.set_notify(BOB.id, "dm")
        await clocks_.set_language(BOB.id, "fr")
        await clocks_.set_language(BOB.id, "en-US")
        await clocks_.set_notify(BOB.id, "off")
        assert (await clocks_.language(BOB.id), await clocks_.notify(BOB.id)) == ("en-US", "off")
    finally:
        await store.close()


def test_durations_in_each_language_and_english_as_before():
    de, fr = load().texts["de"], load().texts["fr"]
    assert clock_texts.span(2 * 86_400 + 3 * 3600) == "2 days 3 hours"
    assert clock_texts.span(3600 + 60) == "1 hour 1 minute" and clock_texts.span(40) == "40 seconds"
    assert clock_texts.span(2 * 86_400 + 3 * 3600, t=de) == "2 Tage 3 Stunden"
    assert clock_texts.span(86_400, t=de) == "1 Tag" and clock_texts.span(1, t=de) == "1 Sekunde"
    assert clock_texts.span(5 * 3600 + 20 * 60, t=fr) == "5 heures 20 minutes"
    assert clock_texts.span(60, t=fr) == "1 minute"
