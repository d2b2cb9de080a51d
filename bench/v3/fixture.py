"""Recorded moves of the v3 players, to prove the frozen copy still plays as released.

`python -m bench.v3.fixture OUT.json` plays two of bench.v1.fixture's seeded games with the v3 easy level
and records, at many positions, the move every v3 level chooses there (hard on a step clock).
tests/test_ai_frozen.py replays the games and asks again."""

import sys

from bench.v1.fixture import GAMES, StepClock, checkpoints, write


def _choose(view: dict, seat: int, level: str, *, seed: int = 0, budget: float | None = None) -> str:
    from bench.v3 import choose_move
    return choose_move(view, seat, level, seed=seed, budget=budget, clock=StepClock().perf_counter)


def v3_checkpoints() -> list[dict]:
    return checkpoints(_choose, (), games=GAMES[:2])


if __name__ == "__main__":
    write(sys.argv[1], v3_checkpoints())
