"""The outbox without Discord (bot/discord_front/outbox.py): stored announcements delivered once each, in order per
channel,
through failures, restarts and a second process taking over; pictures never hold back a text."""

from __future__ import annotations

import asyncio
import itertools
import time
from dataclasses import replace

import pytest

from bot.background.backoff import Backoff
from bot.background.leases import LeaseKeeper
from bot.discord_front.outbox import Outbox
from bot.discord_front.outbox_contract import Blocked, Gone, Refused, Retry
from bot.discord_front.outbox_timing import Timing
from bot.storage import Storage
from bot.storage.leases import CHANNEL, Leases
from bot.storage.outbox import (
    FAILED,
    PICTURE_DONE,
    PICTURE_FAILED,
    POSTED,
    REPLY,
    SENT,
    Announcement,
    NewAnnouncement,
    OutboxStore,
)

# The database matters here, so these run on SQLite and on PostgreSQL.
pytestmark = pytest.mark.both_databases

QUICK = Timing(scan_every=0.05, backoff=Backoff(first=0.01, most=0.02), stop_grace=1.0, linger=0.0)
CH1, CH2 = 111, 222


class FakeChannels:
    """What people see: messages per channel; a post with a nonce seen before makes no second message (as
    Discord's enforce_nonce does within its window). Failures are queued per method; `performed` ones act first."""

    def __init__(self) -> None:
        self.messages: dict[int, list[tuple[int, str, str | None]]] = {}
        self.replies: dict[str, tuple[int, str]] = {}  # interaction token -> its reply (message id, content)
        self.pictures: dict[int, int] = {}  # message id -> pictures attached
        self.failures: dict[str, list[tuple[Exception, bool]]] = {}
        self.nonces_forgotten = False
        self.gate: asyncio.Event | None = None  # when set up, posts wait for it
        self.picture_gate: asyncio.Event | None = None
        self._ids = itertools.count(5000)
        self.calls: list[tuple[str, int]] = []

    def fail(self, method: str, *errors: Exception, performed: bool = False) -> None:
        self.failures.setdefault(method, []).extend((e, performed) for e in errors)

    def _failure(self, method: str) -> tuple[Exception, bool] | None:
        queue = self.failures.get(method)
        return queue.pop(0) if queue else None

    def shown(self, channel_id: int) -> list[str]:
        return [content for _, content, _ in self.messages.get(channel_id, [])]

    async def find_reply(self, a: Announcement) -> int | None:
        self.calls.append(("find_reply", a.id))
        failure = self._failure("find_reply")
        if failure:
            raise failure[0]
        reply = self.replies.get(a.reply_token or "")
        return reply[0] if reply and reply[1] == a.content else None

    async def find_post(self, a: Announcement) -> int | None:
        self.calls.append(("find_post", a.id))
        failure = self._failure("find_post")
        if failure:
            raise failure[0]
        return next((mid for mid, content, _ in self.messages.get(a.channel_id, []) if content == a.content), None)

    async def post(self, a: Announcement) -> int:
        self.calls.append(("post", a.id))
        if self.gate is not None:
            await self.gate.wait()
        failure = self._failure("post")
        if failure and not failure[1]:
            raise failure[0]
        shown = self.messages.setdefault(a.channel_id, [])
        earlier = next((mid for mid, _, nonce in shown if nonce == a.nonce), None)
        if earlier is not None and not self.nonces_forgotten:
            mid = earlier
        else:
            mid = next(self._ids)
            shown.append((mid, a.content, a.nonce))
        if failure:
            raise failure[0]
        return mid

    async def attach_picture(self, a: Announcement) -> None:
        self.calls.append(("picture", a.id))
        if self.picture_gate is not None:
            await self.picture_gate.wait()
        failure = self._failure("picture")
        if failure:
            raise failure[0]
        self.pictures[a.message_id or 0] = self.pictures.get(a.message_id or 0, 0) + 1


@pytest.fixture
async def db(database):
    store = await Storage.open(database)
    yield store.db
    await store.close()


def make_outbox(db, channels: FakeChannels, *, owner: str = "one", timing: Timing = QUICK,
                duration: float = 5.0) -> Outbox:
    keeper = LeaseKeeper(Leases(db), owner=owner, duration=duration, renew_every=duration / 4)
    return Outbox(OutboxStore(db), keeper, channels, timing=timing)


