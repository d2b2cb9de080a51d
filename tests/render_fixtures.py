"""Hand-written `tne/1` positions for the render tests and benchmark (no engine needed)."""

from __future__ import annotations

import copy
import io
from collections import Counter
from typing import Any

from PIL import Image


def png(data: bytes) -> Image.Image:
    """Decode PNG bytes (checking the signature) into an RGB image."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(data)).convert("RGB")


def pixels(im: Image.Image) -> list:
    """The pixels of `im` in order (Pillow 13 renames getdata to get_flattened_data)."""
    get = getattr(im, "get_flattened_data", None) or im.getdata
    return list(get())


def dominant(im: Image.Image) -> tuple[int, int, int]:
    """The most common colour of `im`."""
    return Counter(pixels(im)).most_common(1)[0][0]


def dominant_hue(im: Image.Image) -> tuple[int, int, int]:
    """The most common colour of `im` but the symbols' white: a leader's own colour, round its dynasty's symbol,
    its white ring and its colour mark's symbol."""
    return Counter(p for p in pixels(im) if p[:3] != (255, 255, 255)).most_common(1)[0][0]


def busy_position() -> dict[str, Any]:
    """A busy 4-player mid-game on the standard board: five kingdoms, 13 leaders, two monuments,
    catastrophes, treasures (corner ones too) and open scores."""
    tiles = {
        # North kingdom round the F3 temple, with the red-black monument at J3.
        "F3": "red", "G3": "red", "H3": "red", "I3": "red", "G4": "green", "F4": "black", "E3": "blue",
        "J3": "red", "K3": "red", "J4": "red", "K4": "red",
        # Centre kingdom round I7.
        "I7": "red", "H7": "red", "J7": "green", "J8": "black", "G8": "blue", "J9": "blue", "I5": "black",
        "K7": "green", "K6": "red",
        # South kingdom round F10.
        "E10": "red", "F10": "red", "G10": "red", "F11": "green", "D11": "black", "H10": "green",
        # East kingdom round N5, with the blue-green monument at O4.
        "M5": "red", "N5": "red", "L5": "black", "M6": "green", "O4": "blue", "P4": "blue", "O5": "blue",
        "P5": "blue", "O6": "blue",
        # Corner kingdom at O9.
        "O9": "red", "P9": "green", "P10": "black",
        # Leaderless temples and regions.
        "K1": "red", "B2": "red", "P2": "red", "B8": "red", "K11": "red", "B3": "green", "C2": "black",
        "A10": "black", "A11": "green", "M1": "blue", "M2": "blue",
    }
    return {
        "format": "tne/1",
        "board": "standard",
        "options": {"scores": "open"},
        "players": [
            {"dynasty": "archer", "hand": {"red": 2, "blue": 1, "green": 2, "black": 1},
             "leaders": {"red": "F2", "blue": "E9", "green": "H6", "black": "O8"},
             "catastrophes": 1, "points": {"red": 7, "blue": 3, "green": 5, "black": 4, "treasure": 1}},
            {"dynasty": "bull", "hand": {"red": 3, "blue": 0, "green": 1, "black": 2},
             "leaders": {"red": "G11", "blue": "I8", "green": None, "black": "H2"},
             "catastrophes": 2, "points": {"red": 4, "blue": 6, "green": 2, "black": 8, "treasure": 0}},
            {"dynasty": "lion", "hand": {"red": 1, "blue": 2, "green": 2, "black": 1},
             "leaders": {"red": "M4", "blue": None, "green": "H4", "black": "F9"},
             "catastrophes": 0, "points": {"red": 5, "blue": 5, "green": 6, "black": 3, "treasure": 1}},
            {"dynasty": "urn", "hand": {"red": 4, "blue": 1, "green": 0, "black": 1},
             "leaders": {"red": "G7", "blue": None, "green": "N6", "black": "I6"},
             "catastrophes": 1, "points": {"red": 9, "blue": 2, "green": 4, "black": 5, "treasure": 0}},
        ],
        "tiles": tiles,
        "face_down": ["J3", "K3", "J4", "K4", "O4", "P4", "O5", "P5"],
        "monuments": [{"pair": "red-black", "at": "J3"}, {"pair": "blue-green", "at": "O4"}],
        "treasures": ["B2", "P2", "F3", "N5", "I7", "B8", "O9", "F10", "K11"],
        "catastrophes": ["L6", "D10", "C4", "H8"],
        "bag": {"red": 20, "blue": 14, "green": 12, "black": 11},
        "turn": {"player": 2, "actions_left": 1},
        "seed": 99,
        "short_draw": False,
        "over": False,
        "pending": None,
        "last": {"seat": 2, "move": "tile green M6", "squares": ["M6"]},
    }


