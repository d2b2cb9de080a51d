"""The outbox: every public account of a change is stored with the change and delivered exactly once.

Discord-free. A change (a move, a start, an undo, a resignation ...) writes its announcement in its own
transaction (bot/storage/outbox.py). This loop delivers what is owed, channel by channel, in order, through a
`Courier` (bot/discord_front/outbox_courier.py speaks Discord):

- one process works a channel at a time: it holds the channel's lease (bot/background/leases.py), renewed while it
works,
  handed back when nothing is owed there; a process that dies lets it lapse and another one's scan takes over;
- an announcement the interaction may still answer with is left alone until `hold_until`; after that, if the
  interaction's reply may have been made, the courier looks for it (`find_reply`) before posting anything;
- posts carry the announcement's nonce, so a retry soon after an ambiguous failure makes no second message;
  past the nonce's window the channel is searched first (`find_post`: only messages made after the announcement
  and delivering no other one, never an older post with the same words);
- 429 waits what Discord says, 5xx and dropped connections back off and retry, a refusal for good is recorded and
  the channel moves on; a channel that no longer exists goes to `gone` (its game closes, announced nowhere);
- a channel the bot may not post in now (a permission taken away: `Blocked`) holds what it owes, in order, and is
  tried again with the same backoff, at once when Discord says the bot's permissions changed (`reopen`); held
  `close_after` seconds, its game's clock stops (`on_closed`), and it runs again once a post gets through
  (`on_open`); the person who acts there meanwhile is told why (`blocked`) — bot/discord_front/outbox_blocks.py;
- the picture follows each text as an edit, in its own task: a slow or failed picture never holds back a text
  (bot/discord_front/outbox_pictures.py).

What a courier promises and how it fails: bot/discord_front/outbox_contract.py; how patient the outbox is:
bot/discord_front/outbox_timing.py.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable

from bot.background.leases import LeaseKeeper
from bot.discord_front.outbox_blocks import Block, Blocks
from bot.discord_front.outbox_contract import Blocked, Courier, Gone, Refused, Retry
from bot.discord_front.outbox_pictures import Pictures
from bot.discord_front.outbox_timing import Timing
from bot.service.events import Event, owed_post
from bot.storage.leases import CHANNEL
from bot.storage.outbox import PENDING, PICTURE_PENDING, POSTED, REPLY, SENT, Announcement, OutboxStore
from bot.storage.rows import Stored

log = logging.getLogger(__name__)


class Outbox:
    """Delivers stored announcements; one per process, sharing the process's LeaseKeeper."""

    def __init__(self, store: OutboxStore, keeper: LeaseKeeper, courier: Courier, *,
                 clock: Callable[[], float] = time.time, timing: Timing | None = None,
                 gone: Callable[[int], Awaitable[None]] | None = None,
                 on_closed: Callable[[int], Awaitable[object]] | None = None,
                 on_open: Callable[[int], Awaitable[object]] | None = None,
                 word: Callable[[Announcement], Awaitable[Announcement]] | None = None) -> None:
        """`word`: an announcement stored as codes and values, in words (bot/discord_front/announcer.py)."""
        self.store = store
        self.word = word
        self.gone = gone
        self._blocks = Blocks(clock, on_closed=on_closed, on_open=on_open)
        self.keeper = keeper
        self.courier = courier
        self.clock = clock
        self.timing = timing or Timing()
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._wake: dict[int, asyncio.Event] = {}
        self.pictures = Pictures(store, courier, self._blocks, clock=clock, timing=lambda: self.timing,
                                 settled=self._look_again)
        self._pictures = self.pictures.tasks  # announcement id -> its picture being attached
        self._timers: set[asyncio.TimerHandle] = set()
        self._scanner: asyncio.Task[None] | None = None
        self._idle: dict[int, float] = {}  # drained channels whose lease we keep for a while -> since when
        self._stopping = False
        keeper.on_lost(self._lost)

    # --- what the rest of the bot calls ----------------------------------------------------------------------

    def stored(self, stored: Stored) -> None:
        """An announcement was stored (a game's rating changes): deliver it now, unless an interaction answers with
        it first."""
        if not stored.reply:
            self.wake(stored.channel_id)

    def follow(self, event: Event) -> None:
        """A change stored its announcement: deliver it now, unless its interaction answers with it first."""
        if owed_post(event):
            self.wake(event.channel_id)

    async def replied(self, announcement_id: int, channel_id: int, message_id: int, *, picture: bool,
                      token: str | None) -> None:
        """The interaction answered with the announcement itself: record it; its picture follows from here."""
        await self.store.sent(announcement_id, message_id, REPLY, self.clock(), picture=picture, token=token)
        if picture:
            self.wake(channel_id)

    async def not_replied(self, announcement_id: int, channel_id: int, *, sure: bool, hold_until: float) -> None:
        """The interaction did not answer with it. `sure`: Discord never got such a reply, so post it now;
        otherwise (a timeout, a dropped connection) look for the reply once `hold_until` has passed."""
        if sure:
            await self.store.release(announcement_id)
            self.wake(channel_id)
        else:
            self.wake_at(channel_id, hold_until)

    def blocked(self, channel_id: int | None) -> Block | None:
        """Whether this process holds the channel's posts because the bot may not post there (and why)."""
        return self._blocks.get(channel_id)

    async def reopen(self, guild_id: int | None = None, channel_id: int | None = None) -> list[int]:
        """Discord says the bot's permissions changed (in a server, or in one channel): try every held channel there
        now rather than after its backoff; the channels woken."""
        self._blocks.reopening(guild_id, channel_id)
        woken = self._blocks.within(guild_id, channel_id)
        for held in woken:
            await self.store.retry_now(held)
            self.wake(held)
        if woken:
            log.info("The bot's permissions changed: trying %d held channel(s) again now", len(woken))
        return woken

    def wake(self, channel_id: int) -> None:
        """Look at this channel's announcements now (start working it if nobody here does)."""
        if self._stopping:
            return
        event = self._wake.get(channel_id)
        if event is not None:
            event.set()
        task = self._workers.get(channel_id)
        if task is None or task.done():
            self._wake[channel_id] = asyncio.Event()
            self._workers[channel_id] = asyncio.create_task(self._work(channel_id), name=f"tne-outbox-{channel_id}")

    def wake_at(self, channel_id: int, when: float) -> None:
        """Look at this channel again at `when` (wall time)."""
        loop = asyncio.get_running_loop()
        handle: asyncio.TimerHandle

        def fire() -> None:
            self._timers.discard(handle)
            self.wake(channel_id)

        handle = loop.call_later(max(0.0, when - self.clock()), fire)
        self._timers.add(handle)

    async def start(self) -> None:
        """Deliver whatever a crash or another process left owed, and keep looking every `scan_every` seconds."""
        self._stopping = False
        self.keeper.start()
        await self.scan()
        if self._scanner is None or self._scanner.done():
            self._scanner = asyncio.create_task(self._scanning(), name="tne-outbox-scan")

    async def scan(self) -> list[int]:
        """Start working every channel with owed announcements that is free to take; the channels started."""
        now = self.clock()
        ready: dict[int, bool] = {}
        heads: set[int] = set()
        for item in await self.store.open_items():
            if self.keeper.held_elsewhere(item.owner, item.expires):
                continue  # another live process works this channel
            if item.state == PENDING:
                if item.channel_id in heads:
                    continue  # only a channel's first owed text can go next
                heads.add(item.channel_id)
            if item.ready_at <= now:
                ready[item.channel_id] = True
        started = []
        for channel_id in ready:
            task = self._workers.get(channel_id)
            if task is None or task.done():
                self.wake(channel_id)
                started.append(channel_id)
        await self._hand_back_idle(now)
        return started

    async def _hand_back_idle(self, now: float) -> None:
        """Hand back the leases of channels drained more than `linger` seconds ago (unless something came)."""
        for channel_id, since in list(self._idle.items()):
            if now - since < self.timing.linger or channel_id in self.working():
                continue
            del self._idle[channel_id]
            if await self.store.release_if_drained(channel_id, self.keeper.owner):
                self.keeper.forget(CHANNEL, channel_id)
            else:
                self.wake(channel_id)

    async def idle(self) -> None:
        """Until nothing is being delivered here nor due to be looked at again (tests)."""
        loop = asyncio.get_running_loop()
        while True:
            tasks = [t for t in (*self._workers.values(), *self._pictures.values()) if not t.done()]
            if tasks:
                await asyncio.wait(tasks)
            elif self._timers:
                await asyncio.sleep(max(0.0, min(t.when() for t in self._timers) - loop.time()) + 0.001)
            else:
                return

    async def stop(self) -> None:
        """Finish what is under way (briefly), then stop; the caller hands the leases back."""
        self._stopping = True
        for handle in self._timers:
            handle.cancel()
        self._timers.clear()
        tasks = [t for t in (self._scanner, *self._workers.values(), *self._pictures.values()) if t is not None]
        for event in self._wake.values():
            event.set()
        if self._scanner is not None:
            self._scanner.cancel()
        _, pending = await asyncio.wait(tasks, timeout=self.timing.stop_grace) if tasks else (set(), set())
        for task in pending:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._workers.clear()
        self._pictures.clear()
        self._scanner = None

    def working(self) -> set[int]:
        """Channels this process is delivering to now."""
        return {c for c, t in self._workers.items() if not t.done()}

    # --- the work --------------------------------------------------------------------------------------------

    async def _scanning(self) -> None:
        while True:
            await asyncio.sleep(self.timing.scan_every)
            try:
                await self.scan()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("The outbox scan failed; trying again in %.0f s", self.timing.scan_every, exc_info=True)

    def _lost(self, key: tuple[str, int]) -> None:
        kind, channel_id = key
        task = self._workers.get(channel_id)
        if kind == CHANNEL and task is not None and not task.done():
            log.warning("Another process took over channel %s's announcements: stopping here", channel_id)
            task.cancel()

    async def _work(self, channel_id: int) -> None:
        self._idle.pop(channel_id, None)
        try:
            if not await self.keeper.claim(CHANNEL, channel_id):
                return  # another process works this channel; its lease lapses if it dies, and a scan comes back
            failures = 0
            while not self._stopping:
                event = self._wake.setdefault(channel_id, asyncio.Event())
                event.clear()  # before reading: a wake from here on means "look again"
                try:
                    if await self._step(channel_id, event):
                        return
                    failures = 0
                except asyncio.CancelledError:
                    raise
                except Exception:
                    failures += 1
                    wait = self.timing.backoff.delay(failures)
                    log.warning("Delivering to channel %s failed (%d in a row); again in %.1f s", channel_id,
                                failures, wait, exc_info=True)
                    await self._sleep(event, wait)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("Delivering to channel %s failed; the scan takes it up again", channel_id)
        finally:
            if self._workers.get(channel_id) is asyncio.current_task():
                del self._workers[channel_id]
                self._wake.pop(channel_id, None)

    async def _step(self, channel_id: int, event: asyncio.Event) -> bool:
        """One look at the channel: start due pictures, deliver the first owed text or wait for it to be due.
        True once nothing is owed and the channel was handed back."""
        items = await self.store.owed_in(channel_id)
        if event.is_set():
            # Woken while reading: a picture may have settled after the read saw it pending and its task has
            # gone, which would start it again (attached twice). Read again instead.
            return False
        now = self.clock()
        due: float | None = None  # when something here is next due
        pictures = []
        for a in items:
            if a.state != SENT or a.picture_state != PICTURE_PENDING:
                continue
            task = self._pictures.get(a.id)
            if task is None and a.next_try_at <= now:
                whole = await self.store.get(a.id)
                if whole is None or whole.picture_state != PICTURE_PENDING:
                    return False  # it changed since the scan: look again
                task = self.pictures.start(channel_id, await self._worded(whole))
            if task is not None:
                pictures.append(task)
            else:
                due = a.next_try_at if due is None else min(due, a.next_try_at)
        head = next((a for a in items if a.state == PENDING), None)
        if head is not None:
            ready = max(head.hold_until, head.next_try_at)
            if ready <= now:
                if not self.keeper.holds(CHANNEL, channel_id) and not await self.keeper.claim(CHANNEL, channel_id):
                    log.warning("Channel %s's lease went to another process; leaving the channel to it", channel_id)
                    return True
                whole = await self.store.get(head.id)
                if whole is not None and whole.state == PENDING:
                    await self._deliver(await self._worded(whole))
                return False
            due = ready if due is None else min(due, ready)
        if pictures or due is not None:
            await self._wait_any(event, pictures, None if due is None else due - now)
            return False
        if self.timing.linger > 0 and not self._stopping:
            self._idle[channel_id] = now  # keep the lease a while: the scan hands it back if nothing comes
            return True
        if not await self.store.release_if_drained(channel_id, self.keeper.owner):
            return False  # something new arrived meanwhile
        self.keeper.forget(CHANNEL, channel_id)
        if event.is_set() and not self._stopping:  # woken while handing back: take it again and look
            return not await self.keeper.claim(CHANNEL, channel_id)
        return True

    async def _deliver(self, a: Announcement) -> None:
        now = self.clock()
        try:
            via, message_id = REPLY, None
            age = now - a.created_at
            if a.reply_token and age < self.timing.token_life:
                message_id = await self.courier.find_reply(a)
            if message_id is None:
                via = POSTED
                if age > self.timing.nonce_window:
                    # A post made long ago may have reached Discord unnoticed, and its nonce is forgotten by now.
                    message_id = await self.courier.find_post(a)
                if message_id is None:
                    message_id = await self.courier.post(a)
        except Blocked as exc:
            # Refused for a permission given back meanwhile (the change came while this try was on its way): again now.
            reopened = self._blocks.reopened_since(a.channel_id, a.guild_id, now)
            wait = 0.0 if reopened else self.timing.backoff.delay(a.tries + 1)
            # Said once per closure; the tries that follow (one every `backoff.most` seconds at most) quietly.
            first = a.channel_id not in self._blocks
            await self._blocks.held(a, exc, now, self.timing.close_after)
            log.log(logging.WARNING if first else logging.DEBUG, "Announcement %s in channel %s held: %s (try %d); "
                    "again in %.1f s", a.id, a.channel_id, exc, a.tries + 1, wait)
            await self.store.later(a.id, self.clock() + wait, str(exc))
            return
        except Refused as exc:
            self._blocks.refused(a.channel_id)
            log.error("Announcement %s in channel %s cannot be delivered: %s", a.id, a.channel_id, exc)
            await self.store.failed(a.id, str(exc))
            if isinstance(exc, Gone) and self.gone is not None:
                await self.gone(a.channel_id)
            return
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            after = exc.after if isinstance(exc, Retry) and exc.after is not None else None
            wait = after if after is not None else self.timing.backoff.delay(a.tries + 1)
            log.warning("Announcement %s in channel %s not delivered (%s, try %d); again in %.1f s", a.id,
                        a.channel_id, exc if isinstance(exc, Retry) else repr(exc), a.tries + 1, wait,
                        exc_info=not isinstance(exc, Retry))
            await self.store.later(a.id, self.clock() + wait, str(exc) or type(exc).__name__)
            return
        log.debug("Announcement %s delivered in channel %s as message %s (%s)", a.id, a.channel_id, message_id, via)
        await self.store.sent(a.id, message_id, via, self.clock(), picture=a.picture is not None,
                              token=a.reply_token if via == REPLY else None)
        if a.channel_id in self._blocks or a.tries:
            await self._blocks.opened(a.channel_id)

    async def _worded(self, a: Announcement) -> Announcement:
        # Worded as it goes out, in the language of that moment, not when the change was made.
        return await self.word(a) if self.word is not None else a

    def _look_again(self, channel_id: int) -> None:
        """Something settled in the channel (a picture): its worker looks again."""
        event = self._wake.get(channel_id)
        if event is not None:
            event.set()

    async def _sleep(self, event: asyncio.Event, seconds: float) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), max(0.0, seconds))

    async def _wait_any(self, event: asyncio.Event, tasks: list[asyncio.Task[None]], seconds: float | None) -> None:
        waiter = asyncio.ensure_future(event.wait())
        try:
            await asyncio.wait([waiter, *tasks], timeout=seconds, return_when=asyncio.FIRST_COMPLETED)
        finally:
            waiter.cancel()
