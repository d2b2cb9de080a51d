"""The bundled fonts (DejaVu Sans, data/fonts): never a system font, so pictures look the same everywhere."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).resolve().parent.parent / "data" / "fonts"
_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans (bold or regular) at `size` pixels."""
    return ImageFont.truetype(str(FONT_DIR / _FILES[bold]), size)


def fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """`text`, cut with an ellipsis so that it fits in `width` pixels."""
    f = font(size, bold)
    if f.getlength(text) <= width:
        return text
    while text and f.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"
