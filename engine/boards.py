"""The two boards, copied from data/boards.json so the engine needs no file I/O."""

from dataclasses import dataclass

from engine.squares import NSQ, SQUARE_INDEX


@dataclass(frozen=True)
class BoardMap:
    """One board: which squares are river, where the starting temples and corner treasures are."""

    name: str
    river: tuple[bool, ...]
    temples: tuple[int, ...]
    corners: frozenset[int]


def _board(name: str, grid: tuple[str, ...], corners: tuple[str, ...]) -> BoardMap:
    cells = "".join(grid)
    assert len(cells) == NSQ
    river = tuple(ch == "~" for ch in cells)
    temples = tuple(i for i, ch in enumerate(cells) if ch in "TC")
    return BoardMap(name, river, temples, frozenset(SQUARE_INDEX[s] for s in corners))


STANDARD = _board(
    "standard",
    (
        "....~~~~~.T.~...",
        ".C..~.......~..C",
        "...~~T......~~..",
        "~~~~.........~~~",
        ".............T~~",
        "..............~.",
        "~~~~....T...~~~.",
        ".C.~~~~.....~...",
        "......~~~~~~~.C.",
        ".....T..........",
        "..........T.....",
    ),
    ("B2", "P2", "B8", "O9"),
)
ADVANCED = _board(
    "advanced",
    (
        "..~~T....T.....~",
        "..~~..........T~",
        ".C~~...........~",
        "..~...T....T~~~~",
        "..~.........~...",
        "..~T........~..C",
        "..~~........~~..",
        "C..~~~.T....T~..",
        ".....~~~.....~..",
        "....C.~~~~~~~~..",
        "......~..C....C.",
    ),
    ("B3", "P6", "A8", "E10", "J11", "O11"),
)

BOARDS: dict[str, BoardMap] = {"standard": STANDARD, "advanced": ADVANCED}
BOARD_NAMES: tuple[str, ...] = tuple(BOARDS)
