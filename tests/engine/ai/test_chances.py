"""engine.ai.chances: each seat's chance to win from a full position, by the calibrated model."""

import random

import pytest

from engine import Game
from engine.ai.calibration import LATE, LATE2, SCALE, TEMPO
from engine.ai.chances import win_chances

COUNTS = (2, 3, 4)


def _random_game(players: int, seed: int, moves: int | None = None) -> Game:
    """A seeded game of random legal moves, played for `moves` moves or to its end."""
    g = Game.new(players=players, seed=seed, board="standard" if seed % 2 else "advanced")
    rng = random.Random(seed)
    while not g.over and (moves is None or len(g.move_stack) < moves):
        g.play(rng.choice(g.legal_moves()))
    return g


def _with_points(g: Game, points: dict[int, int]) -> Game:
    """The same position with the given seats holding that many points in every colour, no treasures."""
    position = g.position()
    for seat, each in points.items():
        position["players"][seat]["points"] = {"red": each, "blue": each, "green": each, "black": each,
                                               "treasure": 0}
    return Game.from_position(position)


def test_the_calibration_has_numbers_for_every_player_count():
    for n in COUNTS:
        assert SCALE[n] > 0 and n in LATE and n in LATE2 and n in TEMPO
        # The slope on worth stays positive all game long: a seat never gains by losing worth.
        assert all(SCALE[n] + LATE[n] * g / 10 + LATE2[n] * (g / 10) ** 2 > 0 for g in range(11))


@pytest.mark.parametrize("players", COUNTS)
def test_chances_are_probabilities_that_sum_to_one_all_game_long(players):
    g = Game.new(players=players, seed=players, board="standard")
    rng = random.Random(players)
    seen = 0
    while not g.over:
        chances = win_chances(g)
        assert len(chances) == players
        assert all(0.0 <= c <= 1.0 for c in chances)
        assert sum(chances) == pytest.approx(1.0)
        seen += 1
        g.play(rng.choice(g.legal_moves()))
    assert seen > 50  # decisions inside conflicts included, not only turn starts


@pytest.mark.parametrize("players", COUNTS)
def test_a_finished_game_gives_its_winner_everything(players):
    g = _random_game(players, seed=10 + players)
    assert g.over
    winner = next(s["seat"] for s in g.standings() if s["place"] == 1)
    expected = [1.0 if seat == winner else 0.0 for seat in range(players)]
    assert list(win_chances(g)) == pytest.approx(expected)


def test_seats_tied_for_first_share_the_win():
    g = _random_game(3, seed=21)
    tied = _with_points(g, {0: 6, 1: 6, 2: 2})
    assert tied.over
    assert [s["place"] for s in tied.standings()] == [1, 1, 3]
    assert list(win_chances(tied)) == pytest.approx([0.5, 0.5, 0.0])


@pytest.mark.parametrize("players", COUNTS)
def test_a_seat_far_ahead_on_points_has_the_best_chance(players):
    g = _random_game(players, seed=30 + players, moves=60)
    assert not g.over
    ahead = _with_points(g, {0: 12, **{seat: 2 for seat in range(1, players)}})
    chances = win_chances(ahead)
    assert chances[0] == max(chances) and chances[0] > 0.6
    # More points for the leader never lower its chance; the same position with the points swapped turns it round.
    further = win_chances(_with_points(g, {0: 15, **{seat: 2 for seat in range(1, players)}}))
    assert further[0] >= chances[0]
    behind = win_chances(_with_points(g, {0: 2, **{seat: 12 for seat in range(1, players)}}))
    assert behind[0] < 1 / players


@pytest.mark.parametrize("players", COUNTS)
def test_start_positions_give_roughly_equal_chances(players):
    # Not exactly equal: each seat's six dealt tiles (red tiles for revolts, a leader's colour for wars) and
    # the first player's tempo are real differences, worth a few percent; nothing on the board or in points
    # is. 0.15 around 1/n is far above the largest seen over 120 deals (under 0.09) and far below a real lead.
    for seed in range(20):
        for board in ("standard", "advanced"):
            chances = win_chances(Game.new(players=players, seed=seed, board=board))
            assert all(abs(c - 1 / players) < 0.15 for c in chances), (seed, board, chances)


def test_win_chances_does_not_change_the_game():
    g = _random_game(2, seed=41, moves=40)
    before = g.position()
    win_chances(g)
    assert g.position() == before
