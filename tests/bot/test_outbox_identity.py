"""Which message is an announcement's: never an older post with the same words; and a direct message that keeps
failing never holds back the channel. The real bot in this process against the loopback Discord."""

from __future__ import annotations

import asyncio
import time

import pytest

from bot.discord_front.announcer import DIRECT
from bot.discord_front.outbox_courier import DM_TRIES
from bot.discord_front.outbox_tag import tag
from bot.storage.outbox import SENT, Announcement, NewAnnouncement
from tests.loopback import LoopbackDiscord, running_bot
from tests.loopback.model import Channel

pytestmark = pytest.mark.loopback

MOVE = "**Easy computer (Bull)** played `leader blue F4`."  # a computer's move, word for word, twice in a game


async def announce(bot, channel: Channel, content: str, *, age: float = 0.0, kind: str = "move",
                   pings: tuple[int, ...] = ()) -> int:
    """Store an announcement as a change does (`age`: stored that long ago, e.g. just before a crash)."""
    stored = await bot.outbox.store.add(NewAnnouncement(channel_id=channel.id, guild_id=channel.guild_id, kind=kind,
                                                        content=content, pings=list(pings),
                                                        created_at=time.time() - age))
    bot.outbox.stored(stored)
    return stored.id


async def delivered(server: LoopbackDiscord, bot, announcement_id: int, timeout: float = 5.0) -> Announcement:
    """The announcement once the outbox recorded its delivery."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        a = await bot.outbox.store.get(announcement_id)
        if a is not None and a.state == SENT:
            return a
        await asyncio.sleep(0.05)
    raise AssertionError(f"announcement {announcement_id} not delivered\n{server.describe()}")


@pytest.fixture
def channel(loopback) -> Channel:
    return loopback.add_channel(loopback.add_guild())


async def test_a_late_announcement_with_an_earlier_ones_words_gets_its_own_message(loopback, channel, tmp_path):
    async with running_bot(loopback, str(tmp_path / "tne.sqlite3")) as bot:
        first = await delivered(loopback, bot, await announce(bot, channel, MOVE))
        # The same words again, stored just before a crash two minutes ago: first tried now, past the nonce's window.
        second = await delivered(loopback, bot, await announce(bot, channel, MOVE, age=120))
        view = loopback.channel(channel)
        shown = view.find(MOVE)
        assert [m.id for m in shown] == [first.message_id, second.message_id], view.transcript()
        assert first.message_id != second.message_id  # each board is attached to its own move's message
        # What names each message's announcement: its invisible id, never its words (which are the same).
        assert [m.hidden for m in shown] == [tag(first.id), tag(second.id)]


async def test_a_post_made_but_unheard_is_found_not_posted_again_past_the_nonce_window(loopback, channel, tmp_path):
    async with running_bot(loopback, str(tmp_path / "tne.sqlite3")) as bot:
        first = await delivered(loopback, bot, await announce(bot, channel, MOVE))
        # The post reaches Discord, the answer is lost; the retry comes after the nonce is forgotten.
        lost = loopback.faults.drop("POST", f"/channels/{channel.id}/messages", after=True)
        loopback.clock.advance(loopback.nonce_window + 1)
        second = await delivered(loopback, bot, await announce(bot, channel, MOVE, age=120))
        assert lost.hits == 1
        shown = loopback.channel(channel).find(MOVE)
        assert [m.id for m in shown] == [first.message_id, second.message_id], loopback.channel(channel).transcript()


async def test_a_direct_message_that_keeps_failing_does_not_hold_back_the_channel(loopback, channel, tmp_path):
    alice = loopback.add_user("Alice")
    dm = loopback.dm_channel(alice.id)
    failing = loopback.faults.error("POST", f"/channels/{dm.id}/messages", 503, times=None)
    async with running_bot(loopback, str(tmp_path / "tne.sqlite3")) as bot:
        reminder = await announce(bot, channel, f"<@{alice.id}>, it is your turn.", kind=DIRECT, pings=(alice.id,))
        after = await announce(bot, channel, MOVE)
        view = loopback.channel(channel)
        # After a few quick tries the reminder becomes a ping in the channel, and the next announcement follows.
        started = time.monotonic()
        await view.wait(MOVE, timeout=10)
        assert time.monotonic() - started < 5
        assert failing.hits == DM_TRIES and not loopback.dms(alice).messages()
        assert [m.content for m in view.messages()] == [f"<@{alice.id}>, it is your turn.", MOVE]
        assert view.messages()[0].pinged == frozenset({alice.id})
        assert (await delivered(loopback, bot, reminder)).message_id == view.messages()[0].id
        assert (await delivered(loopback, bot, after)).message_id == view.messages()[1].id
