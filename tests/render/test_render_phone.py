"""The board and final pictures shrunk to a phone's 400 px: every text, the monuments and the leaders' symbols
still readable, and a player whose leaders are all out is told so in words, not by four empty rings."""

from __future__ import annotations

import pytest
from PIL import ImageDraw

import render.board
import render.final
import render.panel
import render.picture
from render import palette as P
from render import render_board, render_final, sprites
from render.board import PIECE
from render.layout import BOARD_H
from render.panel import CATA_X, HEAD_H, LEADERS_X, ROW_H
from tests.render_fixtures import (
    busy_position,
    final_position,
    final_standings,
    hidden_scores,
    pixels,
    png,
    view,
    war_position,
)

PHONE = 400
MIN_CAP = 7.5  # px of a capital letter at 400 px wide: below this the notes could not be read
NAMES = ["Alice", "Bartholomew", "Chen", "Dana"]


def drawn_texts(monkeypatch, draw) -> tuple[list[tuple[str, object]], int]:
    """Every text `draw()` puts on its picture, with its font, and the picture's width (caches cleared first,
    so the static parts are drawn too)."""
    seen: list[tuple[str, object]] = []
    real = ImageDraw.ImageDraw.text

    def spy(self, xy, text, fill=None, font=None, *args, **kwargs):
        seen.append((str(text), font))
        return real(self, xy, text, fill, font, *args, **kwargs)

    for cached in (render.board.static_layer, render.panel.static_panel, render.picture.base, render.final._base):
        cached.cache_clear()
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    width = png(draw()).width
    monkeypatch.undo()
    return seen, width


def cap_at_phone(font, width: int) -> float:
    top, bottom = font.getbbox("H")[1], font.getbbox("H")[3]
    return (bottom - top) * PHONE / width


@pytest.mark.parametrize("picture", ["board", "war", "hidden", "final"])
def test_every_text_is_readable_at_400_px(monkeypatch, picture):
    draws = {
        "board": lambda: render_board(view(busy_position(), None), names=NAMES),
        "war": lambda: render_board(view(hidden_scores(war_position()), None), names=NAMES),
        "hidden": lambda: render_board(view(hidden_scores(busy_position()), 1), names=NAMES),
        "final": lambda: render_final(view(final_position(), None), final_standings(), names=NAMES),
    }
    seen, width = drawn_texts(monkeypatch, draws[picture])
    texts = [t for t, _ in seen]
    expected = {"board": "last: Chen", "war": "Waiting:", "hidden": "points hidden", "final": "A ringed colour"}
    assert any(t.startswith(expected[picture]) for t in texts), texts
    small = [(t, round(cap_at_phone(f, width), 2)) for t, f in seen if cap_at_phone(f, width) < MIN_CAP]
    assert small == [], f"texts under {MIN_CAP} px capitals at {PHONE} px wide"


def test_the_monuments_strip_is_large_enough_to_read(monkeypatch):
    sizes = []
    real = sprites.monument_icon

    def spy(pair, height):
        sizes.append(height)
        return real(pair, height)

    monkeypatch.setattr(sprites, "monument_icon", spy)
    im = png(render_board(view(busy_position(), None)))
    assert len(sizes) == 4, "the four unbuilt monuments"
    tile = round(min(sizes) * 0.72)  # each icon is its two colours' tiles side by side
    assert tile * PHONE / im.width >= 13, "a monument's tile symbols are at least 13 px at 400 px wide"


@pytest.mark.parametrize("dynasty", ["archer", "bull", "lion", "urn"])
@pytest.mark.parametrize("colour", ["red", "blue", "green"])
def test_dynasty_symbols_on_leaders_are_large_and_edged(dynasty, colour):
    im = sprites.leader(colour, dynasty, PIECE).convert("RGB")
    w, c = im.width, (im.width - 1) / 2
    inner = [im.getpixel((x, y)) for x in range(w) for y in range(w) if (x - c) ** 2 + (y - c) ** 2 <= (0.36 * w) ** 2]
    white = sum(1 for px in inner if min(px) > 200)
    dark = sum(1 for px in inner if max(px) < 60)
    assert white >= 0.3 * len(inner), "the symbol covers at least 30% of the disc inside the ring"
    assert dark >= 40, "a dark edge sets the white symbol off its colour"
    colour_px = sum(1 for px in inner if sum(abs(a - b) for a, b in zip(px, P.TILE[colour], strict=True)) < 40)
    assert colour_px >= 0.2 * len(inner), "the leader's colour still shows round it"


def test_a_player_with_every_leader_on_the_board_is_told_so_not_shown_empty_rings():
    pos = view(busy_position(), None)
    assert all(pos["players"][0]["leaders"].values()), "Alice (archer) has all four leaders out"
    im = png(render_board(pos, names=NAMES))
    y0 = BOARD_H + HEAD_H  # Alice's row
    row = im.crop((LEADERS_X, y0 + 4, CATA_X - 4, y0 + ROW_H - 4)).convert("RGB")
    px = pixels(row)
    faded = sum(1 for p in px if sum(abs(a - b) for a, b in zip(p, P.FADED, strict=True)) < 12)
    ink = sum(1 for p in px if max(p) < 90)
    # An empty ring is some 200 faint pixels; the words' smooth edges may land on that shade in a few.
    assert faded < 60, "no faint empty rings"
    assert ink > 100, "the words 'all on board' are written there"
    # A player with a leader in supply still sees it, and the places of those on the board.
    bull = im.crop((LEADERS_X, y0 + ROW_H + 4, CATA_X - 4, y0 + 2 * ROW_H - 4)).convert("RGB")
    assert any(sum(abs(a - b) for a, b in zip(p, P.FADED, strict=True)) < 12 for p in pixels(bull))
