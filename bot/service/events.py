"""What happened to a game, in codes and values (never words), and how it is published.

The service commits a change (bot/service/desk.py), then publishes one of these to the parts that follow changes (the
web hub, computer seats, the recorder, the outbox), registered once in the composition root (bot/app.py). Every
front end's change therefore gets the same follow-ups. A subscriber is called after the game's lock is released and
must return at once: it only schedules its work (a task, a wake-up); one that fails is logged and the others are
still told. Other processes learn of a change from the database (the outbox's scan, the web hub's poller).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol, TypeVar

from bot.storage.rows import GameStatus

log = logging.getLogger(__name__)


@dataclass(frozen=True, kw_only=True)
class Event:
    """A change of one game: the game, its revision and status once changed, where it is played, and the id of the
    public account stored with it (None: none), which the interaction that made it may answer with first."""

    game_id: int
    rev: int
    channel_id: int
    guild_id: int | None
    status: GameStatus
    announcement: int | None = None
    replying: bool = False  # the interaction answers with the announcement itself; the outbox waits for it

    @property
    def running(self) -> bool:
        return self.status == GameStatus.ACTIVE

    @property
    def finished(self) -> bool:
        """The game is over with a result (recorded and rated), not abandoned or cancelled."""
        return self.status == GameStatus.OVER


@dataclass(frozen=True, kw_only=True)
class Joined(Event):
    seat: int
    user_id: int


@dataclass(frozen=True, kw_only=True)
class Left(Event):
    user_id: int


@dataclass(frozen=True, kw_only=True)
class ComputerSeated(Event):
    seat: int
    level: str


@dataclass(frozen=True, kw_only=True)
class Started(Event):
    seed: int
    first: int | None  # the seat to act first


@dataclass(frozen=True, kw_only=True)
class Moved(Event):
    """A move (notation) by `seat`, the game's move number `n`; `standin`: played for a person whose clock ran out."""

    seat: int
    move: str
    n: int
    standin: bool = False


@dataclass(frozen=True, kw_only=True)
class Undone(Event):
    seat: int  # who undid it (the seat that had played it)
    move: str
    n: int


@dataclass(frozen=True, kw_only=True)
class Resigned(Event):
    """A seat resigned: it plays on passively, or (status over) the game ended with it."""

    seat: int


@dataclass(frozen=True, kw_only=True)
class Ended(Event):
    """A lobby or game closed (its status says how: over, abandoned, cancelled); `seat`: the player whose
    abandoning counts as their resignation; `by`: the name of who closed it, when someone did."""

    seat: int | None = None
    by: str = ""


@dataclass(frozen=True, kw_only=True)
class Away(Event):
    seat: int
    away: bool  # False: they came back


@dataclass(frozen=True, kw_only=True)
class ClockSet(Event):
    choice: str  # the host's clock, in force from the next turn (at once in a lobby)


@dataclass(frozen=True, kw_only=True)
class ClockEvent(Event):
    """One thing a clock did (it changes no revision): a reminder owed to `user_id`, or the stand-in taking `seat`
    (bot/background/clocks.py's kinds), and maybe marking them away."""

    kind: str
    seat: int
    user_id: int
    deadline: float | None
    marked_away: bool = False


@dataclass(frozen=True, kw_only=True)
class Resumed(Event):
    """The game's clock runs again: its channel takes the bot's posts again."""


Subscriber = Callable[[Event], None]


class Done(Protocol):
    """A committed change as the service hands it back (bot/service/table.py's `Changed`, `Played`)."""

    @property
    def event(self) -> Event | None: ...


D = TypeVar("D", bound=Done)


def owed_post(event: Event) -> bool:
    """Whether the change stored an account that no interaction answers with: the outbox must post it."""
    return event.announcement is not None and not event.replying


class Publisher:
    """The parts told of every change, in the order they subscribed."""

    def __init__(self, subscribers: Iterable[Subscriber] = ()) -> None:
        self.subscribers: list[Subscriber] = list(subscribers)
        self.only: dict[Subscriber, Callable[[Event], bool]] = {}  # a subscriber told only of the events it wants

    def subscribe(self, *subscribers: Subscriber, when: Callable[[Event], bool] | None = None) -> None:
        """Tell these of every change from now on (`when`: only of the changes it accepts)."""
        self.subscribers.extend(subscribers)
        if when is not None:
            self.only.update(dict.fromkeys(subscribers, when))

    def told(self, done: D) -> D:
        """Publish a committed change (its game's lock let go by now) and hand it back."""
        self.publish([done.event])
        return done

    def publish(self, events: Iterable[Event | None]) -> None:
        """Tell every subscriber of each event; a failing one is logged and changes nothing for the others."""
        for event in events:
            if event is None:
                continue
            for subscriber in list(self.subscribers):
                wanted = self.only.get(subscriber)
                if wanted is not None and not wanted(event):
                    continue
                try:
                    subscriber(event)
                except Exception:
                    log.exception("Game %s: a follower of %s failed", event.game_id, type(event).__name__)
