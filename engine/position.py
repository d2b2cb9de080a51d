"""The `tne/1` position format: writing a state out, reading one in, and a seat's view."""

from engine.boards import BOARDS
from engine.constants import (
    CATASTROPHES,
    COLOURS,
    DYNASTIES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MONUMENT_NAMES,
    POINT_KEYS,
    TILE_TOTALS,
)
from engine.notation import monument_index, public_move
from engine.squares import SQUARE_INDEX, SQUARE_NAMES
from engine.state import EMPTY, JSON, Player, State, _deep

FORMAT = "tne/1"
# The engine's own revision of what its keys mean. 2: `turn.actions_left` no longer counts the action being
# resolved during a decision. Positions without `version` (stored before it) are read as revision 1.
VERSION = 2


def to_position(state: State) -> JSON:
    """The full position as a JSON-ready dict (docs/notation.md); engine extras: draws, removed, last."""
    tiles = {SQUARE_NAMES[sq]: COLOURS[c] for sq, c in enumerate(state.tile) if c != EMPTY}
    return {
        "format": FORMAT,
        "version": VERSION,
        "board": state.board.name,
        "options": {"scores": "open" if state.scores_open else "hidden"},
        "players": [
            {
                "dynasty": p.dynasty,
                "hand": dict(zip(COLOURS, p.hand, strict=True)),
                "leaders": {c: SQUARE_NAMES[sq] if sq >= 0 else None
                            for c, sq in zip(COLOURS, p.leaders, strict=True)},
                "catastrophes": p.catastrophes,
                "points": dict(zip(POINT_KEYS, p.points, strict=True)),
                "swapped": dict(zip(COLOURS, p.swapped, strict=True)),
            }
            for p in state.players
        ],
        "tiles": tiles,
        "face_down": [SQUARE_NAMES[sq] for sq, d in enumerate(state.down) if d],
        "monuments": [{"pair": MONUMENT_NAMES[m], "at": SQUARE_NAMES[at]} for m, at in state.monuments],
        "treasures": [SQUARE_NAMES[sq] for sq, t in enumerate(state.treasure) if t],
        "catastrophes": [SQUARE_NAMES[sq] for sq, c in enumerate(state.cat) if c],
        "bag": dict(zip(COLOURS, state.bag, strict=True)),
        "turn": {"player": state.player, "actions_left": state.actions_left},
        "seed": state.seed,
        "short_draw": state.short_draw,
        "over": state.over,
        "pending": _deep(state.pending),
        "draws": state.draws,
        "removed": dict(zip(COLOURS, state.removed, strict=True)),
        "last": _deep(state.last),
    }


class PositionError(ValueError):
    """A position dict that cannot be read."""


def _square(name: object, what: str) -> int:
    if not isinstance(name, str):
        raise PositionError(f"{what}: {name!r} is not a square")
    sq = SQUARE_INDEX.get(name)  # positions write squares in capitals: the common case first
    if sq is None:
        sq = SQUARE_INDEX.get(name.upper())
        if sq is None:
            raise PositionError(f"{what}: {name!r} is not a square")
    return sq


def _colours(d: object, what: str, keys: tuple[str, ...] = COLOURS) -> list[int]:
    if not isinstance(d, dict):
        raise PositionError(f"{what} must be an object of colour counts")
    out = [int(d.get(k, 0) or 0) for k in keys]
    if any(v < 0 for v in out):
        raise PositionError(f"{what} has a negative count")
    return out


