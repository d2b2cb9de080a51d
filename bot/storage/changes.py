"""Whole changes of a game, each one transaction: the change itself, its announcement and its clock step.

The service says what changes in plain values (a move, a new clock, away marks, the announcement) and gets back
what was stored (`Committed`); no statement or SQL text leaves this package. Each change is refused with
StaleError unless the game is still at the revision the service saw; an announcement carrying an interaction
id that already made a change is refused with DuplicateError.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from bot.storage.clocks import clock_row, set_away, set_clock, taken_back
from bot.storage.driver import Database
from bot.storage.outbox import NewAnnouncement, drop_statement, insert_statement, stored
from bot.storage.rows import LIVE, PASSIVE_LEVEL, ClockRow, GameStatus, MoveRow, PlayerRow, Stored
from bot.storage.sql import Result, Returned, Statement


@dataclass(frozen=True)
class SeatMark:
    """A seat's away mark and its count of turns in a row played by the stand-in."""

    seat: int
    away: bool
    standins: int = 0


@dataclass(frozen=True)
class ClockChange:
    """How a change moves the game's clock: a whole new clock, or the person in `taken_back` taking their own turn
    back from the stand-in at `at` (written from the stored clock), and the away marks that go with it."""

    clock: ClockRow | None = None
    taken_back: int | None = None
    at: float = 0.0
    marks: tuple[SeatMark, ...] = ()


NO_CLOCK_CHANGE = ClockChange()


@dataclass(frozen=True)
class Committed:
    """What a change stored: its announcement (None: it had none) and the game's clock as the change left it
    (None: the change left the clock alone)."""

    announced: Stored | None = None
    clock: ClockRow | None = None


class Change(Protocol):
    """A whole change of one game as plain values: what it writes (refused unless the game is still at the
    revision it names) and how it moves the clock."""

    @property
    def game_id(self) -> int: ...

    def statements(self) -> list[Statement]: ...

    def ticking(self) -> ClockChange: ...


@dataclass(frozen=True)
class Start:
    game_id: int
    rev: int
    seed: int
    snapshot: dict[str, Any]
    clock: ClockRow

    def statements(self) -> list[Statement]:
        return start_statements(self.game_id, self.rev, self.seed, self.snapshot)

    def ticking(self) -> ClockChange:
        return ClockChange(clock=self.clock)


@dataclass(frozen=True)
class Move:
    game_id: int
    rev: int
    move: MoveRow
    snapshot: dict[str, Any]
    over: bool
    end_reason: str | None
    clock: ClockChange

    def statements(self) -> list[Statement]:
        return move_statements(self.game_id, self.rev, self.move, self.snapshot, over=self.over,
                               end_reason=self.end_reason)

    def ticking(self) -> ClockChange:
        return self.clock


@dataclass(frozen=True)
class Undo:
    game_id: int
    rev: int
    n: int
    snapshot: dict[str, Any]
    clock: ClockChange

    def statements(self) -> list[Statement]:
        return undo_statements(self.game_id, self.rev, self.n, self.snapshot)

    def ticking(self) -> ClockChange:
        return self.clock


@dataclass(frozen=True)
class Resign:
    """A resigned seat goes to the passive autoplayer; `clock`: its turn's new clock, if it was to act."""

    game_id: int
    rev: int
    seat: int
    clock: ClockRow | None

    def statements(self) -> list[Statement]:
        return resign_statements(self.game_id, self.rev, self.seat)

    def ticking(self) -> ClockChange:
        return ClockChange(clock=self.clock)


@dataclass(frozen=True)
class Away:
    """/tne away or /tne back; `clock`: the turn's new clock, if it is the person's own turn now."""

    game_id: int
    rev: int
    seat: int
    away: bool
    clock: ClockRow | None

    def statements(self) -> list[Statement]:
        return [bump_statement(self.game_id, self.rev)]

    def ticking(self) -> ClockChange:
        return ClockChange(clock=self.clock, marks=(SeatMark(self.seat, self.away),))


