"""Statistics of a finished game, derived from its stored moves and their public events alone (a person's
profile from them: bot/records/profiles.py).

Pure: no Discord, no database, no clock. The caller passes what storage holds (each move's seat, text,
events and time, each seat's resigned flag) and stores the JSON-friendly result (`to_dict`/`from_dict`).

Points are counted from the `point` and `treasure` events' data, never from texts. A won revolt or war whose
points have no `point` event of their own in the same move is credited by the rule (1 red point for a revolt;
1 + the tiles removed, in the war's colour, for a war), so the count is right whether the engine narrates a
conflict's points as a separate `point` event or only in the `revolt_won`/`war_won` event.

A turn's time runs from the previous turn's last move to its own last move (the first from `started_at`); a
move made inside it by another seat (reinforcements, a treasure choice) is that seat's decision time instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, fields
from typing import Any, Protocol

from engine.constants import COLOURS, DYNASTIES, MAX_PLAYERS, MIN_PLAYERS
from engine.standings import totals_after_treasures

STATS_VERSION = 1  # bump when the derivation changes, so stored statistics can be recomputed
SOURCES = ("tiles", "monuments", "revolts", "wars", "treasures")
REASON_SOURCE = {"tile": "tiles", "monument": "monuments", "revolt": "revolts", "war": "wars"}
CONFLICTS = ("revolt", "war")


class StatsError(ValueError):
    """The moves do not describe a finished game these statistics can be drawn from; the message says why."""


class StoredMove(Protocol):
    """One stored move: who made it, its canonical text, its events and when it was stored (epoch seconds)."""

    seat: int
    move: str
    events: list[dict[str, Any]]
    created_at: float | None


class StoredSeat(Protocol):
    """One seat of the game; `resigned` is true for every seat that resigned, the one that ended it included."""

    seat: int
    resigned: bool


def _from_dict(cls: type, data: dict[str, Any]) -> dict[str, Any]:
    """The known fields of `cls` found in `data` (stored dicts may come from older or newer versions)."""
    return {f.name: data[f.name] for f in fields(cls) if f.name in data}


@dataclass
class PlayerStats:
    """One seat's statistics in one game: plain ints, floats and strings, ready for JSON."""

    seat: int
    dynasty: str
    resigned: bool = False
    place: int = 0  # 1 = first; ties share; a resigned seat is behind every seat that did not resign
    score: int = 0
    totals: dict[str, int] = field(default_factory=lambda: dict.fromkeys(COLOURS, 0))  # after treasures
    points_by_source: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SOURCES, 0))
    revolts_won_attacking: int = 0
    revolts_lost_attacking: int = 0
    revolts_won_defending: int = 0
    revolts_lost_defending: int = 0
    wars_won_attacking: int = 0
    wars_lost_attacking: int = 0
    wars_won_defending: int = 0
    wars_lost_defending: int = 0
    tiles_committed: int = 0
    tiles_placed: int = 0
    monuments_built: int = 0
    catastrophes_used: int = 0
    turns: int = 0  # turns played as the active player
    turn_seconds: list[float] = field(default_factory=list)  # each own turn whose time is known
    decision_seconds: float = 0.0  # deciding during others' turns (reinforcements, treasures)

    @property
    def revolts_fought(self) -> int:
        return (self.revolts_won_attacking + self.revolts_lost_attacking + self.revolts_won_defending
                + self.revolts_lost_defending)

    @property
    def revolts_won(self) -> int:
        return self.revolts_won_attacking + self.revolts_won_defending

    @property
    def wars_fought(self) -> int:
        return self.wars_won_attacking + self.wars_lost_attacking + self.wars_won_defending + self.wars_lost_defending

    @property
    def wars_won(self) -> int:
        return self.wars_won_attacking + self.wars_won_defending

    @property
    def time_seconds(self) -> float:
        """All the time the table waited on this player: own turns plus decisions in others' turns."""
        return sum(self.turn_seconds) + self.decision_seconds

    @property
    def avg_turn_seconds(self) -> float | None:
        """time_seconds per timed turn, or None when no turn was timed."""
        return self.time_seconds / len(self.turn_seconds) if self.turn_seconds else None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PlayerStats:
        return cls(**_from_dict(cls, data))


@dataclass
class GameStats:
    """A finished game's statistics: one PlayerStats per seat, in seat order."""

    players: list[PlayerStats]
    ended_by: str  # "rules" (the engine ended it) or "resignation"
    moves: int
    turns: int
    version: int = STATS_VERSION

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameStats:
        known = _from_dict(cls, data)
        known["players"] = [PlayerStats.from_dict(p) for p in data.get("players", [])]
        return cls(**known)


