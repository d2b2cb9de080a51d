"""Where things go: square names, pixel boxes of squares, sizes of the pictures."""

from __future__ import annotations

import re

COLS, ROWS = 16, 11
COLUMN_LETTERS = "ABCDEFGHIJKLMNOP"

# A square is 46 px and the labels take 30 px on each side: the board picture is 796 px wide, so at
# Discord's ~400 px preview a square is still ~23 px and the labels ~10 px high.
CELL = 46
MARGIN = 30
BOARD_W = COLS * CELL + 2 * MARGIN
BOARD_H = ROWS * CELL + 2 * MARGIN
WIDTH = BOARD_W  # every picture of the board shares its width

LABEL_SIZE = 21  # font px of the column letters / row numbers
TEXT_SIZE = 22  # smallest text in the panels (≈ 11 px at 400 px wide)
SMALL_SIZE = 19
# The smallest text of the board and final pictures. Shrunk to a phone's 400 px its capitals are 7.5 px high
# (DejaVu's cap height is 0.73 em); smaller notes could not be read there.
NOTE_SIZE = 20
PHONE_WIDTH = 400
MIN_CAP_AT_PHONE = 7.5

_SQUARE = re.compile(r"^([A-Pa-p])(1[01]|[1-9])$")


def parse_square(name: str) -> tuple[int, int]:
    """`F7` -> (column 5, row 6), both 0-based; raises ValueError on a bad name."""
    m = _SQUARE.match(name.strip())
    if not m:
        raise ValueError(f"not a square: {name!r}")
    return COLUMN_LETTERS.index(m.group(1).upper()), int(m.group(2)) - 1


def square_name(col: int, row: int) -> str:
    """(5, 6) -> `F7`."""
    return f"{COLUMN_LETTERS[col]}{row + 1}"


def cell_origin(col: int, row: int) -> tuple[int, int]:
    """Top-left pixel of a square on the board picture."""
    return MARGIN + col * CELL, MARGIN + row * CELL


def cell_box(col: int, row: int) -> tuple[int, int, int, int]:
    """(x0, y0, x1, y1) of a square, x1/y1 exclusive."""
    x, y = cell_origin(col, row)
    return x, y, x + CELL, y + CELL


def cell_centre(col: int, row: int) -> tuple[int, int]:
    """Centre pixel of a square."""
    x, y = cell_origin(col, row)
    return x + CELL // 2, y + CELL // 2


def square_centre(name: str) -> tuple[int, int]:
    """Centre pixel of a named square (tests sample colours here)."""
    return cell_centre(*parse_square(name))
