"""Hard's arms are whole turns: a first action may lead several arms with different second actions, and a
turn played in the other order for the same value is one arm, not two."""

import random

import pytest

from engine import Game
from engine.ai import search as search_module
from engine.ai.sampling import determinise, unseen_tiles
from engine.ai.search import (
    ARMS,
    FOLLOWS,
    MAX_ARMS,
    arms_for,
    distinct,
    distinct_turns,
    hangs_on_the_deal,
    plan_turn,
    search,
    seconds,
    settle,
    value_of,
)
from engine.analysis import facts
from tests.engine_helpers import positions


def test_seconds_are_every_candidate_after_the_first_action_best_first() -> None:
    game = positions(2, 21)[3]
    seat = facts(game).player
    first = game.copy(history=False)
    first.play(game.legal_moves()[0])
    options = seconds(first.copy(history=False), seat, None, 6)
    assert len(options) >= 6
    assert [v for v, _ in options] == sorted((v for v, _ in options), reverse=True)
    for value, move in options:
        assert move is not None
        g = first.copy(history=False)
        settle(g, seat)
        g.play(move)
        settle(g, seat)
        assert value == pytest.approx(value_of(g, seat))


def test_the_plan_keeps_several_second_actions_of_a_quiet_first_action_and_one_of_a_conflict() -> None:
    many = 0
    for game in positions(2, 22) + positions(2, 23):
        seat = facts(game).player
        view = game.view(seat)
        pool = unseen_tiles(view, seat)
        one = plan_turn(view, game, seat, random.Random(1), pool, 8, 6)
        wide = plan_turn(view, game, seat, random.Random(1), pool, 8, 6, follows=FOLLOWS)
        assert [v for v, _, _ in wide] == sorted((v for v, _, _ in wide), reverse=True)
        # Each first action's best turn is the one the single-follow plan found, with the same value.
        best = {}
        for value, move, follow in wide:
            best.setdefault(move, (value, follow))
        assert {move: best[move] for _, move, _ in one} == {move: (value, follow) for value, move, follow in one}
        for move in best:
            turns = [follow for _, m, follow in wide if m == move]
            assert len(turns) == len(set(turns)) <= FOLLOWS
            g = game.copy(history=False)
            g.play(move)
            if hangs_on_the_deal(move, g):
                assert len(turns) == 1  # its second action is chosen again on every deal
            many += len(turns) > 1
    assert many > 10


def test_turns_in_either_order_for_the_same_value_are_one_arm() -> None:
    plan = [(1.0, "tile red A1", "leader blue B2"), (1.0, "leader blue C3", "tile red D4"),
            (0.9, "tile red A1", "tile black E5"), (0.9, "tile red A1", "leader blue B2"),
            (0.8, "leader blue B2", "tile red A1"), (0.7, "pass", None)]
    assert distinct_turns(plan, 10) == [plan[0], plan[2], plan[3], plan[4], plan[5]]
    assert distinct_turns(plan, 2) == [plan[0], plan[2]]
    # The medium level's narrowing still looks at first actions only.
    assert distinct(plan, 10) == [plan[0], plan[1], plan[2], plan[4], plan[5]]


def fake_search(monkeypatch: pytest.MonkeyPatch, plan: list[tuple[float, str, str | None]],
                worth: dict[tuple[str, str | None], float], budget: float = 1.0) -> tuple[
        str, list[tuple[str, str | None]]]:
    played: list[tuple[str, str | None]] = []

    def fake_rollout(sample: Game, seat: int, move: str, follow: str | None, *args: object) -> float:
        played.append((move, follow))
        return worth[move, follow]

    monkeypatch.setattr(search_module, "plan_turn", lambda *args, **kwargs: plan)
    monkeypatch.setattr(search_module, "rollout", fake_rollout)
    game = Game.new(players=2, seed=3)
    seat = game.to_move
    view = game.view(seat)
    ticks = iter(range(1_000_000))
    move = search(view, determinise(view, seat, random.Random(2)), seat, random.Random(1),
                  unseen_tiles(view, seat), budget, lambda: next(ticks) * 0.001)
    return move, played


def test_each_second_action_of_one_first_action_is_judged_as_its_own_arm(monkeypatch: pytest.MonkeyPatch) -> None:
    # The plan (one deal, no replies) likes A's first follow best; after the replies only A's third is good.
    plan = [(2.0, "tile red A1", "tile blue B1"), (1.9, "tile black C1", "tile red A1"),
            (1.8, "tile red A1", "leader green J7"), (1.7, "tile red A1", "tile green D1")]
    worth = {("tile red A1", "tile blue B1"): -1.0, ("tile black C1", "tile red A1"): 0.0,
             ("tile red A1", "leader green J7"): 1.0, ("tile red A1", "tile green D1"): -1.0}
    move, played = fake_search(monkeypatch, plan, worth)
    assert move == "tile red A1"
    assert set(played) == set(worth)  # every turn had deals of its own
    assert len({played.count(turn) for turn in worth}) == 1  # on the same deals, until the final pair was clear
    # Without its good follow, A's other turns lose to C's.
    worth["tile red A1", "leader green J7"] = -0.5
    assert fake_search(monkeypatch, plan, worth)[0] == "tile black C1"


def test_one_first_action_with_several_seconds_is_played_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    plan = [(1.0, "tile red A1", "tile blue B1"), (0.5, "tile red A1", "tile green D1")]
    move, played = fake_search(monkeypatch, plan, {})
    assert move == "tile red A1" and played == []


def test_more_time_judges_more_turns() -> None:
    budgets = [0.15, 0.25, 0.5, 1.0, 2.0, 3.0, 10.0]
    counts = [arms_for(b) for b in budgets]
    assert counts == sorted(counts) and counts[0] >= 4 and counts[-1] == MAX_ARMS
    assert arms_for(1.0) == ARMS and arms_for(2.0) > ARMS > arms_for(0.5)


@pytest.mark.parametrize("budget", [0.5, 2.0])
def test_the_search_deals_as_many_turns_as_its_budget_buys(monkeypatch: pytest.MonkeyPatch, budget: float) -> None:
    plan = [(1.0 - i / 100, f"tile red A{i + 1}", f"tile blue B{i + 1}") for i in range(40)]
    worth = {(move, follow): 0.0 for _, move, follow in plan}
    _, played = fake_search(monkeypatch, plan, worth, budget)
    assert set(played) == {(move, follow) for _, move, follow in plan[:arms_for(budget)]}
