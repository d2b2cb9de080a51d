"""The real bot as a process (`python -m bot`) against the loopback Discord: started, killed, restarted, stopped."""

from __future__ import annotations

import asyncio
import random
import signal

import pytest

from tests.loopback.tne import (
    ANNOUNCEMENT,
    MOVE,
    assert_every_move_announced,
    open_game,
    play_turn,
    settle,
    stored_game,
    suggested_move,
    to_act,
    wait_pictures,
)

# The database matters here, so these run on SQLite and on PostgreSQL.
pytestmark = pytest.mark.both_databases

CALLBACK = "/interactions/*/*/callback"


async def test_killed_with_sigkill_and_restarted_the_game_goes_on(loopback, bot_processes):
    alice, bob = loopback.add_user("Alice"), loopback.add_user("Bob")
    channel = loopback.add_channel(loopback.add_guild())
    bot = await bot_processes.start(args=("--sync",))
    assert loopback.commands[None][0]["name"] == "tne"  # --sync published the commands: the driver checks them
    await open_game(loopback, channel, alice, joiners=(bob,), computers=("easy",))
    view = loopback.channel(channel)
    rng = random.Random(7)
    while len(view.find(MOVE)) < 4:
        await play_turn(loopback, channel, rng)
    await settle(loopback, channel, str(bot.db_path))  # at rest: killed now, nothing is between store and post
    await wait_pictures(view)

    assert await bot.kill() == -signal.SIGKILL
    first_session = loopback.gateway.current()
    await bot.start()
    assert loopback.gateway.current() is not first_session  # a new session; the dead one gets nothing more

    # A button from before the restart still works (one persistent handler for every custom id).
    last = view.last(ANNOUNCEMENT)
    person = next(loopback.users[u] for u in (last.pinged or {alice.id}))
    hand = await (await loopback.press(person, last, label="My hand")).response()
    assert hand.ephemeral and hand.visible_to(person.id) and not hand.visible_to(None)

    while len(view.find(MOVE)) < 8:
        await play_turn(loopback, channel, rng)
    stored = await settle(loopback, channel, str(bot.db_path))
    await wait_pictures(view)
    assert_every_move_announced(loopback, channel, stored)
    assert bot.starts == 2 and loopback.token not in bot.logs  # the token is never logged


async def test_a_kill_between_storing_a_move_and_replying_is_announced_after_the_restart(loopback, bot_processes,
                                                                                          database):
    """Was `test_today_...`: the move stood but was never announced. Its announcement was stored with it, so the
    restarted bot looks for the reply (none was made) and posts it in the channel, once, before the next move.
    On both back ends: on PostgreSQL the dead process's channel lease is taken over as well."""
    alice, bob = loopback.add_user("Alice"), loopback.add_user("Bob")
    channel = loopback.add_channel(loopback.add_guild())
    url = database if database.startswith("postgresql") else None
    bot = await bot_processes.start(env={"TNE_DATABASE_URL": url} if url else None)
    start = await open_game(loopback, channel, alice, joiners=(bob,))
    mover = to_act(loopback, start)  # pinged, or named: the host who pressed Start
    first = await suggested_move(loopback, channel, mover)
    held = loopback.faults.hold("POST", CALLBACK)  # the reply does not get through ...
    sent = await loopback.slash(mover, channel, "tne move", action=first)
    await held.wait_hits(1)  # ... and the bot has stored the move: it replies only after the commit
    assert (await stored_game(bot.database, channel.id)).moves == [first]
    await bot.kill()
    held.release()
    (reply,) = loopback.requests_to("POST", f"/interactions/{sent.id}/*/callback")
    await loopback.wait_for(lambda: reply.done)
    assert reply.outcome == "dropped"  # the bot died before its reply reached Discord

    await bot.start()
    view = loopback.channel(channel)
    await loopback.wait_for(lambda: view.find(MOVE), 20, "the first move announced after the restart")
    second = await suggested_move(loopback, channel, mover)
    await (await loopback.slash(mover, channel, "tne move", action=second)).response()
    stored = await settle(loopback, channel, bot.database)
    assert stored.moves == [first, second]
    await wait_pictures(view)
    assert_every_move_announced(loopback, channel, stored)  # once each, in order, the next person pinged
    assert not sent.record.acknowledged


async def test_sigint_stops_cleanly_and_ends_the_session(loopback, bot_processes):
    bot = await bot_processes.start()
    session = loopback.gateway.current()
    assert await bot.stop() == 0
    assert session.ended  # discord.py closed with 1000: the session cannot be resumed
    close = [r for r in loopback.gateway.records if r.kind == "close"][-1]
    assert (close.by, close.code) == ("client", 1000)
    assert "Traceback" not in bot.logs


async def test_sigterm_stops_as_cleanly_as_sigint(loopback, bot_processes):
    """Was `test_today_...`: systemd and docker stop services with SIGTERM, and the bot vanished without closing
    anything. Now it closes the session (1000), hands back its work and closes storage, and exits 0."""
    bot = await bot_processes.start()
    session = loopback.gateway.current()
    assert await bot.terminate() == 0
    assert session.ended
    close = [r for r in loopback.gateway.records if r.kind == "close"][-1]
    assert (close.by, close.code) == ("client", 1000)
    assert "SIGTERM: shutting down" in bot.logs and "Traceback" not in bot.logs


async def test_a_process_that_cannot_start_is_reported_with_its_log(loopback, bot_processes, tmp_path):
    bot = bot_processes.make(env={"DISCORD_TOKEN": "not-the-token"})
    try:
        await bot.start(timeout=15)
    except AssertionError as exc:
        assert "exited with 1 before READY" in str(exc) and "Discord refused the token" in str(exc)
    else:
        raise AssertionError("a bot with the wrong token became READY")


async def test_worker_processes_are_listed_and_reaped(loopback, bot_processes):
    bot = await bot_processes.start(env={"TNE_RENDER_PROCESSES": "1", "TNE_AI_PROCESSES": "1"})
    workers = bot.group()
    assert workers and all("python" in cmd for cmd in workers.values())  # forkserver, pool workers, tracker
    await bot.kill()
    # Was: a SIGKILLed bot left its worker processes running. Now each worker watches the bot and exits.
    for _ in range(200):  # processes give no event to wait on: look again until they are gone
        if not bot.group():
            break
        await asyncio.sleep(0.05)
    assert bot.group() == {}
