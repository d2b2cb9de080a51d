"""The `Move` value type (python-chess's `chess.Move` is the model) and `Played`, one move as it was played."""

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal, cast

from engine.constants import COLOURS, MONUMENT_NAMES
from engine.errors import N_, IllegalMove
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


class Move(str):
    """One move, typed: `Move.parse("TILE R f7")`. A Move is its canonical notation (a `str`, equal to that
    text), so it goes wherever a move's text goes; `str(move)` gives the plain text.

    `colour` for tile, leader, withdraw and war; `square` for tile, leader, catastrophe, treasure and a
    monument's top-left square; `count` for commit; `pair` for monument; `tiles` for swap (canonical order)."""

    __slots__ = ("colour", "count", "pair", "square", "tiles", "verb")
    verb: Verb
    colour: str | None
    square: str | None
    count: int | None  # type: ignore[assignment]  # a commit's count hides str.count: str(move).count still works
    pair: str | None
    tiles: tuple[str, ...]

    def __new__(cls, verb: Verb, colour: str | None = None, square: str | None = None, count: int | None = None,
                pair: str | None = None, tiles: tuple[str, ...] = ()) -> "Move":
        _check(verb, colour, square, count, pair, tiles)
        self = super().__new__(cls, _text(verb, colour, square, count, pair, tiles))
        for name, value in (("verb", verb), ("colour", colour), ("square", square), ("count", count),
                            ("pair", pair), ("tiles", tuple(tiles))):
            object.__setattr__(self, name, value)
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Move is a value: its {name} cannot change")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Move is a value: its {name} cannot change")

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return _parse, (str(self),)  # pickled as its text: str's own way would call Move(text)

    def __copy__(self) -> "Move":
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> "Move":
        return self

    @classmethod
    def parse(cls, text: str) -> "Move":
        """Read one move line: any accepted spelling, any case. Raises IllegalMove saying why it cannot."""
        return _parse(text)

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    __str__ = str.__str__  # the plain text, not a Move

    @property
    def is_action(self) -> bool:
        """Whether this is one of a turn's actions (tile, leader, withdraw, catastrophe, swap, pass)."""
        return self.verb in ACTION_VERBS

    @property
    def is_decision(self) -> bool:
        """Whether this answers a decision (commit, war, monument, decline, treasure)."""
        return self.verb not in ACTION_VERBS


def _check(verb: str, colour: str | None, square: str | None, count: int | None, pair: str | None,
           tiles: tuple[str, ...]) -> None:
    """ValueError unless the fields are those of one canonical move."""
    shape = _SHAPES.get(verb)
    if shape is None:
        raise ValueError(f"{verb!r} is not a verb: use one of {', '.join(VERBS)}")
    fields = {"colour": colour, "square": square, "count": count, "pair": pair, "tiles": tiles}
    given = {name for name, value in fields.items() if value != (() if name == "tiles" else None)}
    if given != set(shape):
        raise ValueError(f"a {verb} move has {', '.join(shape) or 'no fields'}, not {sorted(given)}")
    if colour is not None and colour not in COLOURS:
        raise ValueError(f"{colour!r} is not a colour: use red, blue, green or black")
    if square is not None and square not in SQUARE_INDEX:
        raise ValueError(f"{square!r} is not a square name such as F7")
    if count is not None and (isinstance(count, bool) or not isinstance(count, int) or count < 0):
        raise ValueError("a commit counts 0 or more tiles")
    if pair is not None and pair not in MONUMENT_NAMES:
        raise ValueError(f"{pair!r} is not a monument: use one of {', '.join(MONUMENT_NAMES)}")
    if verb == "swap":
        if not 1 <= len(tiles) <= 6 or any(t not in COLOURS for t in tiles):
            raise ValueError("a swap lists 1 to 6 tile colours")
        if list(tiles) != sorted(tiles, key=COLOURS.index):
            raise ValueError("a swap lists its tiles in the order red, blue, green, black")


def _text(verb: str, colour: str | None, square: str | None, count: int | None, pair: str | None,
          tiles: tuple[str, ...]) -> str:
    """The canonical notation of checked fields."""
    if verb in ("tile", "leader"):
        return f"{verb} {colour} {square}"
    if verb in ("withdraw", "war"):
        return f"{verb} {colour}"
    if verb in ("catastrophe", "treasure"):
        return f"{verb} {square}"
    if verb == "swap":
        return "swap " + " ".join(tiles)
    if verb == "commit":
        return f"commit {count}"
    if verb == "monument":
        return f"monument {pair} {square}"
    return verb


@lru_cache(maxsize=8192)
def _parse(text: str) -> Move:
    if len(text) > LONGEST_MOVE:
        raise IllegalMove(N_("{text} is too long to be a move: a move is one short line like 'tile red F7'."),
                          text=quote(text))
    words = text.split()
    if not words:
        raise IllegalMove(N_("Type a move, for example 'tile red F7' or 'pass'."))
    verb, args = words[0].lower(), words[1:]
    if verb not in VERBS:
        raise IllegalMove(N_("{word} is not a move: use {verbs} or {last}."), word=quote(words[0]),
                          verbs=", ".join(VERBS[:-1]), last=VERBS[-1])
    if verb == "swap":
        if not 1 <= len(args) <= 6:
            raise IllegalMove(N_("Swap 1 to 6 tiles, each colour listed: {usage}."), usage=USAGE["swap"])
        return Move("swap", tiles=tuple(sorted((COLOURS[colour_index(w)] for w in args), key=COLOURS.index)))
    if len(args) != _WORDS[verb]:
        raise IllegalMove(N_("Write it as {usage}."), usage=USAGE[verb])
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
            raise IllegalMove(N_("{word} is not a number of tiles: write {usage}."), word=quote(args[0]),
                              usage=USAGE["commit"])
        return Move("commit", count=int(args[0]))
    if verb == "monument":
        return Move("monument", pair=MONUMENT_NAMES[monument_index(args[0])], square=_square(args[1]))
    return Move(typed)


# The moves legal_moves() gives, built once: it returns thousands of them per second.
TILE_MOVES = tuple(tuple(Move("tile", colour=c, square=s) for s in SQUARE_NAMES) for c in COLOURS)
LEADER_MOVES = tuple(tuple(Move("leader", colour=c, square=s) for s in SQUARE_NAMES) for c in COLOURS)
CATASTROPHE_MOVES = tuple(Move("catastrophe", square=s) for s in SQUARE_NAMES)
TREASURE_MOVES = tuple(Move("treasure", square=s) for s in SQUARE_NAMES)
WITHDRAW_MOVES = tuple(Move("withdraw", colour=c) for c in COLOURS)
WAR_MOVES = tuple(Move("war", colour=c) for c in COLOURS)
PASS, DECLINE = Move("pass"), Move("decline")


@lru_cache(maxsize=64)
def commit_move(count: int) -> Move:
    return Move("commit", count=count)


@lru_cache(maxsize=2048)
def monument_move(pair: str, square: str) -> Move:
    return Move("monument", pair=pair, square=square)


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
