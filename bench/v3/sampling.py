"""Determinisation: turn a seat's view into full games by sampling what the seat cannot see."""

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.boards import BOARDS
from engine.constants import COLOURS, POINT_KEYS, TILE_TOTALS
from engine.game import Game

View = dict[str, Any]  # a seat's view of a position (engine.Game.view)


def unseen_tiles(view: View, seat: int) -> list[int]:
    """Tiles per colour this seat cannot locate: in other hands, others' swap discards or the bag."""
    on_board = [0, 0, 0, 0]
    for colour in view["tiles"].values():
        on_board[COLOURS.index(colour)] += 1
    hand = view["players"][seat]["hand"]
    removed = view["removed"]
    return [max(0, TILE_TOTALS[c] - on_board[c] - hand[COLOURS[c]] - removed[COLOURS[c]]) for c in range(4)]


def _deal(pool: list[int], count: int, rng: random.Random) -> list[int]:
    """Take `count` tiles uniformly without replacement from a colour-count pool (pool is reduced)."""
    got = [0, 0, 0, 0]
    for _ in range(min(count, sum(pool))):
        r = rng.randrange(sum(pool))
        for c in range(4):
            if r < pool[c]:
                pool[c] -= 1
                got[c] += 1
                break
            r -= pool[c]
    return got


def estimated_points(view: View, seat: int) -> dict[str, int]:
    """A stand-in for a rival's hidden score, from public counts: roughly one point was scored per tile
    placed, so the rivals share what the seat did not score, spread evenly over the colours (a
    cautious guess: a balanced rival is the dangerous one). Taken treasures are shared out too."""
    own = view["players"][seat]["points"] or {}
    mine = sum(own.get(c, 0) for c in COLOURS)
    rivals = len(view["players"]) - 1
    temples = len(BOARDS[view.get("board", "standard")].temples)
    own_swaps = sum((view["players"][seat].get("swapped") or {}).values())
    spent = sum(view["removed"].values()) - own_swaps  # commits and tiles lost in wars or to catastrophes
    placed = len(view["tiles"]) - temples + 0.5 * spent
    total = max(0.3 * mine, placed - mine) / rivals
    taken = temples - len(view.get("treasures") or []) - own.get("treasure", 0)
    per = max(0, round(total / 4))
    return {**dict.fromkeys(COLOURS, per), "treasure": max(0, round(taken / rivals))}


def with_announced(view: View, announced: Sequence[Mapping[str, int]] | None) -> View:
    """The view with every hidden rival score filled in from the points the table announced (see
    engine.analysis.announced_points); the seat's own points and open scores are kept as they are."""
    if announced is None:
        return view
    players = view["players"]
    if len(announced) != len(players):
        raise ValueError(f"announced lists {len(announced)} seats for a {len(players)}-player game.")
    filled = []
    for p, points in zip(players, announced, strict=True):
        if p.get("points") is None:
            if not isinstance(points, Mapping) or any(
                    not isinstance(points.get(k, 0), int) or points.get(k, 0) < 0 for k in POINT_KEYS):
                raise ValueError(f"announced points are counts per colour and treasure, not {points!r}.")
            p = {**p, "points": {k: int(points.get(k, 0)) for k in POINT_KEYS}}
        filled.append(p)
    return {**view, "players": filled}


def determinise(view: View, seat: int, rng: random.Random) -> Game:
    """A full game consistent with the view: other hands, swap discards and bag sampled uniformly."""
    pool = unseen_tiles(view, seat)
    pos = dict(view)
    players = []
    removed = [view["removed"][c] for c in COLOURS]
    for i, p in enumerate(view["players"]):
        p = dict(p)
        if i != seat:
            if p.get("hand") is None:
                p["hand"] = dict(zip(COLOURS, _deal(pool, p.get("hand_size", 0), rng), strict=True))
            if p.get("swapped") is None:
                gone = _deal(pool, p.get("swapped_count", 0), rng)
                p["swapped"] = dict(zip(COLOURS, gone, strict=True))
                removed = [r + g for r, g in zip(removed, gone, strict=True)]
            if p.get("points") is None:
                p["points"] = estimated_points(view, seat)
        players.append(p)
    pos["players"] = players
    pos["bag"] = dict(zip(COLOURS, pool, strict=True))
    pos["removed"] = dict(zip(COLOURS, removed, strict=True))
    pos["seed"] = rng.randrange(1 << 62)
    pos["draws"] = 0
    return Game.from_position(pos).copy(history=False)  # a searcher's game keeps no move stack


def seat_to_move(view: View) -> int | None:
    """The seat that must act or decide in this view, or None once the game is over."""
    if view.get("over"):
        return None
    pending = view.get("pending")
    return int(pending["seat"]) if pending else int(view["turn"]["player"])
