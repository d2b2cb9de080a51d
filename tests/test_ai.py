"""Computer players: legal moves only, no peeking at hidden tiles, games that finish, sane reinforcements."""

import random

import pytest

from engine import Game
from engine.ai import LEVELS, choose_move


def play_out(players: int, seed: int, levels: list[str], stop: int | None = None) -> tuple[Game, list[dict]]:
    """Play a computer-only game, checking each move is legal; returns the game and sampled positions."""
    g = Game.new(players=players, seed=seed)
    seen = []
    k = 0
    while not g.over and (stop is None or k < stop):
        seat = g.to_move
        if k % 7 == 0 or g.pending:
            seen.append(g.position())
        move = choose_move(g.view(seat), seat, levels[seat], seed=k, budget=0.05)
        assert move in g.legal_moves(), (move, g.pending)
        g.play(move, seat)
        k += 1
    return g, seen


def sample_positions(count: int = 40) -> list[dict]:
    rng = random.Random(5)
    out = []
    for seed in range(3):
        _, seen = play_out(2 + seed % 3, seed, ["easy"] * 4)
        out.extend(seen)
    rng.shuffle(out)
    # Keep every decision position, topped up with ordinary turns.
    decisions = [p for p in out if p["pending"]]
    turns = [p for p in out if not p["pending"]]
    return decisions[:count // 2] + turns[:count - min(len(decisions), count // 2)]


POSITIONS = sample_positions()


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard"])
def test_moves_are_legal_on_many_positions(level: str) -> None:
    for i, pos in enumerate(POSITIONS):
        g = Game.from_position(pos)
        seat = g.to_move
        move = choose_move(g.view(seat), seat, level, seed=i, budget=0.05)
        assert move in g.legal_moves(), (level, move, pos["pending"])


def test_decision_positions_are_covered() -> None:
    kinds = {p["pending"]["kind"] for p in POSITIONS if p["pending"]}
    assert {"revolt", "war"} & kinds


@pytest.mark.parametrize("players", [2, 3, 4])
def test_computer_only_games_finish(players: int) -> None:
    g, _ = play_out(players, 100 + players, ["easy", "random", "easy", "random"])
    assert g.over
    assert len(g.standings()) == players


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
    for i, pos in enumerate(POSITIONS[:12]):
        g = Game.from_position(pos)
        seat = g.to_move
        other = Game.from_position(_reshuffle_hidden(pos, seat, rng))
        view = g.view(seat)
        assert other.view(seat)["players"][seat] == view["players"][seat]
        # hard stops on the clock, so it is compared with a budget too small to finish a round
        a = choose_move(view, seat, level, seed=i, budget=0.0)
        b = choose_move(other.view(seat), seat, level, seed=i, budget=0.0)
        assert a == b
        assert b in other.legal_moves()


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
    with pytest.raises(ValueError):
        choose_move(g.view(g.to_move), g.to_move, "grandmaster")
    with pytest.raises(ValueError):
        choose_move(g.view(1 - g.to_move), 1 - g.to_move, "easy")


def test_levels_are_listed() -> None:
    assert LEVELS == ("random", "easy", "medium", "hard")


def test_hard_search_plays_legal_moves() -> None:
    # A budget large enough for the full search path (candidates, sampled rollouts).
    turns = [p for p in POSITIONS if not p["pending"]][:4]
    for i, pos in enumerate(turns):
        g = Game.from_position(pos)
        seat = g.to_move
        assert choose_move(g.view(seat), seat, "hard", seed=i, budget=0.3) in g.legal_moves()
