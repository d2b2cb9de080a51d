"""What the evaluation measures of each player in a position: points, and what the board promises.

Every feature is a number per player; the evaluation weighs them with weights fitted to the outcomes
of self-play games (engine/ai/weights.py, written by bench/fit_eval.py). Potential (leaders in
kingdoms, monument income, catastrophes in hand) is scaled by how much of the game is left, so that
points count for more as the end comes into sight."""

from dataclasses import dataclass
from math import exp

from engine.analysis import EMPTY, Facts, Regions
from engine.constants import BLACK, GREEN, MONUMENTS, RED, TOTAL_TILES
from engine.squares import NEIGHBOURS
from engine.standings import totals_after_treasures

FEATURES: tuple[str, ...] = (
    "lowest",  # the lowest colour total after treasures: the score if the game ended now
    "second",  # the second lowest (the first tie-break, and next in line to be the lowest)
    "upper",  # the mean of the two highest totals
    "weak_leaders",  # leaders on the board in the two weakest colours, times the game left
    "strong_leaders",  # leaders on the board in the two strongest colours, times the game left
    "kingdom_tiles",  # own-colour tiles beside each leader's kingdom (war strength), times the game left
    "temple_support",  # temples next to each leader (revolt strength), times the game left
    "king_reach",  # colours the king scores for want of their own leader, times the game left
    "monument_income",  # monument colours with the player's leader in the monument's kingdom, times the game left
    "treasure_reach",  # treasures in the trader's kingdom
    "red_in_hand",  # red tiles in hand: revolt reinforcements
    "war_tiles_in_hand",  # tiles in hand of the colours of the player's leaders on the board
    "catastrophes",  # catastrophe tiles left, times the game left
    "conflicts",  # the expected result of the wars and revolts one move could start, in points
)
N_FEATURES = len(FEATURES)


@dataclass(frozen=True, slots=True)
class Survey:
    """Per-region facts for one position, computed once for every player's features."""

    regions: Regions
    colours: list[list[int]]  # region -> face-up tiles per colour
    treasures: list[int]  # region -> treasures in it
    left: float  # the part of the game still to come, 1 at the start and 0 at the end


def game_left(f: Facts) -> float:
    """How much of the game is still to come: the lesser of the bag's and the treasures' fill."""
    temples = len(f.board.temples)
    start = TOTAL_TILES - temples - 6 * f.n
    by_bag = sum(f.bag) / start if start > 0 else 0.0
    by_treasure = (sum(f.treasure) - 2) / max(1, temples - 2)
    return max(0.0, min(1.0, by_bag, by_treasure))


def survey(f: Facts, regions: Regions) -> Survey:
    tile, down, treasure = f.tile, f.down, f.treasure
    colours, treasures = [], []
    for members in regions.squares:
        cc = [0, 0, 0, 0]
        t = 0
        for sq in members:
            c = tile[sq]
            if c != EMPTY and not down[sq]:
                cc[c] += 1
            if treasure[sq]:
                t += 1
        colours.append(cc)
        treasures.append(t)
    return Survey(regions, colours, treasures, game_left(f))


def _win_chance(margin: float) -> float:
    return 1.0 / (1.0 + exp(-0.9 * margin))


