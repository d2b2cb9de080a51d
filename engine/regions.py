"""Regions and kingdoms: groups of tiles and leaders connected orthogonally."""

from bisect import insort
from collections.abc import Sequence
from itertools import compress
from operator import ne

from engine.constants import COLOURS
from engine.move import Move
from engine.squares import NEIGHBOURS, NSQ, SQUARE_INDEX, SQUARE_NAMES
from engine.state import EMPTY, JSON, State


class Regions:
    """A labelling of the board: `label[sq]` is a region id or -1, with each region's squares and leaders.

    Regions are numbered in the order of their first square and searched breadth first, so every
    list comes out in one fixed order. Treat an instance as read-only: `regions_of` shares it."""

    __slots__ = ("_lifts", "_open", "_river", "_temples", "_touches", "_unblocked", "label", "leaders", "squares")

    def __init__(self, state: State, exclude: int = -1) -> None:
        tile, leader = state.tile, state.leader
        label = [-1] * NSQ
        occupied = [sq for sq, t, code in zip(range(NSQ), tile, leader, strict=True)
                    if (t != EMPTY or code != EMPTY) and sq != exclude]
        if exclude >= 0:
            label[exclude] = -2  # never entered; reset below
        for sq in occupied:
            label[sq] = -3  # occupied, not yet reached
        squares: list[list[int]] = []
        leaders: list[list[int]] = []
        for start in occupied:
            if label[start] != -3:
                continue
            rid = len(squares)
            label[start] = rid
            members = [start]
            found = []
            for sq in members:  # the list grows while it is walked: breadth first
                code = leader[sq]
                if code != EMPTY:
                    found.append(code)
                for nb in NEIGHBOURS[sq]:
                    if label[nb] == -3:
                        label[nb] = rid
                        members.append(nb)
            squares.append(members)
            leaders.append(found)
        if exclude >= 0:
            label[exclude] = -1
        self.label = label
        self.squares = squares
        self.leaders = leaders
        self._touches: list[int] | None = None
        self._river = state.board.river
        self._open: tuple[list[bool], list[int], list[int]] | None = None  # (cat, land, water)
        self._temples: tuple[list[bool], list[int], set[int]] | None = None  # (down, temples, beside them)
        self._lifts: dict[int, Regions] | None = None
        # For engine.legal: the catastrophe moves' squares and names once catastrophes, treasures and
        # monuments are left out, with the three lists they were read from (pieces coming and going leave
        # them as they are).
        self._unblocked: tuple[list[bool], list[bool], list[bool], list[int], list[Move]] | None = None

    def adjacent_regions(self, sq: int) -> set[int]:
        """Ids of the regions touching a square."""
        label = self.label
        return {label[nb] for nb in NEIGHBOURS[sq] if label[nb] != -1}

    def adjacent_kingdoms(self, sq: int) -> list[int]:
        """Ids of the kingdoms (regions with a leader) touching a square."""
        return [r for r in self.adjacent_regions(sq) if self.leaders[r]]

    def kingdom_touches(self) -> list[int]:
        """For every square, how many distinct kingdoms have a square orthogonally next to it (kept: read only)."""
        if self._touches is not None:
            return self._touches
        count = [0] * NSQ
        mark = [-1] * NSQ
        for rid, members in enumerate(self.squares):
            if self.leaders[rid]:
                for x in members:
                    for nb in NEIGHBOURS[x]:
                        if mark[nb] != rid:
                            mark[nb] = rid
                            count[nb] += 1
        self._touches = count
        return count

    def free(self) -> list[int]:
        """The squares in no region, ascending: empty, or holding only a catastrophe."""
        return [sq for sq, rid in enumerate(self.label) if rid < 0]

    def open_squares(self, cat: list[bool]) -> tuple[list[int], list[int]]:
        """The empty squares (in no region, no catastrophe on them), land and river apart, each ascending.

        Kept up to date as pieces come and go while `cat` is the same list (the engine replaces the
        state's list when a catastrophe lands): read only."""
        known = self._open
        if known is not None and known[0] is cat:
            return known[1], known[2]
        river = self._river
        free = [sq for sq, rid in enumerate(self.label) if rid < 0 and not cat[sq]]
        land, water = [sq for sq in free if not river[sq]], [sq for sq in free if river[sq]]
        self._open = (cat, land, water)
        return land, water

    def temples(self, tile: list[int], down: list[bool]) -> tuple[list[int], set[int]]:
        """The face-up temples (ascending) and the squares beside them, for the board these regions label.

        Kept up to date as tiles and leaders come and go while `down` is the same list (the engine replaces
        the state's list when a monument is built): read only."""
        known = self._temples
        if known is not None and known[0] is down:
            return known[1], known[2]
        temples = [sq for sq in squares_holding(tile, 0) if not down[sq]]
        beside: set[int] = set().union(*[NEIGHBOURS[sq] for sq in temples])
        self._temples = (down, temples, beside)
        return temples, beside

    def lifted(self, sq: int, leader: Sequence[int]) -> "Regions":
        """The regions as they would be with the occupied square `sq` emptied (a leader lifted).

        Only the region that held sq is searched again; the pieces it falls into get new ids after
        the others (its own id keeps an empty list), so ids differ from a fresh labelling's. The answer
        is kept (read only): legal moves, the move itself and the next labelling ask for the same one."""
        lifts = self._lifts
        if lifts is None:
            lifts = self._lifts = {}
        else:
            known = lifts.get(sq)
            if known is not None:
                return known
        rid = self.label[sq]
        out = Regions.__new__(Regions)
        label = self.label[:]
        squares = self.squares[:]
        leaders = self.leaders[:]
        squares[rid] = []
        leaders[rid] = []
        label[sq] = -1
        members_of = self.squares[rid]
        for x in members_of:
            if x != sq:
                label[x] = -3
        for start in members_of:
            if label[start] != -3:
                continue
            piece = len(squares)
            label[start] = piece
            members = [start]
            found = []
            for x in members:
                if leader[x] != EMPTY:
                    found.append(leader[x])
                for nb in NEIGHBOURS[x]:
                    if label[nb] == -3:
                        label[nb] = piece
                        members.append(nb)
            squares.append(members)
            leaders.append(found)
        out.label, out.squares, out.leaders = label, squares, leaders
        out._touches = None
        out._river = river = self._river
        out._lifts = None
        out._open = None
        if self._open is not None:
            cat, land, water = self._open
            if river[sq]:
                water = water[:]
                insort(water, sq)
            else:
                land = land[:]
                insort(land, sq)
            out._open = (cat, land, water)
        temples = self._temples
        out._temples = temples if temples is not None and sq not in temples[1] else None
        out._unblocked = self._unblocked
        if self._touches is not None:
            out._touches = _touches_lifted(self, self._touches, sq, out)
        lifts[sq] = out
        return out


