"""Decisions inside an action: reinforcements, war order, monuments and treasure choices."""

from engine.conflicts import commit, resolve_revolt, resolve_war, start_war
from engine.constants import COLOURS, MONUMENT_NAMES
from engine.errors import N_, NP_, IllegalMove
from engine.events import event, plural, who
from engine.flow import build_monument, choose_treasure, next_war, treasure_stage
from engine.squares import SQUARE_NAMES
from engine.state import JSON, State, decision

CONTEXT_KEYS = ("placed", "placed_colour", "marker", "waiting")


def describe(state: State) -> str:
    """The decision awaited, in words."""
    p = decision(state)
    name = who(state, p["seat"])
    kind = p["kind"]
    if kind in ("revolt", "war"):
        return _describe_conflict(state, p)
    if kind == "war_order":
        return f"{name} must choose which war to fight first ({', '.join('war ' + c for c in p['waiting'])})"
    if kind == "monument":
        return f"{name} may build a monument (monument <pair> <square>) or decline"
    return f"{name} must choose a treasure to take (treasure <square>)"


def _describe_conflict(state: State, p: JSON) -> str:
    """Who attacks and who defends, the strengths so far, and who must commit now."""
    attacker, defender = who(state, p["attacker"]), who(state, p["defender"])
    a, d = p["strength"]["attacker"], p["strength"]["defender"]
    conflict = f"the {p['colour']} {p['kind']}"
    ask = f"commit {p['commit_colour']} tiles (commit <n>)"
    if p["attacker_commit"] is None:
        return f"{attacker}, attacking {defender} in {conflict} ({a} to {d} before reinforcements), must {ask}"
    total = a + p["attacker_commit"]
    return (f"{defender}, defending against {attacker} in {conflict} ({d} to {attacker}'s {total} with "
            f"{plural(p['attacker_commit'], 'tile')} committed), must {ask}")


def check_commit(state: State, count: int) -> None:
    p = decision(state)
    colour = COLOURS.index(p["commit_colour"])
    have = state.players[p["seat"]].hand[colour]
    if count > have:
        raise IllegalMove(NP_("You hold only {n} {colour} tile: commit 0 to {n}.",
                              "You hold only {n} {colour} tiles: commit 0 to {n}."), n=have, colour=p["commit_colour"])


def apply_commit(state: State, count: int, events: list[JSON]) -> None:
    check_commit(state, count)
    if not commit(state, count, events):
        return
    p = decision(state)
    if p["kind"] == "revolt":
        resolve_revolt(state, events)
        treasure_stage(state, events)
        return
    resolve_war(state, events)
    next_war(state, {k: p[k] for k in CONTEXT_KEYS}, events)


def check_war(state: State, colour: int) -> None:
    waiting = decision(state)["waiting"]
    if COLOURS[colour] not in waiting:
        raise IllegalMove(N_("There is no {colour} war waiting: choose {choices}."), colour=COLOURS[colour],
                          choices=tuple("war " + c for c in waiting))


def apply_war(state: State, colour: int, events: list[JSON]) -> None:
    check_war(state, colour)
    p = decision(state)
    ctx = {k: p[k] for k in CONTEXT_KEYS}
    events.append(event("war_order", f"{who(state, state.player)} chooses to fight the {COLOURS[colour]} war first.",
                        seat=state.player, colour=COLOURS[colour]))
    start_war(state, ctx, colour, events)


def check_monument(state: State, monument: int, top_left: int) -> None:
    p = decision(state)
    if MONUMENT_NAMES[monument] not in p["pairs"]:
        raise IllegalMove(N_("The {pair} monument cannot be built here: choose {choices}."),
                          pair=MONUMENT_NAMES[monument], choices=tuple(p["pairs"]))
    if SQUARE_NAMES[top_left] not in p["blocks"]:
        raise IllegalMove(N_("{square} is not the top-left square of a block that qualifies: choose {choices}."),
                          square=SQUARE_NAMES[top_left], choices=tuple(p["blocks"]))


def apply_monument(state: State, monument: int, top_left: int, events: list[JSON]) -> None:
    check_monument(state, monument, top_left)
    state.pending = None
    build_monument(state, monument, top_left, events)


def apply_decline(state: State, events: list[JSON]) -> None:
    events.append(event("decline", f"{who(state, state.player)} builds no monument.", seat=state.player))
    state.pending = None
    treasure_stage(state, events)


def check_treasure(state: State, sq: int) -> None:
    choices = decision(state)["choices"]
    if SQUARE_NAMES[sq] not in choices:
        raise IllegalMove(N_("There is no treasure to take on {square}: choose {choices}."),
                          square=SQUARE_NAMES[sq], choices=tuple(choices))


def apply_treasure(state: State, sq: int, events: list[JSON]) -> None:
    check_treasure(state, sq)
    choose_treasure(state, sq, events)
