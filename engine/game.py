"""The engine's public face: `Game`, as fixed by NOTATION.md."""

from engine import actions, decisions
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
from engine.draws import Tape, draw
from engine.errors import IllegalMove
from engine.events import who
from engine.legal import legal_moves
from engine.move import Move, Played
from engine.outcome import Outcome, outcome
from engine.position import from_position, to_position, view
from engine.rng import mix
from engine.squares import SQUARE_INDEX
from engine.standings import standings
from engine.state import EMPTY, Player, State

# The verbs that answer each kind of decision.
ANSWERS = {
    "revolt": ("commit",), "war": ("commit",), "war_order": ("war",),
    "monument": ("monument", "decline"), "treasure": ("treasure",),
}


class Game:
    """One game of Tigris & Euphrates: positions in, legal moves out, events from every move."""

    __slots__ = ("_stack", "_state")

    def __init__(self, state: State, *, history: bool = True) -> None:
        self._state = state
        self._stack: list[Played] | None = [] if history else None  # None: no history kept (a search's copy)

    @classmethod
    def new(cls, players: int = 2, seed: int = 0, board: str = "standard", options: dict | None = None) -> "Game":
        """A fresh game: temples and treasures set out, hands dealt, first player drawn by the seed."""
        if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError("A game has 2, 3 or 4 players.")
        if board not in BOARDS:
            raise ValueError(f"Unknown board {board!r}: use standard or advanced.")
        options = options or {}
        scores = options.get("scores", "hidden")
        if scores not in ("hidden", "open"):
            raise ValueError("The scores option is hidden or open.")
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
        state.player = mix(state.seed, -1) % players
        for k in range(players):
            draw(state, (state.player + k) % players, HAND_SIZE)
        return cls(state)

    @classmethod
    def from_position(cls, position: dict) -> "Game":
        return cls(from_position(position))

    def position(self) -> dict:
        return to_position(self._state)

    def view(self, seat: int | None) -> dict:
        """The position as that seat may see it; None gives a spectator's view."""
        return view(self._state, seat)

    def copy(self, *, history: bool = True) -> "Game":
        """An independent copy. With history=False it keeps no move stack from here on: cheaper for search."""
        game = Game(self._state.copy(), history=history and self._stack is not None)
        if game._stack is not None and self._stack:
            game._stack.extend(self._stack)
        return game

    @property
    def move_stack(self) -> list[Played]:
        """The moves played on this game object, oldest first (a game from a position starts empty)."""
        return list(self._stack or ())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.position() == other.position()

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
    def pending(self) -> dict | None:
        """The decision in progress (kind, seat and its data), or None."""
        return self._state.pending

    def describe_pending(self) -> str | None:
        """The awaited decision in words, or None."""
        return decisions.describe(self._state) if self._state.pending else None

    def legal_moves(self) -> list[str]:
        return legal_moves(self._state)

    def standings(self) -> list[dict]:
        return standings(self._state)

    def outcome(self) -> Outcome | None:
        """Why the game ended and the final standings, typed; None while it goes on."""
        return outcome(self._state)

    def push(self, move: Move | str, seat: int | None = None,
             draws: list[tuple[int, list[str]]] | None = None) -> Played:
        """Play one move (a Move, or text in any accepted spelling); returns it as played. Raises IllegalMove
        and leaves the game exactly as it was. `draws`, when given, are the tiles this move draws as a
        complete game record lists them ([seat, colours] in order), instead of the seed's."""
        s = self._state
        if s.over:
            raise IllegalMove("The game is over.")
        m = move if isinstance(move, Move) else Move.parse(move)
        to_move = self.to_move
        assert to_move is not None
        if seat is not None and seat != to_move:
            if s.pending:
                raise IllegalMove(f"It is not your move: {decisions.describe(s)}.")
            raise IllegalMove(f"It is not your turn: {who(s, to_move)} is to play.")
        if s.pending:
            if m.verb not in ANSWERS[s.pending["kind"]]:
                raise IllegalMove(f"First a decision: {decisions.describe(s)}.")
        elif m.is_decision:
            raise IllegalMove(f"'{m.verb}' answers a decision, and none is awaited now.")
        if draws is not None:
            return self._push_given(m, to_move, draws)
        events: list[dict] = []
        if self._stack is None:
            self._apply(m, events)
            return Played(m, to_move, events)
        s.tape = Tape()
        try:
            self._apply(m, events)
            drawn = tuple((seat, tuple(COLOURS[c] for c in colours)) for seat, colours in s.tape.log)
        finally:
            s.tape = None
        played = Played(m, to_move, events, drawn)
        self._stack.append(played)
        return played

    def play(self, move: Move | str, seat: int | None = None) -> list[dict]:
        """Play one move (a Move, or text in any accepted spelling); returns its events. Raises IllegalMove."""
        return self.push(move, seat).events

    def _push_given(self, m: Move, seat: int, draws: list[tuple[int, list[str]]]) -> Played:
        """push() with the draws a record lists; a move whose draws disagree is refused, changing nothing."""
        s = self._state
        try:
            given = [(int(who_drew), tuple(COLOURS.index(c) for c in colours)) for who_drew, colours in draws]
        except (TypeError, ValueError) as exc:
            raise IllegalMove(f"the draws {draws!r} are not [seat, [colour, ...]] pairs.") from exc
        if any(not 0 <= who_drew < s.n for who_drew, _ in given):
            raise IllegalMove(f"the draws name a seat this {s.n}-player game does not have.")
        saved = s.copy()
        s.tape = Tape(given=[g for g in given if g[1]])
        events: list[dict] = []
        try:
            self._apply(m, events)
            if s.tape.given:
                left = s.tape.given[0]
                raise IllegalMove(f"the record lists a draw of {len(left[1])} for {who(s, left[0])} that this "
                                  "move does not make.")
            drawn = tuple((seat, tuple(COLOURS[c] for c in colours)) for seat, colours in s.tape.log)
        except IllegalMove:
            self._state = saved
            raise
        finally:
            s.tape = None
        played = Played(m, seat, events, drawn)
        if self._stack is not None:
            self._stack.append(played)
        return played

    def _apply(self, m: Move, events: list[dict]) -> None:
        if self._state.pending:
            self._decide(m, events)
        else:
            self._act(m, events)

    def _act(self, m: Move, events: list[dict]) -> None:
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

    def _decide(self, m: Move, events: list[dict]) -> None:
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


def _colour(m: Move) -> int:
    assert m.colour is not None
    return COLOURS.index(m.colour)


def _square(m: Move) -> int:
    assert m.square is not None
    return SQUARE_INDEX[m.square]
