"""Several bot processes, each running some gateway shards, sharing one database."""

from __future__ import annotations

import random

import pytest

from bot.__main__ import main
from bot.config import ConfigError, load_config
from tests.loopback.tne import MOVE, assert_every_move_announced, open_game, play_turn, settle, wait_pictures

# The database matters here, so these run on SQLite and on PostgreSQL.
pytestmark = pytest.mark.both_databases


def test_shards_come_from_the_settings():
    assert (load_config({}).shard_count, load_config({}).shard_ids) == (None, None)
    config = load_config({"TNE_SHARD_COUNT": "4", "TNE_SHARD_IDS": " 3, 1,1"})
    assert (config.shard_count, config.shard_ids) == (4, (1, 3))
    assert load_config({"TNE_SHARD_COUNT": "2"}).shard_ids is None


@pytest.mark.parametrize(("env", "words"), [
    ({"TNE_SHARD_IDS": "1"}, "TNE_SHARD_IDS needs TNE_SHARD_COUNT"),
    ({"TNE_SHARD_COUNT": "0"}, "TNE_SHARD_COUNT must be a whole number of at least 1, not '0'"),
    ({"TNE_SHARD_COUNT": "²"}, "TNE_SHARD_COUNT must be a whole number of at least 1, not '²'"),
    ({"TNE_SHARD_COUNT": "2", "TNE_SHARD_IDS": "0;1"}, "shard numbers separated by commas"),
    ({"TNE_SHARD_COUNT": "2", "TNE_SHARD_IDS": "2"}, "shard 2 does not exist with TNE_SHARD_COUNT 2"),
])
def test_malformed_shard_settings_are_named(env, words):
    with pytest.raises(ConfigError, match=words):
        load_config(env)


def test_flags_override_the_environment_and_are_checked(monkeypatch, capsys):
    monkeypatch.setenv("TNE_SHARD_COUNT", "8")
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    assert main(["--shard-count", "2", "--shard-ids", "5"]) == 2
    assert capsys.readouterr().err.strip() == (
        "Configuration error: --shard-ids: shard 5 does not exist with --shard-count 2 (shards are numbered 0 to 1).")


async def test_two_processes_each_play_the_servers_of_their_shard_on_one_database(loopback, bot_processes, database):
    alice, bob = loopback.add_user("Alice"), loopback.add_user("Bob")
    channels = [loopback.add_channel(loopback.add_guild(f"Club {i}", shard=(i, 2))) for i in (0, 1)]
    env = {"TNE_DATABASE_URL": database if "://" in database else f"sqlite:///{database}"}
    await bot_processes.make(env=env, args=("--sync", "--shard-count", "2", "--shard-ids", "0"),
                                     shards=((0, 2),)).start()
    await bot_processes.make(env=env, args=("--shard-count", "2", "--shard-ids", "1"), shards=((1, 2),)).start()

    # Each server's events reach only the process that runs its shard, and both games are played.
    for channel in channels:
        await open_game(loopback, channel, alice, joiners=(bob,), computers=("easy",))
    rng = random.Random(3)
    for channel in channels:
        while len(loopback.channel(channel).find(MOVE)) < 6:
            await play_turn(loopback, channel, rng)
    url = env["TNE_DATABASE_URL"]
    for channel in channels:
        stored = await settle(loopback, channel, url)
        await wait_pictures(loopback.channel(channel))
        assert_every_move_announced(loopback, channel, stored)
    sessions = {r.session: r.shard for r in loopback.gateway.records if r.kind == "ready"}
    routed = {(r.shard, r.event) for r in loopback.gateway.records
              if r.kind == "dispatch" and r.event == "INTERACTION_CREATE"}
    assert routed == {((0, 2), "INTERACTION_CREATE"), ((1, 2), "INTERACTION_CREATE")}
    assert sorted(sessions.values()) == [(0, 2), (1, 2)]
