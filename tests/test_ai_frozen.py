"""The frozen v1 players in bench/v1 still choose exactly the moves the original v1 code chose."""

import json
from pathlib import Path

from bench.v1.fixture import v1_checkpoints

RECORDED = Path(__file__).parent / "data" / "ai_v1_moves.json"


def test_frozen_v1_players_choose_the_recorded_moves() -> None:
    recorded = json.loads(RECORDED.read_text())
    assert {r["level"] for r in recorded} == {"random", "easy", "medium", "hard"}
    now = v1_checkpoints()
    assert len(now) == len(recorded)
    for was, is_ in zip(recorded, now, strict=True):
        assert is_ == was
