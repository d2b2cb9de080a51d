"""Regions and kingdoms: groups of tiles and leaders connected orthogonally."""

from engine.analysis import EMPTY
from engine.analysis import Facts as State
from engine.squares import NEIGHBOURS, NSQ


class Regions:
    """A labelling of the board: `label[sq]` is a region id or -1, with each region's squares and leaders."""

    __slots__ = ("label", "leaders", "squares")

    def __init__(self, state: State, exclude: int = -1) -> None:
        tile, leader = state.tile, state.leader
        label = [-1] * NSQ
        squares: list[list[int]] = []
        leaders: list[list[int]] = []
        for start in range(NSQ):
            if label[start] != -1 or start == exclude or (tile[start] == EMPTY and leader[start] == EMPTY):
                continue
            rid = len(squares)
            label[start] = rid
            members = [start]
            found = []
            i = 0
            while i < len(members):
                sq = members[i]
                i += 1
                if leader[sq] != EMPTY:
                    found.append(leader[sq])
                for nb in NEIGHBOURS[sq]:
                    if label[nb] == -1 and nb != exclude and (tile[nb] != EMPTY or leader[nb] != EMPTY):
                        label[nb] = rid
                        members.append(nb)
            squares.append(members)
            leaders.append(found)
        self.label = label
        self.squares = squares
        self.leaders = leaders

    def adjacent_regions(self, sq: int) -> set[int]:
        """Ids of the regions touching a square."""
        label = self.label
        return {label[nb] for nb in NEIGHBOURS[sq] if label[nb] != -1}

    def adjacent_kingdoms(self, sq: int) -> list[int]:
        """Ids of the kingdoms (regions with a leader) touching a square."""
        return [r for r in self.adjacent_regions(sq) if self.leaders[r]]
