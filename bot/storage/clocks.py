"""The clock queries: a game's clock columns, claiming due clocks (one process each), away marks, notify choices
and each person's language (what reminders are written in).

A clock is claimed like the outbox's work: `claim_due` marks due games with this process as `clock_owner` until
`clock_lease`; the change the clock makes is written with the game's revision check and hands the claim back in
the same transaction. A process that dies stops handing back: its claims lapse and another process takes them.
"""

from __future__ import annotations

from typing import Any

from bot.storage.driver import Database
from bot.storage.errors import StaleError
from bot.storage.outbox import NewAnnouncement, insert_statement, stored
from bot.storage.rows import ClockRow, GameStatus, Stored
from bot.storage.sql import Statement

CLOCK_COLUMNS = ("clock, clock_next, on_timeout, turn_seat, turn_of, turn_since, deadline, clock_stage, standin, "
                 "clock_due")
NOTIFY_MODES = ("channel", "dm", "off")
DEFAULT_NOTIFY = "channel"


def clock_row(row: Any) -> ClockRow:
    return ClockRow(clock=row["clock"], next=row["clock_next"], on_timeout=row["on_timeout"], seat=row["turn_seat"],
                    turn=row["turn_of"], since=row["turn_since"], deadline=row["deadline"], stage=row["clock_stage"],
                    standin=bool(row["standin"]), due=row["clock_due"])


def set_clock(game_id: int, clock: ClockRow, *, rev: int | None = None, owner: str | None = None) -> Statement:
    """Store a game's whole clock (and hand back any claim on it); with `rev` (and `owner`), only if the game is
    still at that revision (and this process still holds the claim): StaleError otherwise. Returns the columns."""
    where, args = "id = ?", list[Any]([game_id])
    if rev is not None:
        where += " AND rev = ?"
        args.append(rev)
    if owner is not None:
        where += " AND clock_owner = ?"
        args.append(owner)
    return Statement(
        "UPDATE games SET clock = ?, clock_next = ?, on_timeout = ?, turn_seat = ?, turn_of = ?, turn_since = ?, "
        "deadline = ?, clock_stage = ?, standin = ?, clock_due = ?, clock_owner = NULL, clock_lease = NULL "
        f"WHERE {where} "
        f"RETURNING {CLOCK_COLUMNS}",
        (clock.clock, clock.next, clock.on_timeout, clock.seat, clock.turn, clock.since, clock.deadline, clock.stage,
         int(clock.standin), clock.due, *args),
        expect=1 if rev is not None else None)


def taken_back(game_id: int, seat: int, now: float) -> list[Statement]:
    """A person acted in their own turn: the stand-in stops, their away mark and stand-in count go; a deadline that
    passed already is done with (written from the stored clock, so a claim elsewhere never makes it fire again)."""
    return [
        Statement(
            "UPDATE games SET standin = 0, "
            "clock_stage = CASE WHEN deadline IS NOT NULL AND deadline <= CAST(? AS DOUBLE PRECISION) THEN 3 "
            "ELSE clock_stage END, "
            "clock_due = CASE WHEN deadline IS NOT NULL AND deadline <= CAST(? AS DOUBLE PRECISION) THEN NULL "
            "ELSE clock_due END "
            f"WHERE id = ? AND turn_seat = ? RETURNING {CLOCK_COLUMNS}",
            (now, now, game_id, seat)),
        set_away(game_id, seat, False),
    ]


def set_away(game_id: int, seat: int, away: bool, standins: int = 0) -> Statement:
    return Statement("UPDATE players SET away = ?, standins = ? WHERE game_id = ? AND seat = ?",
                     (int(away), standins, game_id, seat), expect=1)


