"""Recorded moves of the v1 players, to prove the frozen copy still plays exactly as the original did.

`python -m bench.v1.fixture OUT.json` plays seeded games with the v1 easy level and records, at many
positions, the move every v1 level chooses there (hard on an injected clock, so its rounds do not
depend on the machine's speed). tests/test_ai_frozen.py replays the games and asks again."""

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import SimpleNamespace

from engine import Game

GAMES = ((2, 11, "standard"), (3, 12, "advanced"), (4, 13, "standard"))
EVERY = 19  # a checkpoint every EVERY plies, and at every decision inside an action
HARD_EVERY = 4  # of those checkpoints, hard is asked at every HARD_EVERY-th
HARD_BUDGET = 0.5
CLOCK_STEP = 0.01  # seconds the injected clock moves on at each reading

Choose = Callable[..., str]


class StepClock:
    """A clock that moves on a fixed step at every reading: searches then run the same rounds anywhere."""

    def __init__(self, step: float = CLOCK_STEP) -> None:
        self.now = 0.0
        self.step = step

    def perf_counter(self) -> float:
        self.now += self.step
        return self.now


@contextmanager
def step_clock(*modules: object) -> Iterator[None]:
    """Give each module (that calls time.perf_counter()) its own step clock for the duration."""
    saved = [m.time for m in modules]  # type: ignore[attr-defined]
    try:
        for m in modules:
            m.time = SimpleNamespace(perf_counter=StepClock().perf_counter)  # type: ignore[attr-defined]
        yield
    finally:
        for m, t in zip(modules, saved, strict=True):
            m.time = t  # type: ignore[attr-defined]


def checkpoints(choose: Choose, clocked: tuple[object, ...],
                games: tuple[tuple[int, int, str], ...] = GAMES) -> list[dict]:
    """Play the fixture games with `choose` at easy level; at each checkpoint record every level's move."""
    out = []
    for players, seed, board in games:
        g = Game.new(players=players, seed=seed, board=board)
        moves: list[str] = []
        asked = 0
        while not g.over:
            seat = g.to_move
            view = g.view(seat)
            if len(moves) % EVERY == 0 or g.pending:
                levels = ["random", "easy", "medium"]
                if asked % HARD_EVERY == 0:
                    levels.append("hard")
                asked += 1
                for level in levels:
                    with step_clock(*clocked):
                        move = choose(view, seat, level, seed=len(moves), budget=HARD_BUDGET)
                    out.append({"game": [players, seed, board], "ply": len(moves), "level": level, "move": move})
            move = choose(view, seat, "easy", seed=1000 + len(moves))
            g.play(move, seat)
            moves.append(move)
    return out


def v1_checkpoints() -> list[dict]:
    from bench.v1 import choose_move, hard, medium
    return checkpoints(choose_move, (hard, medium))


def write(path: str, rows: list[dict]) -> None:
    with open(path, "w") as fh:
        fh.write("[\n" + ",\n".join(json.dumps(r, separators=(",", ":")) for r in rows) + "\n]\n")


if __name__ == "__main__":
    write(sys.argv[1], v1_checkpoints())
