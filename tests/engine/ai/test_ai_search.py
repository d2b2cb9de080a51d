"""The hard level's narrowing on an injected clock: each phase of sequential halving gets its share of the
time, so a longer budget buys deals for every phase; only the final pair may stop early, on a clear lead."""

import random

import pytest

from engine import Game
from engine.ai import search as search_module
from engine.ai.search import MIN_ROUNDS, PHASE_ROUNDS, SAFETY, narrowings, search

ARMS = 10
COST = 0.005  # clock seconds each fake rollout takes


class WorkClock:
    """A clock that moves only when the fake rollouts work, so the search's own overhead costs nothing."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def run_search(monkeypatch: pytest.MonkeyPatch, budget: float, spread: float, noise: float) -> tuple[
        str, WorkClock, list[list[str]]]:
    """Search ten fake arms (arm i worth -i * spread, plus noise per deal); returns the move, the clock and
    the arms played in each round, in order."""
    clock = WorkClock()
    game = Game.new(players=2, seed=1)
    plan = [(0.0, f"swap arm{i}", None) for i in range(ARMS)]
    rounds: list[list[str]] = []
    rng = random.Random(5)

    def fake_plan(*args: object, **kwargs: object) -> list[tuple[float, str, None]]:
        return plan

    def fake_determinise(*args: object) -> Game:
        rounds.append([])
        return game

    def fake_rollout(sample: Game, seat: int, move: str, *args: object) -> float:
        clock.now += COST
        rounds[-1].append(move)
        return -int(move.removeprefix("swap arm")) * spread + rng.gauss(0, noise)

    monkeypatch.setattr(search_module, "plan_turn", fake_plan)
    monkeypatch.setattr(search_module, "arms_for", lambda budget: ARMS)
    monkeypatch.setattr(search_module, "determinise", fake_determinise)
    monkeypatch.setattr(search_module, "rollout", fake_rollout)
    move = search(game.view(0), game, 0, random.Random(1), [], budget, clock)
    return move, clock, [r for r in rounds if len(r) in (10, 5, 2)]


def phase_lengths(rounds: list[list[str]]) -> list[int]:
    return [sum(1 for r in rounds if len(r) == n) for n in (ARMS, *narrowings(ARMS))]


def test_narrowings_halve_down_to_the_final_pair() -> None:
    assert narrowings(10) == [5, 2]
    assert narrowings(16) == [8, 4, 2]
    assert narrowings(3) == [2]
    assert narrowings(2) == []


@pytest.mark.parametrize("budget", [0.3, 1.0, 3.0])
def test_each_phase_gets_an_equal_share_of_the_time(monkeypatch: pytest.MonkeyPatch, budget: float) -> None:
    _, clock, rounds = run_search(monkeypatch, budget, spread=0.0, noise=1.0)  # no arm clearly ahead
    window = SAFETY * budget
    assert window - 2 * COST <= clock.now <= window  # the whole budget is searched, never overrun
    lengths = phase_lengths(rounds)
    ended = 0.0
    for phase, arms in enumerate((ARMS, *narrowings(ARMS)[:-1])):
        ended += lengths[phase] * arms * COST
        # A phase ends with the first round past its share of the time, or after its fewest rounds.
        assert lengths[phase] >= (PHASE_ROUNDS + 1 if budget >= 1.0 else PHASE_ROUNDS)
        if lengths[phase] > PHASE_ROUNDS:
            assert (phase + 1) / 3 * window <= ended + 1e-9 <= (phase + 1) / 3 * window + arms * COST


def test_a_longer_budget_buys_deals_for_every_arm(monkeypatch: pytest.MonkeyPatch) -> None:
    short = phase_lengths(run_search(monkeypatch, 0.3, spread=0.0, noise=1.0)[2])
    long = phase_lengths(run_search(monkeypatch, 1.5, spread=0.0, noise=1.0)[2])
    assert long[0] >= 3 * short[0]  # all ten arms are dealt more often, not only the final pair
    assert long[1] >= 3 * short[1]


def test_a_clear_lead_stops_only_the_final_pair(monkeypatch: pytest.MonkeyPatch) -> None:
    move, clock, rounds = run_search(monkeypatch, 1.0, spread=1.0, noise=0.01)
    assert move == "swap arm0"
    lengths = phase_lengths(rounds)
    assert lengths[0] > PHASE_ROUNDS and lengths[1] > PHASE_ROUNDS  # the lead did not cut the early phases short
    assert sum(lengths) == max(MIN_ROUNDS, lengths[0] + lengths[1])  # then the pair stops at once
    assert clock.now < 0.8 * SAFETY * 1.0


def test_the_best_arm_wins_through_noise(monkeypatch: pytest.MonkeyPatch) -> None:
    move, _, rounds = run_search(monkeypatch, 1.0, spread=0.5, noise=0.5)
    assert move == "swap arm0"
    assert all("swap arm0" in r for r in rounds)
