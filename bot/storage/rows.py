"""What the game tables hold, as plain values: a game's status, its row, its seats and its moves."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class GameStatus(StrEnum):
    """Where a game is in its life; stored as its text."""

    LOBBY = "lobby"
    ACTIVE = "active"
    OVER = "over"
    CANCELLED = "cancelled"
    ABANDONED = "abandoned"


LIVE = frozenset({GameStatus.LOBBY, GameStatus.ACTIVE})  # at most one such game per channel
FINISHED = frozenset({GameStatus.OVER, GameStatus.ABANDONED})  # played and ended (a cancelled lobby never played)


@dataclass
class PlayerRow:
    seat: int
    user_id: int
    name: str
    level: str | None = None
    resigned: bool = False

    @property
    def is_bot(self) -> bool:
        return self.level is not None


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
    snapshot: dict | None
    end_reason: str | None
    updated_at: float = 0.0  # when the game last changed (a late interaction made before it is refused)
    players: list[PlayerRow] = field(default_factory=list)


@dataclass
class MoveRow:
    n: int
    seat: int
    user_id: int | None
    move: str
    events: list[dict]