class ClockStore:
    """The clock queries on one database."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def claim_due(self, owner: str, now: float, lease_until: float, limit: int = 100) -> list[int]:
        """Claim up to `limit` running games whose clock is due and that nobody holds (or whose holder let the
        claim lapse), soonest first; the ids claimed. Two processes never claim the same game."""
        (result,) = await self.db.write(Statement(
            "UPDATE games SET clock_owner = ?, clock_lease = ? WHERE id IN ("
            "SELECT id FROM games WHERE clock_due IS NOT NULL AND clock_due <= ? AND status = ? "
            "AND clock_stopped_at IS NULL AND (clock_owner IS NULL OR clock_lease < ?) "
            "ORDER BY clock_due LIMIT ? FOR UPDATE SKIP LOCKED) "
            "RETURNING id",
            (owner, lease_until, now, GameStatus.ACTIVE.value, now, limit)))
        return sorted(r[0] for r in result.rows)

    async def state(self, game_id: int) -> tuple[int, str, ClockRow] | None:
        """A game's revision, status and clock as stored now."""
        row = await self.db.fetchrow(f"SELECT rev, status, {CLOCK_COLUMNS} FROM games WHERE id = ?", game_id)
        return (row["rev"], row["status"], clock_row(row)) if row is not None else None

    async def release(self, game_id: int, owner: str) -> bool:
        """Hand a claim back without changing the clock."""
        (result,) = await self.db.write(Statement(
            "UPDATE games SET clock_owner = NULL, clock_lease = NULL WHERE id = ? AND clock_owner = ?",
            (game_id, owner)))
        return result.rowcount == 1

    async def next_due(self) -> float | None:
        """The soonest moment any running game's clock must be looked at."""
        due = await self.db.fetchval("SELECT MIN(clock_due) FROM games WHERE clock_due IS NOT NULL AND status = ? "
                                     "AND clock_stopped_at IS NULL", GameStatus.ACTIVE.value)
        return float(due) if due is not None else None

    async def stop_in(self, channel_id: int, now: float) -> list[int]:
        """Stop the clock of a channel's running game (its channel is closed to the bot); the games stopped now."""
        (result,) = await self.db.write(Statement(
            "UPDATE games SET clock_stopped_at = ? WHERE channel_id = ? AND status = ? AND clock_stopped_at IS NULL "
            "RETURNING id", (now, channel_id, GameStatus.ACTIVE.value)))
        return sorted(r[0] for r in result.rows)

    async def stopped_in(self, channel_id: int) -> list[int]:
        """A channel's running games whose clock is stopped."""
        rows = await self.db.fetch("SELECT id FROM games WHERE channel_id = ? AND clock_stopped_at IS NOT NULL "
                                   "AND status = ? ORDER BY id", channel_id, GameStatus.ACTIVE.value)
        return [r[0] for r in rows]

    async def stopped(self, game_id: int) -> tuple[int, float, ClockRow] | None:
        """A stopped clock: the game's revision, since when it stands still, and the clock as it stood; None while
        it runs."""
        row = await self.db.fetchrow(f"SELECT rev, clock_stopped_at, {CLOCK_COLUMNS} FROM games "
                                     "WHERE id = ? AND clock_stopped_at IS NOT NULL AND status = ?", game_id,
                                     GameStatus.ACTIVE.value)
        return (row["rev"], row["clock_stopped_at"], clock_row(row)) if row is not None else None

    async def restart(self, game_id: int, rev: int, stopped_at: float, clock: ClockRow,
                      announce: NewAnnouncement | None = None) -> tuple[bool, Stored | None]:
        """Run a stopped clock again as `clock` (moved on by the time it stood), with the announcement saying so in
        the same transaction; (False, None) if the game changed meanwhile (read it again)."""
        statements = [Statement(
            "UPDATE games SET turn_since = ?, deadline = ?, clock_due = ?, clock_stopped_at = NULL, "
            "clock_owner = NULL, clock_lease = NULL WHERE id = ? AND rev = ? AND clock_stopped_at = ?",
            (clock.since, clock.deadline, clock.due, game_id, rev, stopped_at), expect=1)]
        if announce is not None:
            statements.append(insert_statement(announce))
        try:
            results = await self.db.write(*statements)
        except StaleError:
            return False, None
        return True, stored(results[1], announce.channel_id) if announce is not None else None

    async def live_games(self, guild_id: int) -> list[int]:
        """The lobbies and running games of one server, oldest first."""
        rows = await self.db.fetch("SELECT id FROM games WHERE guild_id = ? AND status IN (?, ?) ORDER BY id",
                                   guild_id, GameStatus.LOBBY.value, GameStatus.ACTIVE.value)
        return [r[0] for r in rows]

    async def notify(self, user_id: int) -> str:
        return await self.db.fetchval("SELECT mode FROM notify WHERE user_id = ?", user_id) or DEFAULT_NOTIFY

    async def set_notify(self, user_id: int, mode: str) -> None:
        if mode not in NOTIFY_MODES:
            raise ValueError(f"notify mode {mode!r}")
        await self.db.write(Statement(
            "INSERT INTO notify (user_id, mode) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET mode = excluded.mode",
            (user_id, mode)))

    async def language(self, user_id: int) -> str | None:
        """The locale a person's Discord used the last time they used the bot (`de`, `en-GB`), None if unknown."""
        locale = await self.db.fetchval("SELECT locale FROM notify WHERE user_id = ?", user_id)
        return str(locale) if locale is not None else None

    async def set_language(self, user_id: int, locale: str) -> None:
        """Remember a person's locale; how their reminders reach them stays as it was (the default for a new row)."""
        await self.db.write(Statement(
            "INSERT INTO notify (user_id, mode, locale) VALUES (?, ?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale",
            (user_id, DEFAULT_NOTIFY, locale)))