def from_position(pos: JSON) -> State:
    """Read a position (full or hand-written with docs/notation.md's defaults) into a state."""
    if not isinstance(pos, dict):
        raise PositionError("a position is a JSON object")
    if pos.get("format", FORMAT) != FORMAT:
        raise PositionError(f"unknown position format {pos.get('format')!r}")
    board = BOARDS.get(pos.get("board", "standard"))
    if board is None:
        raise PositionError(f"unknown board {pos.get('board')!r}")
    raw_players = pos.get("players")
    if not isinstance(raw_players, list) or not MIN_PLAYERS <= len(raw_players) <= MAX_PLAYERS:
        raise PositionError("a position needs 2 to 4 players")
    players = []
    for i, rp in enumerate(raw_players):
        leaders = [EMPTY] * 4
        for c, sq in (rp.get("leaders") or {}).items():
            if sq is not None:
                leaders[COLOURS.index(c)] = _square(sq, f"player {i} leader")
        players.append(Player(
            dynasty=rp.get("dynasty", DYNASTIES[i]),
            hand=_colours(rp.get("hand", {}), f"player {i} hand"),
            leaders=leaders,
            catastrophes=int(rp.get("catastrophes", CATASTROPHES)),
            points=_colours(rp.get("points", {}), f"player {i} points", POINT_KEYS),
            swapped=_colours(rp.get("swapped", {}), f"player {i} swapped"),
        ))
    options = pos.get("options") or {}
    state = State(board=board, players=players, scores_open=options.get("scores", "hidden") == "open")
    for name, colour in (pos.get("tiles") or {}).items():
        if colour not in COLOURS:
            raise PositionError(f"tile on {name}: {colour!r} is not a colour")
        state.tile[_square(name, "tile")] = COLOURS.index(colour)
    for name in pos.get("face_down") or []:
        sq = _square(name, "face_down")
        if state.tile[sq] == EMPTY:
            raise PositionError(f"face_down {name} holds no tile")
        state.down[sq] = True
    for m in pos.get("monuments") or []:
        state.monuments.append((monument_index(m["pair"]), _square(m["at"], "monument")))
    for name in pos.get("treasures") or []:
        state.treasure[_square(name, "treasure")] = True
    for name in pos.get("catastrophes") or []:
        state.cat[_square(name, "catastrophe")] = True
    for seat, p in enumerate(players):
        for colour, sq in enumerate(p.leaders):
            if sq >= 0:
                if state.leader[sq] != EMPTY or state.tile[sq] != EMPTY or state.cat[sq]:
                    raise PositionError(f"leader on {SQUARE_NAMES[sq]} shares its square")
                state.leader[sq] = seat * 4 + colour
    state.bag = _colours(pos.get("bag", {}), "bag")
    turn = pos.get("turn") or {}
    state.player = int(turn.get("player", 0))
    state.actions_left = int(turn.get("actions_left", 2))
    if not 0 <= state.player < len(players):
        raise PositionError("turn.player is not a seat")
    state.seed = int(pos.get("seed") or 0)
    state.draws = int(pos.get("draws", 0))
    state.short_draw = bool(pos.get("short_draw", False))
    state.over = bool(pos.get("over", False))
    if state.over and sum(state.treasure) > 2 and not state.short_draw:
        raise PositionError("a finished game ends with 1 or 2 treasures left or a short draw (short_draw), "
                            "and this one has neither")
    version = pos.get("version", 1)
    if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= VERSION:
        raise PositionError(f"unknown engine version {version!r}: this engine reads 1 to {VERSION}")
    state.pending = _deep(pos.get("pending"))
    if state.pending is not None and version < 2:
        # Revision 1 still counted the action whose decision is pending (never below 1 then).
        state.actions_left = max(0, state.actions_left - 1)
    state.last = _deep(pos.get("last"))
    if "removed" in pos:
        state.removed = _colours(pos["removed"], "removed")
    else:
        # A hand-written position: every tile not elsewhere is taken to be out of the game.
        on_board = [0, 0, 0, 0]
        for c in state.tile:
            if c != EMPTY:
                on_board[c] += 1
        state.removed = [max(0, TILE_TOTALS[c] - state.bag[c] - on_board[c] - sum(p.hand[c] for p in players))
                         for c in range(4)]
    return state


def bag_fill(state: State) -> float:
    """The bag's fill as players may know it: 0 when empty, else the nearest quarter, at least 0.25."""
    left = sum(state.bag)
    if left == 0:
        return 0
    start = sum(TILE_TOTALS) - len(state.board.temples)
    return max(0.25, round(left / start * 4) / 4)


def view(state: State, seat: int | None) -> JSON:
    """What one seat may know (seat None: a spectator): other hands, hidden points and the bag removed.

    `removed` becomes the tiles out of the game that this seat can know of: all but others' swap discards."""
    pos = to_position(state)
    show_points = state.scores_open or state.over
    known = state.removed[:]
    for i, p in enumerate(pos["players"]):
        p["hand_size"] = sum(p["hand"].values())
        p["swapped_count"] = sum(p["swapped"].values())
        if i != seat:
            p["hand"] = None
            p["swapped"] = None
            known = [k - n for k, n in zip(known, state.players[i].swapped, strict=True)]
            if not show_points:
                p["points"] = None
    pos["bag"] = None
    pos["bag_fill"] = bag_fill(state)
    pos["seed"] = None
    pos["removed"] = dict(zip(COLOURS, known, strict=True))
    pos["draws"] = None
    last = pos.get("last")
    if isinstance(last, dict) and last.get("seat") != seat and isinstance(last.get("move"), str):
        # Swapped tiles go face down: only the swapper's own view names their colours.
        last["move"] = public_move(last["move"])
    return pos
