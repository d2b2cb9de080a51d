"""The animated replay: a GIF with one frame per turn, the final standings on the last, sized for Discord."""

from __future__ import annotations

import io
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from render import gif, sprites
from render import palette as P
from render.final import final_image
from render.layout import TEXT_SIZE, WIDTH
from render.model import scene
from render.picture import board_image
from render.text import label
from render.wording import ENGLISH, Wording, names_in

DISCORD_LIMIT = 10 * 1024 * 1024  # an upload without server boosts
HEADER_H = 46
BAR_W = 220
BAR_H = 12

# Frame times: the whole game plays in about GAME_MS, each turn within TURN_MS; the first frame stays longer
# so the eye finds its bearings, the final standings long enough to be read before the loop starts again.
GAME_MS = 45_000
TURN_MS = (400, 1200)
FIRST_MS = 2_000
LAST_MS = 8_000


@dataclass(frozen=True)
class Look:
    """One way to encode the frames: shrunk by an integer factor, in full or flat colours."""

    shrink: int
    flat: bool
    size: float  # typical GIF size relative to the first look (a 4-player game, measured)


# Tried in order while the GIF is over the limit; the estimates let a tight limit skip looks bound to fail.
LOOKS: tuple[Look, ...] = (
    Look(1, False, 1.0), Look(1, True, 0.85), Look(2, False, 0.43), Look(2, True, 0.36),
    Look(3, False, 0.25), Look(3, True, 0.21), Look(4, False, 0.17), Look(4, True, 0.14),
)

Progress = Callable[[int, int], None]


def frame_ms(turns: int) -> int:
    """How long one turn's frame shows in a game of `turns` turns."""
    lo, hi = TURN_MS
    return max(lo, min(hi, int(round(GAME_MS / max(1, turns), -1))))


def durations(turns: int) -> list[int]:
    """Display time of every frame in ms: the first and the last held longer."""
    out = [frame_ms(turns)] * turns
    if turns > 1:
        out[0] = max(out[0], FIRST_MS)
    out[-1] = LAST_MS
    return out


# --- drawing ---------------------------------------------------------------------------------------


