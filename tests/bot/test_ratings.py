"""Ratings: updates checked against openskill's Plackett-Luce model called directly."""

import json

import pytest
from openskill.models import PlackettLuce

from bot.records.ratings import (
    Rating,
    RatingChange,
    RatingError,
    SeatResult,
    player_key,
    ranks,
    rate_game,
    results_from_stats,
)
from bot.records.stats import game_stats
from tests.stats_helpers import START, Seat, scripted_rows


def direct(priors: list[Rating], seat_ranks: list[int]) -> list[tuple[float, float]]:
    """openskill itself, one player per team, default model."""
    model = PlackettLuce()
    teams = [[model.rating(mu=r.mu, sigma=r.sigma)] for r in priors]
    return [(team[0].mu, team[0].sigma) for team in model.rate(teams, ranks=seat_ranks)]


def test_a_two_player_game_matches_openskill() -> None:
    alice = Rating(27.1, 6.2, 5)
    results = [SeatResult(0, "user:1", place=2), SeatResult(1, "bot:hard", place=1)]
    changes = rate_game(results, {"user:1": alice}, status="over")
    expected = direct([alice, Rating()], [2, 1])
    assert [(c.after.mu, c.after.sigma) for c in changes] == expected
    assert [c.before for c in changes] == [alice, Rating()]
    assert [(c.seat, c.player, c.rank, c.after.games) for c in changes] == [(0, "user:1", 2, 6), (1, "bot:hard", 1, 1)]
    assert changes[0].change < 0 < changes[1].change
    assert changes[1].before.display == 1000


def test_a_four_player_game_with_a_tie_and_a_resigned_seat_matches_openskill() -> None:
    priors = {"user:1": Rating(30.0, 3.0, 12), "user:2": Rating(22.0, 5.5, 4), "bot:medium": Rating(24.0, 2.5, 40)}
    results = [
        SeatResult(0, "user:1", place=2),
        SeatResult(1, "user:2", place=1, resigned=True),  # ahead on points when they resigned: last all the same
        SeatResult(2, "bot:medium", place=2),  # shares second place with seat 0: both rank first of those left
        SeatResult(3, "user:3", place=4),  # new in this server
    ]
    changes = rate_game(results, priors, status="over")
    assert [c.rank for c in changes] == [1, 4, 1, 3]
    expected = direct([priors["user:1"], priors["user:2"], priors["bot:medium"], Rating()], [1, 4, 1, 3])
    assert [(c.after.mu, c.after.sigma) for c in changes] == expected
    assert [c.after.games for c in changes] == [13, 5, 41, 1]
    assert changes[1].change < 0  # the resigned seat loses


def test_tied_seats_with_equal_ratings_move_equally() -> None:
    results = [SeatResult(0, "user:1", 2), SeatResult(1, "user:2", 1), SeatResult(2, "user:3", 2)]
    changes = rate_game(results, {}, status="over")
    assert changes[0].after == Rating(changes[2].after.mu, changes[2].after.sigma, 1)
    assert changes[0].after.mu < Rating().mu < changes[1].after.mu


def test_ranks_put_resigned_seats_last_and_keep_ties() -> None:
    results = [SeatResult(0, "a", 1, resigned=True), SeatResult(1, "b", 3), SeatResult(2, "c", 3),
               SeatResult(3, "d", 2, resigned=True)]
    assert ranks(results) == [3, 1, 1, 3]
    assert ranks([SeatResult(0, "a", 2), SeatResult(1, "b", 1)]) == [2, 1]


def test_a_level_in_several_seats_gets_the_mean_of_its_seats() -> None:
    prior = Rating(26.0, 4.0, 9)
    results = [SeatResult(0, "user:7", 2), SeatResult(1, "bot:hard", 1), SeatResult(2, "bot:hard", 3)]
    changes = rate_game(results, {"bot:hard": prior}, status="over")
    expected = direct([Rating(), prior, prior], [2, 1, 3])
    mean = Rating((expected[1][0] + expected[2][0]) / 2, (expected[1][1] + expected[2][1]) / 2, 10)
    assert changes[1].after == changes[2].after == mean
    assert (changes[0].after.mu, changes[0].after.sigma) == expected[0]


def test_rating_updates_are_deterministic() -> None:
    results = [SeatResult(0, "user:1", 1), SeatResult(1, "user:2", 2), SeatResult(2, "bot:easy", 2)]
    first = rate_game(results, {}, status="over")
    assert rate_game(results, {}, status="over") == first


def test_shown_ratings_and_their_changes() -> None:
    assert Rating().display == 1000
    assert Rating(30.0, 2.0).display == 1000 + 40 * 24
    change = RatingChange(0, "user:1", 1, Rating(), Rating(28.0, 8.0, 1))
    assert change.change == 160 and change.describe() == "1160 (+160)"
    assert RatingChange(0, "user:1", 2, Rating(30.0, 2.0), Rating(29.0, 2.0)).describe() == "1920 (-40)"


def test_ratings_and_changes_round_trip_through_json() -> None:
    changes = rate_game([SeatResult(0, "user:1", 1), SeatResult(1, "bot:hard", 2)], {}, status="over")
    data = json.loads(json.dumps([c.to_dict() for c in changes]))
    assert data[0]["change"] == changes[0].change and data[1]["player"] == "bot:hard"
    assert [Rating.from_dict(d["after"]) for d in data] == [c.after for c in changes]


def test_player_keys() -> None:
    assert player_key(123456789012345678, None) == "user:123456789012345678"
    assert player_key(42, "resigned") == "user:42"  # a person who resigned is still that person
    assert player_key(0, "hard") == "bot:hard"


def test_results_from_the_statistics_of_a_game() -> None:
    _, rows = scripted_rows()
    stats = game_stats(rows, [Seat(0), Seat(1, resigned=True)], status="over", started_at=START)
    results = results_from_stats(stats, ["user:5", "user:6"])
    assert results == [SeatResult(0, "user:5", 1), SeatResult(1, "user:6", 2, resigned=True)]
    with pytest.raises(RatingError, match="2 seats but 3 players"):
        results_from_stats(stats, ["user:5", "user:6", "bot:easy"])


# --- refusals ----------------------------------------------------------------------------------------------------

TWO = [SeatResult(0, "user:1", 1), SeatResult(1, "user:2", 2)]


def test_abandoned_and_unfinished_games_are_refused() -> None:
    with pytest.raises(RatingError, match="Abandoned games do not count"):
        rate_game(TWO, {}, status="abandoned")
    with pytest.raises(RatingError, match="Only finished games are rated, and this one is 'active'"):
        rate_game(TWO, {}, status="active")


@pytest.mark.parametrize(("results", "words"), [
    ([SeatResult(0, "user:1", 1)], "2 to 4 seats, not 1"),
    ([SeatResult(0, "user:1", 1), SeatResult(0, "user:2", 2)], r"seats \[0, 0\]"),
    ([SeatResult(0, "user:1", 1), SeatResult(1, "user:2", 0)], "Seat 1 has place 0"),
    ([SeatResult(0, "user:1", 1), SeatResult(1, "user:2", 3)], "Seat 1 has place 3"),
    ([SeatResult(0, "user:1", 1), SeatResult(1, "", 2)], "Seat 1 names no player"),
    ([SeatResult(0, "bot:hard", 1), SeatResult(1, "bot:hard", 2)], "one player only"),
])
def test_bad_results_are_refused(results: list[SeatResult], words: str) -> None:
    with pytest.raises(RatingError, match=words):
        rate_game(results, {}, status="over")
