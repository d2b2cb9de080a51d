"""README's examples say what really happens: the rule error it quotes, and what `--seed N --png` does."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine import Game, IllegalMove

README = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")


def test_the_quoted_river_error_is_the_engines_own():
    found = re.search(r'\("(\w+) is a river\s+square: only blue tiles go there"\)', README)
    assert found, "README quotes a river-square error"
    with pytest.raises(IllegalMove, match=f"^{found[1]} is a river square: only blue tiles go there"):
        Game.new(players=2, seed=1).play(f"tile red {found[1]}")


def test_seed_and_png_are_not_called_a_replay():
    (line,) = [x for x in README.splitlines() if "-m play --seed 7 --png" in x]
    assert "replay" not in line and "new game" in line
