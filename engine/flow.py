"""What follows an action: wars in order, a monument, treasures, then the end of the action and turn."""

from itertools import compress
from operator import itemgetter

from engine.conflicts import start_war, war_owners
from engine.constants import COLOURS, GREEN, HAND_SIZE, MONUMENT_NAMES, MONUMENTS
from engine.draws import draw
from engine.events import event, plural, who
from engine.outcome import reason, termination
from engine.regions import Regions, regions_of
from engine.squares import COLS, NEIGHBOURS, NSQ, SQUARE_INDEX, SQUARE_NAMES, block_squares
from engine.standings import standings
from engine.state import JSON, State, decision, touched
from engine.support import send_home_unsupported


def next_war(state: State, ctx: JSON, events: list[JSON], regions: Regions | None = None) -> None:
    """Start the next war, ask for the order, or go on once no war is left; `regions`, when given, is the
    board labelled without the unification marker (as it was before the tile that joined the kingdoms)."""
    marker = SQUARE_INDEX[ctx["marker"]]
    if regions is None:
        regions = regions_of(state).lifted(marker, state.leader)
    valid: list[str] = []
    for name in ctx["waiting"]:
        if len(war_owners(regions, marker, COLOURS.index(name))) == 2:
            valid.append(name)
        else:
            events.append(event("war_skipped", f"The {name} leaders are no longer joined: no {name} war.",
                                colour=name))
    ctx["waiting"] = valid
    if len(valid) >= 2:
        state.pending = {"kind": "war_order", "seat": state.player, **ctx}
        return
    if len(valid) == 1:
        start_war(state, ctx, COLOURS.index(valid[0]), events, regions)
        return
    after_wars(state, {"placed": ctx["placed"], "placed_colour": ctx["placed_colour"]}, events)


def monument_options(state: State, sq: int, colour: int) -> tuple[list[int], list[int]]:
    """Top-left squares of qualifying 2x2 blocks holding the placed tile, and the monuments that fit."""
    tile, down = state.tile, state.down
    # A block holding sq holds two of its orthogonal neighbours: most tiles have fewer of their colour.
    if sum(1 for nb in NEIGHBOURS[sq] if tile[nb] == colour and not down[nb]) < 2:
        return [], []
    built = {m for m, _ in state.monuments}
    pairs = [m for m, pair in enumerate(MONUMENTS) if colour in pair and m not in built]
    if not pairs:
        return [], []
    r, c = divmod(sq, COLS)
    blocks = []
    for dr in (1, 0):
        for dc in (1, 0):
            if r - dr < 0 or c - dc < 0:
                continue
            squares = block_squares(sq - dr * COLS - dc)
            if squares and all(tile[x] == colour and not down[x] for x in squares):
                blocks.append(squares[0])
    return blocks, pairs


def after_wars(state: State, ctx: JSON, events: list[JSON]) -> None:
    """Offer a monument on the placed tile if one can be built, else settle treasures."""
    sq, colour = SQUARE_INDEX[ctx["placed"]], COLOURS.index(ctx["placed_colour"])
    blocks, pairs = monument_options(state, sq, colour)
    if blocks:
        state.pending = {
            "kind": "monument", "seat": state.player, "colour": ctx["placed_colour"], "placed": ctx["placed"],
            "blocks": [SQUARE_NAMES[b] for b in blocks], "pairs": [MONUMENT_NAMES[m] for m in pairs],
        }
        return
    treasure_stage(state, events)


def build_monument(state: State, monument: int, top_left: int, events: list[JSON]) -> None:
    squares = block_squares(top_left)
    assert squares is not None, "a monument's top-left square starts a block"
    down = state.down[:]  # replaced, never changed in place: copies of the state share it
    for x in squares:
        down[x] = True
    state.down = down
    state.monuments.append((monument, top_left))
    marked = touched(state)
    marked.extend(SQUARE_NAMES[x] for x in squares if SQUARE_NAMES[x] not in marked)
    events.append(event(
        "monument", f"{who(state, state.player)} builds the {MONUMENT_NAMES[monument]} monument on "
        f"{SQUARE_NAMES[top_left]}.", seat=state.player, pair=MONUMENT_NAMES[monument],
        at=SQUARE_NAMES[top_left],
    ))
    send_home_unsupported(state, events, "monument")
    treasure_stage(state, events)


