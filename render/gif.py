"""Animated GIF writing, designed for size: one global palette, and each frame after the first only the
rectangle that changed, with the unchanged pixels inside it transparent (long runs LZW packs into little).

Frames go in as "L" images of palette indices, one at a time, so only the previous frame is held.
Pillow encodes each frame's pixels (GifImagePlugin.getdata); the container around them is written here so
that every frame given is written, even one identical to the one before (Pillow's save would merge them).
"""

from __future__ import annotations

import struct
import threading
from dataclasses import dataclass
from functools import lru_cache

from PIL import GifImagePlugin, Image, ImageChops

from render.png import _exact_colours, palette_image

TRAILER = b";"
_UNCHANGED = [255, *([0] * 255)]  # point table: a zero difference becomes a set mask bit


@dataclass(frozen=True)
class Colours:
    """A GIF palette: the colours frames are mapped onto, and an index left free to mean 'unchanged'."""

    image: Image.Image  # a "P" image holding only the usable colours, for Image.quantize
    table: bytes  # the 256-entry global colour table
    clear: int  # the transparent index; mapping never produces it


def _colours(rgb: list[tuple[int, ...]]) -> Colours:
    rgb = list(dict.fromkeys(rgb))[:255]
    pal = Image.new("P", (1, 1))
    pal.putpalette([v for c in rgb for v in c])
    return Colours(pal, bytes(v for c in rgb for v in c).ljust(768, b"\0"), 255)


@lru_cache(maxsize=1)
def full_colours() -> Colours:
    """The pictures' shared palette: the flat colours and the shades of smooth edges."""
    flat = palette_image().getpalette() or []
    return _colours([tuple(flat[i:i + 3]) for i in range(0, len(flat), 3)])


@lru_cache(maxsize=1)
def flat_colours() -> Colours:
    """Only the flat colours of render/palette.py: jagged edges, fewer distinct runs to pack."""
    return _colours(list(_exact_colours()))


# Pillow fills a palette's lookup cache with the GIL released; the bot may draw in threads.
_MAPPING = threading.Lock()


def index_of(colours: Colours, rgb: tuple[int, int, int]) -> int:
    """The palette index of a colour the palette holds exactly."""
    t = colours.table
    for i in range(colours.clear):
        if tuple(t[3 * i:3 * i + 3]) == rgb:
            return i
    raise ValueError(f"{rgb} is not in the palette")


def indices(im: Image.Image, colours: Colours) -> Image.Image:
    """An RGB image as an "L" image of indices into `colours` (no dithering: flat areas stay flat)."""
    with _MAPPING:
        p = im.quantize(palette=colours.image, dither=Image.Dither.NONE)
    return Image.frombytes("L", p.size, p.tobytes())


def to_rgb(index_image: Image.Image, colours: Colours) -> Image.Image:
    """The RGB picture of an index image."""
    p = Image.frombytes("P", index_image.size, index_image.tobytes())
    p.putpalette(colours.table)
    return p.convert("RGB")


def header(size: tuple[int, int], colours: Colours) -> bytes:
    """GIF89a header with the global colour table, looping forever."""
    w, h = size
    # 0xF7: a global colour table of 2**(7+1) entries, 8 bits per channel.
    return (b"GIF89a" + struct.pack("<HHBBB", w, h, 0xF7, 0, 0) + colours.table
            + b"!\xff\x0bNETSCAPE2.0\x03\x01" + struct.pack("<H", 0) + b"\x00")


def frame(cur: Image.Image, prev: Image.Image | None, ms: int, clear: int) -> bytes:
    """One frame shown for `ms`: the whole of `cur`, or only what differs from `prev` (same size)."""
    # Disposal 1: a frame stays under the next, so transparent pixels show what was there.
    params = {"duration": ms, "disposal": 1, "transparency": clear}
    if prev is None:
        part, offset = cur, (0, 0)
    else:
        delta = ImageChops.subtract_modulo(cur, prev)
        box = delta.getbbox()
        if box is None:  # identical: still a frame of its own, one unchanged pixel
            part, offset = Image.new("L", (1, 1), clear), (0, 0)
        else:
            part = cur.crop(box)
            part.paste(clear, mask=delta.crop(box).point(_UNCHANGED, "1"))
            offset = box[:2]
    return b"".join(GifImagePlugin.getdata(part, offset, **params))
