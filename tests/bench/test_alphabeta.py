"""The alpha-beta baseline plays the first release's parts from its commit: registered like a release, run in that
release's tree, and kept inside its budget by its own clock.

Its recorded moves (bench/signatures/alphabeta.json, played by the in-tree copy of v1's parts it replaced) are
checked with every release's in test_ai_frozen.py. This needs the git history, as the releases do."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bench.ladder import play_game
from bench.players import budgeted, find, label
from bench.releases import Release, checkout, registry

pytestmark = pytest.mark.process

ALPHABETA = Path(__file__).resolve().parents[2] / "bench" / "alphabeta.py"

# Run in the release's tree: 12 moves of a 2-player game, each searched on a clock that moves 0.01 s a reading.
WITHIN_BUDGET = f"""
import importlib.util, json
from engine.game import Game
spec = importlib.util.spec_from_file_location("alphabeta", {str(ALPHABETA)!r})
ab = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ab)

class Step:
    def __init__(self):
        self.now = 0.0
    def __call__(self):
        self.now += 0.01
        return self.now

g = Game.new(players=2, seed=9)
for k in range(12):
    seat = g.to_move
    clock = Step()
    move = ab.alphabeta_move(g.view(seat), seat, seed=k, budget=0.5, clock=clock)
    print(json.dumps({{"move": move, "legal": move in g.legal_moves(), "clock": clock.now}}))
    g.play(move, seat)
"""


@pytest.fixture(autouse=True)
def release_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TNE_RELEASE_CACHE", str(tmp_path / "releases"))


def test_alphabeta_is_registered_at_the_first_release_and_searches_on_a_budget() -> None:
    alphabeta, v1 = registry()["alphabeta"], registry()["hard-v1"]
    assert (alphabeta.commit, alphabeta.level, alphabeta.revision) == (v1.commit, "alphabeta", 1)
    assert find("alphabeta") == alphabeta
    assert budgeted("alphabeta") and label("alphabeta", 1.0) == "alphabeta@1"


def test_alphabeta_plays_legal_moves_within_its_budget_clock() -> None:
    tree = checkout(registry()["alphabeta"].commit)
    done = subprocess.run([sys.executable, "-P", "-c", WITHIN_BUDGET], cwd=tree, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(tree)}, check=True)
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == 12
    for a in answers:
        assert a["legal"], a
        assert a["clock"] <= 0.5 + 0.05, a  # iterative deepening stops at its deadline (90%) plus one node


def test_alphabeta_refuses_to_run_on_another_engine_than_the_first_releases() -> None:
    done = subprocess.run([sys.executable, "-c", "import bench.alphabeta"], capture_output=True, text=True,
                          cwd=ALPHABETA.parents[1], check=False)
    assert done.returncode != 0
    assert "bench/alphabeta.py runs in the first release's tree" in done.stderr


def test_a_ladder_game_plays_alphabeta_in_the_first_releases_process_to_the_end() -> None:
    assert isinstance(find("alphabeta"), Release)
    result = play_game((3, ["alphabeta@0.01", "random"], 1.0, "standard"))
    assert result["players"] == ["alphabeta@0.01", "random"]
    assert not result["cut"] and sorted(result["places"]) in ([1, 2], [1, 1])
    assert len(result["times"][0]) > 20
