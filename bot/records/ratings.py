"""Ratings per server with OpenSkill's Plackett-Luce model, updated from each finished game's places.

Pure and deterministic: the caller loads the players' current ratings in that server, calls `rate_game`, and
stores each `RatingChange.after`. A player is a string: `user:<discord id>` for a person and `bot:<level>` for a
computer level (`player_key`), so each level is rated like a person and people can see how they measure up.

Abandoned games do not count: `rate_game` refuses any game whose status is not "over" (the caller passes the
stored status), so a caller that skips nothing still rates only finished games. Nor do games ended early (by a
resignation) that are too short to tell anything (`too_short`): every person must have taken MIN_TURNS turns, so
that resigning games at once cannot farm a rating. A player who abandons a game that would count ends it as a
resignation (bot/service/game_service.py): rated, last.

Shown ratings are `1000 + 40 * (mu - 3 * sigma)`, rounded (openskill's `ordinal(alpha=40, target=1000)`):
- `mu - 3 * sigma` is a conservative estimate (the skill is almost surely above it), so nobody tops a
  leaderboard after one lucky game; a newcomer starts at exactly 1000 and climbs as the model learns.
- The scale 40 makes the numbers read like chess ratings: 200 points apart (a mu difference of 5) means the
  higher-rated player finishes ahead of the other about 3 times in 4 (openskill's predict_win gives 0.78 for
  settled ratings; Elo gives 0.76 for 200 points).
- The price of the conservative form: while sigma is still large, a middling place may raise the shown rating
  a little (the model is surer of the player), e.g. third of four in a first game: 1000 -> 1017.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from openskill.models import PlackettLuce

from bot.records.stats import GameStats
from bot.records.unrated import OTHER, NotRated, UnratedKind, said
from bot.records.unrated import too_short as short_reason
from bot.storage.rows import PASSIVE_LEVEL

MU = 25.0  # openskill's defaults, kept explicit: stored ratings depend on them
SIGMA = 25.0 / 3.0
DISPLAY_BASE = 1000
DISPLAY_SCALE = 40
MIN_TURNS = 5  # turns every person must have taken (the stand-in's for them included) for a game to be rated


class RatingError(ValueError):
    """A game that cannot be rated; the message says why (for the log), `reason` as stored and told
    (bot/records/unrated.py)."""

    def __init__(self, message: str, reason: NotRated = OTHER) -> None:
        super().__init__(message)
        self.reason = reason


def _model() -> PlackettLuce:
    # A fresh model per game: PlackettLuce.rate may change the model's own settings, and none is shared.
    return PlackettLuce(mu=MU, sigma=SIGMA)


def player_key(user_id: int, level: str | None) -> str:
    """The rated identity of a seat: 'user:<id>' for a person (resigned or not), 'bot:<level>' for a computer."""
    if level is None or level == PASSIVE_LEVEL:
        return f"user:{user_id}"
    return f"bot:{level}"


@dataclass(frozen=True)
class Rating:
    """One player's rating in one server: the model's mean and uncertainty, and the games rated."""

    mu: float = MU
    sigma: float = SIGMA
    games: int = 0

    @property
    def display(self) -> int:
        """The rating as shown and ranked: 1000 + 40 x (mu - 3 sigma), rounded."""
        return round(DISPLAY_BASE + DISPLAY_SCALE * (self.mu - 3 * self.sigma))

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rating:
        return cls(float(data["mu"]), float(data["sigma"]), int(data.get("games", 0)))


@dataclass(frozen=True)
class SeatResult:
    """How one seat finished: its player, its place (1 = first, ties share) and whether it resigned."""

    seat: int
    player: str
    place: int
    resigned: bool = False


@dataclass(frozen=True)
class RatingChange:
    """One seat's rating before and after a game, and the rank the game gave it (1 = best; ties share)."""

    seat: int
    player: str
    rank: int
    before: Rating
    after: Rating

    @property
    def change(self) -> int:
        """The change of the shown rating."""
        return self.after.display - self.before.display

    def describe(self) -> str:
        """'1120 (+120)': the new shown rating and its change."""
        return f"{self.after.display} ({self.change:+d})"

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "player": self.player, "rank": self.rank, "before": self.before.to_dict(),
                "after": self.after.to_dict(), "change": self.change}


