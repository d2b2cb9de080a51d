"""Revolts and wars: who fights, their strengths, commitments and the outcome."""

from engine.constants import COLOURS, RED
from engine.events import event, plural, who
from engine.regions import Regions, regions_of
from engine.squares import NEIGHBOURS, SQUARE_INDEX, SQUARE_NAMES
from engine.state import EMPTY, JSON, State, decision, touched


def temple_strength(state: State, sq: int) -> int:
    """A revolt's base strength: face-up red temples next to the leader."""
    tile, down = state.tile, state.down
    return sum(1 for nb in NEIGHBOURS[sq] if tile[nb] == RED and not down[nb])


def start_revolt(state: State, attacker: int, defender: int, colour: int, events: list[JSON]) -> None:
    a_sq = state.players[attacker].leaders[colour]
    d_sq = state.players[defender].leaders[colour]
    state.pending = {
        "kind": "revolt", "seat": attacker, "colour": COLOURS[colour], "commit_colour": "red",
        "attacker": attacker, "defender": defender, "attacker_commit": None,
        "strength": {"attacker": temple_strength(state, a_sq), "defender": temple_strength(state, d_sq)},
    }
    strength = state.pending["strength"]
    events.append(event(
        "revolt",
        f"Revolt! {who(state, attacker)}'s {COLOURS[colour]} leader on {SQUARE_NAMES[a_sq]} challenges "
        f"{who(state, defender)}'s on {SQUARE_NAMES[d_sq]}: {who(state, attacker)} attacks with "
        f"{strength['attacker']}, {who(state, defender)} defends with {strength['defender']}.",
        colour=COLOURS[colour], attacker=attacker, defender=defender,
        attacker_square=SQUARE_NAMES[a_sq], defender_square=SQUARE_NAMES[d_sq],
        strength=dict(state.pending["strength"]),
    ))