async def announce(outbox: Outbox, channel: int, text: str, *, picture: bool = True, **kw) -> int:
    new = NewAnnouncement(channel_id=channel, kind="move", content=text, picture={"kind": "board"} if picture
                          else None, created_at=kw.pop("created_at", time.time()), **kw)
    stored = await outbox.store.add(new)
    outbox.stored(stored)
    return stored.id


async def test_each_channel_in_order_once_with_pictures_after_their_texts(db):
    channels = FakeChannels()
    outbox = make_outbox(db, channels)
    for i in range(5):
        await announce(outbox, CH1, f"one {i}")
        await announce(outbox, CH2, f"two {i}", picture=i % 2 == 0)
    await outbox.idle()
    assert channels.shown(CH1) == [f"one {i}" for i in range(5)]
    assert channels.shown(CH2) == [f"two {i}" for i in range(5)]
    assert sorted(channels.pictures.values()) == [1] * 8
    states = [(a.state, a.via, a.picture_state) for a in await outbox.store.open_in(CH1)]
    assert states == [], "nothing owed any more"
    assert await Leases(db).holder(CHANNEL, CH1) is None, "the channel was handed back"
    await outbox.stop()


async def test_failures_are_retried_in_order_and_a_refusal_moves_on(db):
    channels = FakeChannels()
    outbox = make_outbox(db, channels)
    channels.fail("post", Retry("503 Service Unavailable"), ConnectionResetError("reset"),
                  Retry("429 Too Many Requests", after=0.05))
    first = await announce(outbox, CH1, "first", picture=False)
    second = await announce(outbox, CH1, "second", picture=False)
    await outbox.idle()
    assert channels.shown(CH1) == ["first", "second"]
    assert (await outbox.store.get(first)).state == SENT
    channels.fail("post", Refused("403 Missing Access"))
    gone = await announce(outbox, CH1, "third", picture=False)
    after = await announce(outbox, CH1, "fourth", picture=False)
    await outbox.idle()
    assert channels.shown(CH1) == ["first", "second", "fourth"]
    assert (await outbox.store.get(gone)).state == FAILED and (await outbox.store.get(after)).state == SENT
    assert second
    await outbox.stop()


async def test_an_ambiguous_post_is_made_once(db):
    channels = FakeChannels()
    outbox = make_outbox(db, channels)
    # Discord made the message, but the answer was lost twice: the retries carry the same nonce.
    channels.fail("post", Retry("connection lost"), Retry("connection lost"), performed=True)
    await announce(outbox, CH1, "once", picture=False)
    await outbox.idle()
    assert channels.shown(CH1) == ["once"]
    # Long after (the nonce forgotten), a post whose first try may have landed is looked for first.
    channels.nonces_forgotten = True
    channels.fail("post", Retry("connection lost"), performed=True)
    old = await announce(outbox, CH1, "old", picture=False, created_at=1.0)
    await outbox.idle()
    assert channels.shown(CH1) == ["once", "old"]
    assert ("find_post", old) in channels.calls
    await outbox.stop()


async def test_a_held_announcement_waits_for_its_reply_and_then_looks_for_it(db):
    channels = FakeChannels()
    outbox = make_outbox(db, channels)
    now = time.time()
    held = await announce(outbox, CH1, "my move", reply_token="tok-1", reply_until=now + 0.3)
    after = await announce(outbox, CH1, "computer's move", picture=False)
    assert await outbox.scan() == [] or channels.shown(CH1) == [], "nothing overtakes the held reply"
    await asyncio.sleep(0.05)
    assert channels.shown(CH1) == []
    # The reply went out, but the bot never heard (a dropped connection): it is found, not posted again.
    channels.replies["tok-1"] = (777, "my move")
    outbox.wake_at(CH1, now + 0.3)
    await asyncio.sleep(0.35)
    await outbox.idle()
    saved = await outbox.store.get(held)
    assert (saved.state, saved.via, saved.message_id, saved.picture_state) == (SENT, REPLY, 777, PICTURE_DONE)
    assert channels.shown(CH1) == ["computer's move"] and channels.pictures == {777: 1}
    assert (await outbox.store.get(after)).state == SENT
    # No reply was made: after the hold it is posted in the channel.
    lost = await announce(outbox, CH1, "lost reply", picture=False, reply_token="tok-2", reply_until=time.time())
    await outbox.not_replied(lost, CH1, sure=False, hold_until=time.time())
    await outbox.idle()
    assert channels.shown(CH1)[-1] == "lost reply" and (await outbox.store.get(lost)).via == POSTED
    await outbox.stop()


