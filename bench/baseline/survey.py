"""Per-region facts the evaluation and the heuristic both read, computed once per position."""

from dataclasses import dataclass

from bench.baseline.regions import Regions
from engine.analysis import EMPTY
from engine.analysis import Facts as State


@dataclass
class Board:
    """Per-region facts computed once per position."""

    regions: Regions
    colour_count: list[list[int]]  # region -> face-up tiles per colour
    treasures: list[int]  # region -> treasures in it


def survey(state: State) -> Board:
    """Label the regions and count each one's face-up tiles per colour and its treasures."""
    regions = Regions(state)
    tile, down, treasure = state.tile, state.down, state.treasure
    counts, treasures = [], []
    for squares in regions.squares:
        cc = [0, 0, 0, 0]
        t = 0
        for sq in squares:
            c = tile[sq]
            if c != EMPTY and not down[sq]:
                cc[c] += 1
            if treasure[sq]:
                t += 1
        counts.append(cc)
        treasures.append(t)
    return Board(regions, counts, treasures)
