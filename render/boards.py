"""Board geometry from data/boards.json, read once."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

BOARDS_FILE = Path(__file__).resolve().parent.parent / "data" / "boards.json"
TOTAL_TILES = 153


@dataclass(frozen=True)
class Board:
    name: str
    cols: int
    rows: int
    rivers: frozenset[str]
    temples: tuple[str, ...]
    corner_treasures: frozenset[str]

    @property
    def starting_bag(self) -> int:
        """Tiles in the bag before the players draw (one red temple per starting temple is out)."""
        return TOTAL_TILES - len(self.temples)


@lru_cache(maxsize=4)
def board(name: str) -> Board:
    """The named board (`standard` or `advanced`)."""
    data = json.loads(BOARDS_FILE.read_text(encoding="utf-8"))
    if name not in data:
        raise ValueError(f"unknown board {name!r}; known: {', '.join(sorted(data))}")
    b = data[name]
    return Board(
        name=name,
        cols=int(b["cols"]),
        rows=int(b["rows"]),
        rivers=frozenset(b["rivers"]),
        temples=tuple(b["temples"]),
        corner_treasures=frozenset(b["corner_treasures"]),
    )
