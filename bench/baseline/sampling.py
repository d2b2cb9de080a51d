"""Determinisation: turn a seat's view into full games by sampling what the seat cannot see."""

import random

from engine.boards import BOARDS
from engine.constants import COLOURS, TILE_TOTALS
from engine.game import Game


def unseen_tiles(view: dict, seat: int) -> list[int]:
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


def estimated_points(view: dict, seat: int) -> dict:
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


def determinise(view: dict, seat: int, rng: random.Random) -> Game:
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


def seat_to_move(view: dict) -> int | None:
    """The seat that must act or decide in this view, or None once the game is over."""
    if view.get("over"):
        return None
    pending = view.get("pending")
    return pending["seat"] if pending else view["turn"]["player"]


def seeded_rng(view: dict, seat: int, seed: int) -> random.Random:
    """A generator fixed by the seed and a cheap digest of the view, so each decision differs."""
    turn = view.get("turn") or {}
    pending = view.get("pending") or {}
    actions_left = turn.get("actions_left")
    if pending and view.get("version", 1) >= 2 and actions_left is not None:
        # Positions of engine revision 2 no longer count the action whose decision is pending; v1 saw it counted.
        actions_left += 1
    key = (f"{seed}:{seat}:{len(view.get('tiles') or {})}:{turn.get('player')}:{actions_left}:"
           f"{sorted((view.get('players') or [{}])[seat].get('hand', {}).items())}:{pending.get('kind')}:"
           f"{len(view.get('catastrophes') or [])}:{len(view.get('treasures') or [])}")
    return random.Random(key)
