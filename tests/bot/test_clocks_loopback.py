"""Clocks in the real bot process against the loopback Discord, its time moved through TNE_TEST_CLOCK_FILE:
reminders by DM (and in the channel when DMs are closed), and a deadline that passed while the bot was down."""

from __future__ import annotations

import re

import pytest

from tests.clock_helpers import clock_env
from tests.loopback.tne import MOVE, open_game, to_act

STAND_IN = re.compile(r"The stand-in played it for them\.")


async def dm_players(loopback, bot_processes, tmp_path):
    """Alice and Bob in a new channel, both asking for reminders by DM, and a bot process on a test clock;
    gives (alice, bob, channel, advance)."""
    alice, bob = loopback.add_user("Alice"), loopback.add_user("Bob")
    channel = loopback.add_channel(loopback.add_guild())
    env, advance = clock_env(tmp_path)
    await bot_processes.start(env=env, args=("--sync",))
    for person in (alice, bob):
        answer = await (await loopback.slash(person, channel, "tne settings notify", mode="dm")).response()
        assert answer.ephemeral and "direct messages" in answer.content
    return alice, bob, channel, advance


async def test_a_dm_reminder_falls_back_to_the_channel_when_dms_are_closed(loopback, bot_processes, tmp_path):
    alice, bob, channel, advance = await dm_players(loopback, bot_processes, tmp_path)
    loopback.set_dms(bob, open=False)
    begins = await open_game(loopback, channel, alice, joiners=(bob,), clock="1h")
    first = to_act(loopback, begins)  # pinged, or named: the host who pressed Start
    other = bob if first is alice else alice

    view = loopback.channel(channel)
    reminded: list = []
    for turn, person in enumerate((first, other)):
        advance(1800)  # half the hour has gone
        if person is alice:
            dm = await loopback.dms(alice).wait("half your time")
            assert "https://discord.com/channels/" in dm.content and str(channel.id) in dm.content
            assert len(view.find("half your time")) == turn, "a DM, not the channel"
        else:
            reminder = await view.wait("half your time")
            view.assert_pings(reminder, [bob])
            refused = [r for r in loopback.requests
                       if r.method == "POST" and r.status == 403 and "/messages" in r.path]
            assert refused, "the DM was tried first and refused (50007)"
        reminded.append(person)
        for someone in (alice, bob):  # one reminder each, by DM or in the channel, only when it was their turn
            got = len(loopback.dms(someone).find("half your time")) + len(
                [m for m in view.find("half your time") if someone.id in m.pinged])
            assert got == reminded.count(someone), "only the player to act is reminded, once"
        if turn == 0:
            await (await loopback.slash(person, channel, "tne move", action="pass")).response()
            await view.wait(re.compile(r"played `pass`"))


async def test_a_dm_reminder_whose_answer_was_lost_arrives_once(loopback, bot_processes, tmp_path):
    """Discord made the DM but the bot never heard: the retry carries the first try's nonce, so no second DM."""
    alice, bob, channel, advance = await dm_players(loopback, bot_processes, tmp_path)
    dm_paths = {u.id: f"/channels/{loopback.dm_channel(u.id).id}/messages" for u in (alice, bob)}
    rules = [loopback.faults.drop("POST", path, after=True) for path in dm_paths.values()]
    begins = await open_game(loopback, channel, alice, joiners=(bob,), clock="1h")
    first = to_act(loopback, begins)  # pinged, or named: the host who pressed Start
    advance(1800)
    await loopback.dms(first).wait("half your time")
    def dm_posts() -> list:
        return loopback.requests_to("POST", dm_paths[first.id])

    tries = await loopback.wait_for(lambda: len(dm_posts()) == 2 and dm_posts(), 20, "the DM tried again")
    assert sum(r.hits for r in rules) == 1 and [r.outcome for r in tries] == ["lost", "answered"]
    await loopback.wait_for(lambda: all(r.done for r in loopback.requests), 5, "no request in flight")
    assert len(loopback.dms(first).find("half your time")) == 1, "one DM, though it was sent twice"
    assert not loopback.channel(channel).find("half your time")


async def test_a_deadline_passed_while_the_bot_was_down_is_handled_once_at_start(loopback, bot_processes, tmp_path):
    alice, bob = loopback.add_user("Alice"), loopback.add_user("Bob")
    channel = loopback.add_channel(loopback.add_guild())
    env, advance = clock_env(tmp_path)
    bot = await bot_processes.start(env=env, args=("--sync",))
    begins = await open_game(loopback, channel, alice, joiners=(bob,), clock="2m")
    view = loopback.channel(channel)
    first = to_act(loopback, begins)  # pinged, or named: the host who pressed Start
    await bot.stop()
    advance(3 * 24 * 3600)  # down for three days
    await bot.start()
    notice = await view.wait("time ran out")
    view.assert_pings(notice, [])  # the stand-in acts now, not the person: named, not pinged
    assert notice.content.startswith(f"{first.name} ("), notice.content
    await view.wait(STAND_IN)
    assert MOVE.search(view.find(STAND_IN)[0].content), "announced like any move"
    # The stand-in played the rest of that turn; the other player's turn has a fresh clock: nothing more fires.
    assert len(view.find("time ran out")) == 1 and not view.find("half your time")


# Two processes share the clocks through the database's leases: run on both back ends.
@pytest.mark.both_databases
async def test_two_processes_work_each_clock_once_and_one_takes_over_when_the_other_is_killed(
        loopback, bot_processes, database, tmp_path):
    alice, bob = loopback.add_user("Alice"), loopback.add_user("Bob")
    channel = loopback.add_channel(loopback.add_guild("Club", shard=(0, 2)))
    env, advance = clock_env(tmp_path)
    env["TNE_DATABASE_URL"] = database if "://" in database else f"sqlite:///{database}"
    first_bot = await bot_processes.make(env=env, args=("--sync", "--shard-count", "2", "--shard-ids", "0"),
                                         shards=((0, 2),)).start()
    await bot_processes.make(env=env, args=("--shard-count", "2", "--shard-ids", "1"), shards=((1, 2),)).start()
    begins = await open_game(loopback, channel, alice, joiners=(bob,), clock="2m")
    view = loopback.channel(channel)
    first = to_act(loopback, begins)  # pinged, or named: the host who pressed Start

    advance(60)  # both processes' keepers look; one claims the clock and reminds, once
    await view.wait("half your time")
    await first_bot.kill()  # the process whose shard serves this server dies
    advance(50)  # a tenth left: the other process works the clock now
    tenth = await view.wait("a tenth of your time")
    view.assert_pings(tenth, [first])
    advance(15)
    await view.wait(STAND_IN, timeout=30)
    assert len(view.find("half your time")) == 1 and len(view.find("a tenth of your time")) == 1
    assert len(view.find("time ran out")) == 1
