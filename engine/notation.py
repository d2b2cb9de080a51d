"""Move notation: the words players type (colours, squares, monuments) and canonical move strings."""

from engine.constants import COLOUR_ALIASES, MONUMENTS
from engine.errors import N_, IllegalMove
from engine.squares import square_index

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

# Longer input is refused before it is read: the longest move, a swap of six tiles, is 40 characters.
LONGEST_MOVE = 200
QUOTE_LIMIT = 24


def quote(text: str) -> str:
    """User text quoted in a refusal, cut to a short prefix so a long paste is never echoed back whole."""
    return f"'{text}'" if len(text) <= QUOTE_LIMIT else f"'{text[:QUOTE_LIMIT]}…'"


def colour_index(word: str) -> int:
    """Colour index of a colour word, letter, tile or leader name; raises IllegalMove otherwise."""
    idx = COLOUR_ALIASES.get(word.lower())
    if idx is None:
        raise IllegalMove(N_("{word} is not a colour: use red, blue, green or black."), word=quote(word))
    return idx


def parse_square(word: str) -> int:
    """Index of a square name; raises IllegalMove with a hint otherwise."""
    idx = square_index(word)
    if idx is None:
        raise IllegalMove(N_("{word} is not a square: columns are A to P and rows 1 to 11, like F7."), word=quote(word))
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
    raise IllegalMove(N_("{word} is not a monument: name its two colours, like red-blue or green-black."),
                      word=quote(word))


def public_move(move: str) -> str:
    """A move as the table may see it: a swap's tiles go face down (`swap 2`), any other move is unchanged."""
    words = move.split()
    if not words or words[0].lower() != "swap":
        return move
    if len(words) == 2 and words[1].isascii() and words[1].isdigit():
        return f"swap {int(words[1])}"  # already public
    return f"swap {len(words) - 1}"
