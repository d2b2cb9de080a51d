"""Small text helpers shared by the panels."""

from __future__ import annotations

from PIL import ImageDraw

from render.fonts import fit, font
from render.wording import ENGLISH, N_, Wording


def label(d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, fill: tuple[int, ...],
          *, bold: bool = False, anchor: str = "lm", width: int | None = None) -> float:
    """Draw `text` (cut to `width` px when given); return its advance in px."""
    if width is not None:
        text = fit(text, size, width, bold)
    f = font(size, bold)
    d.text(xy, text, font=f, fill=fill, anchor=anchor)
    return f.getlength(text)


def fraction(fill: float | None, w: Wording = ENGLISH) -> str:
    """0.75 -> '¾': how full the bag is, as players would say it."""
    if fill is None:
        return "?"
    # i18n: how full the bag is: empty ("none") or "full"
    words = {0.0: N_("none"),
             # Translators: how full the bag is, beside its picture: full
             1.0: N_("full")}
    quarter = round(fill * 4) / 4
    if quarter in words:
        return w.gettext(words[quarter])
    return {0.25: "¼", 0.5: "½", 0.75: "¾"}.get(quarter, f"{fill:.2f}")


def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 tile', '2 tiles', '0 tiles'; `many` for a plural that is not the word plus s ('lobbies')."""
    return f"{n} {word}" if n == 1 else f"{n} {many or word + 's'}"


def fitting_size(text: str, width: int, sizes: tuple[int, ...], bold: bool = False) -> int:
    """The first of `sizes` (largest first) at which `text` fits `width` px; the last when none does."""
    return next((s for s in sizes if font(s, bold).getlength(text) <= width), sizes[-1])


def two_lines(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """`text` in one line, or broken at the last space that lets the first line fit `width` px (the second line is
    cut by `label` if it must be): a longer language's sentence keeps its end."""
    f = font(size, bold)
    if f.getlength(text) <= width:
        return [text]
    words = text.split(" ")
    for i in range(len(words) - 1, 0, -1):
        first = " ".join(words[:i])
        if f.getlength(first) <= width:
            return [first, " ".join(words[i:])]
    return [text]


def name_block(d: ImageDraw.ImageDraw, x: float, mid: float, name: str, size: int, fill: tuple[int, ...],
               width: int) -> int:
    """A player's name in bold, centred on `mid`: on one line when it fits `width` px, else broken at a space onto
    two ('Medium' / 'computer'), cut only when even that does not fit; how many lines it took."""
    lines = two_lines(name, size, width, bold=True)
    if len(lines) == 1:
        label(d, (x, mid), name, size, fill, bold=True, width=width)
        return 1
    label(d, (x, mid - size * 0.55), lines[0], size, fill, bold=True, width=width)
    label(d, (x, mid + size * 0.6), lines[1], size, fill, bold=True, width=width)
    return 2
