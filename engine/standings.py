"""Final standings: treasures added to the weakest colour, score = lowest colour, full tie-break."""

from typing import TypedDict

from engine.constants import COLOURS
from engine.state import State


class StandingDict(TypedDict):
    """One seat's result as NOTATION's `standings()` gives it: a plain JSON-ready dict, typed key by key like
    `engine.Standing` (the outcome's frozen value) is field by field."""

    seat: int
    dynasty: str
    totals: dict[str, int]
    treasures: int
    score: int
    place: int


def totals_after_treasures(points: list[int]) -> list[int]:
    """Colour totals with each treasure added, one at a time, to the weakest colour (red first on ties)."""
    totals = points[:4]
    for _ in range(points[4]):
        weakest = min(range(4), key=lambda c: (totals[c], c))
        totals[weakest] += 1
    return totals


def standings(state: State) -> list[StandingDict]:
    """Per seat: totals by colour, score (the lowest total) and place (1 + players strictly ahead)."""
    totals = [totals_after_treasures(p.points) for p in state.players]
    keys = [sorted(t) for t in totals]
    return [
        {
            "seat": seat,
            "dynasty": state.players[seat].dynasty,
            "totals": dict(zip(COLOURS, t, strict=True)),
            "treasures": state.players[seat].points[4],
            "score": min(t),
            "place": 1 + sum(1 for other in keys if other > keys[seat]),
        }
        for seat, t in enumerate(totals)
    ]