def war_owners(regions: Regions, marker: int, colour: int) -> list[int]:
    """Owners of the leaders of a colour in the regions touching the unification marker (labelled without it)."""
    owners: list[int] = []
    for rid in regions.adjacent_regions(marker):
        owners.extend(code // 4 for code in regions.leaders[rid] if code % 4 == colour)
    return owners


def war_strength(state: State, regions: Regions, seat: int, colour: int) -> int:
    """Face-up tiles of the war's colour in that leader's original kingdom."""
    tile, down = state.tile, state.down
    rid = regions.label[state.players[seat].leaders[colour]]
    return sum(1 for sq in regions.squares[rid] if tile[sq] == colour and not down[sq])


def start_war(state: State, ctx: JSON, colour: int, events: list[JSON], regions: Regions | None = None) -> None:
    """Open the war of one colour; `regions`, when given, is the board labelled without the marker."""
    marker = SQUARE_INDEX[ctx["marker"]]
    if regions is None:
        regions = regions_of(state).lifted(marker, state.leader)
    owners = war_owners(regions, marker, colour)
    active = state.player
    attacker = active if active in owners else min(owners, key=lambda s: (s - active) % state.n)
    defender = owners[0] if owners[1] == attacker else owners[1]
    strength = {"attacker": war_strength(state, regions, attacker, colour),
                "defender": war_strength(state, regions, defender, colour)}
    ctx["waiting"] = [c for c in ctx["waiting"] if c != COLOURS[colour]]
    state.pending = {
        "kind": "war", "seat": attacker, "colour": COLOURS[colour], "commit_colour": COLOURS[colour],
        "attacker": attacker, "defender": defender, "attacker_commit": None, "strength": strength, **ctx,
    }
    events.append(event(
        "war",
        f"War over the {COLOURS[colour]} leaders: {who(state, attacker)} attacks with {strength['attacker']}, "
        f"{who(state, defender)} defends with {strength['defender']}.",
        colour=COLOURS[colour], attacker=attacker, defender=defender, strength=dict(strength),
        marker=ctx["marker"],
    ))


def commit(state: State, count: int, events: list[JSON]) -> bool:
    """Record the deciding side's reinforcements; returns True once both sides have committed."""
    p = decision(state)
    seat = p["seat"]
    colour = COLOURS.index(p["commit_colour"])
    state.players[seat].hand[colour] -= count
    state.removed[colour] += count
    side = "attacker" if p["attacker_commit"] is None else "defender"
    events.append(event(
        "commit", f"{who(state, seat)} commits {plural(count, p['commit_colour'] + ' tile')}.",
        seat=seat, count=count, colour=p["commit_colour"], side=side,
    ))
    if side == "attacker":
        p["attacker_commit"] = count
        p["seat"] = p["defender"]
        return False
    p["defender_commit"] = count
    return True


def _winner(p: JSON) -> tuple[int, int, int, int]:
    a_total = p["strength"]["attacker"] + p["attacker_commit"]
    d_total = p["strength"]["defender"] + p["defender_commit"]
    if a_total > d_total:
        return p["attacker"], p["defender"], a_total, d_total
    return p["defender"], p["attacker"], d_total, a_total


def _score(w_total: int, l_total: int) -> str:
    """The final strengths in words; a tie says why the defender won."""
    return f"{w_total} to {l_total}" + (" (a tie goes to the defender)" if w_total == l_total else "")


def resolve_revolt(state: State, events: list[JSON]) -> None:
    p = decision(state)
    colour = COLOURS.index(p["colour"])
    winner, loser, w_total, l_total = _winner(p)
    sq = state.lift_leader(loser, colour)
    state.players[winner].points[RED] += 1
    touched(state).append(SQUARE_NAMES[sq])
    events.append(event(
        "revolt_won",
        f"{who(state, winner)} wins the {p['colour']} revolt {_score(w_total, l_total)}; {who(state, loser)}'s "
        f"{p['colour']} leader on {SQUARE_NAMES[sq]} goes home.",
        colour=p["colour"], winner=winner, loser=loser, totals=[w_total, l_total], square=SQUARE_NAMES[sq],
    ))
    events.append(event("point", f"{who(state, winner)} scores 1 red point.", seat=winner, colour="red",
                        count=1, reason="revolt"))


def resolve_war(state: State, events: list[JSON]) -> None:
    p = decision(state)
    colour = COLOURS.index(p["colour"])
    winner, loser, w_total, l_total = _winner(p)
    marker = SQUARE_INDEX[p["marker"]]
    regions = regions_of(state).lifted(marker, state.leader)
    loser_sq = state.players[loser].leaders[colour]
    tile, down, leader, treasure = state.tile, state.down, state.leader, state.treasure
    removed = []
    for sq in regions.squares[regions.label[loser_sq]]:
        if tile[sq] != colour or down[sq]:
            continue
        if colour == RED and (treasure[sq] or any(
                leader[nb] != EMPTY and nb != loser_sq for nb in NEIGHBOURS[sq])):
            continue
        removed.append(sq)
    for sq in removed:
        tile[sq] = EMPTY
    state.removed[colour] += len(removed)
    state.lift_leader(loser, colour)
    gained = 1 + len(removed)
    state.players[winner].points[colour] += gained
    names = sorted(SQUARE_NAMES[sq] for sq in removed)
    touched(state).extend([SQUARE_NAMES[loser_sq], *names])
    events.append(event(
        "war_won",
        f"{who(state, winner)} wins the {p['colour']} war {_score(w_total, l_total)}; {who(state, loser)}'s "
        f"{p['colour']} leader on {SQUARE_NAMES[loser_sq]} goes home"
        + (f"; {plural(len(removed), p['colour'] + ' tile')} removed." if removed else "."),
        colour=p["colour"], winner=winner, loser=loser, totals=[w_total, l_total],
        leader_square=SQUARE_NAMES[loser_sq], removed=names,
    ))
    events.append(event(
        "point", f"{who(state, winner)} scores {plural(gained, p['colour'] + ' point')}.",
        seat=winner, colour=p["colour"], count=gained, reason="war",
    ))