@dataclass(frozen=True)
class End:
    """A lobby or game closed without a move; `resigned`: the seat whose resignation ends it; `gone_channel`: its
    channel is gone, and whatever was still owed there is given up in the same transaction."""

    game_id: int
    rev: int
    status: str
    reason: str
    resigned: int | None = None
    gone_channel: int | None = None

    def statements(self) -> list[Statement]:
        statements = end_statements(self.game_id, self.rev, self.status, self.reason, resigned=self.resigned)
        if self.gone_channel is not None:
            statements.append(drop_statement(self.gone_channel, self.reason))
        return statements

    def ticking(self) -> ClockChange:
        return NO_CLOCK_CHANGE


@dataclass(frozen=True)
class Seating:
    """A lobby's seats as join, leave and addbot leave them."""

    game_id: int
    rev: int
    players: tuple[PlayerRow, ...]

    def statements(self) -> list[Statement]:
        return seating_statements(self.game_id, self.rev, self.players)

    def ticking(self) -> ClockChange:
        return NO_CLOCK_CHANGE


@dataclass(frozen=True)
class ClockChoice:
    """The host's clock choice: at once in a lobby, from the next turn on in a running game."""

    game_id: int
    choice: str
    lobby: bool

    def statements(self) -> list[Statement]:
        return [clock_choice_statement(self.game_id, self.choice, lobby=self.lobby)]

    def ticking(self) -> ClockChange:
        return NO_CLOCK_CHANGE


class GameChanges:
    """Each change of a game (a `Change` value) written as one transaction, saying what it stored."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def write(self, change: Change, announce: NewAnnouncement | None = None) -> Committed:
        """The change, then its announcement, then its clock statements, in one transaction."""
        return await self._commit(change.game_id, change.statements(), announce, change.ticking())

    async def clock_step(self, game_id: int, rev: int, owner: str, clock: ClockRow, *, mark: SeatMark | None,
                         announce: NewAnnouncement | None = None) -> Committed:
        """A clock's step, stored only while the game is at `rev` and `owner` still holds the claim (StaleError
        otherwise); the claim is handed back with it."""
        statements = [set_clock(game_id, clock, rev=rev, owner=owner)]
        if mark is not None:
            statements.append(set_away(game_id, mark.seat, mark.away, mark.standins))
        return await self._commit(game_id, statements, announce, NO_CLOCK_CHANGE, clock_first=True)

    async def drop_owed(self, channel_id: int, reason: str) -> None:
        """Give up whatever is still owed in a channel that is gone and had no live game."""
        await self.db.write(drop_statement(channel_id, reason))

    async def _commit(self, game_id: int, change: Sequence[Statement], announce: NewAnnouncement | None,
                      clock: ClockChange, *, clock_first: bool = False) -> Committed:
        """Run the change, then its announcement, then its clock statements; `clock_first`: the change's first
        statement is the one that stores the clock."""
        announcement = [insert_statement(announce)] if announce is not None else []
        ticking = _clock_statements(game_id, clock)
        results = await self.db.write(*change, *announcement, *ticking)
        announced = stored(results[len(change)], announce.channel_id) if announce is not None else None
        if clock_first:
            written: Result | None = results[0]
        elif clock.clock is not None or clock.taken_back is not None:
            written = results[len(change) + len(announcement)]  # the first clock statement returns the clock
        else:
            written = None
        return Committed(announced, clock_row(written.rows[0]) if written is not None and written.rows else None)


def _clock_statements(game_id: int, change: ClockChange) -> list[Statement]:
    out: list[Statement] = []
    marks = {m.seat: m for m in change.marks}
    if change.taken_back is not None:
        out.extend(taken_back(game_id, change.taken_back, change.at))  # also clears that seat's away mark
        marks.pop(change.taken_back, None)
    if change.clock is not None:
        out.append(set_clock(game_id, change.clock))
    out.extend(set_away(game_id, m.seat, m.away, m.standins) for m in marks.values())
    return out


# --- the statements of each change (also for Storage's own methods, bot/storage/games.py) ----------------------


def start_statements(game_id: int, rev: int, seed: int, snapshot: dict[str, Any]) -> list[Statement]:
    now = time.time()
    return [Statement(
        "UPDATE games SET status = ?, seed = ?, snapshot = ?, rev = rev + 1, updated_at = ?, started_at = ? "
        "WHERE id = ? AND rev = ? AND status = ?",
        (GameStatus.ACTIVE.value, seed, json.dumps(snapshot), now, now, game_id, rev, GameStatus.LOBBY.value),
        expect=1)]


def move_statements(game_id: int, rev: int, move: MoveRow, snapshot: dict[str, Any], *, over: bool,
                    end_reason: str | None = None) -> list[Statement]:
    now = time.time()
    status = GameStatus.OVER if over else GameStatus.ACTIVE
    return [
        Statement("UPDATE games SET rev = rev + 1, move_count = ?, snapshot = ?, updated_at = ?, status = ?, "
                  "end_reason = COALESCE(?, end_reason), ended_at = ? "
                  "WHERE id = ? AND rev = ? AND status = ? AND move_count = ?",
                  (move.n + 1, json.dumps(snapshot), now, status.value, end_reason, now if over else None,
                   game_id, rev, GameStatus.ACTIVE.value, move.n), expect=1),
        Statement("INSERT INTO moves (game_id, n, seat, user_id, move, events, created_at) "
                  "VALUES (?, ?, ?, ?, ?, ?, ?)",
                  (game_id, move.n, move.seat, move.user_id, move.move, json.dumps(move.events), now)),
    ]


def undo_statements(game_id: int, rev: int, n: int, snapshot: dict[str, Any]) -> list[Statement]:
    return [
        Statement("UPDATE games SET rev = rev + 1, move_count = ?, snapshot = ?, updated_at = ? "
                  "WHERE id = ? AND rev = ? AND status = ? AND move_count = ?",
                  (n, json.dumps(snapshot), time.time(), game_id, rev, GameStatus.ACTIVE.value, n + 1), expect=1),
        Statement("DELETE FROM moves WHERE game_id = ? AND n = ?", (game_id, n), expect=1),
    ]


def end_statements(game_id: int, rev: int, status: str, reason: str, *, resigned: int | None = None
                   ) -> list[Statement]:
    now = time.time()
    flag = [] if resigned is None else [
        Statement("UPDATE players SET resigned = 1 WHERE game_id = ? AND seat = ?", (game_id, resigned), expect=1)]
    return [Statement(
        "UPDATE games SET status = ?, end_reason = ?, rev = rev + 1, updated_at = ?, ended_at = ? "
        "WHERE id = ? AND rev = ? AND status IN (?, ?)",
        (GameStatus(status).value, reason, now, now, game_id, rev, *sorted(LIVE)), expect=1), *flag]


def resign_statements(game_id: int, rev: int, seat: int) -> list[Statement]:
    return [
        bump_statement(game_id, rev),
        Statement("UPDATE players SET resigned = 1, level = ? WHERE game_id = ? AND seat = ?",
                  (PASSIVE_LEVEL, game_id, seat), expect=1),
    ]


def bump_statement(game_id: int, rev: int) -> Statement:
    """A running game's revision moves on (a change that leaves its moves alone), if nobody changed it meanwhile."""
    return Statement("UPDATE games SET rev = rev + 1, updated_at = ? WHERE id = ? AND rev = ? AND status = ?",
                     (time.time(), game_id, rev, GameStatus.ACTIVE.value), expect=1)


