"""Read-only queries for computer players: a game's facts as typed, immutable values.

The computer players search on their own sampled copies of a game (built from one seat's view), so
these queries may show every hand: the caller decides what it was allowed to know when it built
the game. Nothing here changes a game."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.boards import BoardMap
from engine.constants import COLOURS, POINT_KEYS
from engine.regions import Regions, regions_of
from engine.state import EMPTY, State, _deep

if TYPE_CHECKING:
    from engine.game import Game

__all__ = ["EMPTY", "Facts", "Regions", "SeatFacts", "announced_points", "facts", "facts_of_state", "regions"]


@dataclass(frozen=True, slots=True)
class SeatFacts:
    """One seat: hand and points per colour (red, blue, green, black), leaders' squares (-1 in supply)."""

    hand: tuple[int, ...]
    leaders: tuple[int, ...]
    catastrophes: int
    points: tuple[int, ...]  # red, blue, green, black, treasure
    swapped: tuple[int, ...]  # tiles this seat discarded by swapping, per colour


@dataclass(frozen=True, slots=True)
class Facts:
    """Everything about one moment of a game, square arrays indexed like `engine.squares` (row-major).

    `tile[sq]` is a colour index or EMPTY, `leader[sq]` is seat * 4 + colour or EMPTY, `down[sq]` marks
    a monument's face-down tile; `pending` is a copy of the decision in progress, or None."""

    board: BoardMap
    tile: tuple[int, ...]
    down: tuple[bool, ...]
    leader: tuple[int, ...]
    cat: tuple[bool, ...]
    treasure: tuple[bool, ...]
    monuments: tuple[tuple[int, int], ...]  # (monument index, top-left square)
    bag: tuple[int, ...]
    players: tuple[SeatFacts, ...]
    player: int
    actions_left: int
    over: bool
    pending: dict[str, Any] | None

    @property
    def n(self) -> int:
        """The number of players."""
        return len(self.players)


def facts_of_state(state: State) -> Facts:
    """The facts of an engine state (for code inside the engine that already holds one)."""
    return Facts(
        board=state.board,
        tile=tuple(state.tile),
        down=tuple(state.down),
        leader=tuple(state.leader),
        cat=tuple(state.cat),
        treasure=tuple(state.treasure),
        monuments=tuple(state.monuments),
        bag=tuple(state.bag),
        players=tuple(
            SeatFacts(tuple(p.hand), tuple(p.leaders), p.catastrophes, tuple(p.points), tuple(p.swapped))
            for p in state.players
        ),
        player=state.player,
        actions_left=state.actions_left,
        over=state.over,
        pending=_deep(state.pending),
    )


def facts(game: Game) -> Facts:
    """The facts of a game now, as an immutable snapshot."""
    return facts_of_state(game._state)


def regions(game: Game) -> Regions:
    """The game's regions and kingdoms now: `label[sq]` (region id or -1), each region's `squares` and
    `leaders` (seat * 4 + colour). Shared with the engine's own cache: read it, never change it."""
    return regions_of(game._state)


def announced_points(events: Iterable[Mapping[str, Any]], players: int,
                     start: list[dict[str, int]] | None = None) -> list[dict[str, int]]:
    """The points each seat has scored by the table's public events (`point` and `treasure`), per seat as a
    position writes them ({"red": n, ..., "treasure": n}): what a player with a perfect memory knows of
    every rival's hidden score. Give it every event since the game began, or the newer events and the
    totals before them as `start` (not changed); other event types are ignored."""
    totals = [dict(t) for t in start] if start is not None else [dict.fromkeys(POINT_KEYS, 0) for _ in range(players)]
    for e in events:
        kind = e.get("type")
        if kind == "point":
            colour = e["colour"]
            if colour not in COLOURS:
                raise ValueError(f"a point event names no colour: {e!r}")
            totals[e["seat"]][colour] += int(e["count"])
        elif kind == "treasure":
            totals[e["seat"]]["treasure"] += 1
    return totals
