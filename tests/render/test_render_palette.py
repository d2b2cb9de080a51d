"""Colours and symbols stay distinguishable for colour-blind players and in greyscale."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from render import palette as P
from render import sprites
from render.fonts import FONT_DIR, font
from tests.render_fixtures import pixels

SIMULATIONS = ("normal", *P.CVD_KINDS)


def seen(rgb, kind):
    return rgb if kind == "normal" else P.simulate(rgb, kind)


def contrast_ratio(a, b) -> float:
    def lum(c):
        def lin(v):
            v /= 255
            return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
        r, g, b_ = (lin(v) for v in c)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b_
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("kind", SIMULATIONS)
def test_tile_colours_stay_apart_under_colour_blindness(kind):
    for a, b in itertools.combinations(P.COLOURS, 2):
        d = P.delta_e(seen(P.TILE[a], kind), seen(P.TILE[b], kind))
        assert d >= 20, (kind, a, b, d)


@pytest.mark.parametrize("kind", SIMULATIONS)
def test_tiles_stand_out_from_land_and_river(kind):
    grounds = {"land": P.LAND, "river": P.RIVER}
    for colour in P.COLOURS:
        for g, rgb in grounds.items():
            d = P.delta_e(seen(P.TILE[colour], kind), seen(rgb, kind))
            assert d >= 20, (kind, colour, g, d)
    assert P.delta_e(seen(P.LAND, kind), seen(P.RIVER, kind)) >= 10


def test_tile_colours_differ_in_greyscale():
    # lightness alone (no hue at all) still tells every pair apart, red and green included
    light = {c: P.lightness(P.TILE[c]) for c in P.COLOURS}
    for a, b in itertools.combinations(P.COLOURS, 2):
        assert abs(light[a] - light[b]) >= 10, (a, b, light)


def test_white_symbols_contrast_with_every_tile():
    for colour in P.COLOURS:
        assert contrast_ratio(P.SYMBOL, P.TILE[colour]) >= 2.5, colour
    assert contrast_ratio(P.CATASTROPHE_MARK, P.CATASTROPHE) >= 2.5


def _silhouette(im) -> list[bool]:
    """Where the sprite is near-white: its symbol, whatever the colours."""
    return [a > 0 and min(r, g, b) > 200 for r, g, b, a in pixels(im)]


def _differ(a: list[bool], b: list[bool]) -> float:
    """Share of the two shapes' pixels that only one of them covers (Jaccard distance)."""
    union = sum(x or y for x, y in zip(a, b, strict=True))
    return sum(x != y for x, y in zip(a, b, strict=True)) / union


def test_tile_symbols_differ_without_colour():
    # temple and settlement are the nearest pair (both buildings): flat steps against a pointed roof
    shapes = {c: _silhouette(sprites.tile(c, 46)) for c in P.COLOURS}
    for a, b in itertools.combinations(P.COLOURS, 2):
        assert _differ(shapes[a], shapes[b]) >= 0.25, (a, b)


def test_dynasty_symbols_differ_without_colour():
    dynasties = ("archer", "bull", "lion", "urn")
    # inside the white ring every leader shares
    shapes = {d: _silhouette(sprites.leader("red", d, 42).crop((8, 8, 34, 34))) for d in dynasties}
    for a, b in itertools.combinations(dynasties, 2):
        assert _differ(shapes[a], shapes[b]) >= 0.3, (a, b)


def test_corner_treasure_differs_in_shape():
    gem = [a > 128 for *_, a in pixels(sprites.treasure(False, 22))]
    star = [a > 128 for *_, a in pixels(sprites.treasure(True, 22))]
    assert _differ(gem, star) >= 0.25


def test_fonts_are_bundled():
    root = Path(__file__).resolve().parents[2]
    assert root / "data" / "fonts" == FONT_DIR
    for bold in (False, True):
        path = Path(font(20, bold).path)
        assert path.parent == FONT_DIR and path.exists()
    assert (FONT_DIR / "LICENSE").exists()
