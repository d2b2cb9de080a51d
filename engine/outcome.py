"""How a game ended: `Termination` (why) and `Outcome` (why, in words, and the final standings, typed)."""

from dataclasses import dataclass
from enum import Enum

from engine.events import plural
from engine.standings import standings
from engine.state import State


class Termination(Enum):
    """Why a game ended (docs/rules.md, End of a turn)."""

    TREASURES = "treasures"  # only 1 or 2 treasures were left on the board at the end of a turn
    BAG = "bag"  # a draw during the turn asked for more tiles than the bag held


@dataclass(frozen=True, slots=True)
class Standing:
    """One seat's final result: colour totals after treasures, score (the lowest total) and place (1 = first)."""

    seat: int
    dynasty: str
    totals: dict[str, int]
    treasures: int
    score: int
    place: int


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: `termination` says why, `reason` the same in words, `standings` per seat."""

    termination: Termination
    reason: str
    standings: tuple[Standing, ...]

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats in first place (several when they tie on every colour)."""
        return tuple(s.seat for s in self.standings if s.place == 1)


def termination(state: State) -> Termination | None:
    """Why the game ends now (at the end of a turn), or None if it goes on."""
    if sum(state.treasure) <= 2:
        return Termination.TREASURES
    if state.short_draw:
        return Termination.BAG
    return None


def reason(state: State, why: Termination) -> str:
    """The ending in words, as the game_over event and the bot tell it."""
    if why is Termination.TREASURES:
        return f"only {plural(sum(state.treasure), 'treasure')} left on the board"
    return "the bag could not fill a draw"


def outcome(state: State) -> Outcome | None:
    """The outcome of a finished game, or None while it goes on."""
    if not state.over:
        return None
    why = termination(state)
    assert why is not None, "a finished game always has its ending (engine.position checks stored ones)"
    return Outcome(why, reason(state, why), tuple(Standing(**s) for s in standings(state)))
