"""The engine's public face: `Game`, as fixed by NOTATION.md."""

from engine import actions, decisions
from engine.boards import BOARDS
from engine.constants import CATASTROPHES, DYNASTIES, HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS, TILE_TOTALS
from engine.draws import draw
from engine.errors import IllegalMove
from engine.events import who
from engine.legal import legal_moves
from engine.notation import ACTION_VERBS, format_move, parse_move
from engine.position import from_position, to_position, view
from engine.rng import mix
from engine.standings import standings
from engine.state import EMPTY, Player, State

# The verbs that answer each kind of decision.
ANSWERS = {
    "revolt": ("commit",), "war": ("commit",), "war_order": ("war",),
    "monument": ("monument", "decline"), "treasure": ("treasure",),
}


class Game:
    """One game of Tigris & Euphrates: positions in, legal moves out, events from every move."""

    __slots__ = ("_state",)

    def __init__(self, state: State) -> None:
        self._state = state

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

    def copy(self) -> "Game":
        return Game(self._state.copy())

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

    def play(self, move: str, seat: int | None = None) -> list[dict]:
        """Play one move (any case, any accepted spelling); returns the events. Raises IllegalMove."""
        s = self._state
        if s.over:
            raise IllegalMove("The game is over.")
        parsed = parse_move(move)
        to_move = self.to_move
        if seat is not None and seat != to_move:
            if s.pending:
                raise IllegalMove(f"It is not your move: {decisions.describe(s)}.")
            raise IllegalMove(f"It is not your turn: {who(s, to_move)} is to play.")
        verb = parsed[0]
        events: list[dict] = []
        if s.pending:
            if verb not in ANSWERS[s.pending["kind"]]:
                raise IllegalMove(f"First a decision: {decisions.describe(s)}.")
            self._decide(parsed, events)
            return events
        if verb not in ACTION_VERBS:
            raise IllegalMove(f"'{verb}' answers a decision, and none is awaited now.")
        self._act(parsed, events)
        return events

    def _act(self, parsed: tuple, events: list[dict]) -> None:
        s = self._state
        verb = parsed[0]
        previous_last = s.last
        s.last = {"seat": s.player, "move": format_move(parsed), "squares": []}
        try:
            if verb == "tile":
                actions.apply_tile(s, parsed[1], parsed[2], events)
            elif verb == "leader":
                actions.apply_leader(s, parsed[1], parsed[2], events)
            elif verb == "withdraw":
                actions.apply_withdraw(s, parsed[1], events)
            elif verb == "catastrophe":
                actions.apply_catastrophe(s, parsed[1], events)
            elif verb == "swap":
                actions.apply_swap(s, parsed[1], events)
            else:
                actions.apply_pass(s, events)
        except IllegalMove:
            s.last = previous_last
            raise

    def _decide(self, parsed: tuple, events: list[dict]) -> None:
        s = self._state
        verb = parsed[0]
        if verb == "commit":
            decisions.apply_commit(s, parsed[1], events)
        elif verb == "war":
            decisions.apply_war(s, parsed[1], events)
        elif verb == "monument":
            decisions.apply_monument(s, parsed[1], parsed[2], events)
        elif verb == "decline":
            decisions.apply_decline(s, events)
        else:
            decisions.apply_treasure(s, parsed[1], events)
