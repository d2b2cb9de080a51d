"""Regions and kingdoms (docs/rules.md, Words the rules use): tiles and leaders joined orthogonally; catastrophes and
empty squares break connection; a kingdom is a region holding a leader."""

from __future__ import annotations

from render.layout import COLS, ROWS, parse_square, square_name
from render.model import Scene


def neighbours(square: str) -> list[str]:
    """Orthogonally adjacent squares on the board."""
    c, r = parse_square(square)
    return [square_name(c + dc, r + dr) for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= c + dc < COLS and 0 <= r + dr < ROWS]


def regions(sc: Scene) -> list[frozenset[str]]:
    """Every region of the position, each a set of squares."""
    occupied = (set(sc.tiles) | set(sc.face_down) | set(sc.leader_squares())) - sc.catastrophes
    seen: set[str] = set()
    out = []
    for start in sorted(occupied):
        if start in seen:
            continue
        group, stack = set(), [start]
        seen.add(start)
        while stack:
            sq = stack.pop()
            group.add(sq)
            for n in neighbours(sq):
                if n in occupied and n not in seen:
                    seen.add(n)
                    stack.append(n)
        out.append(frozenset(group))
    return out


def kingdoms(sc: Scene) -> list[frozenset[str]]:
    """The regions that hold at least one leader."""
    leaders = set(sc.leader_squares())
    return [g for g in regions(sc) if g & leaders]