def results_from_stats(stats: GameStats, players: Sequence[str]) -> list[SeatResult]:
    """The seats' results of a game whose statistics were drawn; `players` gives each seat's key, in seat order."""
    if len(players) != len(stats.players):
        raise RatingError(f"The game has {len(stats.players)} seats but {len(players)} players were given.")
    return [SeatResult(p.seat, players[p.seat], p.place, p.resigned) for p in stats.players]


def ranks(results: Sequence[SeatResult]) -> list[int]:
    """Each seat's rank: 1 + the seats that did not resign and placed strictly better; resigned seats share last."""
    kept = [r.place for r in results if not r.resigned]
    return [1 + len(kept) if r.resigned else 1 + sum(1 for place in kept if place < r.place) for r in results]


def turns_taken(moves: Sequence[Any], seats: int) -> list[int]:
    """Turns each seat took as the active player, counted as bot/records/stats.py counts them (moves have .seat,
    .events)."""
    counts = [0] * seats
    new_turn = True
    for m in moves:
        if new_turn:
            counts[m.seat] += 1
            new_turn = False
        if any(e.get("type") in ("turn", "game_over") for e in m.events):
            new_turn = True
    return counts


def too_short(turns: Sequence[int], people: Sequence[bool]) -> NotRated | None:
    """Why a game is too short to be rated (some person took fewer than MIN_TURNS turns), or None."""
    fewest = min((t for t, person in zip(turns, people, strict=True) if person), default=MIN_TURNS)
    if fewest >= MIN_TURNS:
        return None
    return short_reason(MIN_TURNS, fewest)


def _check(results: Sequence[SeatResult], status: str) -> None:
    if status == "abandoned":
        reason = NotRated(UnratedKind.ABANDONED)
        raise RatingError(said(reason), reason)
    if status != "over":
        raise RatingError(f"Only finished games are rated, and this one is {status!r}.")
    if not 2 <= len(results) <= 4:
        raise RatingError(f"A rated game has 2 to 4 seats, not {len(results)}.")
    seats = [r.seat for r in results]
    if len(set(seats)) != len(seats):
        raise RatingError(f"Each seat may finish once; got seats {seats}.")
    for r in results:
        if not isinstance(r.place, int) or isinstance(r.place, bool) or not 1 <= r.place <= len(results):
            raise RatingError(f"Seat {r.seat} has place {r.place!r}; places run from 1 to {len(results)}.")
        if not isinstance(r.player, str) or not r.player:
            raise RatingError(f"Seat {r.seat} names no player.")
    if len({r.player for r in results}) < 2:
        reason = NotRated(UnratedKind.ONE_PLAYER)
        raise RatingError(said(reason), reason)


def rate_game(results: Sequence[SeatResult], ratings: Mapping[str, Rating], *, status: str) -> list[RatingChange]:
    """Every seat's rating before and after a finished game, in the order of `results`.

    `ratings` holds the players' current ratings in this server (a player missing from it is new). `status` is
    the game's stored status: anything but "over" (abandoned, say) is refused with RatingError. A player holding
    several seats (two 'hard' computers) is rated once per seat from the same rating; their new rating is the
    mean of those, counted as one game."""
    _check(results, status)
    before = {r.player: ratings.get(r.player, Rating()) for r in results}
    model = _model()
    teams = [[model.rating(mu=before[r.player].mu, sigma=before[r.player].sigma)] for r in results]
    seat_ranks = ranks(results)
    rated = model.rate(teams, ranks=[float(rank) for rank in seat_ranks])
    posteriors: dict[str, list[tuple[float, float]]] = {}
    for r, team in zip(results, rated, strict=True):
        posteriors.setdefault(r.player, []).append((team[0].mu, team[0].sigma))
    after = {
        player: Rating(sum(mu for mu, _ in post) / len(post), sum(s for _, s in post) / len(post),
                       before[player].games + 1)
        for player, post in posteriors.items()
    }
    return [RatingChange(r.seat, r.player, rank, before[r.player], after[r.player])
            for r, rank in zip(results, seat_ranks, strict=True)]
