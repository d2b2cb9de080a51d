"""The position evaluation used by the medium and hard levels, from one seat's point of view.

Every player's colours get their points plus the expected worth of what they hold on the board
(leaders in kingdoms, monument income, treasure claims, tiles in hand); treasures then fill the
weakest colours, and the value weighs the weakest colour most, because only the minimum scores."""

from math import exp

from bench.baseline.regions import Regions
from bench.baseline.survey import survey
from engine.analysis import Facts as State
from engine.constants import BLACK, GREEN, MONUMENTS, RED
from engine.squares import NEIGHBOURS, NSQ
from engine.standings import totals_after_treasures

WEIGHTS = (1.0, 0.35, 0.15, 0.05)
# How much of a conflict that one tile or one leader could start is already counted now.
THREAT = 0.5


def _win_chance(margin: float) -> float:
    return 1.0 / (1.0 + exp(-0.9 * margin))


def reinforcements(state: State, seat: int, viewer: int, pool: list[int]) -> list[float]:
    """Tiles per colour a player can commit: exact for the viewer, expected from the pool for rivals."""
    p = state.players[seat]
    if seat == viewer:
        return [float(x) for x in p.hand]
    size = sum(p.hand)
    total = sum(pool) or 1
    return [size * pool[c] / total for c in range(4)]


def threats(state: State, viewer: int, regions: Regions, region_tiles: list[list[int]],
            values: list[list[float]]) -> None:
    """Add the expected result of the wars one tile could start and the revolts one leader could start."""
    tile, leader, cat, down, river = state.tile, state.leader, state.cat, state.down, state.board.river
    label, leaders = regions.label, regions.leaders
    pool = list(state.bag)
    for i, p in enumerate(state.players):
        if i != viewer:
            for c in range(4):
                pool[c] += p.hand[c]
    reinf = [reinforcements(state, i, viewer, pool) for i in range(state.n)]
    pairs: set[tuple[int, int]] = set()
    best_spot: dict[int, int] = {}  # kingdom -> most temples beside an empty land square touching it
    for sq in range(NSQ):
        if tile[sq] != -1 or leader[sq] != -1 or cat[sq]:
            continue
        ks = []
        for nb in NEIGHBOURS[sq]:
            r = label[nb]
            if r >= 0 and leaders[r] and r not in ks:
                ks.append(r)
        if not ks:
            continue
        if len(ks) == 2:
            pairs.add((min(ks), max(ks)))
        if len(ks) == 1 and not river[sq]:
            temples = sum(1 for nb in NEIGHBOURS[sq] if tile[nb] == RED and not down[nb])
            if temples > best_spot.get(ks[0], 0):
                best_spot[ks[0]] = temples
    for a, b in pairs:
        for code_a in leaders[a]:
            for code_b in leaders[b]:
                c = code_a % 4
                if code_b % 4 != c or code_a // 4 == code_b // 4:
                    continue
                i, j = code_a // 4, code_b // 4
                sa, sb = region_tiles[a][c], region_tiles[b][c]
                p_a = _win_chance(sa + reinf[i][c] - sb - reinf[j][c])
                values[i][c] += THREAT * (p_a * (1 + sb) - (1 - p_a) * 0.9)
                values[j][c] += THREAT * ((1 - p_a) * (1 + sa) - p_a * 0.9)
    for k, spot in best_spot.items():
        present = leaders[k]
        for code in present:
            owner, c = code // 4, code % 4
            support = sum(1 for nb in NEIGHBOURS[state.players[owner].leaders[c]] if tile[nb] == RED and not down[nb])
            for rival in range(state.n):
                if rival == owner or rival * 4 + c in present:
                    continue
                # Tie goes to the defender: half a tile in its favour.
                p_lose = _win_chance(spot + reinf[rival][RED] - support - reinf[owner][RED] - 0.5)
                values[owner][c] -= THREAT * p_lose * 0.9
                values[rival][RED] += THREAT * p_lose * 0.5


def colour_values(state: State, seat: int, regions: Regions, region_tiles: list[list[int]],
                  region_treasures: list[int]) -> tuple[list[float], float]:
    """One player's per-colour worth and wild (treasure) worth, points plus board potential."""
    p = state.players[seat]
    tile, down = state.tile, state.down
    values = [float(x) for x in p.points[:4]]
    wild = float(p.points[4])
    label = regions.label
    for colour, sq in enumerate(p.leaders):
        if sq < 0:
            continue
        rid = label[sq]
        counts = region_tiles[rid]
        support = sum(1 for nb in NEIGHBOURS[sq] if tile[nb] == RED and not down[nb])
        # A leader in a kingdom earns a point for each tile of its colour placed there later; the
        # tiles already there and the temples beside it are its strength in wars and revolts.
        values[colour] += 0.9 + 0.07 * min(counts[colour], 8) + 0.12 * min(support, 3)
        if colour == BLACK:
            # The king also scores the colours no leader in its kingdom claims.
            present = {code % 4 for code in regions.leaders[rid]}
            for c in range(3):
                if c not in present:
                    values[c] += 0.05 * min(counts[c], 6)
        if colour == GREEN and region_treasures[rid] >= 1:
            wild += 0.35 * region_treasures[rid]
    for m, at in state.monuments:
        rid = label[at]
        if rid < 0:
            continue
        for c in MONUMENTS[m]:
            if seat * 4 + c in regions.leaders[rid]:
                values[c] += 1.2
    for c in range(4):
        values[c] += 0.12 * p.hand[c]
    return values, wild + 0.25 * p.catastrophes


def player_value(values: list[float], wild: float) -> float:
    """Add the wild points to the weakest colours, then weigh the colours from the weakest up."""
    t = sorted(values)
    while wild > 0:
        step = min(1.0, wild)
        t[0] += step
        wild -= step
        t.sort()
    return sum(w * x for w, x in zip(WEIGHTS, t, strict=True))


def evaluate(state: State, seat: int) -> float:
    """How good the position is for the seat: its value against the best rival's (higher is better)."""
    if state.over:
        return final_value(state, seat)
    board = survey(state)
    regions, region_tiles, region_treasures = board.regions, board.colour_count, board.treasures
    parts = [colour_values(state, i, regions, region_tiles, region_treasures) for i in range(state.n)]
    threats(state, seat, regions, region_tiles, [v for v, _ in parts])
    vals = [player_value(v, w) for v, w in parts]
    others = [v for i, v in enumerate(vals) if i != seat]
    return vals[seat] - (0.5 * max(others) + 0.5 * sum(others) / len(others))


def final_value(state: State, seat: int) -> float:
    """A finished game: the place first, then the margin on the tie-broken scores."""
    keys = [sorted(totals_after_treasures(list(p.points))) for p in state.players]
    mine = keys[seat]
    place = 1 + sum(1 for k in keys if k > mine)
    best_other = max(k for i, k in enumerate(keys) if i != seat)
    # Rivals' points may be estimates: judge the result by a soft margin, not a hard win or loss.
    margin = (mine[0] - best_other[0]) + 0.3 * (mine[1] - best_other[1]) + (0.5 if place == 1 else 0.0)
    return 200.0 * (_win_chance(margin / (1.0 + 0.1 * max(1, mine[0])) * 1.5) - 0.5)