async def test_a_slow_or_failing_picture_never_holds_back_the_next_text(db):
    channels = FakeChannels()
    outbox = make_outbox(db, channels)
    channels.picture_gate = asyncio.Event()
    a = await announce(outbox, CH1, "a")
    b = await announce(outbox, CH1, "b")
    await asyncio.wait_for(_until(lambda: channels.shown(CH1) == ["a", "b"]), 5)
    assert channels.pictures == {}, "both texts went out while their pictures were still drawing"
    channels.fail("picture", RuntimeError("drawing failed"), RuntimeError("drawing failed"))
    channels.picture_gate.set()
    await outbox.idle()  # two failures: retried (four tries each at most), so both pictures get there
    assert sorted(channels.pictures.values()) == [1, 1]
    assert [(await outbox.store.get(i)).picture_state for i in (a, b)] == [PICTURE_DONE, PICTURE_DONE]
    channels.fail("picture", *[RuntimeError("drawing failed")] * QUICK.picture_tries)
    c = await announce(outbox, CH1, "c")
    d = await announce(outbox, CH1, "d", picture=False)
    await outbox.idle()
    assert channels.shown(CH1) == ["a", "b", "c", "d"]
    assert (await outbox.store.get(c)).picture_state == PICTURE_FAILED, "given up after its tries; text stands"
    assert (await outbox.store.get(d)).state == SENT
    await outbox.stop()


async def test_a_picture_that_settles_while_the_channel_is_being_read_is_not_attached_again(db):
    """The channel's read sees the picture pending; the picture is attached and settled before that read returns
    (a busy database). Starting it again from the stale read would attach it twice."""
    channels = FakeChannels()
    outbox = make_outbox(db, channels)
    channels.picture_gate = asyncio.Event()
    a = await announce(outbox, CH1, "a")
    await asyncio.wait_for(_until(lambda: ("picture", a) in channels.calls), 5)
    read = outbox.store.owed_in

    async def slow_read(channel_id: int):
        items = await read(channel_id)
        if channels.picture_gate is not None and not channels.picture_gate.is_set():
            channels.picture_gate.set()  # the picture finishes while this read is on its way back
            await asyncio.wait_for(_until(lambda: a not in outbox._pictures), 5)
        return items

    outbox.store.owed_in = slow_read
    outbox.wake(CH1)  # something else makes the channel look again meanwhile
    await outbox.idle()
    assert channels.pictures == {channels.messages[CH1][0][0]: 1}
    assert [c for c in channels.calls if c[0] == "picture"] == [("picture", a)]
    assert (await outbox.store.get(a)).picture_state == PICTURE_DONE
    await outbox.stop()


async def test_a_dead_process_channel_is_taken_over_and_nothing_is_doubled(db):
    channels = FakeChannels()
    dying = make_outbox(db, channels, owner="dying", duration=0.5)
    channels.gate = asyncio.Event()
    await announce(dying, CH1, "a", picture=False)
    await asyncio.wait_for(_until(lambda: ("post", 1) in channels.calls), 5)
    # The process dies mid-post (its tasks stop, its lease is never handed back).
    for task in list(dying._workers.values()):
        task.cancel()
    await asyncio.gather(*dying._workers.values(), return_exceptions=True)
    dying.keeper._renewer.cancel()
    channels.gate.set()
    survivor = make_outbox(db, channels, owner="survivor")
    await announce(survivor, CH1, "b", picture=False)
    assert await Leases(db).holder(CHANNEL, CH1) is not None
    assert channels.shown(CH1) == [], "the dead process's lease still stands"
    await survivor.start()
    await asyncio.wait_for(_until(lambda: channels.shown(CH1) == ["a", "b"]), 5)
    await survivor.idle()
    assert [c for c in channels.calls if c[0] == "post"] == [("post", 1), ("post", 1), ("post", 2)]
    await survivor.stop()


