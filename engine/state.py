"""The mutable game state the rules work on: flat per-square arrays for speed."""

from dataclasses import dataclass, field
from typing import Any, TypeVar

from engine.boards import BoardMap
from engine.squares import NSQ
from engine.tape import Tape

EMPTY = -1
JSON = dict[str, Any]  # a JSON object: positions, pending decisions, events


@dataclass
class Player:
    """One seat: hidden hand, leaders (square or -1 in supply), catastrophes left, points."""

    dynasty: str
    hand: list[int]
    leaders: list[int]
    catastrophes: int
    points: list[int]  # red, blue, green, black, treasure
    swapped: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # discarded by swaps: private

    def copy(self) -> "Player":
        return Player(self.dynasty, self.hand[:], self.leaders[:], self.catastrophes, self.points[:], self.swapped[:])


@dataclass
class State:
    """Everything about one game at one moment; `pending` is a JSON-ready dict or None.

    Once a state is built, `down`, `cat` and `treasure` are replaced when they change, never changed in
    place: copies share them."""

    board: BoardMap
    players: list[Player]
    scores_open: bool = False
    tile: list[int] = field(default_factory=lambda: [EMPTY] * NSQ)  # colour index or EMPTY
    down: list[bool] = field(default_factory=lambda: [False] * NSQ)  # face down under a monument
    leader: list[int] = field(default_factory=lambda: [EMPTY] * NSQ)  # seat * 4 + colour, or EMPTY
    cat: list[bool] = field(default_factory=lambda: [False] * NSQ)
    treasure: list[bool] = field(default_factory=lambda: [False] * NSQ)
    monuments: list[tuple[int, int]] = field(default_factory=list)  # (monument index, top-left square)
    bag: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    removed: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # tiles out of the game
    player: int = 0
    actions_left: int = 2
    seed: int = 0
    draws: int = 0
    short_draw: bool = False
    over: bool = False
    pending: JSON | None = None
    last: JSON | None = None
    tape: Tape | None = None  # only while a move is played (engine.game); never copied, never stored
    # (tile, leader, Regions) of the last labelling: engine.regions.regions_of reuses it while both match.
    regions_cache: tuple[list[int], list[int], Any] | None = field(default=None, compare=False, repr=False)

    def copy(self) -> "State":
        """An independent copy. `down`, `cat` and `treasure` change rarely and are shared: the engine replaces
        them, never changes them in place (see flow.build_monument, flow.take_treasure, apply_catastrophe)."""
        return State(
            self.board, [p.copy() for p in self.players], self.scores_open, self.tile[:], self.down,
            self.leader[:], self.cat, self.treasure, self.monuments[:], self.bag[:],
            self.removed[:], self.player, self.actions_left, self.seed, self.draws, self.short_draw,
            self.over, _deep(self.pending), _deep(self.last), regions_cache=self.regions_cache,
        )

    @property
    def n(self) -> int:
        return len(self.players)

    def put_leader(self, seat: int, colour: int, sq: int) -> None:
        self.leader[sq] = seat * 4 + colour
        self.players[seat].leaders[colour] = sq

    def lift_leader(self, seat: int, colour: int) -> int:
        """Send a leader back to its owner's supply; returns the square it left."""
        sq = self.players[seat].leaders[colour]
        self.leader[sq] = EMPTY
        self.players[seat].leaders[colour] = EMPTY
        return sq

    def face_up_temple(self, sq: int) -> bool:
        return self.tile[sq] == 0 and not self.down[sq]


_T = TypeVar("_T")


def decision(state: State) -> JSON:
    """The pending decision, for code that only runs while one is awaited."""
    assert state.pending is not None, "no decision is pending"
    return state.pending


def touched(state: State) -> list[str]:
    """The squares the action in progress touched so far (the last action's highlight), to add to."""
    assert state.last is not None, "no action is in progress"
    squares: list[str] = state.last["squares"]
    return squares


_SCALARS = frozenset((str, int, float, bool, type(None)))


def _deep(value: _T) -> _T:
    """Copy of a JSON-like value (dicts, lists, scalars)."""
    if type(value) in _SCALARS:
        return value  # the common case, answered without isinstance: states are copied for every undo
    if isinstance(value, dict):
        return {k: v if type(v) in _SCALARS else _deep(v) for k, v in value.items()}  # type: ignore[return-value]
    if isinstance(value, list):
        return [v if type(v) in _SCALARS else _deep(v) for v in value]  # type: ignore[return-value]
    return value
