"""Turn clocks: deadlines from the table's clock choice, reminders at half and at a tenth left, expiry.

Discord-free and time-free: every function takes `now` (seconds, from the time source injected into the service),
so clocks are tested without sleeping. `ClockKeeper` is the loop that claims due clocks from storage (one process
each) and lets the service step them (through the small `ClockSteps` protocol, so this module never imports
the service); what a step produces (a reminder, a stand-in taking a seat) is handed to a
callback that the front end provides.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path
from typing import Protocol

from bot.background.periodic import Periodic
from bot.service.events import ClockEvent
from bot.storage.clocks import ClockStore
from bot.storage.rows import ClockRow, PlayerRow

log = logging.getLogger(__name__)

Now = Callable[[], float]

# The clock choices: seconds a person has to act, None for no clock. Short ones for live play, long ones for
# play over days.
CLOCKS: dict[str, float | None] = {
    "none": None, "2m": 120.0, "5m": 300.0, "15m": 900.0, "1h": 3600.0, "12h": 43_200.0, "24h": 86_400.0,
    "72h": 259_200.0,
}
DEFAULT_CLOCK = "24h"
STANDIN, WAIT = "standin", "wait"
ON_TIMEOUT = (STANDIN, WAIT)
STANDIN_LEVEL = "medium"  # the computer that plays for a person whose clock ran out
AWAY_AFTER = 2  # turns in a row played by the stand-in, after which the seat is marked away

FRESH, HALF, TENTH, EXPIRED = 0, 1, 2, 3  # ClockRow.stage: how far this turn's clock got
HALF_AT, TENTH_AT = 0.5, 0.9  # share of the clock gone at each reminder

# What a step of the clock produces.
REMIND_HALF, REMIND_TENTH, TIMED_OUT, OVERDUE = "half", "tenth", "timed_out", "overdue"


def seconds_of(choice: str) -> float | None:
    return CLOCKS[choice]


def begin(clock: ClockRow, seat: int | None, now: float, *, player: PlayerRow | None = None,
          turn: int | None = None) -> ClockRow:
    """A new turn (of `turn`'s) for `seat` to act in (None: nobody acts, the game ended): the host's pending change
    takes effect, and a person gets a fresh deadline; an away person gets the stand-in at once; a computer seat
    gets no clock."""
    choice = clock.next or clock.clock
    fresh = ClockRow(clock=choice, next=None, on_timeout=clock.on_timeout, seat=seat,
                     turn=turn if turn is not None else seat, since=now if seat is not None else None)
    if seat is None or player is None or player.is_bot:
        return fresh
    if player.away:
        return replace(fresh, standin=True)
    seconds = CLOCKS[choice]
    if seconds is None:
        return fresh
    started = replace(fresh, deadline=now + seconds)
    return replace(started, due=due_at(started))


def due_at(clock: ClockRow) -> float | None:
    """The next moment this turn's clock must be looked at, or None when nothing more will happen."""
    if clock.deadline is None or clock.since is None or clock.standin:
        return None
    length = clock.deadline - clock.since
    if clock.stage < HALF:
        return clock.since + HALF_AT * length
    if clock.stage < TENTH:
        return clock.since + TENTH_AT * length
    if clock.stage < EXPIRED:
        return clock.deadline
    return None


def step(clock: ClockRow, now: float) -> tuple[str | None, ClockRow]:
    """What the clock does at `now`: at most one thing, the latest one due (a turn whose deadline passed while
    the bot was down gets its expiry, not two stale reminders first), and the clock after it."""
    if clock.deadline is None or clock.since is None or clock.standin or clock.stage >= EXPIRED:
        return None, replace(clock, due=None)
    length = clock.deadline - clock.since
    event: str | None = None
    if now >= clock.deadline:
        event, stage = (TIMED_OUT if clock.on_timeout == STANDIN else OVERDUE), EXPIRED
    elif now >= clock.since + TENTH_AT * length and clock.stage < TENTH:
        event, stage = REMIND_TENTH, TENTH
    elif now >= clock.since + HALF_AT * length and clock.stage < HALF:
        event, stage = REMIND_HALF, HALF
    else:
        return None, replace(clock, due=due_at(clock))
    after = replace(clock, stage=stage, standin=event == TIMED_OUT)
    return event, replace(after, due=due_at(after))


def restarted(clock: ClockRow, stopped_at: float, now: float) -> ClockRow:
    """The clock after standing still from `stopped_at` (or from its turn's start, if later) until `now`: the turn's
    start and deadline move on by that much, so whoever must act has the time they had left when it stopped."""
    if clock.since is None:
        return clock
    shift = max(0.0, now - max(stopped_at, clock.since))
    moved = replace(clock, since=clock.since + shift,
                    deadline=None if clock.deadline is None else clock.deadline + shift)
    return replace(moved, due=due_at(moved))


def stand_in_plays(clock: ClockRow, player: PlayerRow) -> bool:
    """Whether the stand-in plays this person's seat now: they are away, or their clock ran out this turn."""
    if player.is_bot:
        return False
    return player.away or (clock.seat == player.seat and clock.standin)


def time_left(clock: ClockRow, now: float) -> float | None:
    """Seconds left to whoever must act (0 once passed), or None when this turn has no clock."""
    if clock.deadline is None:
        return None
    return max(0.0, clock.deadline - now)


def standin_seats(clock: ClockRow, players: list[PlayerRow]) -> frozenset[int]:
    """The seats the stand-in plays now."""
    return frozenset(p.seat for p in players if stand_in_plays(clock, p))


# --- the time source -----------------------------------------------------------------------------------------

TEST_CLOCK_FILE = "TNE_TEST_CLOCK_FILE"


def file_offset_clock(path: str | Path) -> Now:
    """TEST ONLY: the wall clock plus the number of seconds written in `path` (re-read on every call, missing or
    unreadable counts as 0), so a test moves a running bot process's time forward by rewriting the file."""
    target = Path(path)

    def now() -> float:
        try:
            offset = float(target.read_text().strip() or 0)
        except (OSError, ValueError):
            offset = 0.0
        return time.time() + offset

    return now


def time_source(environ: dict[str, str] | None = None) -> Now:
    """The bot's time source: the wall clock, or (tests only) the offset clock TNE_TEST_CLOCK_FILE names."""
    env = os.environ if environ is None else environ
    path = env.get(TEST_CLOCK_FILE)
    if path:
        log.warning("Test clock: time is the wall clock plus the offset in %s (never set this in production)", path)
        return file_offset_clock(path)
    return time.time


# --- the scheduler -------------------------------------------------------------------------------------------


OnEvent = Callable[[ClockEvent], Awaitable[None]]


def process_name() -> str:
    """Who claims clocks in the database: this host and process, unique while it lives."""
    return f"{socket.gethostname()}:{os.getpid()}"


class ClockSteps(Protocol):
    """What the keeper needs of the service: its time, its clock queries, and stepping one claimed clock."""

    @property
    def storage(self) -> HasClocks: ...

    def now(self) -> float: ...

    async def clock_step(self, game_id: int, owner: str) -> ClockEvent | None: ...


class HasClocks(Protocol):
    @property
    def clocks(self) -> ClockStore: ...


class ClockKeeper:
    """Every `tick` seconds: claim the games whose clock is due (a claim lapses after `lease` seconds if this
    process dies, and another process takes the game over), step each under its game's lock. The service publishes
    each step's event to the parts that follow changes; `on_event`, when given, is handed it too (tests)."""

    def __init__(self, service: ClockSteps, on_event: OnEvent | None = None, *, owner: str | None = None,
                 tick: float = 1.0, lease: float = 15.0, batch: int = 200, event_timeout: float = 30.0) -> None:
        self.service = service
        self.on_event = on_event
        self.owner = owner or process_name()
        self.tick = tick
        self.lease = lease
        self.batch = batch
        self.event_timeout = event_timeout
        self._loop = Periodic("tne-clocks", self.run_once, lambda: self.tick)

    async def run_once(self) -> list[ClockEvent]:
        """One pass over every due clock (also what start-up does for deadlines that passed while down)."""
        events: list[ClockEvent] = []
        while True:
            now = self.service.now()
            claimed = await self.service.storage.clocks.claim_due(self.owner, now, now + self.lease, self.batch)
            for game_id in claimed:
                try:
                    event = await self.service.clock_step(game_id, self.owner)
                except Exception:
                    log.exception("Clock of game %s failed; its claim lapses and it is tried again", game_id)
                    continue
                if event is None:
                    continue
                events.append(event)
                if self.on_event is None:
                    continue
                try:
                    # A post that hangs (a held request, a dead connection) must not stop every other clock.
                    await asyncio.wait_for(self.on_event(event), self.event_timeout)
                except Exception:
                    log.exception("Handing on %s of game %s failed", event.kind, game_id)
            if len(claimed) < self.batch:
                return events

    async def start(self) -> None:
        self._loop.start()

    async def stop(self) -> None:
        await self._loop.stop()
