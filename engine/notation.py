"""Move notation: parsing what players type and writing canonical move strings (NOTATION.md)."""

from functools import lru_cache

from engine.constants import COLOUR_ALIASES, COLOURS, MONUMENT_NAMES, MONUMENTS
from engine.errors import IllegalMove
from engine.squares import SQUARE_NAMES, square_index

# A parsed move is a tuple whose first item is the verb:
#   ("tile", colour, square) ("leader", colour, square) ("withdraw", colour) ("catastrophe", square)
#   ("swap", (r, b, g, k)) ("pass",) ("commit", n) ("war", colour) ("monument", monument, square)
#   ("decline",) ("treasure", square)
Move = tuple

ACTION_VERBS = ("tile", "leader", "withdraw", "catastrophe", "swap", "pass")
DECISION_VERBS = ("commit", "war", "monument", "decline", "treasure")
VERBS = ACTION_VERBS + DECISION_VERBS

USAGE = {
    "tile": "tile <colour> <square>, for example 'tile red F7'",
    "leader": "leader <colour> <square>, for example 'leader black G3'",
    "withdraw": "withdraw <colour>, for example 'withdraw green'",
    "catastrophe": "catastrophe <square>, for example 'catastrophe H3'",
    "swap": "swap <colour> ..., for example 'swap red red blue'",
    "pass": "pass",
    "commit": "commit <number>, for example 'commit 2'",
    "war": "war <colour>, for example 'war red'",
    "monument": "monument <pair> <square>, for example 'monument red-blue E5'",
    "decline": "decline",
    "treasure": "treasure <square>, for example 'treasure B2'",
}

# Canonical strings are built once: legal_moves() returns thousands of them per second.
TILE_MOVES = tuple(tuple(f"tile {c} {s}" for s in SQUARE_NAMES) for c in COLOURS)
LEADER_MOVES = tuple(tuple(f"leader {c} {s}" for s in SQUARE_NAMES) for c in COLOURS)
CATASTROPHE_MOVES = tuple(f"catastrophe {s}" for s in SQUARE_NAMES)
TREASURE_MOVES = tuple(f"treasure {s}" for s in SQUARE_NAMES)
WITHDRAW_MOVES = tuple(f"withdraw {c}" for c in COLOURS)
WAR_MOVES = tuple(f"war {c}" for c in COLOURS)


def colour_index(word: str) -> int:
    """Colour index of a colour word, letter, tile or leader name; raises IllegalMove otherwise."""
    idx = COLOUR_ALIASES.get(word.lower())
    if idx is None:
        raise IllegalMove(f"'{word}' is not a colour: use red, blue, green or black.")
    return idx


def parse_square(word: str) -> int:
    """Index of a square name; raises IllegalMove with a hint otherwise."""
    idx = square_index(word)
    if idx is None:
        raise IllegalMove(f"'{word}' is not a square: columns are A to P and rows 1 to 11, like F7.")
    return idx


def monument_index(word: str) -> int:
    """Index of a monument named by its two colours in either order."""
    parts = word.lower().split("-")
    if len(parts) == 2:
        a, b = COLOUR_ALIASES.get(parts[0]), COLOUR_ALIASES.get(parts[1])
        if a is not None and b is not None:
            pair = (min(a, b), max(a, b))
            if pair in MONUMENTS:
                return MONUMENTS.index(pair)
    raise IllegalMove(f"'{word}' is not a monument: name its two colours, like red-blue or green-black.")


@lru_cache(maxsize=8192)
def parse_move(text: str) -> Move:
    """Parse one move line (case-insensitive); raises IllegalMove when it cannot be read."""
    words = text.split()
    if not words:
        raise IllegalMove("Type a move, for example 'tile red F7' or 'pass'.")
    verb, args = words[0].lower(), words[1:]
    if verb not in VERBS:
        raise IllegalMove(f"'{words[0]}' is not a move: use {', '.join(VERBS[:-1])} or {VERBS[-1]}.")
    expected = {"tile": 2, "leader": 2, "withdraw": 1, "catastrophe": 1, "pass": 0, "commit": 1,
                "war": 1, "monument": 2, "decline": 0, "treasure": 1}
    if verb == "swap":
        if not 1 <= len(args) <= 6:
            raise IllegalMove("Swap 1 to 6 tiles, each colour listed: " + USAGE["swap"] + ".")
        counts = [0, 0, 0, 0]
        for w in args:
            counts[colour_index(w)] += 1
        return ("swap", tuple(counts))
    if len(args) != expected[verb]:
        raise IllegalMove(f"Write it as {USAGE[verb]}.")
    if verb in ("tile", "leader"):
        return (verb, colour_index(args[0]), parse_square(args[1]))
    if verb in ("withdraw", "war"):
        return (verb, colour_index(args[0]))
    if verb in ("catastrophe", "treasure"):
        return (verb, parse_square(args[0]))
    if verb == "commit":
        if not args[0].isdigit():
            raise IllegalMove(f"'{args[0]}' is not a number of tiles: write {USAGE['commit']}.")
        return ("commit", int(args[0]))
    if verb == "monument":
        return ("monument", monument_index(args[0]), parse_square(args[1]))
    return (verb,)


def format_move(move: Move) -> str:
    """The canonical string of a parsed move."""
    verb = move[0]
    if verb == "tile":
        return TILE_MOVES[move[1]][move[2]]
    if verb == "leader":
        return LEADER_MOVES[move[1]][move[2]]
    if verb == "withdraw":
        return WITHDRAW_MOVES[move[1]]
    if verb == "war":
        return WAR_MOVES[move[1]]
    if verb == "catastrophe":
        return CATASTROPHE_MOVES[move[1]]
    if verb == "treasure":
        return TREASURE_MOVES[move[1]]
    if verb == "swap":
        return "swap " + " ".join(COLOURS[c] for c in range(4) for _ in range(move[1][c]))
    if verb == "commit":
        return f"commit {move[1]}"
    if verb == "monument":
        return f"monument {MONUMENT_NAMES[move[1]]} {SQUARE_NAMES[move[2]]}"
    return verb


def is_action(move: str) -> bool:
    """Whether a move line is one of a turn's actions (not an answer to a decision)."""
    words = move.split()
    return bool(words) and words[0].lower() in ACTION_VERBS


def canonical(text: str) -> str:
    """The canonical form of a move line; raises IllegalMove when it cannot be read."""
    return format_move(parse_move(text))
