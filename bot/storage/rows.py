"""What the game tables hold, as plain values: a game's status, its row, its seats and its moves (and an
announcement just stored with its change)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class GameStatus(StrEnum):
    """Where a game is in its life; stored as its text."""

    LOBBY = "lobby"
    ACTIVE = "active"
    OVER = "over"
    CANCELLED = "cancelled"
    ABANDONED = "abandoned"


LIVE = frozenset({GameStatus.LOBBY, GameStatus.ACTIVE})  # at most one such game per channel
FINISHED = frozenset({GameStatus.OVER, GameStatus.ABANDONED})  # played and ended (a cancelled lobby never played)


class SeatKind(StrEnum):
    """Who plays a seat."""

    PERSON = "person"
    PASSIVE = "passive"  # a person who resigned: the passive autoplayer plays on for them (pass, commit 0, decline)
    COMPUTER = "computer"  # a computer level


# How storage marks a passive seat: in the seat's level column, where a computer's level stands.
PASSIVE_LEVEL = "resigned"


@dataclass
class PlayerRow:
    seat: int
    user_id: int
    name: str
    level: str | None = None
    resigned: bool = False
    away: bool = False  # the stand-in plays this person's turns at once (/tne away, or two expired turns in a row)
    standins: int = 0  # turns in a row the stand-in played for this person because the clock ran out
    hints: int = 0  # hints answered to this seat (games opened with hints on)

    @property
    def kind(self) -> SeatKind:
        if self.level is None:
            return SeatKind.PERSON
        return SeatKind.PASSIVE if self.level == PASSIVE_LEVEL else SeatKind.COMPUTER

    @property
    def is_bot(self) -> bool:
        """Played by the bot: a computer, or the passive autoplayer for a person who resigned."""
        return self.level is not None

    @property
    def computer(self) -> str | None:
        """The computer level that plays the seat ('easy', 'hard'), None for a person's seat."""
        return self.level if self.kind is SeatKind.COMPUTER else None

    @property
    def is_person(self) -> bool:
        """A person's seat, playing or resigned."""
        return self.kind is not SeatKind.COMPUTER


@dataclass(frozen=True)
class ClockRow:
    """A game's turn clock as stored: the choice, who must act since when, the deadline and how far it got."""

    clock: str = "none"  # a key of bot.clocks.CLOCKS
    next: str | None = None  # the host's change, in force from the next turn on
    on_timeout: str = "standin"  # standin or wait
    seat: int | None = None  # who must act (None: nobody, the game is not running)
    turn: int | None = None  # whose turn it is: a decision for another seat is a clock of its own
    since: float | None = None  # when they became the one to act
    deadline: float | None = None  # None: no clock for this turn (no clock, or a computer seat)
    stage: int = 0  # 0 nothing yet, 1 reminded at half, 2 reminded at a tenth left, 3 expired
    standin: bool = False  # the stand-in plays `seat` for the rest of this turn
    due: float | None = None  # the next moment the clock must be looked at


@dataclass
class GameRow:
    id: int
    guild_id: int | None
    channel_id: int
    host_id: int
    status: str
    seats: int
    board: str
    scores: str
    seed: int | None
    rev: int
    move_count: int
    snapshot: dict[str, Any] | None
    end_reason: str | None
    updated_at: float = 0.0  # when the game last changed (a late interaction made before it is refused)
    clock: ClockRow = field(default_factory=ClockRow)
    players: list[PlayerRow] = field(default_factory=list)
    started_at: float | None = None  # epoch seconds; None for games started before these were kept
    ended_at: float | None = None
    hints: bool = False  # opened with hints on: a casual game, never rated, where players may ask for hints
    rematch_of: int | None = None  # a lobby opened to play this earlier game again (/tne rematch)


@dataclass
class MoveRow:
    n: int
    seat: int
    user_id: int | None
    move: str
    events: list[dict[str, Any]]
    created_at: float | None = field(default=None, compare=False)  # epoch seconds when it was stored


@dataclass(frozen=True)
class Stored:
    """An announcement just stored with its change: its id, and whether the interaction may answer with it."""

    id: int
    channel_id: int
    reply: bool
