"""Leases: work that exactly one process does at a time, taken over when its holder stops renewing it.

A lease names a kind of work and what it is about (`channel` + a channel id: that channel's announcements;
`seats` + a game id: that game's computer seats). Taking one is a single upsert that succeeds only if nobody
holds it or its holder let it lapse, so two processes can never both hold it; the holder renews it while it
works and deletes it when done. A process that dies simply stops renewing: its leases lapse and others take them.
"""

from __future__ import annotations

from bot.storage.driver import Database
from bot.storage.sql import Statement

CHANNEL = "channel"  # a channel's announcements, delivered in order by one process
SEATS = "seats"  # a game's computer seats, played by one process


def claim_statement(kind: str, ref: int, owner: str, expires: float, now: float) -> Statement:
    """The lease for `owner` until `expires` unless someone else holds it past `now`; returns a row if taken."""
    return Statement(
        "INSERT INTO leases (kind, ref, owner, expires) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (kind, ref) DO UPDATE SET owner = excluded.owner, expires = excluded.expires "
        "WHERE leases.expires < ? OR leases.owner = excluded.owner RETURNING ref",
        (kind, ref, owner, expires, now))


class Leases:
    """The lease queries on one database."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def claim(self, kind: str, ref: int, owner: str, expires: float, now: float) -> bool:
        """Take (or extend) the lease; False if another process holds it and has not let it lapse."""
        (result,) = await self.db.write(claim_statement(kind, ref, owner, expires, now))
        return bool(result.rows)

    async def renew(self, owner: str, expires: float) -> set[tuple[str, int]]:
        """Extend every lease `owner` still holds; what it holds (a lease missing here was lost)."""
        (result,) = await self.db.write(Statement("UPDATE leases SET expires = ? WHERE owner = ? RETURNING kind, ref",
                                                  (expires, owner)))
        return {(r[0], r[1]) for r in result.rows}

    async def release(self, kind: str, ref: int, owner: str) -> bool:
        (result,) = await self.db.write(Statement("DELETE FROM leases WHERE kind = ? AND ref = ? AND owner = ?",
                                                  (kind, ref, owner)))
        return result.rowcount == 1

    async def release_all(self, owner: str) -> int:
        """Hand back everything (a clean shutdown): others may take it at once instead of after the lapse."""
        (result,) = await self.db.write(Statement("DELETE FROM leases WHERE owner = ?", (owner,)))
        return result.rowcount

    async def lapsed(self, kind: str, now: float) -> list[int]:
        """What leases of this kind lapsed (their holder died or hung): work to take over."""
        rows = await self.db.fetch("SELECT ref FROM leases WHERE kind = ? AND expires < ? ORDER BY ref", kind, now)
        return [r[0] for r in rows]

    async def holder(self, kind: str, ref: int) -> tuple[str, float] | None:
        row = await self.db.fetchrow("SELECT owner, expires FROM leases WHERE kind = ? AND ref = ?", kind, ref)
        return (row[0], row[1]) if row is not None else None
