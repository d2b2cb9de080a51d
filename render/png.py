"""PNG encoding, tuned for speed: every picture is mapped onto one fixed 256-colour palette.

Pillow filters every row of an RGB PNG five ways before compressing (≈ 20 ms for the board);
a palette PNG skips that, and mapping onto a ready palette costs ~1 ms, where building a new palette
per picture (quantize) would cost ~9 ms. The palette holds every flat colour of render/palette.py
exactly, plus the in-between shades the smooth sprite and text edges need.
"""

from __future__ import annotations

import io
import threading
from functools import lru_cache

from PIL import Image, ImageDraw

from engine import DYNASTIES
from render import palette as P
from render import sprites
from render.fonts import font

COMPRESS_LEVEL = 3

# Pillow keeps its colour-lookup cache inside the shared palette and fills it with the GIL released;
# the bot draws in worker threads, so the ~1 ms mapping step is taken one thread at a time.
_MAPPING = threading.Lock()


def _exact_colours() -> list[P.RGB]:
    """Every flat colour the pictures use: these must come out unchanged."""
    out: list[P.RGB] = [(255, 255, 255), (0, 0, 0)]
    for name in dir(P):
        value = getattr(P, name)
        if name.isupper() and isinstance(value, tuple) and len(value) == 3 and all(
            isinstance(v, int) for v in value
        ):
            out.append(value)
    out.extend(P.TILE.values())
    return list(dict.fromkeys(out))


def _sample_sheet() -> Image.Image:
    """Every sprite and a line of text on every background: what the palette must serve."""
    pieces = [sprites.tile(c, 42) for c in P.COLOURS]
    pieces += [sprites.leader(c, d, 42) for c in P.COLOURS for d in DYNASTIES]
    pieces += [sprites.badge(d, 44) for d in DYNASTIES]
    pieces += [sprites.catastrophe(42), sprites.face_down(42), sprites.tile_back(30), sprites.marker(32),
               sprites.treasure(False, 22), sprites.treasure(True, 22), sprites.empty_leader(34),
               sprites.empty_slot(30), sprites.monument("red-green", 88), sprites.monument("blue-black", 88),
               sprites.monument_icon("green-black", 34)]
    backgrounds = [P.LAND, P.LAND_ALT, P.RIVER, P.KINGDOM_TINT, P.PANEL_BG, P.PANEL_ACTIVE, *P.TILE.values(),
                   P.TREASURE]
    width = sum(p.width for p in pieces)
    sheet = Image.new("RGB", (width, 100 * len(backgrounds)), P.PANEL_BG)
    d = ImageDraw.Draw(sheet)
    f = font(22, bold=True)
    for row, bg in enumerate(backgrounds):
        y = row * 100
        d.rectangle((0, y, width, y + 99), fill=bg)
        x = 0
        for p in pieces:
            sheet.paste(p, (x, y), p)
            x += p.width
        for i, ink in enumerate((P.TEXT, P.TEXT_DIM, P.SYMBOL, P.LABEL)):
            d.text((10 + i * 400, y + 60), "Archer 0123456789 ABCDEFGHIJKLMNOP", font=f, fill=ink)
    return sheet


def _dist2(a: tuple[int, ...], b: tuple[int, ...]) -> int:
    return sum((p - q) ** 2 for p, q in zip(a, b, strict=True))


@lru_cache(maxsize=1)
def palette_image() -> Image.Image:
    """The shared 256-colour palette: an octree palette of the sample sheet, exact colours forced in."""
    exact = _exact_colours()
    cut = _sample_sheet().quantize(colors=256 - len(exact), method=Image.Quantize.FASTOCTREE,
                                   dither=Image.Dither.NONE)
    flat = (cut.getpalette() or [])[: 3 * (256 - len(exact))]
    entries = [tuple(flat[i:i + 3]) for i in range(0, len(flat), 3)]
    # Pillow looks colours up in 4-level buckets: a shade too near an exact colour could win its
    # bucket and shift a flat area, so such shades are dropped (the exact colour serves them).
    entries = [e for e in entries if min(_dist2(e, x) for x in exact) > 14 * 14]
    colours = exact + entries
    colours += [(0, 0, 0)] * (256 - len(colours))
    pal = Image.new("P", (1, 1))
    pal.putpalette([v for c in colours for v in c])
    return pal


def to_palette(im: Image.Image) -> Image.Image:
    """`im` mapped onto the shared palette, without dithering (flat areas stay flat)."""
    pal = palette_image()
    with _MAPPING:
        return im.quantize(palette=pal, dither=Image.Dither.NONE)


def encode(im: Image.Image) -> bytes:
    """PNG bytes of `im`, as a palette PNG."""
    buf = io.BytesIO()
    to_palette(im).save(buf, format="PNG", compress_level=COMPRESS_LEVEL)
    return buf.getvalue()
