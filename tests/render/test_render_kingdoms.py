"""The pictures' kingdoms (tints and outlines, recomputed by render/ from a view) are the engine's kingdoms."""

import random

import pytest

from engine import Game
from engine.regions import Regions
from engine.squares import SQUARE_NAMES
from render.model import scene
from render.regions import kingdoms


def engine_kingdoms(g: Game) -> set[frozenset[str]]:
    regions = Regions(g._state)
    return {frozenset(SQUARE_NAMES[sq] for sq in squares)
            for squares, leaders in zip(regions.squares, regions.leaders, strict=True) if leaders}


@pytest.mark.parametrize(("players", "board", "seed"), [(2, "standard", 1), (3, "advanced", 2), (4, "standard", 3),
                                                        (4, "advanced", 4)])
def test_render_and_engine_agree_on_every_kingdom(players: int, board: str, seed: int) -> None:
    rng = random.Random(seed)
    g = Game.new(players=players, seed=seed, board=board)
    compared = crowded = 0
    while not g.over:
        if rng.random() < 0.3 or g.pending is not None:
            expected = engine_kingdoms(g)
            assert set(kingdoms(scene(g.view(None)))) == expected
            compared += 1
            crowded += len(expected) >= 3
        legal = g.legal_moves()
        placing = [m for m in legal if m.startswith(("tile", "leader", "catastrophe"))]
        g.play(rng.choice(placing if placing and rng.random() < 0.9 else legal))
    assert compared > 30 and crowded > 5
