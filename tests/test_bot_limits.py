"""Caps a public server needs, through the real command tree: running games per host and per server are refused at
`/tne new` and at start in words, and a refusal changes nothing."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.config import ConfigError, load_config
from bot.limits import Limits
from tests.bot_harness import ALICE, BOB, CAROL, DAVE, open_game, response


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
