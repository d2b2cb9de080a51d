"""Taking back actions: the rule of what may be undone, and how a position carries it.

The rule: only the last move, only if it is an action of the current turn that revealed nothing (no tile
drawn, the turn not ended) and nobody has decided anything since; decisions are never undone. Undoing it
gives back the game exactly as it was before it, and the action before it may then be undone the same way."""

from dataclasses import dataclass, field

from engine.errors import N_, IllegalMove
from engine.move import Move, Played
from engine.position import PositionError, from_position, to_position
from engine.state import JSON, State, _deep

# The actions that can reveal nothing; a swap draws tiles and a pass ends the turn.
UNDOABLE = frozenset({"tile", "leader", "withdraw", "catastrophe"})


@dataclass
class UndoRun:
    """The actions of this turn that may still be taken back, oldest first, and the state before the first."""

    moves: tuple[Move, ...]
    base: State
    _base_position: JSON | None = field(default=None, repr=False)

    def base_position(self) -> JSON:
        """The base as a position, made once: the base never changes while the run lasts."""
        if self._base_position is None:
            self._base_position = to_position(self.base)
        return self._base_position


def extend(run: UndoRun | None, base: State | None, played: Played, after: State) -> UndoRun | None:
    """The run after a move: longer by that move if it can be taken back, else None (nothing can)."""
    if played.move.verb not in UNDOABLE or played.drawn or after.over or after.player != played.seat:
        return None
    if run is not None:
        return UndoRun((*run.moves, played.move), run.base, run._base_position)
    assert base is not None
    return UndoRun((played.move,), base)


def refusal(run: UndoRun | None, stack: list[Played], over: bool, active: int, seat: int | None) -> str | None:
    """Why `seat` (None: whoever moved last) may not undo now, or None if they may."""
    if over:
        return N_("The game is over.")
    if run is not None:
        if seat is not None and seat != active:
            return N_("You can only undo your own last action.")
        return None
    if not stack:
        return N_("There is nothing to undo.")
    last = stack[-1]
    if seat is not None and last.seat != seat:
        return N_("You can only undo your own last action, and someone else has moved since.")
    if last.move.is_decision:
        return N_("Decisions (reinforcements, war order, monuments, treasures) cannot be undone.")
    return N_("That action drew tiles or ended the turn, so it cannot be undone.")


def to_json(run: UndoRun, position: JSON) -> JSON:
    """The position's `undo` key: the run's moves, and the keys of the base position that differ from now."""
    base = run.base_position()
    return {"moves": [str(m) for m in run.moves],
            "before": {k: _deep(v) for k, v in base.items() if position.get(k) != v}}


def from_json(raw: object, position: JSON, state: State) -> UndoRun:
    """Read a position's `undo` key; the base is the position with `before`'s keys put back."""
    if not isinstance(raw, dict) or not isinstance(raw.get("moves"), list) or not raw["moves"] \
            or not isinstance(raw.get("before"), dict):
        raise PositionError("undo must be {\"moves\": [...], \"before\": {...}}")
    try:
        moves = tuple(Move.parse(m) for m in raw["moves"])
    except (IllegalMove, AttributeError, TypeError) as exc:
        raise PositionError(f"undo.moves: {exc}") from exc
    if any(m.verb not in UNDOABLE for m in moves):
        raise PositionError("undo.moves may hold only tile, leader, withdraw and catastrophe actions")
    rest = {k: v for k, v in position.items() if k != "undo"}
    try:
        base = from_position({**rest, **raw["before"]})
    except (PositionError, KeyError, TypeError, ValueError) as exc:
        raise PositionError(f"undo.before: {exc}") from exc
    if base.pending is not None or base.player != state.player or base.over:
        raise PositionError("undo.before is not the start of an action by the player whose turn it is")
    return UndoRun(moves, base)


def check(run: UndoRun | None, stack: list[Played], state: State, seat: int | None) -> UndoRun:
    """The run to undo from, or IllegalMove saying why nothing may be undone."""
    why = refusal(run, stack, state.over, state.player, seat)
    if why is not None:
        raise IllegalMove(why)
    assert run is not None
    return run
