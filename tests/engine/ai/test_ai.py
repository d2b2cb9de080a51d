"""Computer players: legal moves only, every decision kind, no peeking at hidden tiles, determinism,
the time budget kept on the search's own (injected) clock, games that finish, sane reinforcements."""

import functools
import random

import pytest

from bench.players import PLAYERS
from engine import Game
from engine.ai import HARD_BUDGET, LEVELS, choose_move

DECISION_KINDS = ("revolt", "war", "war_order", "monument", "treasure")


class StepClock:
    """An injected clock that moves on a fixed step at every reading, so searches run the same anywhere."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def perf_counter(self) -> float:
        self.now += self.step
        return self.now

BUILDING = ("tile", "leader", "commit", "war", "monument", "treasure")


@functools.cache
def builder_positions() -> tuple[list[dict], list[dict]]:
    """Turn starts and decisions from seeded games of mostly building random moves (which raise every
    kind of decision within a few games): (turns, decisions), a few of each decision kind and side."""
    turns: list[dict] = []
    decisions: dict[tuple[str, bool], list[dict]] = {}
    for seed, players in ((0, 2), (1, 3), (2, 4), (3, 2)):
        g = Game.new(players=players, seed=seed)
        rng = random.Random(seed)
        k = 0
        while not g.over:
            p = g.pending
            if p is None and k % 23 == 5:
                turns.append(g.position())
            elif p is not None:
                side = p.get("attacker_commit", 0) is None  # a conflict's attacker deciding
                bucket = decisions.setdefault((p["kind"], side), [])
                if len(bucket) < 3 and (not bucket or k % 3 == 0):
                    bucket.append(g.position())
            legal = g.legal_moves()
            building = [m for m in legal if m.split()[0] in BUILDING]
            g.play(rng.choice(building) if building and rng.random() < 0.85 else rng.choice(legal))
            k += 1
    return turns[:10], [pos for bucket in decisions.values() for pos in bucket]


def turns() -> list[dict]:
    return builder_positions()[0]


def decisions() -> list[dict]:
    return builder_positions()[1]


def test_positions_cover_every_decision_kind_and_both_sides_of_conflicts() -> None:
    kinds = {p["pending"]["kind"] for p in decisions()}
    assert kinds == set(DECISION_KINDS)
    for kind in ("revolt", "war"):
        sides = {p["pending"]["attacker_commit"] is None for p in decisions() if p["pending"]["kind"] == kind}
        assert sides == {True, False}, kind  # the attacker's and the defender's reinforcement


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legal_moves_and_makes_every_decision(level: str) -> None:
    answered = set()
    for i, pos in enumerate(turns() + decisions()):
        g = Game.from_position(pos)
        seat = g.to_move
        move = choose_move(g.view(seat), seat, level, seed=i, budget=0.2, clock=StepClock(0.01).perf_counter)
        assert move in g.legal_moves(), (level, move, pos["pending"])
        if pos["pending"]:
            answered.add(pos["pending"]["kind"])
        g.play(move, seat)  # the engine accepts it
    assert answered == set(DECISION_KINDS)


def test_every_level_is_in_the_ladder() -> None:
    assert set(LEVELS) <= set(PLAYERS)
    assert {"hard-v1", "medium-v1", "easy-v1", "alphabeta"} <= set(PLAYERS)


@pytest.mark.parametrize("level", LEVELS)
def test_a_fixed_seed_gives_the_same_move(level: str) -> None:
    for i, pos in enumerate(turns()[:4] + decisions()[::4]):
        g = Game.from_position(pos)
        seat = g.to_move
        view = g.view(seat)
        moves = {choose_move(view, seat, level, seed=i, budget=0.3, clock=StepClock(0.01).perf_counter)
                 for _ in range(2)}
        assert len(moves) == 1


@pytest.mark.parametrize("given", [0.3, 1.0, 2.0, None])
def test_hard_keeps_to_its_budget_on_its_own_clock(given: float | None) -> None:
    budget = HARD_BUDGET if given is None else given  # none given: the default, a second
    assert HARD_BUDGET == 1.0
    for i, pos in enumerate(turns()[:5]):
        g = Game.from_position(pos)
        seat = g.to_move
        clock = StepClock(budget / 50)
        move = choose_move(g.view(seat), seat, "hard", seed=i, budget=given, clock=clock.perf_counter)
        assert move in g.legal_moves()
        assert clock.now <= budget  # readings from the first to the last, all inside the budget
        assert clock.now >= 0.5 * budget  # and the time was used to search, not left idle


def _reshuffle_hidden(pos: dict, seat: int, rng: random.Random) -> dict:
    """The same position with other hands and the bag redealt: the seat's view must not change."""
    pos = {**pos, "players": [dict(p) for p in pos["players"]], "bag": dict(pos["bag"])}
    pool = dict(pos["bag"])
    for i, p in enumerate(pos["players"]):
        if i != seat:
            for c, n in p["hand"].items():
                pool[c] += n
    tiles = [c for c, n in pool.items() for _ in range(n)]
    rng.shuffle(tiles)
    for i, p in enumerate(pos["players"]):
        if i != seat:
            size = sum(p["hand"].values())
            hand = dict.fromkeys(p["hand"], 0)
            for c in tiles[:size]:
                hand[c] += 1
            tiles = tiles[size:]
            p["hand"] = hand
    pos["bag"] = {c: tiles.count(c) for c in pool}
    pos["seed"] = rng.randrange(1 << 30)
    return pos


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_decisions_ignore_hidden_information(level: str) -> None:
    rng = random.Random(11)
    changed = 0
    for i, pos in enumerate(turns()[:6] + decisions()[::3]):
        g = Game.from_position(pos)
        seat = g.to_move
        redealt = _reshuffle_hidden(pos, seat, rng)
        other = Game.from_position(redealt)
        changed += redealt["players"] != pos["players"] or redealt["bag"] != pos["bag"]
        view = g.view(seat)
        assert other.view(seat) == view
        # The full search on the same injected clock: any peek at the hidden tiles would show.
        a = choose_move(view, seat, level, seed=i, budget=0.3, clock=StepClock(0.01).perf_counter)
        b = choose_move(other.view(seat), seat, level, seed=i, budget=0.3, clock=StepClock(0.01).perf_counter)
        assert a == b
        assert b in other.legal_moves()
    assert changed >= 5


