"""The board itself: a static layer (squares, rivers, labels) drawn once per board, and the pieces."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render import palette as P
from render import sprites
from render.boards import board
from render.fonts import font
from render.layout import (
    BOARD_H,
    BOARD_W,
    CELL,
    COLS,
    COLUMN_LETTERS,
    LABEL_SIZE,
    MARGIN,
    ROWS,
    cell_box,
    cell_origin,
    parse_square,
    square_name,
)
from render.model import Scene
from render.regions import kingdoms

PIECE = CELL - 4  # tiles and leaders leave a 2 px gap, so a kingdom's tint shows between them
TREASURE_PX = 25
MARKER_PX = 32
EDGE_W = 4


def _waves(d: ImageDraw.ImageDraw, x0: int, y0: int) -> None:
    # Two short waves away from the centre, so a river square's centre keeps the plain river colour.
    for fy in (0.22, 0.8):
        pts = []
        for i in range(13):
            u = 0.14 + 0.72 * i / 12
            pts.append((x0 + u * CELL, y0 + fy * CELL + 2.2 * math.sin(u * 4 * math.pi)))
        d.line(pts, fill=P.RIVER_WAVE, width=2)


@lru_cache(maxsize=4)
def static_layer(board_name: str) -> Image.Image:
    """Squares, rivers, grid and edge labels of a board; callers `.copy()` it."""
    b = board(board_name)
    im = Image.new("RGB", (BOARD_W, BOARD_H), P.MARGIN_BG)
    d = ImageDraw.Draw(im)
    for r in range(ROWS):
        for c in range(COLS):
            x0, y0, x1, y1 = cell_box(c, r)
            if square_name(c, r) in b.rivers:
                d.rectangle((x0, y0, x1 - 1, y1 - 1), fill=P.RIVER)
                _waves(d, x0, y0)
            else:
                d.rectangle((x0, y0, x1 - 1, y1 - 1), fill=P.LAND if (c + r) % 2 == 0 else P.LAND_ALT)
    for c in range(COLS + 1):
        x: float = MARGIN + c * CELL
        d.line((x, MARGIN, x, MARGIN + ROWS * CELL), fill=P.GRID, width=1)
    for r in range(ROWS + 1):
        y: float = MARGIN + r * CELL
        d.line((MARGIN, y, MARGIN + COLS * CELL, y), fill=P.GRID, width=1)
    d.rectangle((MARGIN - 2, MARGIN - 2, MARGIN + COLS * CELL + 2, MARGIN + ROWS * CELL + 2),
                outline=P.FRAME, width=2)
    f = font(LABEL_SIZE, bold=True)
    for c in range(COLS):
        x = MARGIN + c * CELL + CELL / 2
        d.text((x, MARGIN / 2 - 1), COLUMN_LETTERS[c], font=f, fill=P.LABEL, anchor="mm")
        d.text((x, BOARD_H - MARGIN / 2 + 1), COLUMN_LETTERS[c], font=f, fill=P.LABEL, anchor="mm")
    for r in range(ROWS):
        y = MARGIN + r * CELL + CELL / 2
        d.text((MARGIN / 2 - 1, y), str(r + 1), font=f, fill=P.LABEL, anchor="mm")
        d.text((BOARD_W - MARGIN / 2 + 1, y), str(r + 1), font=f, fill=P.LABEL, anchor="mm")
    return im


def _paste(im: Image.Image, sprite: Image.Image, xy: tuple[int, int]) -> None:
    im.paste(sprite, xy, sprite)


def _at(square: str, offset: int = 2) -> tuple[int, int]:
    x, y = cell_origin(*parse_square(square))
    return x + offset, y + offset


def draw_board(im: Image.Image, sc: Scene) -> None:
    """Draw the pieces of `sc` onto a copy of its static layer (at the picture's top-left)."""
    d = ImageDraw.Draw(im)
    realms = kingdoms(sc)

    # Tint under every kingdom: the gaps between its pieces join into one patch.
    for k in realms:
        for sq in k:
            x0, y0, x1, y1 = cell_box(*parse_square(sq))
            d.rectangle((x0, y0, x1 - 1, y1 - 1), fill=P.KINGDOM_TINT)

    covered: set[str] = set()
    for pair, at in sc.monuments:
        c, r = parse_square(at)
        if c + 1 >= COLS or r + 1 >= ROWS:
            continue
        _paste(im, sprites.monument(pair, 2 * CELL - 4), _at(at))
        covered |= {square_name(c + dc, r + dr) for dc in (0, 1) for dr in (0, 1)}
    for sq in sorted(sc.face_down - covered):
        _paste(im, sprites.face_down(PIECE), _at(sq))
    for sq, colour in sc.tiles.items():
        if colour in P.TILE:
            _paste(im, sprites.tile(colour, PIECE), _at(sq))
    for sq in sorted(sc.catastrophes):
        _paste(im, sprites.catastrophe(PIECE), _at(sq))
    for sq, (seat, colour) in sc.leader_squares().items():
        _paste(im, sprites.leader(colour, sc.players[seat].dynasty, PIECE), _at(sq))
    for sq in sorted(sc.treasures):
        corner = sq in sc.board.corner_treasures
        # Top-right corner: the temple symbol is narrow at the top, so the treasure hides little of it.
        x, y = cell_origin(*parse_square(sq))
        _paste(im, sprites.treasure(corner, TREASURE_PX), (x + CELL - TREASURE_PX + 1, y - 1))

    # Kingdom borders: kingdoms never touch (they would be one), so one colour is unambiguous.
    for k in realms:
        for sq in k:
            x0, y0, x1, y1 = cell_box(*parse_square(sq))
            c, r = parse_square(sq)
            for (dc, dr), line in (((-1, 0), (x0, y0 - 1, x0, y1)), ((1, 0), (x1, y0 - 1, x1, y1)),
                                   ((0, -1), (x0 - 1, y0, x1, y0)), ((0, 1), (x0 - 1, y1, x1, y1))):
                nc, nr = c + dc, r + dr
                inside = 0 <= nc < COLS and 0 <= nr < ROWS and square_name(nc, nr) in k
                if not inside:
                    d.line(line, fill=P.KINGDOM_EDGE, width=EDGE_W)

    for sq in sc.last_squares:
        x0, y0, x1, y1 = cell_box(*parse_square(sq))
        d.rectangle((x0 - 1, y0 - 1, x1, y1), outline=P.OUTLINE, width=1)
        d.rectangle((x0, y0, x1 - 1, y1 - 1), outline=P.HIGHLIGHT, width=4)
        d.rectangle((x0 + 4, y0 + 4, x1 - 5, y1 - 5), outline=P.OUTLINE, width=1)

    if sc.marker:
        off = (CELL - MARKER_PX) // 2
        _paste(im, sprites.marker(MARKER_PX), _at(sc.marker, off))

