"""Pieces as small RGBA images, drawn 4× larger and shrunk (smooth edges), made once and cached."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render import palette as P
from render import symbols as S

SS = 4  # supersampling factor


def _canvas(w: int, h: int | None = None) -> tuple[Image.Image, ImageDraw.ImageDraw, int, int]:
    h = w if h is None else h
    im = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    return im, ImageDraw.Draw(im), w * SS, h * SS


def _shrink(im: Image.Image, w: int, h: int | None = None) -> Image.Image:
    return im.resize((w, w if h is None else h), Image.Resampling.LANCZOS)


def _darker(c: P.RGB, f: float = 0.7) -> P.RGB:
    return (int(c[0] * f), int(c[1] * f), int(c[2] * f))


def _tile_body(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], fill: P.RGB) -> None:
    x0, y0, x1, y1 = box
    r = (x1 - x0) * 0.14
    d.rounded_rectangle(box, radius=r, fill=_darker(fill, 0.62))
    e = max(2.0, (x1 - x0) * 0.045)
    d.rounded_rectangle((x0 + e, y0 + e, x1 - e, y1 - e), radius=r - e / 2, fill=fill)


@lru_cache(maxsize=32)
def tile(colour: str, size: int) -> Image.Image:
    """A civilization tile of `colour` with its symbol (temple, farm, market, settlement)."""
    im, d, w, _ = _canvas(size)
    fill = P.TILE[colour]
    _tile_body(d, (0, 0, w - 1, w - 1), fill)
    m = w * 0.16
    S.draw(d, S.TILE_SYMBOL[colour], (m, m, w - m, w - m), P.SYMBOL, fill)
    return _shrink(im, size)


@lru_cache(maxsize=64)
def leader(colour: str, dynasty: str, size: int) -> Image.Image:
    """A leader: a disc of its colour with a white ring, carrying its dynasty's symbol, and its colour's mark."""
    im, d, w, _ = _canvas(size)
    fill = P.TILE[colour]
    d.ellipse((0, 0, w - 1, w - 1), fill=P.OUTLINE)
    e = w * 0.035
    d.ellipse((e, e, w - 1 - e, w - 1 - e), fill=P.SYMBOL)
    e = w * 0.08
    d.ellipse((e, e, w - 1 - e, w - 1 - e), fill=fill)
    # The symbol fills most of the disc, with a dark edge, so the dynasty still reads at a phone's preview.
    m = w * 0.14
    symbol = S.DYNASTY_SYMBOL[dynasty]
    around = ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (-1, 1), (1, -1))
    for o, ink in ((w * 0.035, P.OUTLINE), (w * 0.006, P.SYMBOL)):  # a dark edge, then thicker strokes
        for dx, dy in around:
            S.draw(d, symbol, (m + o * dx, m + o * dy, w - m + o * dx, w - m + o * dy), ink, fill)
    S.draw(d, symbol, (m, m, w - m, w - m), P.SYMBOL, fill)
    _colour_mark(d, w, colour)
    return _shrink(im, size)


def _colour_mark(d: ImageDraw.ImageDraw, w: int, colour: str) -> None:
    """The leader's colour said by a shape too: its colour's tile symbol on a small tile at the lower right, so
    two leaders of one dynasty differ for players who cannot tell their colours apart (issue 41)."""
    x0, x1 = w * (1 - MARK), w - 1
    d.rounded_rectangle((x0 - w * 0.03, x0 - w * 0.03, x1, x1), radius=w * 0.07, fill=P.OUTLINE)
    _tile_body(d, (x0, x0, x1 - w * 0.02, x1 - w * 0.02), P.TILE[colour])
    m = (x1 - x0) * 0.13
    S.draw(d, S.TILE_SYMBOL[colour], (x0 + m, x0 + m, x1 - m, x1 - m), P.SYMBOL, P.TILE[colour])


MARK = 0.34  # the colour mark's share of a leader's width


@lru_cache(maxsize=16)
def badge(dynasty: str, size: int) -> Image.Image:
    """A dynasty's emblem on a neutral disc (the panel's player marker)."""
    im, d, w, _ = _canvas(size)
    d.ellipse((0, 0, w - 1, w - 1), fill=P.DYNASTY_BADGE)
    m = w * 0.17
    S.draw(d, S.DYNASTY_SYMBOL[dynasty], (m, m, w - m, w - m), P.SYMBOL, P.DYNASTY_BADGE)
    return _shrink(im, size)


@lru_cache(maxsize=8)
def empty_leader(size: int) -> Image.Image:
    """The place of a leader that is on the board, not in supply: a faint ring."""
    im, d, w, _ = _canvas(size)
    d.ellipse((w * 0.06, w * 0.06, w * 0.94, w * 0.94), outline=P.FADED, width=round(w * 0.08))
    return _shrink(im, size)


@lru_cache(maxsize=8)
def catastrophe(size: int) -> Image.Image:
    """A catastrophe tile: a dark square with a jagged cross."""
    im, d, w, _ = _canvas(size)
    _tile_body(d, (0, 0, w - 1, w - 1), P.CATASTROPHE)
    m = w * 0.1
    S.draw(d, S.catastrophe, (m, m, w - m, w - m), P.CATASTROPHE_MARK, P.CATASTROPHE)
    return _shrink(im, size)


@lru_cache(maxsize=8)
def empty_slot(size: int) -> Image.Image:
    """A used-up catastrophe or an empty hand slot: a faint outline of a tile."""
    im, d, w, _ = _canvas(size)
    d.rounded_rectangle((w * 0.05, w * 0.05, w * 0.95, w * 0.95), radius=w * 0.14, outline=P.FADED,
                        width=round(w * 0.07))
    return _shrink(im, size)


@lru_cache(maxsize=8)
def face_down(size: int) -> Image.Image:
    """A tile turned face down (under a monument, without a known monument on it)."""
    im, d, w, _ = _canvas(size)
    _tile_body(d, (0, 0, w - 1, w - 1), P.FACE_DOWN)
    return _shrink(im, size)


@lru_cache(maxsize=8)
def tile_back(size: int) -> Image.Image:
    """The back of a tile: the hand-size icon."""
    im, d, w, _ = _canvas(size)
    _tile_body(d, (w * 0.12, 0, w - 1, w * 0.88), P.FACE_DOWN)
    _tile_body(d, (0, w * 0.12, w * 0.88, w - 1), P.FACE_DOWN)
    return _shrink(im, size)


@lru_cache(maxsize=32)
def monument(pair: str, size: int) -> Image.Image:
    """A 2×2 monument block of `size` px: four face-down tiles under a two-tier tower, the lower
    tier in the pair's first colour and the upper in the second, each with its tile symbol."""
    first, second = pair.split("-")
    im, d, w, _ = _canvas(size)
    half = w / 2
    g = w * 0.02
    for cx in (0, half):
        for cy in (0, half):
            _tile_body(d, (cx + g, cy + g, cx + half - g, cy + half - g), P.FACE_DOWN)
    # Lower tier.
    lo = (w * 0.12, w * 0.5, w * 0.88, w * 0.9)
    d.rectangle(lo, fill=P.OUTLINE)
    e = w * 0.025
    d.rectangle((lo[0] + e, lo[1] + e, lo[2] - e, lo[3] - e), fill=P.TILE[first])
    s = (lo[3] - lo[1]) * 0.8
    cxm = w / 2
    S.draw(d, S.TILE_SYMBOL[first], (cxm - s / 2, lo[1] + (lo[3] - lo[1] - s) / 2,
                                     cxm + s / 2, lo[1] + (lo[3] - lo[1] + s) / 2), P.SYMBOL, P.TILE[first])
    # Upper tier, standing on the lower one.
    hi = (w * 0.26, w * 0.1, w * 0.74, w * 0.5 + e)
    d.rectangle(hi, fill=P.OUTLINE)
    d.rectangle((hi[0] + e, hi[1] + e, hi[2] - e, hi[3] - e), fill=P.TILE[second])
    s = (hi[3] - hi[1]) * 0.78
    S.draw(d, S.TILE_SYMBOL[second], (cxm - s / 2, hi[1] + (hi[3] - hi[1] - s) / 2,
                                      cxm + s / 2, hi[1] + (hi[3] - hi[1] + s) / 2), P.SYMBOL, P.TILE[second])
    return _shrink(im, size)


