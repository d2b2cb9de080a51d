"""Every legal move of the seat to move, as `Move` values (each its canonical notation)."""

from bisect import bisect_left
from functools import lru_cache
from itertools import product
from operator import itemgetter

from engine.constants import BLUE, COLOURS
from engine.move import (
    CATASTROPHE_MOVES,
    DECLINE,
    LEADER_MOVES,
    PASS,
    TILE_MOVES,
    TREASURE_MOVES,
    WAR_MOVES,
    WITHDRAW_MOVES,
    Move,
    commit_move,
    monument_move,
)
from engine.regions import Regions, regions_of
from engine.squares import COLS, NEIGHBOURS, NSQ, ROWS, SQUARE_INDEX
from engine.state import State

ALL = range(NSQ)


def legal_moves(state: State) -> list[Move]:
    """All legal moves now, canonical, without duplicates; empty once the game is over."""
    if state.over:
        return []
    p = state.pending
    if p is None:
        return _action_moves(state)
    kind = p["kind"]
    if kind in ("revolt", "war"):
        have = state.players[p["seat"]].hand[COLOURS.index(p["commit_colour"])]
        return [commit_move(n) for n in range(have + 1)]
    if kind == "war_order":
        return [WAR_MOVES[COLOURS.index(c)] for c in p["waiting"]]
    if kind == "monument":
        return [monument_move(pair, block) for block in p["blocks"] for pair in p["pairs"]] + [DECLINE]
    return [TREASURE_MOVES[SQUARE_INDEX[sq]] for sq in p["choices"]]


def _kingdoms_beside(regions: Regions, sq: int) -> int:
    """How many distinct kingdoms touch a square."""
    label, leaders = regions.label, regions.leaders
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
    return n


def _ring(sq: int) -> tuple[int, ...]:
    """The eight squares around sq clockwise from the one above (-1 off the board): orthogonal at even places."""
    r, c = divmod(sq, COLS)
    steps = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))
    return tuple((r + dr) * COLS + c + dc if 0 <= r + dr < ROWS and 0 <= c + dc < COLS else -1 for dr, dc in steps)


RING: tuple[tuple[int, ...], ...] = tuple(_ring(sq) for sq in range(NSQ))


def _stays_whole(label: list[int], sq: int, rid: int) -> bool:
    """Whether region rid surely stays in one piece without sq: its squares beside sq join up around sq
    through the eight squares about it (a path through sq can go round it instead)."""
    inside = [x >= 0 and label[x] == rid for x in RING[sq]]
    members = inside[0] + inside[2] + inside[4] + inside[6]
    if members <= 1:
        return True
    joins = sum(1 for i in (0, 2, 4, 6) if inside[i] and inside[i + 1] and inside[(i + 2) % 8])
    return members - joins <= 1 or joins == 4


def _spots_without(regions: Regions, touches: list[int], sq: int, state: State, spots: list[int],
                   alone: list[int], pairs: list[int]) -> list[int]:
    """The spots next to at most one kingdom once the leader on sq is lifted.

    `alone` are the spots next to at most one kingdom now, `pairs` those next to exactly two. Only the
    leader's region changes. When the rest of it stays in one piece, or holds no other leader, a spot's
    count of kingdoms can only fall, by that one: `alone` stays and some of `pairs` join it. Else the
    region is searched again."""
    label = regions.label
    rid = label[sq]
    still_kingdom = len(regions.leaders[rid]) >= 2
    # Alone in its kingdom, the leader leaves no kingdom behind, however the region falls apart.
    if still_kingdom and not _stays_whole(label, sq, rid):
        lifted = regions.lifted(sq, state.leader)
        near = set().union(*[NEIGHBOURS[x] for x in regions.squares[rid]])
        return [s for s in spots if (_kingdoms_beside(lifted, s) if s in near else touches[s]) < 2]
    freed = []
    for s in pairs:
        # It falls to one if the leader's kingdom is among the two and ends or no longer touches s.
        touching = elsewhere = False
        for nb in NEIGHBOURS[s]:
            if label[nb] == rid:
                touching = True
                elsewhere = elsewhere or nb != sq
        if touching and not (still_kingdom and elsewhere):
            freed.append(s)
    return sorted(alone + freed) if freed else alone


def _names(names: tuple[Move, ...], squares: list[int]) -> tuple[Move, ...]:
    """names[sq] for each square, in order (picked in C: these lists are long)."""
    if len(squares) > 1:
        picked: tuple[Move, ...] = itemgetter(*squares)(names)
        return picked
    return (names[squares[0]],) if squares else ()


@lru_cache(maxsize=4096)
def _swap_moves(hand: tuple[int, ...]) -> tuple[Move, ...]:
    """Every swap of 1 to 6 tiles a hand allows, in the order of the counts per colour."""
    out = []
    for combo in product(*(range(h + 1) for h in hand)):
        if 0 < sum(combo) <= 6:
            out.append(Move("swap", tiles=tuple(COLOURS[c] for c in range(4) for _ in range(combo[c]))))
    return tuple(out)


def _action_moves(state: State) -> list[Move]:
    seat = state.player
    player = state.players[seat]
    tile, cat, down = state.tile, state.cat, state.down
    regions = regions_of(state)
    land_free, water_free = regions.open_squares(cat)
    touches = regions.kingdom_touches()
    moves: list[Move] = []

    hand = player.hand
    if max(touches) >= 3:
        land = [sq for sq in land_free if touches[sq] < 3] if hand[0] or hand[2] or hand[3] else []
        water = [sq for sq in water_free if touches[sq] < 3] if hand[BLUE] else []
    else:
        land, water = land_free, water_free
    for colour in range(4):
        if hand[colour]:
            moves.extend(_names(TILE_MOVES[colour], water if colour == BLUE else land))

    beside_temple = regions.temples(tile, down)[1]
    spots = sorted(beside_temple.intersection(land_free))
    alone = [sq for sq in spots if touches[sq] < 2]
    pairs = [sq for sq in spots if touches[sq] == 2] if len(alone) < len(spots) else alone[:0]
    for colour in range(4):
        current = player.leaders[colour]
        names = LEADER_MOVES[colour]
        if current < 0:
            moves.extend(_names(names, alone))
            continue
        # Judged with the leader lifted; its own square holds it, so it is never among the spots.
        moves.extend(_names(names, _spots_without(regions, touches, current, state, spots, alone, pairs)))
        moves.append(WITHDRAW_MOVES[colour])

    if player.catastrophes > 0:
        # Every square but the few with a catastrophe, treasure, monument or leader: the names without the
        # first three are kept with the regions; the leaders' squares are cut out.
        unblocked = regions._unblocked
        treasure = state.treasure
        if unblocked is None or unblocked[0] is not cat or unblocked[1] is not treasure or unblocked[2] is not down:
            squares = [sq for sq in ALL if not (cat[sq] or treasure[sq] or down[sq])]
            unblocked = regions._unblocked = (cat, treasure, down, squares, list(_names(CATASTROPHE_MOVES, squares)))
        open_squares, open_names = unblocked[3], unblocked[4]
        start = 0
        for sq in sorted([sq for p in state.players for sq in p.leaders if sq >= 0]):
            at = bisect_left(open_squares, sq)
            if at < len(open_squares) and open_squares[at] == sq:
                moves.extend(open_names[start:at])
                start = at + 1
        moves.extend(open_names[start:])

    moves.extend(_swap_moves(tuple(hand)))
    moves.append(PASS)
    return moves
