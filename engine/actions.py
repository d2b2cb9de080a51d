"""The four actions and pass: checking a move against the rules, then carrying it out."""

from engine.conflicts import start_revolt
from engine.constants import BLUE, COLOURS, HAND_SIZE, TILE_NAMES
from engine.draws import draw
from engine.errors import N_, NP_, IllegalMove
from engine.events import event, plural, who
from engine.flow import after_wars, end_turn, next_war, treasure_stage
from engine.regions import Regions, regions_of
from engine.squares import SQUARE_NAMES
from engine.state import EMPTY, JSON, State, touched
from engine.support import send_home_unsupported, touches_temple


def _occupant(state: State, sq: int) -> str | None:
    """What stands on a square, in words, or None if it is empty."""
    if state.cat[sq]:
        return "catastrophe"
    if state.leader[sq] != EMPTY:
        return "leader"
    if state.tile[sq] != EMPTY:
        return "tile"
    return None


# What stands on a square, by what would go there: one whole sentence each, so a language can say it its way.
_TAKEN = {
    ("leader", "catastrophe"): N_("{square} already holds a catastrophe: a leader needs an empty square."),
    ("leader", "leader"): N_("{square} already holds a leader: a leader needs an empty square."),
    ("leader", "tile"): N_("{square} already holds a tile: a leader needs an empty square."),
    ("tile", "catastrophe"): N_("{square} already holds a catastrophe: a tile needs an empty square."),
    ("tile", "leader"): N_("{square} already holds a leader: a tile needs an empty square."),
    ("tile", "tile"): N_("{square} already holds a tile: a tile needs an empty square."),
}


# ---- leaders ---------------------------------------------------------------------------------

def check_leader(state: State, colour: int, sq: int) -> list[int]:
    """Raise IllegalMove unless the active player may put that leader on sq; gives the leaders it joins."""
    name = SQUARE_NAMES[sq]
    player = state.players[state.player]
    current = player.leaders[colour]
    if current == sq:
        raise IllegalMove(N_("Your {colour} leader already stands on {square}."), colour=COLOURS[colour], square=name)
    if state.board.river[sq]:
        raise IllegalMove(N_("{square} is a river square: leaders stand only on land."), square=name)
    what = _occupant(state, sq)
    if what:
        raise IllegalMove(_TAKEN["leader", what], square=name)
    base = regions_of(state)
    if current >= 0:
        state.leader[current] = EMPTY  # judged with the leader lifted
    try:
        if not touches_temple(state, sq):
            raise IllegalMove(N_("A leader must stand next to a face-up red temple, and {square} has none beside it."),
                              square=name)
        regions = base.lifted(current, state.leader) if current >= 0 else base
        kingdoms = regions.adjacent_kingdoms(sq)
        if len(kingdoms) >= 2:
            raise IllegalMove(N_("A leader on {square} would join two kingdoms, which is not allowed."), square=name)
    finally:
        if current >= 0:
            state.leader[current] = state.player * 4 + colour
    return regions.leaders[kingdoms[0]] if kingdoms else []