def test_the_ai_is_handed_only_a_view() -> None:
    # A view hides the other hands, the bag and the seed: the players work from that alone.
    g = Game.from_position(turns()[3])
    seat = g.to_move
    view = g.view(seat)
    assert view["bag"] is None and view["seed"] is None
    assert all(p["hand"] is None for i, p in enumerate(view["players"]) if i != seat)
    assert choose_move(view, seat, "hard", seed=1, budget=0.2, clock=StepClock(0.01).perf_counter) \
        in g.legal_moves()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_computer_only_games_finish(players: int) -> None:
    g = Game.new(players=players, seed=100 + players)
    levels = ["easy", "random", "easy", "random"]
    k = 0
    while not g.over:
        assert k < 3000
        seat = g.to_move
        move = choose_move(g.view(seat), seat, levels[seat], seed=k)
        g.play(move, seat)
        k += 1
    assert len(g.standings()) == players


def _conflict(kind: str, attacker_base: int, defender_base: int, attacker_commit: int | None,
              red_in_hand: int, seat_is_attacker: bool) -> dict:
    """A position from a real game with a hand-set revolt pending for seat 0."""
    pos = Game.new(players=2, seed=3).position()
    pos["players"][0]["hand"] = {"red": red_in_hand, "blue": 6 - red_in_hand, "green": 0, "black": 0}
    pos["players"][1]["hand"] = {"red": 0, "blue": 3, "green": 3, "black": 0}
    pos["bag"] = {"red": 30, "blue": 20, "green": 20, "black": 30}
    pos["pending"] = {
        "kind": kind, "seat": 0, "colour": "black", "commit_colour": "red",
        "attacker": 0 if seat_is_attacker else 1, "defender": 1 if seat_is_attacker else 0,
        "attacker_commit": attacker_commit,
        "strength": {"attacker": attacker_base, "defender": defender_base},
    }
    return pos


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_reinforcements_never_overcommit(level: str) -> None:
    def commit(**kw: object) -> int:
        g = Game.from_position(_conflict("revolt", **kw))
        move = choose_move(g.view(0), 0, level, seed=1, budget=0.2)
        assert move in g.legal_moves()
        return int(move.split()[1])

    # Defending: exactly enough to hold (a tie holds), never more.
    assert commit(attacker_base=2, defender_base=1, attacker_commit=2, red_in_hand=5, seat_is_attacker=False) == 3
    # Defending with too few to hold: nothing.
    assert commit(attacker_base=3, defender_base=0, attacker_commit=3, red_in_hand=4, seat_is_attacker=False) == 0
    # Already holding: nothing.
    assert commit(attacker_base=1, defender_base=3, attacker_commit=1, red_in_hand=4, seat_is_attacker=False) == 0
    # Attacking when even everything cannot beat the defender's base: nothing.
    assert commit(attacker_base=0, defender_base=5, attacker_commit=None, red_in_hand=4, seat_is_attacker=True) == 0
    # Attacking with a sure win already (the defender holds at most 6 tiles): nothing.
    assert commit(attacker_base=8, defender_base=1, attacker_commit=None, red_in_hand=4, seat_is_attacker=True) == 0
    # Attacking where 2 make it sure: never more than 2.
    assert commit(attacker_base=5, defender_base=0, attacker_commit=None, red_in_hand=6, seat_is_attacker=True) <= 2


def test_unknown_level_and_wrong_seat_are_refused() -> None:
    g = Game.new(players=2, seed=1)
    with pytest.raises(ValueError, match="Unknown level"):
        choose_move(g.view(g.to_move), g.to_move, "grandmaster")
    with pytest.raises(ValueError, match="not to move"):
        choose_move(g.view(1 - g.to_move), 1 - g.to_move, "easy")


def test_medium_judges_its_best_turns_again_after_the_rivals_replies() -> None:
    from engine.ai import medium
    from engine.ai.sampling import determinise, unseen_tiles
    from engine.ai.search import distinct, plan_turn, replies_judged

    changed = 0
    for i, pos in enumerate(turns()):
        g = Game.from_position(pos)
        seat = g.to_move
        view = g.view(seat)
        rng = random.Random(i)
        game, pool = determinise(view, seat, rng), unseen_tiles(view, seat)
        plan = plan_turn(view, game, seat, rng, pool, medium.FIRST_WIDTH, medium.SECOND_WIDTH)
        assert replies_judged(view, seat, random.Random(i), pool, plan, medium.ARMS, 0, 2) == plan[0][1]
        judged = replies_judged(view, seat, random.Random(i), pool, plan, medium.ARMS, medium.DEALS, 2)
        assert judged in [move for _, move, _ in distinct(plan, medium.ARMS)]
        changed += judged != plan[0][1]
    assert changed > 0  # the rivals' replies overturn the one-turn ranking somewhere