def _touches_lifted(regions: Regions, touches: list[int], sq: int, lifted: Regions) -> list[int] | None:
    """Kingdom counts beside each square once sq is emptied (`lifted`: the regions then), when its region
    was no kingdom, stops being one or stays one piece; None when it must be counted afresh."""
    rid = regions.label[sq]
    if not regions.leaders[rid]:
        return touches  # no kingdom changed (shared, read only)
    pieces = range(len(regions.squares), len(lifted.squares))
    kingdoms = [piece for piece in pieces if lifted.leaders[piece]]
    if not kingdoms:
        # The kingdom is gone: every square beside it is beside one kingdom fewer.
        count = touches[:]
        for y in set().union(*[NEIGHBOURS[x] for x in regions.squares[rid]]):
            count[y] -= 1
        return count
    if len(pieces) > 1:
        return None
    # The kingdom lost sq alone: squares beside sq and beside none of its other squares lose it.
    piece, label = kingdoms[0], lifted.label
    count = touches[:]
    for y in NEIGHBOURS[sq]:
        for z in NEIGHBOURS[y]:
            if label[z] == piece:
                break
        else:
            count[y] -= 1
    return count


def _added(regions: Regions, sq: int, code: int, colour: int = EMPTY) -> Regions:
    """The regions after a tile (its colour) or leader (code) lands on the empty square sq.

    The regions it touches merge into the lowest-numbered one; the others keep their ids, empty."""
    label = regions.label[:]
    squares = regions.squares[:]
    leaders = regions.leaders[:]
    touching = sorted({label[nb] for nb in NEIGHBOURS[sq] if label[nb] >= 0})
    if not touching:
        label[sq] = len(squares)
        squares.append([sq])
        leaders.append([code] if code != EMPTY else [])
    else:
        target = touching[0]
        members = squares[target] + [sq]
        found = leaders[target][:]
        for rid in touching[1:]:
            for x in squares[rid]:
                label[x] = target
            members.extend(squares[rid])
            found.extend(leaders[rid])
            squares[rid] = []
            leaders[rid] = []
        if code != EMPTY:
            found.append(code)
        label[sq] = target
        squares[target] = members
        leaders[target] = found
    out = Regions.__new__(Regions)
    out.label, out.squares, out.leaders = label, squares, leaders
    out._lifts = None
    out._touches = None if regions._touches is None else _touches_after(regions, regions._touches, sq, code, touching)
    out._river = river = regions._river
    out._open = None
    # Copies of a game share this labelling, so the open squares kept may be another copy's, whose catastrophe
    # covers sq: they are for that copy's `cat` only (open_squares checks), and are dropped rather than updated.
    if regions._open is not None and sq in regions._open[2 if river[sq] else 1]:
        cat, land, water = regions._open
        if river[sq]:
            water = water[:]
            water.remove(sq)
        else:
            land = land[:]
            land.remove(sq)
        out._open = (cat, land, water)
    temples = regions._temples
    if temples is not None and colour == 0:  # a new temple (face up: it was just placed)
        down, near, beside = temples
        near = near[:]
        insort(near, sq)
        temples = (down, near, beside.union(NEIGHBOURS[sq]))
    out._temples = temples
    out._unblocked = regions._unblocked
    return out


