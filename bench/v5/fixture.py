"""Recorded moves of the frozen hard-v5, to prove the copy still plays as released.

`python -m bench.v5.fixture OUT.json` records the moves hard-v5 chooses in bench.v4.fixture's game (the
same plies, budget and step clock). tests/test_ai_frozen.py replays the game and asks again."""

import sys

from bench.v1.fixture import write
from bench.v4.fixture import hard_checkpoints


def v5_checkpoints() -> list[dict]:
    from bench.v5 import choose_move
    return hard_checkpoints(choose_move)


if __name__ == "__main__":
    write(sys.argv[1], v5_checkpoints())
