"""The engine's public face: `Game`, as docs/notation.md and docs/engine.md describe it."""

from collections.abc import Sequence
from dataclasses import dataclass

import engine.actions as actions
import engine.decisions as decisions
import engine.undo as undo
from engine.boards import BOARDS
from engine.constants import (
    CATASTROPHES,
    COLOURS,
    DYNASTIES,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MONUMENT_NAMES,
    TILE_TOTALS,
)
from engine.draws import draw
from engine.errors import N_, IllegalMove
from engine.events import who
from engine.legal import legal_moves
from engine.move import Move, Played
from engine.outcome import Outcome, outcome
from engine.position import from_position, to_position, view
from engine.regions import kingdoms
from engine.rng import mix
from engine.squares import SQUARE_INDEX
from engine.standings import StandingDict, standings
from engine.state import EMPTY, JSON, Player, State
from engine.tape import Tape

_NO_HISTORY = N_("This copy of the game keeps no history (copy(history=False)), so it has no moves to give back.")

# The verbs that answer each kind of decision.
ANSWERS = {
    "revolt": ("commit",), "war": ("commit",), "war_order": ("war",),
    "monument": ("monument", "decline"), "treasure": ("treasure",),
}


@dataclass(frozen=True, slots=True)
class Start:
    """How a game began: the seat that played first and each seat's six dealt tiles (colours, canonical order)."""

    first: int
    deal: tuple[tuple[str, ...], ...]