def _seat(value: object, n: int, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < n:
        raise StatsError(f"{where} names seat {value!r}, but the game has seats 0 to {n - 1}.")
    return value


def _count(event: dict[str, Any], key: str, where: str) -> int:
    value = event.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise StatsError(f"{where}: the {event.get('type')} event has no valid {key!r}.")
    return value


def _colour(event: dict[str, Any], where: str) -> int:
    colour = event.get("colour")
    if colour not in COLOURS:
        raise StatsError(f"{where}: the {event.get('type')} event names no colour.")
    return COLOURS.index(colour)


def _check_seats(players: Sequence[StoredSeat]) -> int:
    n = len(players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise StatsError(f"A game has 2 to 4 seats, not {n}.")
    if sorted(p.seat for p in players) != list(range(n)):
        raise StatsError(f"The seats must be numbered 0 to {n - 1}, each once; got {[p.seat for p in players]}.")
    return n


class _Tally:
    """Walks the events once, move by move, counting for each seat."""

    def __init__(self, n: int, resigned: list[bool]) -> None:
        self.n = n
        self.players = [PlayerStats(seat, DYNASTIES[seat], resigned[seat]) for seat in range(n)]
        self.points = [[0] * 5 for _ in range(n)]  # red, blue, green, black, treasure
        self.conflict: dict[str, Any] | None = None  # the revolt or war being fought (it spans several moves)
        self.over = False  # a game_over event was seen
        self.standings: object = None  # what it announced, checked against the points

    def score(self, seat: int, colour: int, count: int, source: str) -> None:
        self.points[seat][colour] += count
        self.players[seat].points_by_source[source] += count

    def move(self, events: list[dict[str, Any]], where: str) -> None:
        wins: list[dict[str, Any]] = []
        conflict_points: list[tuple[str, int]] = []
        for e in events:
            if not isinstance(e, dict):
                raise StatsError(f"{where}: an event is not an object.")
            kind = e.get("type")
            if kind == "game_over":
                self.over = True
                self.standings = e.get("standings")
                continue
            if kind in ("tile", "catastrophe", "monument", "commit", "point", "treasure"):
                seat = _seat(e.get("seat"), self.n, where)
                p = self.players[seat]
                if kind == "tile":
                    p.tiles_placed += 1
                elif kind == "catastrophe":
                    p.catastrophes_used += 1
                elif kind == "monument":
                    p.monuments_built += 1
                elif kind == "commit":
                    p.tiles_committed += _count(e, "count", where)
                elif kind == "treasure":
                    self.score(seat, 4, 1, "treasures")
                else:
                    reason = e.get("reason")
                    if reason not in REASON_SOURCE:
                        raise StatsError(f"{where}: a point event with an unknown reason {reason!r}.")
                    self.score(seat, _colour(e, where), _count(e, "count", where), REASON_SOURCE[reason])
                    if reason in CONFLICTS:
                        conflict_points.append((reason, seat))
            elif kind in CONFLICTS:
                self.conflict = {"kind": kind, "attacker": _seat(e.get("attacker"), self.n, where),
                                 "defender": _seat(e.get("defender"), self.n, where)}
            elif kind in ("revolt_won", "war_won"):
                wins.append(self.resolve(e, kind.removesuffix("_won"), where))
        for win in wins:
            key = (win["kind"], win["winner"])
            if key in conflict_points:
                conflict_points.remove(key)  # its points came as a point event
            else:
                self.score(win["winner"], win["colour"], win["points"], win["kind"] + "s")

    def resolve(self, e: dict[str, Any], kind: str, where: str) -> dict[str, Any]:
        """Close the conflict being fought; gives who won and the points the rules give them."""
        c = self.conflict
        if c is None or c["kind"] != kind:
            raise StatsError(f"{where}: a {kind} is won that was never started.")
        self.conflict = None
        winner = _seat(e.get("winner"), self.n, where)
        loser = _seat(e.get("loser"), self.n, where)
        if {winner, loser} != {c["attacker"], c["defender"]}:
            raise StatsError(f"{where}: the {kind} is won by seats other than those fighting it.")
        side = "attacking" if winner == c["attacker"] else "defending"
        other = "defending" if side == "attacking" else "attacking"
        won, lost = self.players[winner], self.players[loser]
        setattr(won, f"{kind}s_won_{side}", getattr(won, f"{kind}s_won_{side}") + 1)
        setattr(lost, f"{kind}s_lost_{other}", getattr(lost, f"{kind}s_lost_{other}") + 1)
        if kind == "revolt":
            return {"kind": kind, "winner": winner, "colour": 0, "points": 1}
        removed = e.get("removed")
        if not isinstance(removed, list):
            raise StatsError(f"{where}: the war_won event does not list the tiles removed.")
        return {"kind": kind, "winner": winner, "colour": _colour(e, where), "points": 1 + len(removed)}


def _gap(moves: Sequence[StoredMove], i: int, started_at: float | None) -> float | None:
    """Seconds between move i and the move before it (or the start); None when either time is unknown."""
    before = started_at if i == 0 else getattr(moves[i - 1], "created_at", None)
    now = getattr(moves[i], "created_at", None)
    if before is None or now is None:
        return None
    return max(0.0, float(now) - float(before))  # clocks of several bot processes may disagree slightly


def _places(totals: list[list[int]], resigned: list[bool]) -> list[int]:
    """1 + the seats strictly ahead, comparing sorted totals; resigned seats share the place behind all others."""
    keys = [(False, []) if r else (True, sorted(t)) for t, r in zip(totals, resigned, strict=True)]
    return [1 + sum(1 for other in keys if other > mine) for mine in keys]


def game_stats(moves: Sequence[StoredMove], players: Sequence[StoredSeat], *, status: str,
               started_at: float | None = None) -> GameStats:
    """Statistics of a finished game from its stored moves (in order) and seats; StatsError if it is not one.

    `status` is the stored game status: only "over" games have statistics. `started_at` (epoch seconds) times
    the first turn; without it the first move's time is unknown and that turn is left out of the timings."""
    if status != "over":
        what = {"abandoned": "was abandoned", "cancelled": "was cancelled"}.get(status, "is not over")
        raise StatsError(f"The game {what}: only finished games have statistics.")
    n = _check_seats(players)
    resigned = [False] * n
    for p in players:
        resigned[p.seat] = bool(p.resigned)
    if not moves:
        raise StatsError("The game has no moves.")
    tally = _Tally(n, resigned)
    turns = 0
    turn_seat: int | None = None  # the active player of the turn in progress
    turn_time: float | None = 0.0
    for i, m in enumerate(moves):
        where = f"Move {i + 1} ({getattr(m, 'move', '?')!r})"
        if tally.over:
            raise StatsError(f"{where} comes after the end of the game.")
        seat = _seat(m.seat, n, where)
        if not isinstance(m.events, list):
            raise StatsError(f"{where}: its events are not a list.")
        tally.move(m.events, where)
        if turn_seat is None:
            turn_seat, turn_time = seat, 0.0
            turns += 1
            tally.players[seat].turns += 1
        gap = _gap(moves, i, started_at)
        if seat != turn_seat:
            tally.players[seat].decision_seconds += gap or 0.0
        elif gap is None or turn_time is None:
            turn_time = None
        else:
            turn_time += gap
        ends_turn = any(e.get("type") in ("turn", "game_over") for e in m.events)
        if ends_turn or i == len(moves) - 1:
            if turn_time is not None:
                tally.players[turn_seat].turn_seconds.append(round(turn_time, 3))
            turn_seat = None
    for p in tally.players:
        p.decision_seconds = round(p.decision_seconds, 3)

    totals = [totals_after_treasures(points) for points in tally.points]
    if tally.over:
        ended_by = "rules"
        if tally.standings is not None:
            _check_standings(tally.standings, totals, tally.points, n)
    elif any(resigned):
        ended_by = "resignation"
    else:
        raise StatsError("The moves end before the game does: there is no game_over event and no seat resigned.")
    for p, t, place in zip(tally.players, totals, _places(totals, resigned), strict=True):
        p.totals = dict(zip(COLOURS, t, strict=True))
        p.score = min(t)
        p.place = place
    return GameStats(tally.players, ended_by, len(moves), turns)


def _check_standings(standings: object, totals: list[list[int]], points: list[list[int]], n: int) -> None:
    """The engine's final standings must agree with the points its events announced."""
    if not isinstance(standings, list) or len(standings) != n:
        raise StatsError(f"The game_over event does not give standings for the {n} seats.")
    for row in standings:
        if not isinstance(row, dict) or not isinstance(row.get("totals"), dict):
            raise StatsError("The game_over event's standings are malformed.")
        seat = _seat(row.get("seat"), n, "The game_over event")
        announced = [row["totals"].get(c) for c in COLOURS]
        if announced != totals[seat] or row.get("treasures") != points[seat][4]:
            raise StatsError(f"The final standings of seat {seat} ({announced}, {row.get('treasures')} treasures) "
                             f"disagree with the points its events announced ({totals[seat]}, "
                             f"{points[seat][4]} treasures).")
