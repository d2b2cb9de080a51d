"""Draws the web board's icon once (bot/web/static/favicon.ico): a red temple tile with a gold treasure, in the
pictures' palette. Run it again only to change the icon: `python scripts/make_favicon.py`."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parents[1] / "bot" / "web" / "static" / "favicon.ico"


def icon(size: int = 64) -> Image.Image:
    """The tile drawn large; the .ico keeps 16, 32 and 48 pixel copies of it."""
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    edge = size // 16
    draw.rounded_rectangle((edge, edge, size - edge - 1, size - edge - 1), radius=size // 6, fill=(214, 80, 20),
                           outline=(92, 78, 52), width=max(2, size // 21))
    # A temple's steps, then the gold treasure on top.
    for i, width in enumerate((0.62, 0.46, 0.30)):
        half = size * width / 2
        top = size * (0.70 - 0.12 * i)
        draw.rectangle((size / 2 - half, top, size / 2 + half, top + size * 0.10), fill=(250, 240, 214))
    r = size * 0.11
    draw.ellipse((size / 2 - r, size * 0.22 - r, size / 2 + r, size * 0.22 + r), fill=(246, 196, 40),
                 outline=(74, 50, 0), width=max(1, size // 40))
    return image


def main() -> None:
    icon().save(OUT, sizes=[(16, 16), (32, 32), (48, 48)])
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
