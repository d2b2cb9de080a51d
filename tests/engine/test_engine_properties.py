"""Whole seeded random games: invariants that must hold after every move."""

import random

import pytest

from engine import Game, IllegalMove
from engine.constants import COLOURS, TILE_TOTALS
from engine.regions import Regions
from engine.state import State
from engine.support import touches_temple

# Whole random games, move by move: the long random-game tier.
pytestmark = pytest.mark.fuzz

CASES = [(players, board, seed) for players in (2, 3, 4) for board in ("standard", "advanced") for seed in (1, 2, 3, 4)]


def random_game(players: int, board: str, seed: int) -> tuple[Game, list[str]]:
    rng = random.Random(seed * 7919 + players)
    g = Game.new(players=players, seed=seed, board=board)
    return g, rng


def kingdom_leader_clash(state: State) -> bool:
    """Whether any kingdom holds two leaders of one colour."""
    for leaders in Regions(state).leaders:
        colours = [code % 4 for code in leaders]
        if len(colours) != len(set(colours)):
            return True
    return False


def tiles_accounted(pos: dict) -> list[int]:
    totals = []
    for c in COLOURS:
        on_board = sum(1 for v in pos["tiles"].values() if v == c)
        in_hands = sum(p["hand"][c] for p in pos["players"])
        totals.append(pos["bag"][c] + in_hands + on_board + pos["removed"][c])
    return totals


@pytest.mark.parametrize(("players", "board", "seed"), CASES)
def test_random_games_keep_every_invariant(players: int, board: str, seed: int) -> None:
    g, rng = random_game(players, board, seed)
    moves = []
    while not g.over:
        assert len(moves) < 5000, "the game must terminate"
        legal = g.legal_moves()
        assert legal and len(legal) == len(set(legal))
        move = rng.choice(legal)
        g.play(move, seat=g.to_move)
        moves.append(move)
        pos = g.position()
        assert tiles_accounted(pos) == list(TILE_TOTALS)
        state = g._state
        for seat, p in enumerate(state.players):
            for sq in p.leaders:
                if sq >= 0:
                    assert touches_temple(state, sq), f"leader of seat {seat} on {sq} has no temple"
        if g.pending is None:
            assert not kingdom_leader_clash(state)
        if len(moves) % 10 == 0:
            assert Game.from_position(pos).position() == pos
    assert g.legal_moves() == [] and g.to_move is None
    replay = Game.new(players=players, seed=seed, board=board)
    for move in moves:
        replay.play(move)
    assert replay.position() == g.position()
    places = [s["place"] for s in g.standings()]
    assert min(places) == 1


def all_candidates() -> list[str]:
    from engine.constants import MONUMENT_NAMES
    from engine.squares import SQUARE_NAMES
    out = ["pass", "decline"]
    for c in COLOURS:
        out += [f"tile {c} {s}" for s in SQUARE_NAMES] + [f"leader {c} {s}" for s in SQUARE_NAMES]
        out += [f"withdraw {c}", f"war {c}", f"swap {c}", f"swap {c} {c}"]
    out += [f"catastrophe {s}" for s in SQUARE_NAMES] + [f"treasure {s}" for s in SQUARE_NAMES]
    out += [f"commit {n}" for n in range(8)]
    out += [f"monument {m} {s}" for m in MONUMENT_NAMES for s in SQUARE_NAMES]
    out += ["swap red blue green black", "swap red red red blue blue blue"]
    return out


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_legal_moves_are_exactly_what_play_accepts(seed: int) -> None:
    rng = random.Random(seed)
    g = Game.new(players=3, seed=seed, board="standard" if seed % 2 else "advanced")
    candidates = all_candidates()
    checked = 0
    while not g.over:
        legal = set(g.legal_moves())
        if rng.random() < 0.05 or (g.pending is not None and rng.random() < 0.3):
            before = g.position()
            for move in candidates:
                if move in legal:
                    g.copy().play(move)
                else:
                    with pytest.raises(IllegalMove):
                        g.play(move)
            assert g.position() == before, "a refused move changed the game"
            checked += 1
        g.play(rng.choice(sorted(legal)))
    assert checked > 5
