"""Long seat names on the pictures ('Medium computer', 'Ordinateur (difficile)'): drawn whole, on two lines where
one is too short, never cut to 'Medium co…'; a short name keeps its dynasty beneath it."""

from __future__ import annotations

import pytest
from PIL import ImageDraw

import render.board
import render.final
import render.panel
import render.picture
from render import render_board, render_final
from render.fonts import font
from render.panel import NAME_W
from tests.render_fixtures import busy_position, final_position, final_standings, png, view

LONG = ["Alice", "Medium computer", "Ordinateur (difficile)", "Computer (mittel)"]


def drawn(monkeypatch, draw) -> list[str]:
    seen: list[str] = []
    real = ImageDraw.ImageDraw.text

    def spy(self, xy, text, fill=None, font=None, *args, **kwargs):
        seen.append(str(text))
        return real(self, xy, text, fill, font, *args, **kwargs)

    for cached in (render.board.static_layer, render.panel.static_panel, render.picture.base, render.final._base):
        cached.cache_clear()
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    png(draw())
    monkeypatch.undo()
    return seen


@pytest.mark.parametrize("picture", ["board", "final"])
def test_long_names_are_drawn_whole(monkeypatch, picture):
    draws = {"board": lambda: render_board(view(busy_position(), None), names=LONG),
             "final": lambda: render_final(view(final_position(), None), final_standings(), names=LONG)}
    seen = drawn(monkeypatch, draws[picture])
    assert not [t for t in seen if "…" in t], seen
    joined = " ".join(seen)
    for name in LONG[1:]:
        assert name in joined, (name, seen)  # on one line, or its two lines one after the other
    assert font(22, True).getlength("Medium computer") > NAME_W, "the name is longer than its column"
    if picture == "board":
        assert "Archer" in seen, "a short name keeps its dynasty beneath it"
