"""Leaders need a face-up temple beside them; those left without one go home."""

from engine.constants import COLOURS
from engine.events import event, who
from engine.squares import NEIGHBOURS, SQUARE_NAMES
from engine.state import JSON, State


def touches_temple(state: State, sq: int) -> bool:
    """Whether a square has a face-up red temple orthogonally next to it."""
    tile, down = state.tile, state.down
    return any(tile[nb] == 0 and not down[nb] for nb in NEIGHBOURS[sq])


def send_home_unsupported(state: State, events: list[JSON], reason: str) -> list[int]:
    """Return every leader with no adjacent face-up temple to its owner; gives the squares emptied."""
    emptied = []
    for seat, player in enumerate(state.players):
        for colour, sq in enumerate(player.leaders):
            if sq >= 0 and not touches_temple(state, sq):
                state.lift_leader(seat, colour)
                emptied.append(sq)
                events.append(event(
                    "leader_home",
                    f"{who(state, seat)}'s {COLOURS[colour]} leader on {SQUARE_NAMES[sq]} has no temple "
                    f"beside it after the {reason} and goes home.",
                    seat=seat, colour=COLOURS[colour], square=SQUARE_NAMES[sq], reason=reason,
                ))
    return emptied
