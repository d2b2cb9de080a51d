"""A person's profile (totals and averages) from their statistics in one server's games (bot/records/stats.py).

Pure: no Discord, no database, no clock.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from bot.records.stats import SOURCES, PlayerStats
from engine.constants import COLOURS, DYNASTIES


@dataclass(frozen=True)
class ProfileGame:
    """One game in the profile's chart."""

    points_by_source: dict[str, int]
    place: int
    score: int


@dataclass(frozen=True)
class ProfileTotals:
    """Totals and averages over every game; the averages and choices are None when there is nothing to go on."""

    games: int
    wins: int  # first places, shared ones included
    avg_place: float | None
    avg_score: float | None
    best_colour: str | None  # highest average final colour total
    weakest_colour: str | None  # lowest average final colour total
    best_dynasty: str | None  # best average place among dynasties played often enough


@dataclass(frozen=True)
class Career:
    """Sums over every game, for the profile's text."""

    points_by_source: dict[str, int]
    revolts_fought: int
    revolts_won: int
    wars_fought: int
    wars_won: int
    tiles_committed: int
    tiles_placed: int
    monuments_built: int
    catastrophes_used: int
    resigned: int
    avg_turn_seconds: float | None


@dataclass(frozen=True)
class Profile:
    totals: ProfileTotals
    games: list[ProfileGame]  # the most recent games, oldest first
    career: Career

    def picture(self) -> dict[str, Any]:
        """The profile picture's input: {"games": [{"points_by_source", "place", "score"}], "totals": {...}}."""
        return {"games": [asdict(g) for g in self.games], "totals": asdict(self.totals)}

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _mean(values: Sequence[float]) -> float | None:
    return round(sum(values) / len(values), 2) if values else None


def _best_dynasty(history: Sequence[PlayerStats], min_games: int) -> str | None:
    places: dict[str, list[int]] = {}
    for p in history:
        places.setdefault(p.dynasty, []).append(p.place)
    played = [(sum(v) / len(v), -len(v), DYNASTIES.index(d) if d in DYNASTIES else len(DYNASTIES), d)
              for d, v in places.items() if len(v) >= min_games]
    return min(played)[3] if played else None


def profile(history: Sequence[PlayerStats], *, recent: int = 10, min_dynasty_games: int = 3) -> Profile:
    """One person's profile from their statistics in one server's games, oldest game first.

    The chart holds the last `recent` games; a dynasty needs `min_dynasty_games` games to be the strongest."""
    if recent < 0 or min_dynasty_games < 1:
        raise ValueError("recent must be 0 or more and min_dynasty_games 1 or more.")
    n = len(history)
    colour_means = [sum(p.totals.get(c, 0) for p in history) / n for c in COLOURS] if n else []
    totals = ProfileTotals(
        games=n,
        wins=sum(1 for p in history if p.place == 1),
        avg_place=_mean([p.place for p in history]),
        avg_score=_mean([p.score for p in history]),
        best_colour=COLOURS[colour_means.index(max(colour_means))] if n else None,
        weakest_colour=COLOURS[colour_means.index(min(colour_means))] if n else None,
        best_dynasty=_best_dynasty(history, min_dynasty_games),
    )
    shown = history[max(0, n - recent):] if recent else []
    games = [ProfileGame({s: p.points_by_source.get(s, 0) for s in SOURCES}, p.place, p.score) for p in shown]
    timed = sum(len(p.turn_seconds) for p in history)
    career = Career(
        points_by_source={s: sum(p.points_by_source.get(s, 0) for p in history) for s in SOURCES},
        revolts_fought=sum(p.revolts_fought for p in history),
        revolts_won=sum(p.revolts_won for p in history),
        wars_fought=sum(p.wars_fought for p in history),
        wars_won=sum(p.wars_won for p in history),
        tiles_committed=sum(p.tiles_committed for p in history),
        tiles_placed=sum(p.tiles_placed for p in history),
        monuments_built=sum(p.monuments_built for p in history),
        catastrophes_used=sum(p.catastrophes_used for p in history),
        resigned=sum(1 for p in history if p.resigned),
        avg_turn_seconds=round(sum(p.time_seconds for p in history) / timed, 1) if timed else None,
    )
    return Profile(totals, games, career)