async def _until(predicate) -> None:
    while not predicate():
        await asyncio.sleep(0.01)


async def test_a_holder_known_dead_on_this_machine_is_taken_over_at_once(db):
    """A restarted bot need not wait for the leases of its killed predecessor to lapse; a live holder, or one on
    another machine, is left alone until its lease lapses."""
    import os
    import socket

    keeper = LeaseKeeper(Leases(db), duration=60.0)
    host = socket.gethostname()[:40]
    gone = max(int(p) for p in os.listdir("/proc") if p.isdigit()) + 100_000  # no such process
    assert keeper.dead(f"{host}:{gone}:abc123")
    assert keeper.dead(f"{host}:{os.getpid()}:abc123"), "an earlier run with our pid (a container's pid 1)"
    assert not keeper.dead(f"{host}:{os.getppid()}:abc123")
    assert not keeper.dead(f"another-machine:{gone}:abc123") and not keeper.dead("two") and not keeper.dead(None)
    leases = Leases(db)
    now = time.time()
    await leases.claim(CHANNEL, 1, f"{host}:{gone}:abc123", now + 60, now)
    await leases.claim(CHANNEL, 2, f"another-machine:{gone}:abc123", now + 60, now)
    assert await keeper.claim(CHANNEL, 1)
    assert (await leases.holder(CHANNEL, 1))[0] == keeper.owner
    assert not await keeper.claim(CHANNEL, 2)
    await keeper.close()


async def test_a_drained_channel_keeps_its_lease_a_while_then_hands_it_back(db):
    """A busy channel pays no claim and no release per announcement; a quiet one is handed back by the scan."""
    from dataclasses import replace

    channels = FakeChannels()
    outbox = make_outbox(db, channels, timing=replace(QUICK, linger=0.3))
    await outbox.start()
    await announce(outbox, CH1, "first")
    await outbox.idle()
    assert (await Leases(db).holder(CHANNEL, CH1))[0] == "one", "kept while it lingers"
    await announce(outbox, CH1, "second")  # taken again without asking the database for the lease
    await outbox.idle()
    assert channels.shown(CH1) == ["first", "second"]
    async with asyncio.timeout(10):
        while await Leases(db).holder(CHANNEL, CH1) is not None:
            await asyncio.sleep(0.05)
    assert not outbox.keeper.holds(CHANNEL, CH1)
    await outbox.stop()
    await outbox.keeper.close()


# --- a channel closed to the bot (a permission taken away) holds its posts until it may post again ---------------


async def test_a_channel_closed_to_the_bot_holds_its_posts_and_delivers_them_in_order_once_it_may(db):
    """Was: 403 Missing Permissions gave every text up for good (`failed`), the turn pings with them."""
    channels = FakeChannels()
    outbox = make_outbox(db, channels)
    channels.fail("post", *[Blocked("403 50013", ("send_messages",))] * 3,
                  *[Blocked("403 50001", ("view_channel",))] * 3)
    ids = [await announce(outbox, CH1, f"move {i}", picture=False, guild_id=9) for i in range(4)]
    await outbox.idle()
    assert channels.shown(CH1) == [f"move {i}" for i in range(4)], "each once, in order"
    assert [(await outbox.store.get(i)).state for i in ids] == [SENT] * 4
    assert outbox.blocked(CH1) is None, "posts get through again"
    await outbox.stop()


async def test_a_refusal_that_crosses_the_permission_given_back_is_tried_again_at_once(db):
    """A picture and a text refused for a permission that Discord says was given back while each try was on its way:
    the refusal says nothing of now, so neither waits out its backoff (an hour here). Was: the picture of the last
    move before the change waited the hour (seen in CI)."""
    channels = FakeChannels()
    patient = Timing(scan_every=0.05, backoff=Backoff(first=3600.0, most=3600.0), stop_grace=1.0, linger=0.0)
    outbox = make_outbox(db, channels, timing=patient)
    for method in ("picture", "post"):
        gate = asyncio.Event()
        if method == "picture":
            channels.picture_gate = gate
        else:
            channels.gate = gate
        channels.fail(method, Blocked("403 50013", ("attach_files" if method == "picture" else "send_messages",)))
        a = await announce(outbox, CH1, f"{method} crossing", picture=method == "picture", guild_id=9)
        await asyncio.wait_for(_until(lambda a=a, m=method: (m, a) in channels.calls), 5)
        await outbox.reopen(guild_id=9)  # the permission comes back while the refused try is on its way
        gate.set()
        await asyncio.wait_for(outbox.idle(), 5)  # an hour's backoff would not be idle within 5 s
        stored = await outbox.store.get(a)
        assert (stored.state, stored.picture_state) == (SENT, PICTURE_DONE if method == "picture" else "none")
        assert [c for c in channels.calls if c == (method, a)] == [(method, a)] * 2, "refused once, then again at once"
        channels.picture_gate = channels.gate = None
    await outbox.stop()


