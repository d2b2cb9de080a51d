"""Fixed facts of the game: colours, dynasties, monuments, tile counts."""

COLOURS: tuple[str, ...] = ("red", "blue", "green", "black")
RED, BLUE, GREEN, BLACK = 0, 1, 2, 3
DYNASTIES: tuple[str, ...] = ("archer", "bull", "lion", "urn")
TILE_NAMES: tuple[str, ...] = ("temple", "farm", "market", "settlement")
LEADER_NAMES: tuple[str, ...] = ("priest", "farmer", "trader", "king")
TILE_TOTALS: tuple[int, ...] = (57, 36, 30, 30)
TOTAL_TILES = sum(TILE_TOTALS)
HAND_SIZE = 6
CATASTROPHES = 2
MAX_PLAYERS = 4
MIN_PLAYERS = 2

# Monuments in the canonical order of docs/notation.md; each is a pair of colour indices.
MONUMENTS: tuple[tuple[int, int], ...] = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
MONUMENT_NAMES: tuple[str, ...] = tuple(f"{COLOURS[a]}-{COLOURS[b]}" for a, b in MONUMENTS)
# A player's points in a position: one count per colour, and the treasures taken (wild points).
POINT_KEYS: tuple[str, ...] = (*COLOURS, "treasure")

COLOUR_ALIASES: dict[str, int] = {}
for _i, _words in enumerate(zip(COLOURS, ("r", "b", "g", "k"), TILE_NAMES, LEADER_NAMES, strict=True)):
    for _w in _words:
        COLOUR_ALIASES[_w] = _i
COLOUR_ALIASES.update({"temples": RED, "farms": BLUE, "markets": GREEN, "settlements": BLACK})
