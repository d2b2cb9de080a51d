"""The board picture the bot posts after every move: board on top, information panel below."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image

from render import palette as P
from render.board import draw_board, static_layer
from render.layout import BOARD_H, WIDTH
from render.model import scene
from render.panel import ClockLine, draw_panel, panel_height, pending_text, static_panel
from render.png import encode
from render.wording import ENGLISH, Wording, names_in


@lru_cache(maxsize=32)
def base(board_name: str, players: int, pending: bool, w: Wording = ENGLISH) -> Image.Image:
    """Static board and static panel (in `w`'s language) in one image; callers `.copy()` it."""
    im = Image.new("RGB", (WIDTH, BOARD_H + panel_height(players, pending)), P.PANEL_BG)
    im.paste(static_layer(board_name), (0, 0))
    im.paste(static_panel(players, pending, w), (0, BOARD_H))
    return im


def board_image(position: dict[str, Any], names: list[str] | None = None,
                clock: ClockLine | None = None, w: Wording = ENGLISH) -> Image.Image:
    """The board picture as a Pillow image (render_board without the encoding), its words in `w`'s language."""
    sc = scene(position, names_in(position, names, w))
    im = base(sc.board.name, len(sc.players), pending_text(sc) is not None, w).copy()
    draw_board(im, sc)
    draw_panel(im, sc, BOARD_H, clock, w)
    return im


def render_board(position: dict[str, Any], *, names: list[str] | None = None,
                 clock: ClockLine | None = None, words: Wording = ENGLISH) -> bytes:
    """PNG of the board and the public panel, from a position or a seat's view.

    Points are drawn only where the dict has them; hands only ever as hand sizes. `clock`: the turn clock's
    words and the seats a stand-in plays, as the bot gives them. `words`: the reader's language (render/wording.py).
    """
    return encode(board_image(position, names, clock, words))