def _touches_after(regions: Regions, touches: list[int], sq: int, code: int, touching: list[int]) -> list[int] | None:
    """Kingdom counts beside each square once a piece lands on sq joining the regions `touching` (ids in
    `regions`, before), when at most one kingdom changes; None when it must be counted afresh."""
    old = regions.label
    kingdoms = [rid for rid in touching if regions.leaders[rid]]
    if len(kingdoms) > 1:
        return None
    joined = [sq]
    for rid in touching:
        if not regions.leaders[rid]:
            joined.extend(regions.squares[rid])
    if kingdoms:
        # One kingdom grows by the piece and the leaderless regions it joins: squares beside those that
        # were not beside the kingdom before are beside one more kingdom.
        kingdom = kingdoms[0]
        count = touches[:]
        for y in set().union(*[NEIGHBOURS[x] for x in joined]):
            for z in NEIGHBOURS[y]:
                if old[z] == kingdom:
                    break
            else:
                count[y] += 1
        return count
    if code == EMPTY:
        return touches  # no kingdom changed: the counts are the same (shared, read only)
    # A leader makes a new kingdom of the regions it joins.
    count = touches[:]
    for y in set().union(*[NEIGHBOURS[x] for x in joined]):
        count[y] += 1
    return count


def squares_holding(values: Sequence[object], value: object) -> list[int]:
    """The squares where values[sq] == value, ascending (found by list.index: quick when they are few)."""
    out = []
    sq = -1
    try:
        while True:
            sq = values.index(value, sq + 1)
            out.append(sq)
    except ValueError:
        return out


MOST_IDS = 100  # updates leave emptied ids behind: past this many, label afresh


def _changes(old: list[int], new: list[int], last: object) -> tuple[list[int], list[int]]:
    """The squares where `old` and `new` differ, ascending, and a copy of `new`. The squares the last action
    touched (`last`, as a state keeps it) are tried first: they are usually all that changed, and checking
    that costs much less than comparing every square."""
    squares = last.get("squares") if type(last) is dict else None
    if type(squares) is list:
        guess = old[:]
        hinted = set()
        for name in squares:
            sq = SQUARE_INDEX.get(name) if type(name) is str else None
            if sq is not None:
                guess[sq] = new[sq]
                hinted.add(sq)
        if guess == new:
            return sorted(sq for sq in hinted if old[sq] != new[sq]), guess
    return list(compress(range(NSQ), map(ne, old, new))), new[:]


def regions_of(state: State) -> Regions:
    """The state's regions, labelled again only when a tile or leader changed since the last call.

    When one piece landed, a leader moved or a leader left since then (the common steps of a game), the
    last labelling is updated instead: regions merge, and a lifted piece's region alone is searched again."""
    cache = state.regions_cache
    tile, leader = state.tile, state.leader
    if cache is not None:
        old_tile, old_leader = cache[0], cache[1]
        regions: Regions = cache[2]
        same_tiles = old_tile == tile
        if same_tiles and old_leader == leader:
            return regions
        if same_tiles:
            changed, now = _changes(old_leader, leader, state.last)
            if len(changed) <= 2 and len(regions.squares) < MOST_IDS:
                # Leaders only came to or left squares without tiles (a leader's square never holds one).
                came = [sq for sq in changed if leader[sq] != EMPTY and tile[sq] == EMPTY and old_leader[sq] == EMPTY]
                gone = [sq for sq in changed if leader[sq] == EMPTY and tile[sq] == EMPTY]
                if len(came) + len(gone) == len(changed) and len(came) <= 1:
                    for sq in gone:
                        regions = regions.lifted(sq, leader)
                    for sq in came:
                        regions = _added(regions, sq, leader[sq])
                    state.regions_cache = (old_tile, now, regions)  # the old copy of the tiles still holds
                    return regions
        elif old_leader == leader:
            changed, now = _changes(old_tile, tile, state.last)
            sq = changed[0]
            if len(changed) == 1 and old_tile[sq] == EMPTY and leader[sq] == EMPTY:
                regions = _added(regions, sq, EMPTY, tile[sq])
                state.regions_cache = (now, old_leader, regions)
                return regions
    regions = Regions(state)
    state.regions_cache = (tile[:], leader[:], regions)
    return regions


def kingdoms(state: State) -> list[JSON]:
    """The public board's kingdoms (regions holding a leader): their squares, and each leader's owner and strength
    there, counted as a war counts it (face-up tiles of the leader's colour in the kingdom). While a war is being
    decided two leaders of one colour share a kingdom: the first one found is listed, the decision shows both."""
    regions = regions_of(state)
    tile, down = state.tile, state.down
    out: list[JSON] = []
    for squares, codes in zip(regions.squares, regions.leaders, strict=True):
        if not codes:
            continue
        leaders: JSON = {}
        for code in codes:
            colour = code % 4
            strength = sum(1 for sq in squares if tile[sq] == colour and not down[sq])
            leaders.setdefault(COLOURS[colour], {"seat": code // 4, "strength": strength})
        out.append({"squares": [SQUARE_NAMES[sq] for sq in sorted(squares)], "leaders": leaders})
    return out