def apply_leader(state: State, colour: int, sq: int, events: list[JSON]) -> None:
    joined = check_leader(state, colour, sq)
    seat = state.player
    current = state.players[seat].leaders[colour]
    if current >= 0:
        state.lift_leader(seat, colour)
        text = (f"{who(state, seat)} moves their {COLOURS[colour]} leader from {SQUARE_NAMES[current]} "
                f"to {SQUARE_NAMES[sq]}.")
        touched(state).append(SQUARE_NAMES[current])
    else:
        text = f"{who(state, seat)} places their {COLOURS[colour]} leader on {SQUARE_NAMES[sq]}."
    state.put_leader(seat, colour, sq)
    touched(state).append(SQUARE_NAMES[sq])
    events.append(event("leader", text, seat=seat, colour=COLOURS[colour], square=SQUARE_NAMES[sq],
                        origin=SQUARE_NAMES[current] if current >= 0 else None))
    defender = next((code // 4 for code in joined if code % 4 == colour), None)
    if defender is not None:
        start_revolt(state, seat, defender, colour, events)
        return
    treasure_stage(state, events)


def check_withdraw(state: State, colour: int) -> None:
    if state.players[state.player].leaders[colour] < 0:
        raise IllegalMove(N_("Your {colour} leader is not on the board."), colour=COLOURS[colour])


def apply_withdraw(state: State, colour: int, events: list[JSON]) -> None:
    check_withdraw(state, colour)
    sq = state.lift_leader(state.player, colour)
    touched(state).append(SQUARE_NAMES[sq])
    events.append(event("withdraw", f"{who(state, state.player)} withdraws their {COLOURS[colour]} leader "
                        f"from {SQUARE_NAMES[sq]}.", seat=state.player, colour=COLOURS[colour],
                        square=SQUARE_NAMES[sq]))
    treasure_stage(state, events)


# ---- tiles -----------------------------------------------------------------------------------

def check_tile(state: State, colour: int, sq: int) -> Regions:
    """Raise IllegalMove unless the active player may place that tile on sq; returns the regions judged."""
    name = SQUARE_NAMES[sq]
    if state.players[state.player].hand[colour] == 0:
        raise IllegalMove(N_("You have no {colour} tile in your hand."), colour=COLOURS[colour])
    what = _occupant(state, sq)
    if what:
        raise IllegalMove(_TAKEN["tile", what], square=name)
    if state.board.river[sq] and colour != BLUE:
        raise IllegalMove(N_("{square} is a river square: only blue tiles go there."), square=name)
    if not state.board.river[sq] and colour == BLUE:
        raise IllegalMove(N_("{square} is a land square: blue tiles go only on river squares."), square=name)
    regions = regions_of(state)
    if len(regions.adjacent_kingdoms(sq)) >= 3:
        raise IllegalMove(N_("A tile on {square} would join three kingdoms; a tile may join at most two."), square=name)
    return regions


def apply_tile(state: State, colour: int, sq: int, events: list[JSON]) -> None:
    regions = check_tile(state, colour, sq)
    seat = state.player
    kingdoms = regions.adjacent_kingdoms(sq)
    state.players[seat].hand[colour] -= 1
    state.tile[sq] = colour
    touched(state).append(SQUARE_NAMES[sq])
    name = SQUARE_NAMES[sq]
    events.append(event("tile", f"{who(state, seat)} places a {COLOURS[colour]} {TILE_NAMES[colour]} on {name}.",
                        seat=seat, colour=COLOURS[colour], square=name))
    ctx = {"placed": name, "placed_colour": COLOURS[colour]}
    if len(kingdoms) == 2:
        colours_a = {code % 4 for code in regions.leaders[kingdoms[0]]}
        colours_b = {code % 4 for code in regions.leaders[kingdoms[1]]}
        wars = [COLOURS[c] for c in sorted(colours_a & colours_b)]
        events.append(event(
            "unification", f"The tile on {name} joins two kingdoms"
            + (f", and their {' and '.join(wars)} leaders meet." if wars else "; no leaders of one colour meet."),
            square=name, wars=wars,
        ))
        next_war(state, {**ctx, "marker": name, "waiting": wars}, events, regions)
        return
    here = [code for rid in kingdoms for code in regions.leaders[rid]]
    scorer = next((code // 4 for code in here if code % 4 == colour), None)
    if scorer is None:
        scorer = next((code // 4 for code in here if code % 4 == 3), None)
    if scorer is not None:
        state.players[scorer].points[colour] += 1
        events.append(event("point", f"{who(state, scorer)} scores 1 {COLOURS[colour]} point.", seat=scorer,
                            colour=COLOURS[colour], count=1, reason="tile"))
    after_wars(state, ctx, events)


# ---- catastrophes ----------------------------------------------------------------------------

def check_catastrophe(state: State, sq: int) -> None:
    name = SQUARE_NAMES[sq]
    if state.players[state.player].catastrophes <= 0:
        raise IllegalMove(N_("You have no catastrophe tiles left."))
    if state.cat[sq]:
        raise IllegalMove(N_("{square} already holds a catastrophe."), square=name)
    if state.leader[sq] != EMPTY:
        raise IllegalMove(N_("{square} holds a leader: a catastrophe cannot go there."), square=name)
    if state.treasure[sq]:
        raise IllegalMove(N_("{square} holds a treasure: a catastrophe cannot go there."), square=name)
    if state.down[sq]:
        raise IllegalMove(N_("{square} is part of a monument: a catastrophe cannot go there."), square=name)


def apply_catastrophe(state: State, sq: int, events: list[JSON]) -> None:
    check_catastrophe(state, sq)
    seat = state.player
    state.players[seat].catastrophes -= 1
    destroyed = state.tile[sq]
    if destroyed != EMPTY:
        state.tile[sq] = EMPTY
        state.removed[destroyed] += 1
    cat = state.cat[:]  # replaced, never changed in place: copies of the state share it
    cat[sq] = True
    state.cat = cat
    touched(state).append(SQUARE_NAMES[sq])
    what = f", destroying a {COLOURS[destroyed]} {TILE_NAMES[destroyed]}" if destroyed != EMPTY else ""
    events.append(event("catastrophe", f"{who(state, seat)} places a catastrophe on {SQUARE_NAMES[sq]}{what}.",
                        seat=seat, square=SQUARE_NAMES[sq],
                        destroyed=COLOURS[destroyed] if destroyed != EMPTY else None))
    send_home_unsupported(state, events, "catastrophe")
    treasure_stage(state, events)


# ---- swaps and passing -----------------------------------------------------------------------

def check_swap(state: State, counts: tuple[int, ...]) -> None:
    hand = state.players[state.player].hand
    if not 1 <= sum(counts) <= HAND_SIZE:
        raise IllegalMove(N_("Swap 1 to 6 tiles."))
    for colour, n in enumerate(counts):
        if n > hand[colour]:
            raise IllegalMove(NP_("You have only {n} {colour} tile to swap.",
                                  "You have only {n} {colour} tiles to swap."), n=hand[colour], colour=COLOURS[colour])


def apply_swap(state: State, counts: tuple[int, ...], events: list[JSON]) -> None:
    check_swap(state, counts)
    seat = state.player
    hand, swapped = state.players[seat].hand, state.players[seat].swapped
    for colour, n in enumerate(counts):
        hand[colour] -= n
        swapped[colour] += n
        state.removed[colour] += n
    wanted = sum(counts)
    got = draw(state, seat, wanted)
    text = f"{who(state, seat)} swaps {plural(wanted, 'tile')}"
    text += "." if got == wanted else f" but the bag holds only {got}."
    events.append(event("swap", text, seat=seat, count=wanted, drawn=got))
    treasure_stage(state, events)


def apply_pass(state: State, events: list[JSON]) -> None:
    events.append(event("pass", f"{who(state, state.player)} passes.", seat=state.player))
    state.actions_left = 0
    end_turn(state, events)