def war_position() -> dict[str, Any]:
    """The busy position with a red tile on H5 joining the north and centre kingdoms: a red war, urn's
    priest (G7) attacking archer's (F2), archer to commit; the unification marker on H5.
    Pending keys past kind, seat and marker are the engine's own: render uses them only if present."""
    pos = busy_position()
    pos["tiles"]["H5"] = "red"
    pos["players"][2]["hand"]["red"] -= 1
    pos["last"] = {"seat": 2, "move": "tile red H5", "squares": ["H5"]}
    pos["pending"] = {"kind": "war", "seat": 0, "marker": "H5", "colour": "red", "attacker": 3, "defender": 0}
    pos["turn"] = {"player": 2, "actions_left": 0}
    return pos


def view(pos: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """What `seat` may see (None: a spectator), as g.view(seat) would give it."""
    v = copy.deepcopy(pos)
    open_scores = (v.get("options") or {}).get("scores") == "open" or v.get("over")
    for i, p in enumerate(v["players"]):
        if i != seat:
            p["hand_size"] = sum(p["hand"].values())
            p["hand"] = None
            if not open_scores:
                p["points"] = None
    left = sum(v["bag"].values())
    v["bag_fill"] = 0 if left == 0 else max(0.25, round(left / 143 * 4) / 4)
    v["bag"] = None
    v["seed"] = None
    return v


def hidden_scores(pos: dict[str, Any]) -> dict[str, Any]:
    """The same position with hidden scores."""
    p = copy.deepcopy(pos)
    p["options"] = {"scores": "hidden"}
    return p


def final_position() -> dict[str, Any]:
    """The busy position played out: over, hidden scores now revealed."""
    pos = hidden_scores(busy_position())
    pos["over"] = True
    pos["pending"] = None
    pos["treasures"] = ["F3", "I7"]
    pos["players"][0]["points"] = {"red": 14, "blue": 9, "green": 11, "black": 10, "treasure": 3}
    pos["players"][1]["points"] = {"red": 12, "blue": 13, "green": 8, "black": 15, "treasure": 2}
    pos["players"][2]["points"] = {"red": 10, "blue": 11, "green": 12, "black": 9, "treasure": 2}
    pos["players"][3]["points"] = {"red": 16, "blue": 7, "green": 10, "black": 12, "treasure": 1}
    return pos


def final_standings() -> list[dict[str, Any]]:
    """standings() of final_position(): treasures added one at a time to the weakest colour."""
    return [
        {"score": 11, "totals": {"red": 14, "blue": 11, "green": 11, "black": 11}, "place": 1},
        {"score": 10, "totals": {"red": 12, "blue": 13, "green": 10, "black": 15}, "place": 2},
        {"score": 10, "totals": {"red": 11, "blue": 11, "green": 12, "black": 10}, "place": 3},
        {"score": 8, "totals": {"red": 16, "blue": 8, "green": 10, "black": 12}, "place": 4},
    ]


def write_examples(folder: str) -> list[str]:
    """Write the README's example pictures into `folder`; returns their paths."""
    from pathlib import Path

    from render import render_board, render_final, render_hand

    names = ["Alice", "Bartholomew", "Chen", "Dana"]
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    pictures = {
        "board-midgame.png": render_board(view(busy_position(), None), names=names),
        "board-war.png": render_board(view(hidden_scores(war_position()), None), names=names),
        "hand.png": render_hand(view(busy_position(), 0), 0, name="Alice"),
        "final.png": render_final(view(final_position(), None), final_standings(), names=names),
    }
    for name, data in pictures.items():
        (out / name).write_bytes(data)
    return [str(out / n) for n in pictures]


if __name__ == "__main__":  # python -m tests.render_fixtures docs/pictures
    import sys

    print("\n".join(write_examples(sys.argv[1] if len(sys.argv) > 1 else "docs/pictures")))