class Game:
    """One game of Tigris & Euphrates: positions in, legal moves out, events from every move."""

    __slots__ = ("_root", "_stack", "_start", "_state", "_undo")

    def __init__(self, state: State, *, history: bool = True) -> None:
        self._state = state
        self._stack: list[Played] | None = [] if history else None  # None: no history kept (a search's copy)
        self._undo: undo.UndoRun | None = None  # the actions that may still be taken back, kept with history
        self._start: Start | None = None  # known for games made by new(), not for those read from a position
        # The state and undo run before the move stack's first move, from which pop() replays: never changed.
        self._root: tuple[State, undo.UndoRun | None] | None = None

    @classmethod
    def new(cls, players: int = 2, seed: int = 0, board: str = "standard", options: JSON | None = None, *,
            first: int | None = None, deal: Sequence[Sequence[str]] | None = None) -> "Game":
        """A fresh game: temples and treasures set out, hands dealt, first player drawn by the seed.

        `first` and `deal` (each seat's six starting colours), when given, replace the seed's: a game
        record's start is replayed this way."""
        if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError("A game has 2, 3 or 4 players.")
        if board not in BOARDS:
            raise ValueError(f"Unknown board {board!r}: use standard or advanced.")
        options = options or {}
        scores = options.get("scores", "hidden")
        if scores not in ("hidden", "open"):
            raise ValueError("The scores option is hidden or open.")
        if first is not None and (isinstance(first, bool) or not isinstance(first, int)
                                  or not 0 <= first < players):
            raise ValueError(f"The first player is a seat from 0 to {players - 1}.")
        bmap = BOARDS[board]
        state = State(
            board=bmap,
            players=[Player(DYNASTIES[i], [0, 0, 0, 0], [EMPTY] * 4, CATASTROPHES, [0] * 5) for i in range(players)],
            scores_open=scores == "open",
            seed=int(seed),
        )
        for sq in bmap.temples:
            state.tile[sq] = 0
            state.treasure[sq] = True
        state.bag = [TILE_TOTALS[0] - len(bmap.temples), *TILE_TOTALS[1:]]
        state.player = mix(state.seed, -1) % players if first is None else first
        if deal is None:
            for k in range(players):
                draw(state, (state.player + k) % players, HAND_SIZE)
        else:
            _deal(state, deal)
        game = cls(state)
        game._start = Start(state.player, tuple(
            tuple(c for c, n in zip(COLOURS, p.hand, strict=True) for _ in range(n)) for p in state.players))
        return game

    @classmethod
    def from_position(cls, position: JSON) -> "Game":
        """The game a position holds; its `undo` key, when present, lets the last actions be taken back."""
        game = cls(from_position(position))
        if position.get("undo") is not None:
            game._undo = undo.from_json(position["undo"], position, game._state)
        return game

    def position(self) -> JSON:
        """The whole game now, JSON-ready (`tne/1`, docs/notation.md, with the engine's keys of docs/engine.md)."""
        pos = to_position(self._state)
        if self._undo is not None:
            pos["undo"] = undo.to_json(self._undo, pos)
        return pos

    def view(self, seat: int | None) -> JSON:
        """The position as that seat may see it; None gives a spectator's view."""
        return view(self._state, seat)

    def kingdoms(self) -> list[JSON]:
        """The kingdoms of the public board with each leader's strength in it (engine.regions.kingdoms)."""
        return kingdoms(self._state)

    def copy(self, *, history: bool = True) -> "Game":
        """An independent copy. With history=False it keeps no move stack from here on: cheaper for search."""
        game = Game(self._state.copy(), history=history and self._stack is not None)
        if game._stack is not None:
            game._stack.extend(self._stack or ())
            game._undo = self._undo  # shared: a run is never changed, only replaced
            game._start = self._start
            game._root = self._root
        return game

    @property
    def start(self) -> "Start | None":
        """The first player and the deal, for a game made by new() (None for one read from a position)."""
        return self._start

    @property
    def move_stack(self) -> list[Played]:
        """The moves played on this game object, oldest first (a game from a position starts empty)."""
        return list(self._stack or ())

    def __eq__(self, other: object) -> bool:
        """Games are equal when their positions are (what may be undone is not part of it). The seed only
        counts while a tile may still be drawn: a game read back from its complete record, which has no
        seed, then equals the game it was written from."""
        if not isinstance(other, Game):
            return False
        mine, theirs = to_position(self._state), to_position(other._state)
        if _drawn_out(self._state) and _drawn_out(other._state):
            del mine["seed"], theirs["seed"]
        return mine == theirs

    __hash__ = None  # type: ignore[assignment]

    @property
    def over(self) -> bool:
        return self._state.over

    @property
    def to_move(self) -> int | None:
        s = self._state
        if s.over:
            return None
        return s.pending["seat"] if s.pending else s.player

    @property
    def players(self) -> int:
        return self._state.n

    @property
    def pending(self) -> JSON | None:
        """The decision in progress (kind, seat and its data), or None."""
        return self._state.pending

    def describe_pending(self) -> str | None:
        """The awaited decision in words, or None."""
        return decisions.describe(self._state) if self._state.pending else None

    def legal_moves(self) -> list[Move]:
        """Every legal move now, no duplicates: `Move` values, each equal to its canonical text."""
        return legal_moves(self._state)

    def standings(self) -> list[StandingDict]:
        """Per seat: totals, score and place now (final once the game is over), as NOTATION's JSON-ready dicts
        typed like the outcome's `Standing`s: seat, dynasty, totals, treasures, score, place."""
        return standings(self._state)

    def outcome(self) -> Outcome | None:
        """Why the game ended and the final standings, typed; None while it goes on."""
        return outcome(self._state)

    def play(self, move: Move | str, seat: int | None = None, *,
             draws: Sequence[tuple[int, Sequence[str]]] | None = None) -> list[JSON]:
        """Play one move (a Move, or text in any accepted spelling); returns its events. Raises IllegalMove
        and leaves the game exactly as it was. The move as played is then `peek()`. `draws`, when given,
        are the tiles this move draws as a complete game record lists them ([seat, colours] in order),
        instead of the seed's."""
        return self._push(move, seat, draws).events

    def peek(self) -> Played:
        """The last move played on this object, as played: the move, its seat, its events and what it drew."""
        if not self._stack:
            raise IllegalMove(_NO_HISTORY if self._stack is None else N_("No move has been played on this game."))
        return self._stack[-1]

    def pop(self) -> Move:
        """Take back the last move played on this object, whatever it was (draws and decisions too), as
        python-chess's Board.pop does; returns it. The game is then exactly as it was before that move.
        This is for analysis, not a rule of the game: players take back moves with undo()."""
        stack = self._stack
        if not stack:
            raise IllegalMove(_NO_HISTORY if stack is None else N_("No move has been played on this game."))
        assert self._root is not None
        state, run = self._root
        # Replayed from the root with each move's own draws, so it is exact whatever drew them (seed or record).
        self._state, self._undo, self._stack = state.copy(), run, []
        for played in stack[:-1]:
            self._push(played.move, played.seat, [(who_drew, list(colours)) for who_drew, colours in played.drawn])
        return stack[-1].move

    def _push(self, move: Move | str, seat: int | None,
              draws: Sequence[tuple[int, Sequence[str]]] | None) -> Played:
        """Play one move and give it as played (see play)."""
        s = self._state
        if s.over:
            raise IllegalMove(N_("The game is over."))
        m = move if isinstance(move, Move) else Move.parse(move)
        to_move = self.to_move
        assert to_move is not None
        if seat is not None and seat != to_move:
            if s.pending:
                raise IllegalMove(N_("It is not your move: {decision}."), decision=decisions.describe(s))
            raise IllegalMove(N_("It is not your turn: {who} is to play."), who=who(s, to_move))
        if s.pending:
            if m.verb not in ANSWERS[s.pending["kind"]]:
                raise IllegalMove(N_("First a decision: {decision}."), decision=decisions.describe(s))
        elif m.is_decision:
            raise IllegalMove(N_("'{verb}' answers a decision, and none is awaited now."), verb=m.verb)
        if self._stack is None and draws is None:
            events: list[JSON] = []
            self._apply(m, events)
            return Played(m, to_move, events)
        root = (s.copy(), self._undo) if self._stack is not None and not self._stack else None
        base = s.copy() if self._undo is None and m.verb in undo.UNDOABLE else None
        played = self._apply_logged(m, to_move) if draws is None else self._apply_given(m, to_move, draws)
        if self._stack is not None:
            if root is not None:
                self._root = root
            self._stack.append(played)
            self._undo = undo.extend(self._undo, base, played, self._state)
        return played

    def can_undo(self, seat: int | None = None) -> bool:
        """Whether `seat` (None: whoever moved last) may take back the last move now (see undo)."""
        return undo.refusal(self._undo, self._stack or [], self._state.over, self._state.player, seat) is None

    def undo(self, seat: int | None = None) -> Move:
        """Take back the last move, if it is an action of this turn that revealed nothing (no tile drawn,
        the turn not ended) and nobody decided anything since; returns it. Otherwise raises IllegalMove
        saying why, changing nothing. `seat`, when given, must be the seat that made it."""
        run = undo.check(self._undo, self._stack or [], self._state, seat)
        state = run.base.copy()
        self._state = state
        for m in run.moves[:-1]:  # they drew nothing, so they replay exactly
            self._apply(m, [])
        self._undo = undo.UndoRun(run.moves[:-1], run.base, run._base_position) if len(run.moves) > 1 else None
        if self._stack and self._stack[-1].move == run.moves[-1]:
            self._stack.pop()
        return run.moves[-1]

    def _apply_logged(self, m: Move, seat: int) -> Played:
        """Apply a move, logging the colours it draws for the move stack."""
        s = self._state
        events: list[JSON] = []
        s.tape = Tape()
        try:
            self._apply(m, events)
            drawn = tuple((who_drew, tuple(COLOURS[c] for c in colours)) for who_drew, colours in s.tape.log)
        finally:
            s.tape = None
        return Played(m, seat, events, drawn)

    def _apply_given(self, m: Move, seat: int, draws: Sequence[tuple[int, Sequence[str]]]) -> Played:
        """Apply a move with the draws a record lists; if they disagree it is refused, changing nothing."""
        s = self._state
        try:
            given = [(int(who_drew), tuple(COLOURS.index(c) for c in colours)) for who_drew, colours in draws]
        except (TypeError, ValueError) as exc:
            raise IllegalMove(N_("the draws {draws} are not [seat, [colour, ...]] pairs."), draws=repr(draws)) from exc
        if any(not 0 <= who_drew < s.n for who_drew, _ in given):
            raise IllegalMove(N_("the draws name a seat this {n}-player game does not have."), n=s.n)
        saved = s.copy()
        s.tape = Tape(given=[g for g in given if g[1]])
        events: list[JSON] = []
        try:
            self._apply(m, events)
            if s.tape.given:
                left = s.tape.given[0]
                raise IllegalMove(N_("the record lists a draw of {n} for {who} that this move does not make."),
                                  n=len(left[1]), who=who(s, left[0]))
            drawn = tuple((who_drew, tuple(COLOURS[c] for c in colours)) for who_drew, colours in s.tape.log)
        except IllegalMove:
            self._state = saved
            raise
        finally:
            s.tape = None
        return Played(m, seat, events, drawn)

    def _apply(self, m: Move, events: list[JSON]) -> None:
        if self._state.pending:
            self._decide(m, events)
        else:
            self._act(m, events)

    def _act(self, m: Move, events: list[JSON]) -> None:
        s = self._state
        verb = m.verb
        previous_last = s.last
        s.last = {"seat": s.player, "move": str(m), "squares": []}
        s.actions_left -= 1  # the action in progress counts as taken while its conflicts are fought
        try:
            if verb == "tile":
                actions.apply_tile(s, _colour(m), _square(m), events)
            elif verb == "leader":
                actions.apply_leader(s, _colour(m), _square(m), events)
            elif verb == "withdraw":
                actions.apply_withdraw(s, _colour(m), events)
            elif verb == "catastrophe":
                actions.apply_catastrophe(s, _square(m), events)
            elif verb == "swap":
                actions.apply_swap(s, tuple(m.tiles.count(c) for c in COLOURS), events)
            else:
                actions.apply_pass(s, events)
        except IllegalMove:
            s.last = previous_last
            s.actions_left += 1
            raise

    def _decide(self, m: Move, events: list[JSON]) -> None:
        s = self._state
        verb = m.verb
        if verb == "commit":
            assert m.count is not None
            decisions.apply_commit(s, m.count, events)
        elif verb == "war":
            decisions.apply_war(s, _colour(m), events)
        elif verb == "monument":
            assert m.pair is not None
            decisions.apply_monument(s, MONUMENT_NAMES.index(m.pair), _square(m), events)
        elif verb == "decline":
            decisions.apply_decline(s, events)
        else:
            decisions.apply_treasure(s, _square(m), events)