def _header(im: Image.Image, view: dict[str, Any], turn: int, turns: int, names: list[str] | None,
            w: Wording = ENGLISH) -> None:
    """Turn number, who played it, and a bar of how far the game has gone."""
    d = ImageDraw.Draw(im)
    mid = HEADER_H // 2 + 1
    sc = scene(view, names_in(view, names, w))
    seat = sc.last_seat if sc.last_seat is not None and 0 <= sc.last_seat < len(sc.players) else None
    x: float = 16
    if seat is not None:
        badge = sprites.badge(sc.players[seat].dynasty, 32)
        im.paste(badge, (int(x), mid - 16), badge)
        x += 40
    heading = w.gettext("Turn {turn} of {turns}").format(turn=turn, turns=turns)
    x += label(d, (x, mid), heading, TEXT_SIZE, P.TEXT, bold=True)
    x0, x1 = WIDTH - 16 - BAR_W, WIDTH - 16
    if seat is not None:
        label(d, (x + 10, mid), f"· {sc.players[seat].name}", TEXT_SIZE, P.TEXT, width=int(x0 - x - 30))
    top, bottom = mid - BAR_H // 2, mid + BAR_H // 2
    d.rounded_rectangle((x0, top, x1, bottom), radius=BAR_H // 2, fill=P.PANEL_RULE)
    filled = x0 + round((x1 - x0) * turn / turns)
    if filled - x0 >= BAR_H:
        d.rounded_rectangle((x0, top, filled, bottom), radius=BAR_H // 2, fill=P.FRAME)
    d.line((8, HEADER_H - 1, WIDTH - 8, HEADER_H - 1), fill=P.PANEL_RULE, width=2)


def draw_frame(view: dict[str, Any], turn: int, turns: int, names: list[str] | None = None,
               standings: list[dict[str, Any]] | None = None, w: Wording = ENGLISH) -> Image.Image:
    """One frame as an RGB image: the header over the board after turn `turn` (1-based), or over the
    final picture when `standings` are given."""
    # Turn frames leave out whose turn is next: the panel's highlighted row would jump every frame (close
    # to half the GIF's bytes) to say what the next frame's header says anyway.
    pic = (final_image(view, standings, names, w) if standings is not None
           else board_image(dict(view, turn=None), names, w=w))
    im = Image.new("RGB", (WIDTH, HEADER_H + pic.height), P.PANEL_BG)
    _header(im, view, turn, turns, names, w)
    im.paste(pic, (0, HEADER_H))
    return im


# --- encoding --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Stored:
    """A drawn frame, kept small while the others are drawn: zlib-packed indices into full_colours()."""

    height: int
    packed: bytes


def _store(im: Image.Image) -> _Stored:
    return _Stored(im.height, zlib.compress(gif.indices(im, gif.full_colours()).tobytes(), 1))


def _unpack(s: _Stored, height: int, background: int) -> Image.Image:
    im = Image.frombytes("L", (WIDTH, s.height), zlib.decompress(s.packed))
    if s.height < height:  # the final picture of a 2- or 3-player game is a few pixels shorter
        canvas = Image.new("L", (WIDTH, height), background)
        canvas.paste(im, (0, 0))
        im = canvas
    return im


def _encode(stored: Sequence[_Stored], look: Look) -> bytes:
    full = gif.full_colours()
    colours = gif.flat_colours() if look.flat else full
    background = gif.index_of(full, P.PANEL_BG)
    height = max(s.height for s in stored)
    ms = durations(len(stored))
    out = io.BytesIO()
    prev: Image.Image | None = None
    for i, s in enumerate(stored):
        cur = _unpack(s, height, background)
        if look.shrink > 1 or look.flat:
            rgb = gif.to_rgb(cur, full)
            cur = gif.indices(rgb.reduce(look.shrink) if look.shrink > 1 else rgb, colours)
        if prev is None:
            out.write(gif.header(cur.size, colours))
        out.write(gif.frame(cur, prev, ms[i], colours.clear))
        prev = cur
    out.write(gif.TRAILER)
    return out.getvalue()


def _checked(frames: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    views = list(frames)
    if not views:
        raise ValueError("a replay needs at least one turn")
    if not all(isinstance(v, dict) for v in views):
        raise ValueError("every frame must be a position dict (a spectator view)")
    shape = {(v.get("board") or "standard", len(v.get("players") or [])) for v in views}
    if len(shape) > 1:
        raise ValueError("the frames are not all from one game (board or player count differ)")
    return views


def render_replay(frames: Sequence[dict[str, Any]], names: list[str] | None = None, *,
                  standings: list[dict[str, Any]] | None = None, max_bytes: int = DISCORD_LIMIT,
                  progress: Progress | None = None, words: Wording = ENGLISH) -> bytes:
    """GIF of a game from the spectator views after each turn: one frame per turn, the final picture last when
    `standings` are given, at most `max_bytes` (shrunk or in flat colours to fit; ValueError if nothing fits).

    `progress(done, total)` is called as each frame is drawn; `words`: the readers' language (render/wording.py).
    """
    views = _checked(frames)
    if max_bytes <= 0:
        raise ValueError("max_bytes must be positive")
    turns = len(views)
    stored = []
    for i, view in enumerate(views):
        last = i == turns - 1
        stored.append(_store(draw_frame(view, i + 1, turns, names, standings if last else None, words)))
        if progress is not None:
            progress(i + 1, turns)
    i = 0
    while True:
        data = _encode(stored, LOOKS[i])
        if len(data) <= max_bytes:
            return data
        if i == len(LOOKS) - 1:
            raise ValueError(f"a replay of {turns} turns needs more than {max_bytes} bytes, even "
                             f"{WIDTH // LOOKS[i].shrink} px wide")
        whole = len(data) / LOOKS[i].size  # what the first look would take, estimated from this one
        i = next((j for j in range(i + 1, len(LOOKS)) if whole * LOOKS[j].size <= max_bytes), len(LOOKS) - 1)
