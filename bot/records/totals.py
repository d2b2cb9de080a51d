"""A player's running totals in one server, kept with their rating, and their profile built from them.

Adding each game's `PlayerStats` as it is recorded keeps a profile one row away, however many games the player
has: `profile()` gives exactly what `bot.records.profiles.profile` gives from the whole history (tests compare them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from bot.records.profiles import Career, Profile, ProfileGame, ProfileTotals
from bot.records.stats import SOURCES, PlayerStats
from bot.storage.records import PlayerGame
from engine import COLOURS, DYNASTIES

RECENT = 10  # games in the profile's chart (bot.records.profiles.profile's default)
MIN_DYNASTY_GAMES = 3


def _zeros(keys: Sequence[str]) -> dict[str, int]:
    return dict.fromkeys(keys, 0)


@dataclass(frozen=True)
class Totals:
    """Sums over a player's counted games in one server (JSON in ratings.totals)."""

    games: int = 0
    wins: int = 0
    place_sum: int = 0
    score_sum: int = 0
    resigned: int = 0
    colours: dict[str, int] = field(default_factory=lambda: _zeros(COLOURS))  # final colour totals
    points: dict[str, int] = field(default_factory=lambda: _zeros(SOURCES))  # points by source
    revolts_fought: int = 0
    revolts_won: int = 0
    wars_fought: int = 0
    wars_won: int = 0
    tiles_committed: int = 0
    tiles_placed: int = 0
    monuments_built: int = 0
    catastrophes_used: int = 0
    timed_turns: int = 0
    time_seconds: float = 0.0
    dynasties: dict[str, list[int]] = field(default_factory=dict)  # dynasty -> [games, sum of places]

    def add(self, p: PlayerStats) -> Totals:
        """These totals with one more game."""
        games, places = self.dynasties.get(p.dynasty, [0, 0])
        return replace(
            self,
            games=self.games + 1,
            wins=self.wins + (p.place == 1),
            place_sum=self.place_sum + p.place,
            score_sum=self.score_sum + p.score,
            resigned=self.resigned + bool(p.resigned),
            colours={c: self.colours.get(c, 0) + p.totals.get(c, 0) for c in COLOURS},
            points={s: self.points.get(s, 0) + p.points_by_source.get(s, 0) for s in SOURCES},
            revolts_fought=self.revolts_fought + p.revolts_fought,
            revolts_won=self.revolts_won + p.revolts_won,
            wars_fought=self.wars_fought + p.wars_fought,
            wars_won=self.wars_won + p.wars_won,
            tiles_committed=self.tiles_committed + p.tiles_committed,
            tiles_placed=self.tiles_placed + p.tiles_placed,
            monuments_built=self.monuments_built + p.monuments_built,
            catastrophes_used=self.catastrophes_used + p.catastrophes_used,
            timed_turns=self.timed_turns + len(p.turn_seconds),
            time_seconds=self.time_seconds + p.time_seconds,
            dynasties={**self.dynasties, p.dynasty: [games + 1, places + p.place]},
        )

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Totals:
        if not data:
            return cls()
        known = {k: data[k] for k in cls.__dataclass_fields__ if k in data}
        return cls(**known)

    def profile(self, recent: Sequence[ProfileGame]) -> Profile:
        """The profile `bot.records.profiles.profile` draws from the whole history, from these totals and the last
        games."""
        n = self.games
        return Profile(
            ProfileTotals(
                games=n,
                wins=self.wins,
                avg_place=round(self.place_sum / n, 2) if n else None,
                avg_score=round(self.score_sum / n, 2) if n else None,
                best_colour=self._colour(max) if n else None,
                weakest_colour=self._colour(min) if n else None,
                best_dynasty=self._best_dynasty(),
            ),
            list(recent),
            Career(
                points_by_source={s: self.points.get(s, 0) for s in SOURCES},
                revolts_fought=self.revolts_fought,
                revolts_won=self.revolts_won,
                wars_fought=self.wars_fought,
                wars_won=self.wars_won,
                tiles_committed=self.tiles_committed,
                tiles_placed=self.tiles_placed,
                monuments_built=self.monuments_built,
                catastrophes_used=self.catastrophes_used,
                resigned=self.resigned,
                avg_turn_seconds=round(self.time_seconds / self.timed_turns, 1) if self.timed_turns else None,
            ),
        )

    def _colour(self, pick: Any) -> str:
        sums = [self.colours.get(c, 0) for c in COLOURS]
        return COLOURS[sums.index(pick(sums))]  # the first in colour order on a tie, as bot.records.profiles does

    def _best_dynasty(self) -> str | None:
        played = [(places / games, -games, DYNASTIES.index(d) if d in DYNASTIES else len(DYNASTIES), d)
                  for d, (games, places) in self.dynasties.items() if games >= MIN_DYNASTY_GAMES]
        return min(played)[3] if played else None


def profile_game(p: PlayerGame) -> ProfileGame:
    """One bar of the profile's chart from a stored per-player row."""
    points = {"tiles": p.tiles_points, "monuments": p.monuments_points, "revolts": p.revolts_points,
              "wars": p.wars_points, "treasures": p.treasures_points}
    return ProfileGame(points, p.place, p.score)
