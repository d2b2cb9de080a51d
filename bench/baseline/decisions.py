"""Decisions inside an action, shared by every level: reinforcements, war order, monuments, treasures."""

from math import comb

from bench.baseline.regions import Regions
from engine.analysis import Facts as State
from engine.constants import COLOURS, MONUMENT_NAMES, MONUMENTS, RED
from engine.squares import NEIGHBOURS, SQUARE_INDEX, block_squares

# A tile kept in hand is worth roughly half a future point (or a later reinforcement).
TILE_COST = 0.45
LEADER_VALUE = 1.5


def hidden_pool(state: State, seat: int) -> list[int]:
    """Tiles per colour the seat cannot see, judged inside a (possibly sampled) full state."""
    pool = list(state.bag)
    for i, p in enumerate(state.players):
        if i != seat:
            for c in range(4):
                pool[c] += p.hand[c] + p.swapped[c]
    return pool


def count_distribution(pool: list[int], colour: int, hand_size: int) -> list[float]:
    """P(an unseen hand of hand_size holds k tiles of colour), k = 0..hand_size (hypergeometric)."""
    total = sum(pool)
    good = pool[colour]
    h = min(hand_size, total)
    if h <= 0:
        return [1.0]
    denom = comb(total, h)
    return [comb(good, k) * comb(total - good, h - k) / denom for k in range(h + 1)]


def conflict_stake(p: dict, seat: int) -> float:
    """How much winning rather than losing this conflict is worth to the seat, in points."""
    mine = "attacker" if seat == p["attacker"] else "defender"
    theirs = "defender" if mine == "attacker" else "attacker"
    if p["kind"] == "revolt":
        return 2.0 + LEADER_VALUE
    # A war's winner scores the leader and the loser's tiles; the loser's tiles leave the board.
    return (1 + p["strength"][theirs]) + 0.8 * (1 + p["strength"][mine]) + LEADER_VALUE


def commit_count(state: State, pool: list[int]) -> int:
    """Reinforcements for the pending revolt or war: the fewest that win when the outcome is sure,
    none when a loss is sure, else the count with the best expected value against the unseen hand."""
    p = state.pending
    seat = p["seat"]
    colour = COLOURS.index(p["commit_colour"])
    have = state.players[seat].hand[colour]
    a, d = p["strength"]["attacker"], p["strength"]["defender"]
    stake = conflict_stake(p, seat)
    if p["attacker_commit"] is not None:  # defending: the attacker's total is known, a tie holds
        need = a + p["attacker_commit"] - d
        if need <= 0 or need > have or need * TILE_COST >= stake:
            return 0
        return need
    defender = p["defender"]
    dist = count_distribution(pool, colour, sum(state.players[defender].hand))
    best, best_ev = 0, -1e9
    for x in range(have + 1):
        margin = a + x - d  # the defender holds with margin or more tiles
        p_win = sum(dist[:max(0, margin)]) if margin > 0 else 0.0
        ev = p_win * stake - x * TILE_COST
        if ev > best_ev + 1e-9:
            best, best_ev = x, ev
        if margin >= len(dist):  # sure win already: more would be waste
            break
    return best


def war_order_choice(state: State) -> str:
    """Fight first the war the active player is most sure to win (ties: the given order)."""
    p = state.pending
    seat = p["seat"]
    marker = SQUARE_INDEX[p["marker"]]
    regions = Regions(state, exclude=marker)
    best, best_score = p["waiting"][0], -1e9
    for name in p["waiting"]:
        colour = COLOURS.index(name)
        mine = state.players[seat].leaders[colour]
        if mine < 0 or regions.label[mine] < 0:
            score = 0.0
        else:
            rid = regions.label[mine]
            own = sum(1 for sq in regions.squares[rid] if state.tile[sq] == colour and not state.down[sq])
            score = own + state.players[seat].hand[colour]
        if score > best_score:
            best, best_score = name, score
    return f"war {best}"


def monument_score(state: State, seat: int, monument: int, top_left: int) -> float:
    """Value of building that monument there for the seat: income from its leaders, minus harm done."""
    regions = Regions(state)
    rid = regions.label[top_left]
    here = regions.leaders[rid] if rid >= 0 else []
    score = 0.0
    for colour in MONUMENTS[monument]:
        for code in here:
            if code % 4 == colour:
                score += 1.2 if code // 4 == seat else -0.8
    squares = block_squares(top_left)
    if state.tile[top_left] == RED:
        # Face-down temples support nobody: count own leaders that would lose their last temple.
        flipped = set(squares)
        for colour, sq in enumerate(state.players[seat].leaders):
            if sq < 0:
                continue
            support = [nb for nb in NEIGHBOURS[sq] if state.tile[nb] == RED and not state.down[nb]]
            if support and all(nb in flipped for nb in support):
                score -= 2.5 + (0.5 if colour == RED else 0.0)
    return score


def monument_choice(state: State) -> str:
    p = state.pending
    best, best_score = "decline", -0.3
    for block in p["blocks"]:
        for pair in p["pairs"]:
            s = monument_score(state, p["seat"], MONUMENT_NAMES.index(pair), SQUARE_INDEX[block])
            if s > best_score:
                best, best_score = f"monument {pair} {block}", s
    return best


def treasure_choice(state: State) -> str:
    """Every treasure is worth the same; take them in the listed order."""
    return f"treasure {state.pending['choices'][0]}"


def decide(state: State, pool: list[int]) -> str:
    """The move for the pending decision (state.pending must be set)."""
    kind = state.pending["kind"]
    if kind in ("revolt", "war"):
        return f"commit {commit_count(state, pool)}"
    if kind == "war_order":
        return war_order_choice(state)
    if kind == "monument":
        return monument_choice(state)
    return treasure_choice(state)
