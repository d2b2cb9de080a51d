"""The web board's page (bot/web/static, issue 30): what it loads, that it stays small and offline, that it
carries docs/web.md's stable attributes, and (where Node is installed) its board geometry and drawing."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
STATIC = ROOT / "bot" / "web" / "static"
SVG_NS = "http://www.w3.org/2000/svg"


def first_load() -> dict[str, int]:
    """The files a first visit fetches: index.html, what it links, and every module those import."""
    seen: dict[str, int] = {}
    todo = ["index.html"]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        text = (STATIC / name).read_text()
        seen[name] = len(text.encode())
        if name.endswith(".html"):
            todo += re.findall(r'(?:src|href)="/static/([^"]+)"', text)
        elif name.endswith(".js"):
            todo += [p.removeprefix("./") for p in re.findall(r'from\s+"(\./[^"]+)"', text)]
    return seen


def test_the_page_loads_only_its_own_files_and_they_exist() -> None:
    files = first_load()
    assert {"index.html", "board.js", "board.css"} <= set(files)
    for name in files:
        assert (STATIC / name).is_file(), name


def test_the_first_load_is_far_under_300_kb() -> None:
    assert sum(first_load().values()) <= 100_000


def test_the_page_reaches_no_other_site() -> None:
    for name in first_load():
        text = (STATIC / name).read_text().replace(SVG_NS, "")
        assert not re.search(r"https?://|//[a-z0-9.-]+\.[a-z]{2,}/|@import", text), name


def test_the_page_carries_the_stable_attributes() -> None:
    source = "".join((STATIC / name).read_text() for name in first_load())
    for attribute in ("data-square", "data-tile", "data-leader", "data-move", "data-log"):
        assert attribute in source, attribute
    assert "dataset.revision" in source and "dataset.turn" in source
    for action in ("tile", "leader", "catastrophe", "swap", "withdraw", "pass", "undo"):
        assert f'data-action="{action}"' in source, action


NODE_CHECK = """
import { parseSquare, moveSquares, zoomBox, CELL, COLS, ROWS, allSquares } from "./geometry.js";
import { boardSvg } from "./draw.js";
const out = {};
out.f7 = parseSquare("f7");
out.bad = [parseSquare("Q1"), parseSquare("A12"), parseSquare("tile")];
out.monument = moveSquares("monument red-blue E5");
out.tile = moveSquares("tile red F7");
out.pass = moveSquares("pass");
let smallest = 1e9;
for (let w = 352; w <= 400; w++) for (const sq of allSquares()) {
  const box = zoomBox(sq, Math.floor(w / 44), Math.round(Math.floor(w / 44) * 0.75));
  smallest = Math.min(smallest, (w * CELL) / box[2]);
}
out.smallest = smallest;
const view = %s;
const svg = boardSvg({layout: {rivers: ["A4"], corners: ["B2"]}, view, kingdoms: [{squares: ["F7", "F8"],
  leaders: {red: {seat: 0, strength: 1}}}], last: ["F7"], targets: ["A1", "C3"]});
out.squares = (svg.match(/data-square=/g) || []).length;
out.tiles = (svg.match(/class="tile"/g) || []).length;
out.leaders = (svg.match(/class="leader"/g) || []).length;
out.targets = (svg.match(/class="target"/g) || []).length;
out.last = (svg.match(/class="last"/g) || []).length;
out.star = svg.includes("#s-star");
console.log(JSON.stringify(out));
"""


def test_geometry_and_drawing_run_as_the_page_runs_them() -> None:
    if shutil.which("node") is None:  # on the machine image; never skipped
        pytest.fail("This test runs the page's modules in Node.js: install it (apt-get install nodejs).", pytrace=False)
    view = {"players": [{"dynasty": "archer", "leaders": {"red": "F8"}}], "tiles": {"F7": "red", "B2": "red"},
            "treasures": ["B2"], "catastrophes": ["C3"]}
    script = NODE_CHECK % json.dumps(view)
    done = subprocess.run(["node", "--input-type=module", "-e", script], cwd=STATIC, capture_output=True,
                          text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["f7"] == [5, 6]
    assert out["bad"] == [None, None, None]
    assert out["monument"] == ["E5", "F5", "E6", "F6"]
    assert out["tile"] == ["F7"] and out["pass"] == []
    # A phone 360-400 px wide, zoomed in, shows every square at least 32 px wide.
    assert out["smallest"] >= 32
    assert out["squares"] == 16 * 11
    assert out["tiles"] == 2 and out["leaders"] == 1 and out["targets"] == 2 and out["last"] == 1
    assert out["star"]
