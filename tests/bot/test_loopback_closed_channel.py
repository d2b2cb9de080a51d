"""A channel the bot cannot post in (Send Messages or View Channel taken away) against the loopback Discord, with
the real bot in this process: what is announced meanwhile is held, then delivered in order once the permission is
given back; whoever acts meanwhile is told privately why the channel does not show it; held long, the game's
clock stops, and it runs again once the posts get through."""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace

import pytest

from bot.background.backoff import Backoff
from bot.storage import Storage
from tests.loopback import LoopbackDiscord, running_bot
from tests.loopback.bot_access import deny_bot, restore_bot
from tests.loopback.model import Channel, User
from tests.loopback.tne import (
    ANNOUNCEMENT,
    MOVE,
    assert_every_move_announced,
    open_game,
    settle,
    stored_game,
    suggested_move,
    to_act,
    wait_pictures,
)

pytestmark = pytest.mark.loopback

NOTE = "cannot post in this channel"
PERMISSION = {"send": "Send Messages", "view": "View Channel"}


async def alice_to_act(db: str, channel: Channel, alice: User, moves: int, timeout: float = 10.0) -> int:
    """Until the stored game has more than `moves` moves and Alice must act (the computer has answered); the count."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        stored = await stored_game(db, channel.id)
        if len(stored.moves) > moves and stored.next_to_act[-1] == alice.id:
            return len(stored.moves)
        if loop.time() > deadline:
            raise AssertionError(f"the computer did not answer: {stored.moves}")
        await asyncio.sleep(0.05)


async def until_alice_acts(server: LoopbackDiscord, channel: Channel, alice: User) -> None:
    """While the channel still shows everything: until its last announcement asks Alice to act."""
    view = server.channel(channel)
    await server.wait_for(lambda: to_act(server, view.last(ANNOUNCEMENT)) == alice, 30, "Alice to act")


async def clock_stopped_at(db: str, channel: Channel) -> float | None:
    storage = await Storage.open(db)
    try:
        return await storage.db.fetchval("SELECT clock_stopped_at FROM games WHERE channel_id = ?", channel.id)
    finally:
        await storage.close()


async def move_while_closed(server: LoopbackDiscord, channel: Channel, alice: User, rng: random.Random):
    sent = await server.slash(alice, channel, "tne move", action=await suggested_move(server, channel, alice, rng))
    return await sent.message(lambda m: NOTE in m.content)


@pytest.mark.parametrize("taken, told", [("send", "CHANNEL_UPDATE"), ("view", "CHANNEL_UPDATE"),
                                         ("send", "GUILD_ROLE_UPDATE"), ("view", "GUILD_MEMBER_UPDATE")])
async def test_moves_made_while_the_bot_cannot_post_arrive_in_order_once_it_can(loopback, tmp_path, taken, told):
    """Was: each post refused with 403 (50013 or 50001) was given up for good, the turn pings with it, and
    nobody was told. Now they are held; the permission given back (whichever event tells the bot) delivers them
    at once."""
    alice = loopback.add_user("Alice")
    channel = loopback.add_channel(loopback.add_guild())
    db = str(tmp_path / "tne.sqlite3")
    async with running_bot(loopback, db) as bot:
        assert bot.outbox is not None
        # Held posts are tried again only after an hour: only the permission change can deliver them in this test.
        bot.outbox.timing = replace(bot.outbox.timing, backoff=Backoff(first=3600.0, most=3600.0))
        await open_game(loopback, channel, alice, computers=("easy",))
        await until_alice_acts(loopback, channel, alice)
        view = loopback.channel(channel)
        shown_before = len(view.find(MOVE))
        await deny_bot(loopback, channel, **{taken: True})
        rng, moves = random.Random(3), len((await stored_game(db, channel.id)).moves)
        start = moves
        for _ in range(4):
            note = await move_while_closed(loopback, channel, alice, rng)
            assert note.ephemeral and note.visible_to(alice.id) and PERMISSION[taken] in note.content
            moves = await alice_to_act(db, channel, alice, moves)
        seats = (await stored_game(db, channel.id)).seats[start:]
        assert seats.count(0) == 4 and seats.count(1) >= 1, "the computer answered meanwhile, turn pings and all"
        # Alice's first moves there answered her commands; every post of the bot's own is held.
        assert [m.source for m in view.find(MOVE)[shown_before:] if m.source != "response"] == []
        assert len(view.find(MOVE)) < shown_before + len(seats)
        refused = [r for r in loopback.requests_to("POST", "/channels/*/messages") if r.status == 403]
        assert refused, "the bot tried and was refused"
        await restore_bot(loopback, channel, told=told)
        stored = await settle(loopback, channel, db)
    assert len(stored.moves) == moves
    assert_every_move_announced(loopback, channel, stored)  # each once, in order, the person to act pinged


async def test_pictures_refused_for_attach_files_are_kept_and_attached_once_it_is_given_back(loopback, tmp_path):
    """Was: a refused picture was given up at once (403). Now it waits, the actor is told to give back Attach
    Files, and the permission change attaches every picture owed."""
    alice = loopback.add_user("Alice")
    channel = loopback.add_channel(loopback.add_guild())
    db = str(tmp_path / "tne.sqlite3")
    async with running_bot(loopback, db) as bot:
        assert bot.outbox is not None
        bot.outbox.timing = replace(bot.outbox.timing, backoff=Backoff(first=3600.0, most=3600.0))
        await open_game(loopback, channel, alice, computers=("easy",))
        await until_alice_acts(loopback, channel, alice)
        await deny_bot(loopback, channel, attach=True)
        rng, moves = random.Random(4), len((await stored_game(db, channel.id)).moves)
        view = loopback.channel(channel)
        for _ in range(3):
            sent = await loopback.slash(alice, channel, "tne move",
                                        action=await suggested_move(loopback, channel, alice, rng))
            await sent.answered()
            moves = await alice_to_act(db, channel, alice, moves)
        # The picture is drawn before it is refused: slow on a loaded machine running the suite on parallel workers.
        await loopback.wait_for(lambda: bot.outbox.blocked(channel.id), 30, "a picture refused")
        note = await (await loopback.slash(alice, channel, "tne status")).message(lambda m: "Attach Files" in m.content)
        assert note.ephemeral and "picture" in note.content
        refused = [r for r in loopback.requests_to("PATCH", "/channels/*/messages/*") if r.status == 403]
        assert refused, "a computer move's picture was refused"
        await restore_bot(loopback, channel)
        await wait_pictures(view)  # every move's picture, the refused ones included
        stored = await settle(loopback, channel, db)
    assert_every_move_announced(loopback, channel, stored)


async def test_a_channel_closed_for_long_stops_the_clock_which_runs_again_once_posts_get_through(loopback, tmp_path):
    alice = loopback.add_user("Alice")
    channel = loopback.add_channel(loopback.add_guild())
    db = str(tmp_path / "tne.sqlite3")
    async with running_bot(loopback, db, closed_minutes=0.01) as bot:  # closed 0.6 s: the clock stops
        assert bot.outbox is not None
        bot.outbox.timing = replace(bot.outbox.timing, backoff=Backoff(first=0.05, most=0.2))
        await open_game(loopback, channel, alice, computers=("easy",), clock="1h")
        await until_alice_acts(loopback, channel, alice)
        await deny_bot(loopback, channel, send=True)
        moves = len((await stored_game(db, channel.id)).moves)
        note = await move_while_closed(loopback, channel, alice, random.Random(5))
        assert "1 second" in note.content, "the note says when the game pauses"
        moves = await alice_to_act(db, channel, alice, moves)
        await loopback.wait_for(lambda: bot.outbox.blocked(channel.id) and bot.outbox.blocked(channel.id).closed,
                                10, "the channel counted as closed")
        stopped = await clock_stopped_at(db, channel)
        assert stopped is not None, "the clock stands while nobody can see the game"
        before = (await stored_game(db, channel.id)).row.clock.deadline
        await restore_bot(loopback, channel)
        stored = await settle(loopback, channel, db)
        resumed = await loopback.channel(channel).wait("clock stood still", 10)
        assert resumed.id > max(m.id for m in loopback.channel(channel).find(MOVE)), "after what was held"
        for _ in range(100):
            if await clock_stopped_at(db, channel) is None:
                break
            await asyncio.sleep(0.05)
        after = (await stored_game(db, channel.id)).row.clock
    assert await clock_stopped_at(db, channel) is None, "the clock runs again"
    assert before is not None and after.deadline is not None and after.deadline > before, "moved on by the stop"
    assert_every_move_announced(loopback, channel, stored)


@pytest.mark.process
async def test_the_bot_process_holds_a_closed_channels_posts_pauses_and_catches_up(loopback, bot_processes):
    """`python -m bot` itself: Send Messages taken away for a while, then given back."""
    alice = loopback.add_user("Alice")
    channel = loopback.add_channel(loopback.add_guild())
    bot = await bot_processes.start(args=("--sync",), env={"TNE_CLOSED_MINUTES": "0.02"})  # pauses after 1.2 s
    db = str(bot.db_path)
    await open_game(loopback, channel, alice, computers=("easy",), clock="1h")
    await until_alice_acts(loopback, channel, alice)  # the computer may have begun
    await deny_bot(loopback, channel, send=True)
    rng, moves = random.Random(11), len((await stored_game(db, channel.id)).moves)
    for _ in range(3):
        note = await move_while_closed(loopback, channel, alice, rng)
        assert note.ephemeral and "Send Messages" in note.content
        moves = await alice_to_act(db, channel, alice, moves)
    for _ in range(200):
        if await clock_stopped_at(db, channel) is not None:
            break
        await asyncio.sleep(0.05)
    assert await clock_stopped_at(db, channel) is not None, "closed for long: the clock stands"
    await restore_bot(loopback, channel)
    stored = await settle(loopback, channel, db)
    for _ in range(200):
        if await clock_stopped_at(db, channel) is None:
            break
        await asyncio.sleep(0.05)
    assert await clock_stopped_at(db, channel) is None, "the posts got through: the clock runs again"
    assert len(stored.moves) == moves
    assert_every_move_announced(loopback, channel, stored)
    await bot.stop()