def seating_statements(game_id: int, rev: int, players: Sequence[PlayerRow]) -> list[Statement]:
    """Replace a lobby's seating if nobody changed it meanwhile."""
    return [
        Statement("UPDATE games SET rev = rev + 1, updated_at = ? WHERE id = ? AND rev = ? AND status = ?",
                  (time.time(), game_id, rev, GameStatus.LOBBY.value), expect=1),
        Statement("DELETE FROM players WHERE game_id = ?", (game_id,)),
        *(seat_statement(game_id, p) for p in players),
    ]


def seat_statement(game_id: int | Returned, p: PlayerRow) -> Statement:
    return Statement("INSERT INTO players (game_id, seat, user_id, name, level) VALUES (?, ?, ?, ?, ?)",
                     (game_id, p.seat, p.user_id, p.name, p.level))


def clock_choice_statement(game_id: int, choice: str, *, lobby: bool) -> Statement:
    if lobby:
        return Statement("UPDATE games SET clock = ?, clock_next = NULL WHERE id = ? AND status = ?",
                         (choice, game_id, GameStatus.LOBBY.value), expect=1)
    return Statement("UPDATE games SET clock_next = ? WHERE id = ? AND status = ?",
                     (choice, game_id, GameStatus.ACTIVE.value), expect=1)