def _drawn_out(state: State) -> bool:
    """Whether no tile will be drawn any more (the game is over, or the bag is empty), so the seed is moot."""
    return state.over or not any(state.bag)


def _deal(state: State, deal: Sequence[Sequence[str]]) -> None:
    """Hands from a given deal, taken out of the bag; ValueError unless it is six tiles per seat the bag holds."""
    if len(deal) != state.n:
        raise ValueError(f"The deal lists {len(deal)} hands for {state.n} players.")
    for seat, hand in enumerate(deal):
        if isinstance(hand, str) or len(hand) != HAND_SIZE or any(c not in COLOURS for c in hand):
            raise ValueError(f"Seat {seat}'s deal is not {HAND_SIZE} colours (red, blue, green or black).")
        for c in hand:
            colour = COLOURS.index(c)
            if state.bag[colour] == 0:
                raise ValueError(f"The deal takes more {c} tiles than the bag holds.")
            state.bag[colour] -= 1
            state.players[seat].hand[colour] += 1
            state.draws += 1  # counted as the seed's deal would: later draws then follow the same counter


def _colour(m: Move) -> int:
    assert m.colour is not None
    return COLOURS.index(m.colour)


def _square(m: Move) -> int:
    assert m.square is not None
    return SQUARE_INDEX[m.square]
