"""The `Move` value type (python-chess's `chess.Move` is the model) and `Played`, one move as it was played."""

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal, cast

from engine.constants import COLOURS, MONUMENT_NAMES
from engine.errors import IllegalMove
from engine.notation import (
    ACTION_VERBS,
    LONGEST_MOVE,
    USAGE,
    VERBS,
    colour_index,
    monument_index,
    parse_square,
    quote,
)
from engine.squares import SQUARE_INDEX, SQUARE_NAMES

Verb = Literal["tile", "leader", "withdraw", "catastrophe", "swap", "pass",
               "commit", "war", "monument", "decline", "treasure"]

# The fields each verb carries; the others stay at their defaults.
_SHAPES: dict[str, tuple[str, ...]] = {
    "tile": ("colour", "square"), "leader": ("colour", "square"), "withdraw": ("colour",),
    "catastrophe": ("square",), "swap": ("tiles",), "pass": (), "commit": ("count",), "war": ("colour",),
    "monument": ("pair", "square"), "decline": (), "treasure": ("square",),
}
_WORDS = {"tile": 2, "leader": 2, "withdraw": 1, "catastrophe": 1, "pass": 0, "commit": 1,
          "war": 1, "monument": 2, "decline": 0, "treasure": 1}


@dataclass(frozen=True, slots=True)
class Move:
    """One move, typed: `Move.parse("TILE R f7")`; `str(move)` is its canonical notation.

    `colour` for tile, leader, withdraw and war; `square` for tile, leader, catastrophe, treasure and a
    monument's top-left square; `count` for commit; `pair` for monument; `tiles` for swap (canonical order)."""

    verb: Verb
    colour: str | None = None
    square: str | None = None
    count: int | None = None
    pair: str | None = None
    tiles: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        shape = _SHAPES.get(self.verb)
        if shape is None:
            raise ValueError(f"{self.verb!r} is not a verb: use one of {', '.join(VERBS)}")
        given = {name for name, empty in (("colour", None), ("square", None), ("count", None), ("pair", None),
                                          ("tiles", ())) if getattr(self, name) != empty}
        if given != set(shape):
            raise ValueError(f"a {self.verb} move has {', '.join(shape) or 'no fields'}, not {sorted(given)}")
        if self.colour is not None and self.colour not in COLOURS:
            raise ValueError(f"{self.colour!r} is not a colour: use red, blue, green or black")
        if self.square is not None and self.square not in SQUARE_INDEX:
            raise ValueError(f"{self.square!r} is not a square name such as F7")
        if self.count is not None and (isinstance(self.count, bool) or not isinstance(self.count, int)
                                       or self.count < 0):
            raise ValueError("a commit counts 0 or more tiles")
        if self.pair is not None and self.pair not in MONUMENT_NAMES:
            raise ValueError(f"{self.pair!r} is not a monument: use one of {', '.join(MONUMENT_NAMES)}")
        if self.verb == "swap":
            if not 1 <= len(self.tiles) <= 6 or any(t not in COLOURS for t in self.tiles):
                raise ValueError("a swap lists 1 to 6 tile colours")
            if list(self.tiles) != sorted(self.tiles, key=COLOURS.index):
                raise ValueError("a swap lists its tiles in the order red, blue, green, black")

    @classmethod
    def parse(cls, text: str) -> "Move":
        """Read one move line: any accepted spelling, any case. Raises IllegalMove saying why it cannot."""
        return _parse(text)

    def __str__(self) -> str:
        verb = self.verb
        if verb in ("tile", "leader"):
            return f"{verb} {self.colour} {self.square}"
        if verb in ("withdraw", "war"):
            return f"{verb} {self.colour}"
        if verb in ("catastrophe", "treasure"):
            return f"{verb} {self.square}"
        if verb == "swap":
            return "swap " + " ".join(self.tiles)
        if verb == "commit":
            return f"commit {self.count}"
        if verb == "monument":
            return f"monument {self.pair} {self.square}"
        return verb

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @property
    def is_action(self) -> bool:
        """Whether this is one of a turn's actions (tile, leader, withdraw, catastrophe, swap, pass)."""
        return self.verb in ACTION_VERBS

    @property
    def is_decision(self) -> bool:
        """Whether this answers a decision (commit, war, monument, decline, treasure)."""
        return self.verb not in ACTION_VERBS


@lru_cache(maxsize=8192)
def _parse(text: str) -> Move:
    if len(text) > LONGEST_MOVE:
        raise IllegalMove(f"{quote(text)} is too long to be a move: a move is one short line like 'tile red F7'.")
    words = text.split()
    if not words:
        raise IllegalMove("Type a move, for example 'tile red F7' or 'pass'.")
    verb, args = words[0].lower(), words[1:]
    if verb not in VERBS:
        raise IllegalMove(f"{quote(words[0])} is not a move: use {', '.join(VERBS[:-1])} or {VERBS[-1]}.")
    if verb == "swap":
        if not 1 <= len(args) <= 6:
            raise IllegalMove("Swap 1 to 6 tiles, each colour listed: " + USAGE["swap"] + ".")
        return Move("swap", tiles=tuple(sorted((COLOURS[colour_index(w)] for w in args), key=COLOURS.index)))
    if len(args) != _WORDS[verb]:
        raise IllegalMove(f"Write it as {USAGE[verb]}.")
    typed = cast(Verb, verb)
    if verb in ("tile", "leader"):
        return Move(typed, colour=COLOURS[colour_index(args[0])], square=_square(args[1]))
    if verb in ("withdraw", "war"):
        return Move(typed, colour=COLOURS[colour_index(args[0])])
    if verb in ("catastrophe", "treasure"):
        return Move(typed, square=_square(args[0]))
    if verb == "commit":
        # str.isdigit() also accepts '²' and other digits int() refuses: only 0-9 make a number here.
        if not (args[0].isascii() and args[0].isdigit()):
            raise IllegalMove(f"{quote(args[0])} is not a number of tiles: write {USAGE['commit']}.")
        return Move("commit", count=int(args[0]))
    if verb == "monument":
        return Move("monument", pair=MONUMENT_NAMES[monument_index(args[0])], square=_square(args[1]))
    return Move(typed)


def _square(word: str) -> str:
    return SQUARE_NAMES[parse_square(word)]


def canonical(text: str) -> str:
    """The canonical form of a move line; raises IllegalMove when it cannot be read."""
    return str(_parse(text))


def is_action(move: str) -> bool:
    """Whether a move line is one of a turn's actions (not an answer to a decision)."""
    words = move.split()
    return bool(words) and words[0].lower() in ACTION_VERBS


Draw = tuple[int, tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class Played:
    """One move as it was played: the move, the seat that made it and its events (public, for the table).

    `drawn` is hidden information: the colours each draw of this move gave, as (seat, colours) in the
    order drawn. It is for complete game records only; never show it at the table."""

    move: Move
    seat: int
    events: list[dict[str, Any]]
    drawn: tuple[Draw, ...] = ()