async def test_a_held_channel_is_tried_at_once_when_the_bots_permissions_change(db):
    channels = FakeChannels()
    patient = Timing(scan_every=0.05, backoff=Backoff(first=3600.0, most=3600.0), stop_grace=1.0, linger=0.0)
    outbox = make_outbox(db, channels, timing=patient)
    channels.fail("post", Blocked("403 50013", ("send_messages",)))
    await announce(outbox, CH1, "held", picture=False, guild_id=9)
    for _ in range(200):
        if outbox.blocked(CH1) is not None:
            break
        await asyncio.sleep(0.01)
    await announce(outbox, CH2, "elsewhere", picture=False, guild_id=10)
    for _ in range(200):
        if channels.shown(CH2):
            break
        await asyncio.sleep(0.01)
    held = outbox.blocked(CH1)
    assert held is not None and held.missing == ("send_messages",) and held.guild_id == 9
    assert channels.shown(CH1) == [], "held, to be tried again in an hour"
    assert await outbox.reopen(guild_id=10) == [], "another server's change wakes nothing here"
    assert await outbox.reopen(guild_id=9) == [CH1]
    for _ in range(200):
        if channels.shown(CH1):
            break
        await asyncio.sleep(0.01)
    assert channels.shown(CH1) == ["held"], "delivered at once, not after the hour"
    await outbox.stop()


async def test_a_channel_held_long_pauses_its_game_once_and_a_post_getting_through_resumes_it(db):
    channels = FakeChannels()
    calls: list[tuple[str, int]] = []

    async def closed(channel_id: int) -> None:
        calls.append(("closed", channel_id))

    async def opened(channel_id: int) -> None:
        calls.append(("open", channel_id))

    t = [0.0]  # added to the wall clock: each held try comes 5 minutes after the one before
    keeper = LeaseKeeper(Leases(db), owner="one", duration=5.0, renew_every=1.25)
    outbox = Outbox(OutboxStore(db), keeper, channels, timing=replace(QUICK, close_after=600.0),
                    clock=lambda: time.time() + t[0], on_closed=closed, on_open=opened)

    class Slow:
        """Each held try is 5 minutes after the one before."""

        def __init__(self) -> None:
            self.tries = 0

        def __call__(self) -> None:
            self.tries += 1
            t[0] += 300.0

    slow = Slow()
    real_post = channels.post

    async def post(a: Announcement) -> int:
        if slow.tries < 4:
            slow()
            raise Blocked("403 50001", ("view_channel",))
        return await real_post(a)

    channels.post = post  # type: ignore[method-assign]
    await announce(outbox, CH1, "late", picture=False)
    await outbox.idle()
    assert channels.shown(CH1) == ["late"]
    assert calls == [("closed", CH1), ("open", CH1)], "paused once, past close_after; resumed by the post"
    await outbox.stop()


async def test_a_channel_that_is_gone_still_gives_up(db):
    channels = FakeChannels()
    gone: list[int] = []

    async def on_gone(channel_id: int) -> None:
        gone.append(channel_id)

    keeper = LeaseKeeper(Leases(db), owner="one", duration=5.0, renew_every=1.25)
    outbox = Outbox(OutboxStore(db), keeper, channels, timing=QUICK, gone=on_gone)
    channels.fail("post", Gone("404 10003"))
    lost = await announce(outbox, CH1, "nowhere", picture=False)
    await outbox.idle()
    assert (await outbox.store.get(lost)).state == FAILED and gone == [CH1]
    await outbox.stop()
