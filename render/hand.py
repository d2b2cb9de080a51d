"""The private hand picture: one seat's tiles, leaders (on the board or in supply), catastrophes and own points.

It reads only that seat's entry of the position, so another seat's hand or points can never leak."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render import palette as P
from render import sprites
from render.fonts import font
from render.layout import SMALL_SIZE, TEXT_SIZE
from render.model import Player, scene
from render.panel import pending_parts
from render.png import encode
from render.text import label, two_lines
from render.wording import ENGLISH, N_, Wording, dynasty, names_in

HAND_W = 560
PAD = 24
SLOT = 80  # one tile in hand
SLOT_STEP = 86
PER_ROW = 6
HEADER_H = 76
LEADERS_H = 120  # the leaders (each captioned with its square or "supply") and the catastrophes
SECTION_H = 100
STATUS_H = 52
LEADER = 54
LEADER_STEP = 66
LEADER_TOP = 28  # from the top of the leaders section
CAPTION_Y = LEADER_TOP + LEADER + 14
# i18n: under a leader of the hand picture that is not on the board (about 60 px wide)
SUPPLY = N_("supply")


def _rows(tiles: int) -> int:
    return max(1, -(-tiles // PER_ROW))


def leaders_top(rows: int) -> int:
    """The y of the leaders section's top edge, below `rows` rows of tiles."""
    return HEADER_H + rows * SLOT_STEP + 8


