"""Drawing tiles from the bag, deterministically from the game's seed."""

from engine.rng import pick
from engine.state import State


def draw(state: State, seat: int, count: int) -> int:
    """Draw up to `count` tiles into a hand; returns how many came. A short bag marks the turn."""
    hand, bag = state.players[seat].hand, state.bag
    got = 0
    while got < count and (bag[0] or bag[1] or bag[2] or bag[3]):
        colour = pick(state.seed, state.draws, bag)
        state.draws += 1
        bag[colour] -= 1
        hand[colour] += 1
        got += 1
    if got < count:
        state.short_draw = True
    return got
