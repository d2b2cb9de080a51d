"""Caps a public server needs, through the real command tree: running games per host and per server are refused at
`/tne new` and at start in words, and a refusal changes nothing."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.background import clocks
from bot.config import ConfigError, load_config
from bot.service.limits import PAUSED, Limits
from bot.storage import Statement
from tests.bot_harness import ALICE, BOB, CAROL, CHANNEL, DAVE, Harness, open_game, response
from tests.clock_helpers import FakeTime


def refused(calls, expect: str) -> None:
    answer = response(calls)
    assert answer.ephemeral and expect in answer.content, answer.content


async def test_a_host_may_run_only_so_many_games(harness):
    harness.service.limits = replace(harness.service.limits, per_person=2)
    await open_game(harness, [ALICE, BOB], channel=1)
    # A second running game, and a lobby opened while there was room for it.
    await harness.command(ALICE, 2, "new", seats=2)
    await harness.command(ALICE, 3, "new", seats=2)
    for channel in (2, 3):
        await harness.command(BOB, channel, "join")
    assert not response(await harness.command(ALICE, 2, "start")).ephemeral
    calls = await harness.command(ALICE, 3, "start")
    refused(calls, "You already host 2 running games, the most one person may.")
    lobby = await harness.service.channel_table(3)
    assert lobby.row.status == "lobby" and lobby.game is None, "the refused start changed nothing"
    refused(await harness.command(ALICE, 4, "new", seats=2), "You already host 2 running games")
    assert await harness.service.storage.live_game_id(4) is None
    # Others host their own games; ending one of Alice's makes room again.
    await open_game(harness, [BOB, ALICE], channel=5)
    await harness.command(ALICE, 1, "abandon")
    assert not response(await harness.command(ALICE, 3, "start")).ephemeral
    assert (await harness.service.channel_table(3)).row.status == "active"


async def test_a_server_may_run_only_so_many_games(harness):
    harness.service.limits = replace(harness.service.limits, per_server=2)
    await open_game(harness, [ALICE, BOB], channel=1)
    await harness.command(CAROL, 2, "new", seats=2)
    await harness.command(DAVE, 2, "join")
    await open_game(harness, [BOB, CAROL], channel=3)
    calls = await harness.command(CAROL, 2, "start")
    refused(calls, "This server already has 2 running games, the most it may have at once.")
    assert (await harness.service.channel_table(2)).row.status == "lobby"
    refused(await harness.command(DAVE, 4, "new", seats=2), "This server already has 2 running games")
    assert await harness.service.storage.live_game_id(4) is None


def test_the_caps_are_settings_with_defaults():
    assert load_config({}).limits == Limits(5, 50, 7.0)
    config = load_config({"TNE_MAX_GAMES_PER_PERSON": "2", "TNE_MAX_GAMES_PER_SERVER": "20", "TNE_PAUSED_DAYS": "1.5"})
    assert config.limits == Limits(2, 20, 1.5)
    with pytest.raises(ConfigError, match="TNE_MAX_GAMES_PER_SERVER must be a whole number of at least 1"):
        load_config({"TNE_MAX_GAMES_PER_SERVER": "0"})
    with pytest.raises(ConfigError, match="TNE_PAUSED_DAYS must be a number of days"):
        load_config({"TNE_PAUSED_DAYS": "soon"})


# --- a game with nobody present waits -------------------------------------------------------------------------


@pytest.fixture
async def h(fake, database):
    harness = await Harness(fake, database, seed=11).start()
    await harness.bot.controller.clocks.stop()  # the tests step the clock themselves, after moving time
    harness.time = FakeTime()
    harness.bot.service.now = harness.time
    yield harness
    await harness.close()


async def solo_with_a_computer(h: Harness, clock: str = "24h") -> int:
    """Alice and an easy computer; the computer has played up to Alice's turn."""
    await h.command(ALICE, CHANNEL, "new", seats=2, clock=clock)
    await h.command(ALICE, CHANNEL, "addbot", level="easy")
    await h.command(ALICE, CHANNEL, "start")
    await h.bot.controller.idle()
    table = await h.service.channel_table(CHANNEL)
    assert table.game.to_move == 0
    return table.id


