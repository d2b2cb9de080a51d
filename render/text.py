"""Small text helpers shared by the panels."""

from __future__ import annotations

from PIL import ImageDraw

from render.fonts import fit, font


def label(d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, fill: tuple[int, ...],
          *, bold: bool = False, anchor: str = "lm", width: int | None = None) -> float:
    """Draw `text` (cut to `width` px when given); return its advance in px."""
    if width is not None:
        text = fit(text, size, width, bold)
    f = font(size, bold)
    d.text(xy, text, font=f, fill=fill, anchor=anchor)
    return f.getlength(text)


def fraction(fill: float | None) -> str:
    """0.75 -> '¾': how full the bag is, as players would say it."""
    if fill is None:
        return "?"
    return {0.0: "none", 0.25: "¼", 0.5: "½", 0.75: "¾", 1.0: "full"}.get(round(fill * 4) / 4, f"{fill:.2f}")


def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 tile', '2 tiles', '0 tiles'; `many` for a plural that is not the word plus s ('lobbies')."""
    return f"{n} {word}" if n == 1 else f"{n} {many or word + 's'}"