@lru_cache(maxsize=16)
def monument_icon(pair: str, height: int) -> Image.Image:
    """A small monument for the panel: its two colours' tiles side by side on a plinth."""
    first, second = pair.split("-")
    t = round(height * 0.72)
    w = 2 * t + 2
    im = Image.new("RGBA", (w, height), (0, 0, 0, 0))
    im.paste(tile(first, t), (0, 0))
    im.paste(tile(second, t), (t + 2, 0))
    d = ImageDraw.Draw(im)
    d.rectangle((0, t + 2, w - 1, height - 1), fill=P.OUTLINE)
    return im


@lru_cache(maxsize=8)
def treasure(corner: bool, size: int) -> Image.Image:
    """A treasure: a gem, or a star for a corner treasure (one a trader must take first)."""
    im, d, w, _ = _canvas(size)
    S.draw(d, S.star if corner else S.gem, (0, 0, w - 1, w - 1), P.TREASURE, P.TREASURE_EDGE)
    return _shrink(im, size)


@lru_cache(maxsize=4)
def marker(size: int) -> Image.Image:
    """The unification marker: a white disc with crossed swords on a black rim."""
    im, d, w, _ = _canvas(size)
    d.ellipse((0, 0, w - 1, w - 1), fill=P.OUTLINE)
    e = w * 0.07
    d.ellipse((e, e, w - 1 - e, w - 1 - e), fill=P.MARKER)
    m = w * 0.18
    S.draw(d, S.swords, (m, m, w - m, w - m), P.OUTLINE, P.MARKER)
    return _shrink(im, size)
