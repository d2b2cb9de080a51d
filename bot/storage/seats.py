"""The computer seats' query: the running games where a computer (or the stand-in) must act, with their leases.

Nothing new is stored for it: who must act is the clock's `turn_seat`, written in the same transaction as every
change of who must act (start, move, undo), and the seat's player row says whether a computer plays it (`level`,
also a resigned seat's passive player) or the stand-in does (`away`, or the clock's `standin`). A game still
running from before clocks were kept has no `turn_seat`: it is listed too, and the service decides from the game.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage.driver import Database
from bot.storage.leases import SEATS
from bot.storage.rows import GameStatus

WAITING = (
    "SELECT g.id, g.rev, g.guild_id, g.updated_at, g.deadline, l.owner, l.expires FROM games g "
    "LEFT JOIN players p ON p.game_id = g.id AND p.seat = g.turn_seat "
    "LEFT JOIN leases l ON l.kind = ? AND l.ref = g.id "
    "WHERE g.status = ? AND (g.turn_seat IS NULL OR p.level IS NOT NULL OR g.standin = 1 OR p.away = 1) "
    "ORDER BY g.id"
)


@dataclass(frozen=True)
class Waiting:
    """A running game whose computer seat (or stand-in) must act, as stored, and who holds its seats' lease."""

    game_id: int
    rev: int
    guild_id: int | None
    updated_at: float  # when the game last changed
    deadline: float | None  # the clock's deadline: once passed, the stand-in may be what waits
    owner: str | None  # the process holding the lease (None: nobody)
    expires: float | None  # until when, unless renewed

    def since(self, now: float) -> float:
        """Since when a computer or the stand-in has been owed a move, as far as the database says."""
        if self.deadline is not None and self.deadline <= now:
            return max(self.updated_at, self.deadline)
        return self.updated_at


class SeatStore:
    """The computer seats' queries on one database."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def waiting(self) -> list[Waiting]:
        """Every running game where a computer or the stand-in must act now, oldest first (from the status
        index, one primary-key look-up each in players and leases)."""
        rows = await self.db.fetch(WAITING, SEATS, GameStatus.ACTIVE.value)
        return [Waiting(*r) for r in rows]
