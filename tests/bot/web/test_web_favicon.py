"""The board's icon: `/favicon.ico` answers a real icon, and every page links it."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

STATIC = Path(__file__).resolve().parents[3] / "bot" / "web" / "static"


async def test_the_favicon_is_served_as_an_icon(web):
    answer = await web.client.get("/favicon.ico")
    assert answer.status == 200
    icon = Image.open(io.BytesIO(await answer.read()))
    assert icon.format == "ICO" and (16, 16) in icon.info["sizes"] and (32, 32) in icon.info["sizes"]


def test_every_page_links_the_icon() -> None:
    for page in ("index.html", "server.html", "activity.html"):
        assert '<link rel="icon" href="/favicon.ico">' in (STATIC / page).read_text(), page
