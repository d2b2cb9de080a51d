"""Every legal move of the seat to move, in canonical notation."""

from itertools import product

from engine.constants import BLUE, COLOURS
from engine.notation import (
    CATASTROPHE_MOVES,
    LEADER_MOVES,
    TILE_MOVES,
    TREASURE_MOVES,
    WAR_MOVES,
    WITHDRAW_MOVES,
)
from engine.regions import Regions
from engine.squares import NEIGHBOURS, NSQ, SQUARE_INDEX
from engine.state import EMPTY, State


def legal_moves(state: State) -> list[str]:
    """All legal moves now, canonical, without duplicates; empty once the game is over."""
    if state.over:
        return []
    p = state.pending
    if p is None:
        return _action_moves(state)
    kind = p["kind"]
    if kind in ("revolt", "war"):
        have = state.players[p["seat"]].hand[COLOURS.index(p["commit_colour"])]
        return [f"commit {n}" for n in range(have + 1)]
    if kind == "war_order":
        return [WAR_MOVES[COLOURS.index(c)] for c in p["waiting"]]
    if kind == "monument":
        return [f"monument {pair} {block}" for block in p["blocks"] for pair in p["pairs"]] + ["decline"]
    return [TREASURE_MOVES[SQUARE_INDEX[sq]] for sq in p["choices"]]


def _kingdom_counts(regions: Regions, squares: list[int]) -> list[int]:
    """For each square, how many distinct kingdoms touch it (3 means three or more)."""
    label, leaders = regions.label, regions.leaders
    out = []
    for sq in squares:
        a = b = -1
        n = 0
        for nb in NEIGHBOURS[sq]:
            r = label[nb]
            if r >= 0 and r != a and r != b and leaders[r]:
                n += 1
                if a < 0:
                    a = r
                else:
                    b = r
        out.append(n)
    return out


def _action_moves(state: State) -> list[str]:
    seat = state.player
    player = state.players[seat]
    tile, leader, cat, down, river = state.tile, state.leader, state.cat, state.down, state.board.river
    empties = [sq for sq in range(NSQ) if tile[sq] == EMPTY and leader[sq] == EMPTY and not cat[sq]]
    regions = Regions(state)
    counts = _kingdom_counts(regions, empties)
    moves: list[str] = []

    tile_ok = [sq for sq, k in zip(empties, counts, strict=True) if k < 3]
    for colour in range(4):
        if player.hand[colour]:
            names = TILE_MOVES[colour]
            if colour == BLUE:
                moves.extend(names[sq] for sq in tile_ok if river[sq])
            else:
                moves.extend(names[sq] for sq in tile_ok if not river[sq])

    def beside_temple(sq: int) -> bool:
        return any(tile[nb] == 0 and not down[nb] for nb in NEIGHBOURS[sq])

    spots = [sq for sq in empties if not river[sq] and beside_temple(sq)]
    for colour in range(4):
        current = player.leaders[colour]
        names = LEADER_MOVES[colour]
        if current < 0:
            k = _kingdom_counts(regions, spots)
            moves.extend(names[sq] for sq, n in zip(spots, k, strict=True) if n < 2)
            continue
        # Judged with the leader lifted; its own square holds it, so it is never among the spots.
        lifted = Regions(state, exclude=current)
        k = _kingdom_counts(lifted, spots)
        moves.extend(names[sq] for sq, n in zip(spots, k, strict=True) if n < 2)
        moves.append(WITHDRAW_MOVES[colour])

    if player.catastrophes > 0:
        treasure = state.treasure
        moves.extend(CATASTROPHE_MOVES[sq] for sq in range(NSQ)
                     if not cat[sq] and leader[sq] == EMPTY and not treasure[sq] and not down[sq])

    hand = player.hand
    for combo in product(*(range(h + 1) for h in hand)):
        if 0 < sum(combo) <= 6:
            moves.append("swap " + " ".join(COLOURS[c] for c in range(4) for _ in range(combo[c])))
    moves.append("pass")
    return moves
