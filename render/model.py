"""Reads a `tne/1` position (or a seat's view) into what the pictures need, filling the defaults
docs/notation.md allows a hand-written position to leave out. Nothing here guesses hidden information."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import COLOURS, DYNASTIES, POINT_KEYS
from engine import MONUMENT_NAMES as MONUMENTS
from render.boards import Board, board
from render.layout import parse_square, square_name


@dataclass(frozen=True)
class Player:
    seat: int
    dynasty: str
    name: str
    hand: dict[str, int] | None  # None: hidden from whoever this picture is for
    hand_size: int | None
    leaders: dict[str, str | None]  # colour -> square, None when in supply
    catastrophes: int
    points: dict[str, int] | None  # None: hidden


@dataclass(frozen=True)
class Scene:
    board: Board
    players: tuple[Player, ...]
    tiles: dict[str, str]  # square -> colour, face-up tiles only
    face_down: frozenset[str]
    monuments: tuple[tuple[str, str], ...]  # (pair, top-left square)
    treasures: frozenset[str]
    catastrophes: frozenset[str]
    active: int | None
    actions_left: int | None
    over: bool
    pending: dict[str, Any] | None
    last_squares: tuple[str, ...]
    last_seat: int | None
    last_move: str | None
    bag_fill: float | None
    scores_open: bool

    def leader_squares(self) -> dict[str, tuple[int, str]]:
        """square -> (seat, colour) of every leader on the board."""
        out: dict[str, tuple[int, str]] = {}
        for p in self.players:
            for colour, sq in p.leaders.items():
                if sq:
                    out[sq] = (p.seat, colour)
        return out

    def unbuilt_monuments(self) -> list[str]:
        built = {pair for pair, _ in self.monuments}
        return [m for m in MONUMENTS if m not in built]

    @property
    def marker(self) -> str | None:
        """Square of the unification marker while a war is being fought."""
        sq = (self.pending or {}).get("marker")
        return _square(sq) if isinstance(sq, str) else None


def _square(name: str) -> str:
    return square_name(*parse_square(name))


def normalise_pair(pair: str) -> str:
    """`green-red` -> `red-green` (NOTATION order red, blue, green, black)."""
    a, b = (c.strip().lower() for c in pair.split("-"))
    return "-".join(sorted((a, b), key=COLOURS.index))


def dynasty_name(dynasty: str) -> str:
    return dynasty.capitalize()


def display_name(names: list[str] | None, seat: int, dynasty: str) -> str:
    """The seat's display name, or its dynasty's name when none was given."""
    if names and seat < len(names) and names[seat] and str(names[seat]).strip():
        return " ".join(str(names[seat]).split())
    return dynasty_name(dynasty)


def bag_fill_of(pos: dict[str, Any], b: Board) -> float | None:
    """`bag_fill` of a view, or the same rounding (nearest quarter, at least 0.25) of a full bag."""
    if pos.get("bag_fill") is not None:
        return float(pos["bag_fill"])
    bag = pos.get("bag")
    if not isinstance(bag, dict):
        return None
    left = sum(int(v) for v in bag.values())
    if left <= 0:
        return 0.0
    return max(0.25, round(left / b.starting_bag * 4) / 4)


def _player(raw: dict[str, Any], seat: int, names: list[str] | None) -> Player:
    dynasty = str(raw.get("dynasty") or DYNASTIES[seat % 4]).lower()
    hand = raw.get("hand")
    hand = {c: int(hand.get(c, 0)) for c in COLOURS} if isinstance(hand, dict) else None
    if raw.get("hand_size") is not None:
        hand_size: int | None = int(raw["hand_size"])
    else:
        hand_size = sum(hand.values()) if hand is not None else None
    leaders_raw = raw.get("leaders") or {}
    leaders = {c: (_square(leaders_raw[c]) if leaders_raw.get(c) else None) for c in COLOURS}
    if "points" in raw:
        pts = raw["points"]
        points = {k: int(pts.get(k, 0)) for k in POINT_KEYS} if isinstance(pts, dict) else None
    else:  # a hand-written full position may leave points out: zero
        points = dict.fromkeys(POINT_KEYS, 0)
    return Player(
        seat=seat,
        dynasty=dynasty,
        name=display_name(names, seat, dynasty),
        hand=hand,
        hand_size=hand_size,
        leaders=leaders,
        catastrophes=int(raw.get("catastrophes", 2)),
        points=points,
    )


def scene(pos: dict[str, Any], names: list[str] | None = None) -> Scene:
    """Everything a picture shows, from a position or a view."""
    b = board(pos.get("board") or "standard")
    players = tuple(_player(p, i, names) for i, p in enumerate(pos.get("players") or []))
    face_down = frozenset(_square(s) for s in pos.get("face_down") or [])
    tiles = {
        _square(sq): str(c).lower()
        for sq, c in (pos.get("tiles") or {}).items()
        if _square(sq) not in face_down
    }
    monuments = tuple(
        (normalise_pair(m["pair"]), _square(m["at"])) for m in pos.get("monuments") or [] if m.get("at")
    )
    turn = pos.get("turn") or {}
    last = pos.get("last") or {}
    options = pos.get("options") or {}
    return Scene(
        board=b,
        players=players,
        tiles=tiles,
        face_down=face_down,
        monuments=monuments,
        treasures=frozenset(_square(s) for s in pos.get("treasures") or []),
        catastrophes=frozenset(_square(s) for s in pos.get("catastrophes") or []),
        active=turn.get("player"),
        actions_left=turn.get("actions_left"),
        over=bool(pos.get("over", False)),
        pending=pos.get("pending") or None,
        last_squares=tuple(_square(s) for s in last.get("squares") or []),
        last_seat=last.get("seat") if isinstance(last.get("seat"), int) else None,
        last_move=str(last["move"]) if last.get("move") else None,
        bag_fill=bag_fill_of(pos, b),
        scores_open=options.get("scores") == "open",
    )