def owed_treasures(state: State) -> list[tuple[int, list[int]]]:
    """Kingdoms with a trader and two or more treasures, as (trader's owner, treasure squares), clockwise."""
    owed: list[tuple[int, list[int]]] = []
    treasures: list[int] = []
    held: tuple[int, ...] = ()  # the region of each treasure
    players = state.players
    n = len(players)
    for k in range(n):
        seat = (state.player + k) % n
        sq = players[seat].leaders[GREEN]
        if sq < 0:
            continue
        if not treasures:
            treasures = list(compress(range(NSQ), state.treasure))  # a handful, ascending
            if len(treasures) < 2:
                return owed
            label = regions_of(state).label
            held = itemgetter(*treasures)(label)
        rid = label[sq]
        if held.count(rid) >= 2:
            owed.append((seat, [x for x, r in zip(treasures, held, strict=True) if r == rid]))
    return owed


def take_treasure(state: State, seat: int, sq: int, events: list[JSON], forced: bool) -> None:
    treasure = state.treasure[:]  # replaced, never changed in place: copies of the state share it
    treasure[sq] = False
    state.treasure = treasure
    state.players[seat].points[4] += 1
    touched(state).append(SQUARE_NAMES[sq])
    corner = sq in state.board.corners
    events.append(event(
        "treasure", f"{who(state, seat)} takes the {'corner ' if corner else ''}treasure on {SQUARE_NAMES[sq]}.",
        seat=seat, square=SQUARE_NAMES[sq], corner=corner, forced=forced,
    ))


def treasure_stage(state: State, events: list[JSON]) -> None:
    """Settle every kingdom that owes treasures, raising a decision where there is a real choice."""
    corners = state.board.corners
    while True:
        owed = owed_treasures(state)
        if not owed:
            break
        seat, squares = owed[0]
        corner_sqs = [x for x in squares if x in corners]
        if len(corner_sqs) < len(squares):
            for x in corner_sqs:
                take_treasure(state, seat, x, events, forced=True)
            choices = [x for x in squares if x not in corners]
        else:
            choices = squares
        if len(choices) >= 2:
            state.pending = {"kind": "treasure", "seat": seat, "choices": [SQUARE_NAMES[x] for x in choices],
                             "take": len(choices) - 1}
            return
    state.pending = None
    finish_action(state, events)


def choose_treasure(state: State, sq: int, events: list[JSON]) -> None:
    p = decision(state)
    take_treasure(state, p["seat"], sq, events, forced=False)
    p["choices"].remove(SQUARE_NAMES[sq])
    p["take"] -= 1
    if p["take"] == 0:
        treasure_stage(state, events)


def finish_action(state: State, events: list[JSON]) -> None:
    """An action is fully resolved; the turn ends after the last one (actions_left counted it when it began)."""
    if state.actions_left <= 0:
        end_turn(state, events)


def end_turn(state: State, events: list[JSON]) -> None:
    """Monument income, refills from the active player clockwise, the end check, the next turn."""
    active = state.player
    if state.monuments:
        regions = regions_of(state)
        for m, at in state.monuments:
            here = regions.leaders[regions.label[at]]
            for colour in MONUMENTS[m]:
                if active * 4 + colour in here:
                    state.players[active].points[colour] += 1
                    events.append(event(
                        "point", f"{who(state, active)} scores 1 {COLOURS[colour]} point from the "
                        f"{MONUMENT_NAMES[m]} monument.", seat=active, colour=COLOURS[colour], count=1,
                        reason="monument", monument=MONUMENT_NAMES[m],
                    ))
    for k in range(state.n):
        seat = (active + k) % state.n
        need = HAND_SIZE - sum(state.players[seat].hand)
        if need > 0:
            got = draw(state, seat, need)
            text = f"{who(state, seat)} draws {plural(got, 'tile')}"
            text += "." if got == need else f": the bag is empty, {need - got} short."
            events.append(event("draw", text, seat=seat, count=got, wanted=need))
    ending = termination(state)
    if ending is not None:
        state.over = True
        state.pending = None
        why = reason(state, ending)
        events.append(event("game_over", f"The game is over: {why}.", reason=why, termination=ending.value,
                            treasures=sum(state.treasure), standings=standings(state)))
        return
    state.player = (active + 1) % state.n
    state.actions_left = 2
    state.short_draw = False
    events.append(event("turn", f"{who(state, state.player)}'s turn.", seat=state.player))