@lru_cache(maxsize=8)
def _static(rows: int, w: Wording = ENGLISH) -> Image.Image:
    h = HEADER_H + rows * SLOT_STEP + LEADERS_H + SECTION_H + STATUS_H
    im = Image.new("RGB", (HAND_W, h), P.PANEL_BG)
    d = ImageDraw.Draw(im)
    y = leaders_top(rows)
    # Translators: the hand picture: the heading of your leaders
    label(d, (PAD, y + 8), w.gettext("Your leaders"), SMALL_SIZE, P.TEXT_DIM, bold=True)
    # Translators: the hand picture: the heading of your catastrophe tiles
    label(d, (PAD + 300, y + 8), w.gettext("Catastrophes"), SMALL_SIZE, P.TEXT_DIM, bold=True)
    # Translators: the hand picture: the heading of your points
    label(d, (PAD, y + LEADERS_H + 8), w.gettext("Your points"), SMALL_SIZE, P.TEXT_DIM, bold=True)
    for yy in (HEADER_H - 6, y - 4, y + LEADERS_H - 2, y + LEADERS_H + SECTION_H - 2):
        d.line((PAD // 2, yy, HAND_W - PAD // 2, yy), fill=P.PANEL_RULE, width=2)
    return im


def _tiles_in_hand(p: Player) -> list[str]:
    hand = p.hand or {}
    return [c for c in P.COLOURS for _ in range(max(0, hand.get(c, 0)))]


def hand_image(view: dict[str, Any], seat: int, name: str | None = None, w: Wording = ENGLISH) -> Image.Image:
    """The hand picture as a Pillow image (render_hand without the encoding), its words in `w`'s language."""
    sc = scene(view, names_in(view, None, w))  # the other seats named by their dynasties in `w`'s language
    if not 0 <= seat < len(sc.players):
        raise ValueError(f"no seat {seat} in a {len(sc.players)}-player position")
    p = sc.players[seat]
    if p.hand is None:
        raise ValueError(f"the position does not show seat {seat}'s hand: pass that seat's view")
    tiles = _tiles_in_hand(p)
    rows = _rows(len(tiles))
    im = _static(rows, w).copy()
    d = ImageDraw.Draw(im)

    badge = sprites.badge(p.dynasty, 52)
    im.paste(badge, (PAD, 10), badge)
    own = dynasty(p.dynasty, w)
    shown = " ".join(name.split()) if name and name.strip() else own
    label(d, (PAD + 64, 26), shown, 26, P.TEXT, bold=True, width=HAND_W - PAD * 2 - 64)
    sub = w.gettext("your hand, only you see this")
    label(d, (PAD + 64, 54), sub if shown == own else f"{own} · {sub}", SMALL_SIZE, P.TEXT_DIM)

    for i in range(max(PER_ROW, len(tiles))):
        x = PAD + (i % PER_ROW) * SLOT_STEP
        y = HEADER_H + (i // PER_ROW) * SLOT_STEP
        s = sprites.tile(tiles[i], SLOT) if i < len(tiles) else sprites.empty_slot(SLOT)
        im.paste(s, (x, y), s)

    y = leaders_top(rows)
    for i, colour in enumerate(P.COLOURS):  # each leader in its colour, captioned with where it is
        x = PAD + i * LEADER_STEP
        s = sprites.leader(colour, p.dynasty, LEADER)
        im.paste(s, (x, y + LEADER_TOP), s)
        sq = p.leaders.get(colour)
        label(d, (x + LEADER // 2, y + CAPTION_Y), sq or w.gettext(SUPPLY), SMALL_SIZE, P.TEXT if sq else P.TEXT_DIM,
              bold=bool(sq), anchor="mm")
    for i in range(2):
        s = sprites.catastrophe(LEADER) if i < p.catastrophes else sprites.empty_slot(LEADER)
        im.paste(s, (PAD + 300 + i * 62, y + LEADER_TOP), s)

    y += LEADERS_H
    if p.points is None:
        label(d, (PAD, y + 52), w.gettext("hidden"), TEXT_SIZE, P.TEXT_DIM)
    else:
        for i, key in enumerate((*P.COLOURS, "treasure")):
            x = PAD + i * 90
            box = (x, y + 30, x + 78, y + 80)
            if key == "treasure":
                d.rounded_rectangle(box, radius=8, fill=P.TREASURE, outline=P.TREASURE_EDGE, width=2)
                gem = sprites.treasure(False, 26)
                im.paste(gem, (x + 6, y + 42), gem)
                label(d, (x + 54, y + 56), str(p.points[key]), 28, P.TEXT, bold=True, anchor="mm")
            else:
                d.rounded_rectangle(box, radius=8, fill=P.TILE[key])
                icon = sprites.tile(key, 30)
                im.paste(icon, (x + 5, y + 40), icon)
                label(d, (x + 56, y + 56), str(p.points[key]), 28, P.SYMBOL, bold=True, anchor="mm")

    y += SECTION_H
    waiting = pending_parts(sc, w)
    if sc.over:
        # Translators: the hand picture's status line: the game has ended
        status = w.gettext("Game over")
    elif waiting and (sc.pending or {}).get("seat") == seat:
        # Translators: the hand picture's status line
        status = w.gettext("Your decision: {what}").format(what=waiting[1])
    elif waiting:
        # Translators: the hand picture's status line: the decision awaited from another player
        status = w.gettext("Waiting: {what}").format(
            what=w.gettext("{who} to {what}").format(who=waiting[0], what=waiting[1]))
    elif sc.active == seat:
        # Translators: the hand picture's status line
        status = w.gettext("Your turn")
        if sc.actions_left is not None:
            n = int(sc.actions_left)
            # Translators: the hand picture's status line: actions left in this turn
            status += " · " + w.ngettext("{n} action left", "{n} actions left", n).format(n=n)
    elif sc.active is not None and 0 <= sc.active < len(sc.players):
        # Translators: a picture's status line: whose turn it is
        status = w.gettext("{name}'s turn").format(name=sc.players[sc.active].name)
    else:
        status = ""
    if font(TEXT_SIZE, True).getlength(status) <= HAND_W - 2 * PAD:
        label(d, (PAD, y + STATUS_H // 2), status, TEXT_SIZE, P.TEXT, bold=True)
    else:  # a longer sentence (a decision, or a longer language) on two smaller lines, not cut
        lines = two_lines(status, SMALL_SIZE, HAND_W - 2 * PAD, bold=True)
        for i, line in enumerate(lines):
            label(d, (PAD, y + STATUS_H // 2 + (i - (len(lines) - 1) / 2) * 23), line, SMALL_SIZE, P.TEXT, bold=True,
                  width=HAND_W - 2 * PAD)
    return im


def render_hand(view: dict[str, Any], seat: int, *, name: str | None = None, words: Wording = ENGLISH) -> bytes:
    """PNG of `seat`'s private hand: tiles, leaders (where each is), catastrophes and own points; `words`: the
    reader's language (render/wording.py)."""
    return encode(hand_image(view, seat, name, words))
