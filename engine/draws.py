"""Drawing tiles from the bag: from the game's seed, or as a game record says they came."""

from engine.constants import COLOURS
from engine.errors import N_, NP_, IllegalMove
from engine.events import who
from engine.rng import pick
from engine.state import State
from engine.tape import Tape


def draw(state: State, seat: int, count: int) -> int:
    """Draw up to `count` tiles into a hand; returns how many came. A short bag marks the turn."""
    tape = state.tape
    if tape is not None and tape.given is not None:
        return _draw_given(state, tape, seat, count)
    hand, bag = state.players[seat].hand, state.bag
    colours: list[int] = []
    while len(colours) < count and (bag[0] or bag[1] or bag[2] or bag[3]):
        colour = pick(state.seed, state.draws, bag)
        state.draws += 1
        bag[colour] -= 1
        hand[colour] += 1
        colours.append(colour)
    if len(colours) < count:
        state.short_draw = True
    if tape is not None:
        tape.log.append((seat, tuple(colours)))
    return len(colours)


def _draw_given(state: State, tape: Tape, seat: int, count: int) -> int:
    """A draw as the record lists it: the next listed draw must be this seat's and as many as the bag gives."""
    hand, bag = state.players[seat].hand, state.bag
    expected = min(count, sum(bag))
    colours: tuple[int, ...] = ()
    if expected:
        given = tape.given or []
        if not given:
            raise IllegalMove(NP_("{who} draws {n} tile here, and the record lists no such draw.",
                                  "{who} draws {n} tiles here, and the record lists no such draw."),
                              who=who(state, seat), n=expected)
        listed_seat, colours = given.pop(0)
        if listed_seat != seat or len(colours) != expected:
            raise IllegalMove(NP_("{who} draws {n} tile here, and the record lists a draw of {listed} for {other}.",
                                  "{who} draws {n} tiles here, and the record lists a draw of {listed} for {other}."),
                              who=who(state, seat), n=expected, listed=len(colours), other=who(state, listed_seat))
        for colour in colours:
            if bag[colour] == 0:
                raise IllegalMove(N_("the record draws a {colour} tile for {who}, and the bag holds no {colour} "
                                     "tile then."), colour=COLOURS[colour], who=who(state, seat))
            state.draws += 1
            bag[colour] -= 1
            hand[colour] += 1
    if expected < count:
        state.short_draw = True
    tape.log.append((seat, colours))
    return expected