def said(h: Harness, start: int) -> list[str]:
    return [c.content for c in h.fake.calls[start:] if c.content and not c.ephemeral]


async def test_a_game_whose_only_person_is_away_waits_and_says_so_once(h):
    game_id = await solo_with_a_computer(h)
    moves = (await h.service.load(game_id)).row.move_count
    start = len(h.fake.calls)
    calls = await h.command(ALICE, CHANNEL, "away")
    assert PAUSED in response(calls).content
    await h.bot.controller.idle()
    assert await h.bot.controller.seats.sweep() == []
    await h.bot.controller.idle()
    table = await h.service.load(game_id)
    assert table.row.move_count == moves and table.row.status == "active", "nobody plays a game nobody attends"
    assert sum(PAUSED in text for text in said(h, start)) == 1
    calls = await h.command(ALICE, CHANNEL, "back")
    assert "is back" in response(calls).content
    await h.command(ALICE, CHANNEL, "move", action="pass")
    await h.command(ALICE, CHANNEL, "move", action="pass")
    await h.bot.controller.idle()
    table = await h.service.load(game_id)
    assert table.game.to_move == 0 and table.row.move_count >= moves + 3, "back: the computer plays again"


async def test_one_person_away_of_two_the_stand_in_still_plays(h):
    game_id = await open_game(h, [ALICE, BOB], clock="24h")
    first = (await h.service.load(game_id)).game.to_move
    users = [ALICE, BOB]
    calls = await h.command(users[1 - first], CHANNEL, "away")
    assert PAUSED not in response(calls).content
    await h.command(users[first], CHANNEL, "move", action="pass")
    await h.command(users[first], CHANNEL, "move", action="pass")
    await h.bot.controller.idle()
    assert (await h.service.load(game_id)).game.to_move == first, "someone is present: the stand-in plays"
    calls = await h.command(users[first], CHANNEL, "away")
    assert PAUSED in response(calls).content, "the last person present went away"


async def test_timed_out_twice_the_last_person_is_marked_away_and_the_game_waits(h):
    game_id = await solo_with_a_computer(h, clock="2m")
    start = len(h.fake.calls)
    for _ in range(2):
        await h.bot.controller.idle()
        table = await h.service.load(game_id)
        assert table.game.to_move == 0
        h.time.advance(120)
        events = await h.bot.controller.clocks.run_once()
        assert [e.kind for e in events] == [clocks.TIMED_OUT]
        await h.bot.controller.idle()
    table = await h.service.load(game_id)
    assert table.player(0).away and table.game.to_move == 0 and table.row.status == "active"
    notices = [text for text in said(h, start) if "time ran out" in text]
    assert len(notices) == 2 and PAUSED in notices[1] and PAUSED not in notices[0]


async def test_a_game_left_waiting_too_long_ends_unrated_and_says_so(h):
    game_id = await solo_with_a_computer(h)
    await h.command(ALICE, CHANNEL, "away")
    await h.bot.controller.seats.sweep()
    assert (await h.service.load(game_id)).row.status == "active", "a week has not passed"
    # A week and a day without a change.
    await h.service.storage.db.write(Statement("UPDATE games SET updated_at = updated_at - ? WHERE id = ?",
                                               (8 * 86_400.0, game_id)))
    h.service.forget(game_id)
    start = len(h.fake.calls)
    await h.bot.controller.seats.sweep()
    await h.bot.controller.idle()
    row = await h.service.storage.get_game(game_id)
    assert row.status == "abandoned" and row.end_reason == "away:7"
    assert any("has ended unrated: everyone was away for 7 days" in text for text in said(h, start))
    assert await h.service.storage.live_game_id(CHANNEL) is None
