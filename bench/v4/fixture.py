"""Recorded moves of the frozen hard-v4, to prove the copy still plays as released.

`python -m bench.v4.fixture OUT.json` plays bench.v1.fixture's 2-player seeded game with the v3 easy level
and records the move hard chooses at every EVERY-th ply (on a fine step clock, so its rollouts, where v4
differs from v3, get played). tests/test_ai_frozen.py replays the game and asks again."""

import sys
from collections.abc import Callable

from bench.v1.fixture import GAMES, StepClock, write
from engine import Game

EVERY = 5
STEP = 0.002  # clock seconds at each reading: enough rounds in 0.5 s for the rivals' replies to matter
BUDGET = 0.5


def hard_checkpoints(choose: Callable[..., str]) -> list[dict]:
    """The fixture's 2-player game; at every EVERY-th ply, the move `choose` makes at the hard level."""
    from bench.v3 import choose_move as easy
    players, seed, board = GAMES[0]
    g = Game.new(players=players, seed=seed, board=board)
    out, ply = [], 0
    while not g.over:
        seat = g.to_move
        view = g.view(seat)
        if ply % EVERY == 0:
            move = choose(view, seat, "hard", seed=ply, budget=BUDGET, clock=StepClock(STEP).perf_counter)
            out.append({"game": [players, seed, board], "ply": ply, "level": "hard", "move": move})
        g.play(easy(view, seat, "easy", seed=1000 + ply), seat)
        ply += 1
    return out


def v4_checkpoints() -> list[dict]:
    from bench.v4 import choose_move
    return hard_checkpoints(choose_move)


if __name__ == "__main__":
    write(sys.argv[1], v4_checkpoints())
