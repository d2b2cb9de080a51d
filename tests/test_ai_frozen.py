"""The frozen players in bench/v1 to bench/v5 still choose the moves recorded from the released code."""

import json
from pathlib import Path

from bench.v1.fixture import v1_checkpoints
from bench.v2.fixture import v2_checkpoints
from bench.v3.fixture import v3_checkpoints
from bench.v4.fixture import v4_checkpoints
from bench.v5.fixture import v5_checkpoints

DATA = Path(__file__).parent / "data"


def test_frozen_v1_players_choose_the_recorded_moves() -> None:
    recorded = json.loads((DATA / "ai_v1_moves.json").read_text())
    assert {r["level"] for r in recorded} == {"random", "easy", "medium", "hard"}
    now = v1_checkpoints()
    assert len(now) == len(recorded)
    for was, is_ in zip(recorded, now, strict=True):
        assert is_ == was


def test_frozen_v2_players_choose_the_recorded_moves() -> None:
    recorded = json.loads((DATA / "ai_v2_moves.json").read_text())
    assert {r["level"] for r in recorded} == {"random", "easy", "medium", "hard"}
    now = v2_checkpoints()
    assert len(now) == len(recorded)
    for was, is_ in zip(recorded, now, strict=True):
        assert is_ == was


def test_frozen_v3_players_choose_the_recorded_moves() -> None:
    recorded = json.loads((DATA / "ai_v3_moves.json").read_text())
    assert {r["level"] for r in recorded} == {"random", "easy", "medium", "hard"}
    now = v3_checkpoints()
    assert len(now) == len(recorded)
    for was, is_ in zip(recorded, now, strict=True):
        assert is_ == was


def test_frozen_v4_hard_chooses_the_recorded_moves() -> None:
    recorded = json.loads((DATA / "ai_v4_moves.json").read_text())
    assert len(recorded) > 30 and {r["level"] for r in recorded} == {"hard"}
    assert v4_checkpoints() == recorded


def test_frozen_v5_hard_chooses_the_recorded_moves() -> None:
    recorded = json.loads((DATA / "ai_v5_moves.json").read_text())
    assert len(recorded) > 30 and {r["level"] for r in recorded} == {"hard"}
    v4 = json.loads((DATA / "ai_v4_moves.json").read_text())
    assert recorded != v4  # the fixture tells the two releases apart
    assert v5_checkpoints() == recorded