def conflicts(f: Facts, s: Survey, viewer: int) -> list[float]:
    """Per player, the expected points won or lost in the wars one tile could start and the revolts one
    leader could start. The viewer's hand is known; rivals' reinforcements are expected from the unseen
    tiles."""
    tile, cat, down, river = f.tile, f.cat, f.down, f.board.river
    label, leaders = s.regions.label, s.regions.leaders
    unseen = list(f.bag)
    for i, p in enumerate(f.players):
        if i != viewer:
            for c in range(4):
                unseen[c] += p.hand[c]
    total = sum(unseen) or 1
    reinf = []
    for i, p in enumerate(f.players):
        if i == viewer:
            reinf.append([float(x) for x in p.hand])
        else:
            size = sum(p.hand)
            reinf.append([size * unseen[c] / total for c in range(4)])
    out = [0.0] * f.n
    # Empty squares next to a kingdom, with the first two kingdoms met (square -> [a, b]).
    touched: dict[int, list[int]] = {}
    for rid, members in enumerate(s.regions.squares):
        if not leaders[rid]:
            continue
        for x in members:
            for sq in NEIGHBOURS[x]:
                if label[sq] < 0 and not cat[sq]:
                    seen = touched.get(sq)
                    if seen is None:
                        touched[sq] = [rid]
                    elif rid not in seen:
                        seen.append(rid)
    pairs: set[tuple[int, int]] = set()
    best_spot: dict[int, int] = {}  # kingdom -> most temples beside an empty land square touching it
    for sq, ks in touched.items():
        if len(ks) >= 2:
            pairs.add((min(ks[0], ks[1]), max(ks[0], ks[1])))
        elif not river[sq]:
            temples = sum(1 for nb in NEIGHBOURS[sq] if tile[nb] == RED and not down[nb])
            if temples > best_spot.get(ks[0], 0):
                best_spot[ks[0]] = temples
    colours = s.colours
    for a, b in pairs:
        for code_a in leaders[a]:
            for code_b in leaders[b]:
                c = code_a % 4
                if code_b % 4 != c or code_a // 4 == code_b // 4:
                    continue
                i, j = code_a // 4, code_b // 4
                sa, sb = colours[a][c], colours[b][c]
                p_a = _win_chance(sa + reinf[i][c] - sb - reinf[j][c])
                out[i] += p_a * (1 + sb) - (1 - p_a) * (1 + sa)
                out[j] += (1 - p_a) * (1 + sa) - p_a * (1 + sb)
    for k, spot in best_spot.items():
        present = leaders[k]
        for code in present:
            owner, c = code // 4, code % 4
            support = sum(1 for nb in NEIGHBOURS[f.players[owner].leaders[c]] if tile[nb] == RED and not down[nb])
            for rival in range(f.n):
                if rival == owner or rival * 4 + c in present:
                    continue
                # A tie goes to the defender: half a tile in its favour.
                p_lose = _win_chance(spot + reinf[rival][RED] - support - reinf[owner][RED] - 0.5)
                out[owner] -= p_lose
                out[rival] += p_lose * 0.5
    return out


def player_features(f: Facts, s: Survey, seat: int, conflict: float) -> list[float]:
    """The feature vector of one player (in FEATURES order)."""
    p = f.players[seat]
    tile, down = f.tile, f.down
    label, leaders = s.regions.label, s.regions.leaders
    left = s.left
    totals = totals_after_treasures(list(p.points))
    order = sorted(range(4), key=lambda c: (totals[c], c))
    rank = [0] * 4
    for i, c in enumerate(order):
        rank[c] = i
    ordered = [totals[c] for c in order]
    weak = strong = kingdom = support = king = treasure = 0.0
    war_colours = set()
    for colour, sq in enumerate(p.leaders):
        if sq < 0:
            continue
        war_colours.add(colour)
        if rank[colour] < 2:
            weak += 1
        else:
            strong += 1
        rid = label[sq]
        kingdom += min(s.colours[rid][colour], 8)
        support += min(sum(1 for nb in NEIGHBOURS[sq] if tile[nb] == RED and not down[nb]), 3)
        if colour == BLACK:
            present = {code % 4 for code in leaders[rid]}
            king += sum(1 for c in range(3) if c not in present)
        if colour == GREEN:
            treasure += min(s.treasures[rid], 3)
    monument = 0
    for m, at in f.monuments:
        rid = label[at]
        if rid >= 0:
            for c in MONUMENTS[m]:
                if seat * 4 + c in leaders[rid]:
                    monument += 1
    hand = p.hand
    return [
        float(ordered[0]), float(ordered[1]), (ordered[2] + ordered[3]) / 2,
        weak * left, strong * left, kingdom * left, support * left, king * left, monument * left,
        treasure, float(min(hand[RED], 4)), float(min(sum(hand[c] for c in war_colours), 6)),
        p.catastrophes * left, conflict,
    ]


def all_features(f: Facts, regions: Regions, viewer: int) -> list[list[float]]:
    """Every player's feature vector, the conflicts judged with what the viewer knows."""
    s = survey(f, regions)
    threat = conflicts(f, s, viewer)
    return [player_features(f, s, i, threat[i]) for i in range(f.n)]
