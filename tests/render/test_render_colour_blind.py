"""Tiles and leaders stay apart for every player (issue 41): after simulating protanopia, deuteranopia, tritanopia
(Machado et al. 2009) and greyscale, every pair of piece colours differs by CIEDE2000 ΔE >= CLEAR, or the two pieces
differ in shape. Tiles always differ in shape (each colour has its symbol); two leaders of one dynasty share their
symbol, so each leader also carries its colour's tile symbol as a mark. Checked on the pictures' palette
(render/palette.py) and on the board page's colours (bot/web/static/symbols.js, board.css)."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from render import palette as P
from render import sprites
from render import symbols as S
from tests.render_fixtures import pixels

CLEAR = 20.0  # ΔE00 that keeps two colours apart on a 22 px piece: below it, shape must tell them apart
FLOOR = 10.0  # and no two piece colours ever come closer than this, whatever else differs
STATIC = Path(__file__).resolve().parents[2] / "bot" / "web" / "static"


def hex_rgb(text: str) -> tuple[int, int, int]:
    text = text.lstrip("#")
    if len(text) == 3:
        text = "".join(ch * 2 for ch in text)
    return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))


def page_colours() -> dict[str, dict[str, tuple[int, int, int]]]:
    """The board page's piece colours: the SVG pieces' (symbols.js TILE) and the panels' (board.css --red …)."""
    js = (STATIC / "symbols.js").read_text(encoding="utf-8")
    body = re.search(r"export const TILE = \{([^}]*)\}", js).group(1)
    svg = {name: hex_rgb(value) for name, value in re.findall(r'(\w+): "(#[0-9a-fA-F]+)"', body)}
    css = (STATIC / "board.css").read_text(encoding="utf-8")
    panels = {c: hex_rgb(re.search(rf"--{c}: (#[0-9a-fA-F]+);", css).group(1)) for c in P.COLOURS}
    return {"page pieces": svg, "page panels": panels}


PALETTES = {"picture": dict(P.TILE), **page_colours()}


def distances(colours: dict[str, tuple[int, int, int]]) -> dict[tuple[str, str, str], float]:
    return {(kind, a, b): P.delta_e2000(P.seen(colours[a], kind), P.seen(colours[b], kind))
            for kind in P.SIMULATIONS for a, b in itertools.combinations(P.COLOURS, 2)}


def silhouette(im) -> list[bool]:
    return [a > 0 and min(r, g, b) > 200 for r, g, b, a in pixels(im)]


def differ(a: list[bool], b: list[bool]) -> float:
    union = sum(x or y for x, y in zip(a, b, strict=True))
    return sum(x != y for x, y in zip(a, b, strict=True)) / max(1, union)


def mark(colour: str, dynasty: str, size: int = 42):
    """The colour mark at a leader's lower right."""
    at = round(size * (1 - sprites.MARK))
    return silhouette(sprites.leader(colour, dynasty, size).crop((at, at, size, size)))


def test_the_page_draws_the_pictures_colours():
    for name, colours in PALETTES.items():
        assert colours == P.TILE, name


@pytest.mark.parametrize("name", PALETTES)
def test_every_pair_of_pieces_differs_in_colour_or_in_shape(name):
    table = distances(PALETTES[name])
    print(f"\nΔE00 after simulation, {name} colours (pairs below {CLEAR} need a shape):")
    pairs = list(itertools.combinations(P.COLOURS, 2))
    print(f"{'':13}" + "".join(f"{a + '-' + b:>13}" for a, b in pairs))
    for kind in P.SIMULATIONS:
        print(f"{kind:13}" + "".join(f"{table[(kind, a, b)]:>13.1f}" for a, b in pairs))
    dynasties = ("archer", "bull", "lion", "urn")
    for (kind, a, b), d in table.items():
        assert d >= FLOOR, (name, kind, a, b, d)
        if d >= CLEAR:
            continue
        # Tiles: each colour has its own symbol.
        assert S.TILE_SYMBOL[a] is not S.TILE_SYMBOL[b]
        # Leaders of one dynasty: their colour marks differ in shape.
        for dynasty in dynasties:
            assert differ(mark(a, dynasty), mark(b, dynasty)) >= 0.25, (kind, a, b, dynasty)


def test_close_pairs_exist_so_the_marks_matter():
    """Red and green, and blue and black, come within CLEAR of each other for some players: the marks are needed."""
    close = {(a, b) for (_, a, b), d in distances(P.TILE).items() if d < CLEAR}
    assert ("red", "green") in close and ("blue", "black") in close
