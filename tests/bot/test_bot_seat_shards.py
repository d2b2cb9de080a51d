"""Computer seats in real bot processes (`python -m bot`) against the loopback Discord: two processes as two shards
on one database, one SIGKILLed while its computer seat is about to move and its clocks run, the other carrying its
work on; and one process on SQLite, the default, killed mid-thought and started again."""

from __future__ import annotations

import asyncio
import random
import re
import time

import pytest

from bot.storage import Storage
from bot.storage.leases import SEATS
from tests.clock_helpers import clock_env
from tests.loopback.tne import (
    ANNOUNCEMENT,
    MOVE,
    assert_every_move_announced,
    open_game,
    play_turn,
    settle,
    to_act,
    wait_pictures,
)

# The database matters here, so these run on SQLite and on PostgreSQL.
pytestmark = pytest.mark.both_databases

HALF = "half your time"
AI_DELAY = "3"  # seconds before a computer moves: long enough to kill its process while the move is pending


async def until_a_computer_is_to_move(loopback, channel, rng: random.Random) -> None:
    """People play until the last announcement names no person to act: the computer's move is pending."""
    view = loopback.channel(channel)
    for _ in range(40):
        last = view.last(ANNOUNCEMENT)
        if to_act(loopback, last) is None:
            return
        await play_turn(loopback, channel, rng, timeout=20)
    raise AssertionError(f"the computer never came to move\n{view.transcript()}")


async def seats_lease_taken(database: str, channel_id: int, timeout: float = 10.0) -> None:
    """Until a process holds the seats lease of the channel's game (claimed just after the move before is
    announced)."""
    storage = await Storage.open(database)
    try:
        game_id = await storage.live_game_id(channel_id)
        async with asyncio.timeout(timeout):
            while not await storage.db.fetchval("SELECT COUNT(*) FROM leases WHERE kind = ? AND ref = ?", SEATS,
                                                game_id):
                await asyncio.sleep(0.02)
    finally:
        await storage.close()


def stale_thoughts(*bots) -> list[str]:
    """Computer moves that were thought and then refused: what a second process thinking the same turn would
    leave in its log."""
    return [line for bot in bots for line in bot.logs.splitlines() if re.search(r"Computer move .* not played", line)]


async def test_a_killed_shard_process_has_its_computer_seats_and_clocks_carried_on_by_the_other(
        loopback, bot_processes, database, tmp_path):
    alice, bob = loopback.add_user("Alice"), loopback.add_user("Bob")
    channels = [loopback.add_channel(loopback.add_guild(f"Club {i}", shard=(i, 2))) for i in (0, 1)]
    env, advance = clock_env(tmp_path)
    env["TNE_DATABASE_URL"] = url = database if "://" in database else f"sqlite:///{database}"
    env["TNE_AI_DELAY"] = AI_DELAY
    first = await bot_processes.make(env=env, args=("--sync", "--shard-count", "2", "--shard-ids", "0"),
                                     shards=((0, 2),), name="shard0").start()
    # Only the process that is killed needs its computer slow; the other plays at once.
    second = await bot_processes.make(env={**env, "TNE_AI_DELAY": "0"}, args=("--shard-count", "2", "--shard-ids", "1"),
                                      shards=((1, 2),), name="shard1").start()
    for channel in channels:  # a 24h clock each (the default), two people and a computer
        await open_game(loopback, channel, alice, joiners=(bob,), computers=("easy",), timeout=20)
    rng = random.Random(5)
    for channel in channels:
        while len(loopback.channel(channel).find(MOVE)) < 4:
            await play_turn(loopback, channel, rng, timeout=20)

    # In the first server the computer is about to move, played by the first process, when that process dies.
    await until_a_computer_is_to_move(loopback, channels[0], rng)
    view = loopback.channel(channels[0])
    shown = len(view.find(MOVE))
    await seats_lease_taken(url, channels[0].id)
    await first.kill()
    # The second process takes the computer's turn over (its sweep, the dead holder's lease) and announces it.
    await view.wait(MOVE, timeout=25, count=shown + 1)
    stored = await settle(loopback, channels[0], url, timeout=40)
    assert stored.next_to_act[-1] is not None, "the computer played its whole turn; a person is to act"
    # ... and works the first server's clocks: the person to act there is reminded once, at half their time.
    advance(12 * 3600 + 60)
    reminder = await view.wait(HALF, timeout=30)
    view.assert_pings(reminder, [loopback.users[stored.next_to_act[-1]]])

    # The first server's process comes back; both games go on to more computer turns, in both processes.
    first.env["TNE_AI_DELAY"] = "0"  # no more kills: its computer need not wait
    await first.start()
    for channel in channels:
        more = len(loopback.channel(channel).find(MOVE)) + 6
        while len(loopback.channel(channel).find(MOVE)) < more:
            await play_turn(loopback, channel, rng, timeout=20)
    for channel in channels:
        stored = await settle(loopback, channel, url, timeout=40)
        await wait_pictures(loopback.channel(channel), timeout=20)
        assert_every_move_announced(loopback, channel, stored)  # every move, the computer's too, exactly once
        assert any(seat == 2 for seat in stored.seats), "the computer played in this game"
    assert len(view.find(HALF)) == 1
    assert stale_thoughts(first, second) == [], "no computer turn was thought by both processes"
    assert "was to move with nobody playing it" in second.logs, "the second process found the orphaned turn"


async def test_one_process_on_sqlite_killed_while_its_computer_thinks_resumes_it_at_start(
        loopback, bot_processes, tmp_path):
    alice, bob = loopback.add_user("Alice"), loopback.add_user("Bob")
    channel = loopback.add_channel(loopback.add_guild())
    bot = await bot_processes.start(env={"TNE_AI_DELAY": AI_DELAY}, args=("--sync",))
    await open_game(loopback, channel, alice, joiners=(bob,), computers=("easy",), timeout=20)
    rng = random.Random(8)
    await until_a_computer_is_to_move(loopback, channel, rng)
    view = loopback.channel(channel)
    shown = len(view.find(MOVE))
    await seats_lease_taken(bot.database, channel.id)
    await bot.kill()  # it held the computer seats' lease: a lease of a process that is gone
    bot.env["TNE_AI_DELAY"] = "0"  # no more kills: its computer need not wait
    killed = time.monotonic()
    await bot.start()
    restarted = time.monotonic() - killed
    # Taken at once at start (the holder's pid is gone), not after the lease would have lapsed.
    await view.wait(MOVE, timeout=15, count=shown + 1)
    while len(view.find(MOVE)) < shown + 8:
        await play_turn(loopback, channel, rng, timeout=20)
    stored = await settle(loopback, channel, bot.database, timeout=40)
    await wait_pictures(view, timeout=20)
    assert_every_move_announced(loopback, channel, stored)
    assert stale_thoughts(bot) == []
    assert any(seat == 2 for seat in stored.seats[shown:]), "the computer moved again after the restart"
    if restarted < 10:  # a slow start (a loaded machine) finds the lease lapsed already: nothing to take over
        assert "Took over the seats lease" in bot.logs
