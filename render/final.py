"""The end of the game: the final board with a standings table in place of the panel."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render import palette as P
from render import sprites
from render.board import draw_board, static_layer
from render.layout import BOARD_H, NOTE_SIZE, TEXT_SIZE, WIDTH
from render.model import scene
from render.png import encode
from render.text import label, name_block
from render.wording import ENGLISH, N_, Wording, names_in

TITLE_H = 50
HEAD_H = 36
ROW_H = 60
FOOT_H = 44

PLACE_X = 40
BADGE_X = 76
NAME_X = 126
NAME_W = 200
TOTALS_X = 336
BOX_W = 54
BOX_STEP = 64
TREASURE_X = TOTALS_X + 4 * BOX_STEP + 6
SCORE_X = TREASURE_X + 96

FOOTNOTE = N_("A ringed colour is the weakest: it is the score. Totals include treasures.")


def _height(players: int) -> int:
    return BOARD_H + TITLE_H + HEAD_H + players * ROW_H + FOOT_H


@lru_cache(maxsize=8)
def _base(board_name: str, players: int, w: Wording = ENGLISH) -> Image.Image:
    im = Image.new("RGB", (WIDTH, _height(players)), P.PANEL_BG)
    im.paste(static_layer(board_name), (0, 0))
    d = ImageDraw.Draw(im)
    y = BOARD_H + TITLE_H + HEAD_H // 2
    label(d, (PLACE_X, y), "#", NOTE_SIZE, P.TEXT_DIM, bold=True, anchor="mm")
    label(d, (NAME_X, y), w.gettext("Player"), NOTE_SIZE, P.TEXT_DIM, bold=True)
    for i, colour in enumerate(P.COLOURS):
        icon = sprites.tile(colour, 26)
        im.paste(icon, (TOTALS_X + i * BOX_STEP + (BOX_W - 26) // 2, y - 13), icon)
    gem = sprites.treasure(False, 26)
    im.paste(gem, (TREASURE_X + 4, y - 13), gem)
    # i18n: the column of treasures each player took, beside a treasure's icon (about 60 px)
    label(d, (TREASURE_X + 34, y), w.gettext("taken"), NOTE_SIZE, P.TEXT_DIM, bold=True)
    label(d, (SCORE_X + 50, y), w.gettext("Score"), NOTE_SIZE, P.TEXT_DIM, bold=True, anchor="mm")
    for i in range(players + 1):
        yy = BOARD_H + TITLE_H + HEAD_H + i * ROW_H
        d.line((8, yy, WIDTH - 8, yy), fill=P.PANEL_RULE, width=2)
    label(d, (20, im.height - FOOT_H // 2 - 2), w.gettext(FOOTNOTE), NOTE_SIZE, P.TEXT_DIM, width=WIDTH - 40)
    return im


def final_image(position: dict[str, Any], standings: list[dict[str, Any]],
                names: list[str] | None = None, w: Wording = ENGLISH) -> Image.Image:
    """The final picture as a Pillow image (render_final without the encoding), its words in `w`'s language."""
    sc = scene(position, names_in(position, names, w))
    if len(standings) != len(sc.players):
        raise ValueError(f"{len(standings)} standings for {len(sc.players)} players")
    # Standings are per seat; an entry that names its seat is trusted over its position in the list.
    by_seat = {int(st.get("seat", i)): st for i, st in enumerate(standings)}
    if sorted(by_seat) != list(range(len(sc.players))):
        raise ValueError("standings do not cover every seat exactly once")
    standings = [by_seat[s] for s in range(len(sc.players))]
    im = _base(sc.board.name, len(sc.players), w).copy()
    draw_board(im, sc)
    d = ImageDraw.Draw(im)

    order = sorted(range(len(standings)), key=lambda s: (int(standings[s].get("place", 99)), s))
    winners = [sc.players[s].name for s in order if int(standings[s].get("place", 0)) == 1]
    title = (w.gettext("Game over — {name} wins").format(name=winners[0]) if len(winners) == 1
             else w.gettext("Game over — shared win: {names}").format(names=", ".join(winners)))
    label(d, (20, BOARD_H + TITLE_H // 2 + 4), title, 26, P.TEXT, bold=True, width=WIDTH - 40)

    for row, seat in enumerate(order):
        st, p = standings[seat], sc.players[seat]
        y = BOARD_H + TITLE_H + HEAD_H + row * ROW_H
        mid = y + ROW_H // 2
        place = int(st.get("place", 0))
        if place == 1:
            d.rectangle((8, y + 1, WIDTH - 9, y + ROW_H - 1), fill=P.PANEL_ACTIVE)
        label(d, (PLACE_X, mid), w.ordinal(place), TEXT_SIZE, P.TEXT, bold=True, anchor="mm")
        badge = sprites.badge(p.dynasty, 44)
        im.paste(badge, (BADGE_X, mid - 22), badge)
        name_block(d, NAME_X, mid, p.name, TEXT_SIZE, P.TEXT, NAME_W)
        totals = st.get("totals") or {}
        score = st.get("score")
        for i, colour in enumerate(P.COLOURS):
            x = TOTALS_X + i * BOX_STEP
            value = totals.get(colour)
            box = (x, mid - 20, x + BOX_W, mid + 20)
            d.rounded_rectangle(box, radius=7, fill=P.TILE[colour])
            # The weakest colour is the score: ring it so the reason for the score is visible.
            if value is not None and value == score:
                d.rounded_rectangle((box[0] - 4, box[1] - 4, box[2] + 4, box[3] + 4), radius=10,
                                    outline=P.OUTLINE, width=1)
                d.rounded_rectangle((box[0] - 3, box[1] - 3, box[2] + 3, box[3] + 3), radius=9,
                                    outline=P.HIGHLIGHT, width=3)
            label(d, (x + BOX_W / 2, mid + 1), "?" if value is None else str(value), TEXT_SIZE, P.SYMBOL,
                  bold=True, anchor="mm")
        taken = p.points.get("treasure") if p.points is not None else st.get("treasures")
        d.rounded_rectangle((TREASURE_X, mid - 20, TREASURE_X + 80, mid + 20), radius=7, fill=P.TREASURE,
                            outline=P.TREASURE_EDGE, width=2)
        label(d, (TREASURE_X + 40, mid + 1), "?" if taken is None else str(taken), TEXT_SIZE, P.TEXT,
              bold=True, anchor="mm")
        label(d, (SCORE_X + 50, mid + 1), "?" if score is None else str(score), 30, P.TEXT, bold=True,
              anchor="mm")
    return im


def render_final(position: dict[str, Any], standings: list[dict[str, Any]], *,
                 names: list[str] | None = None, words: Wording = ENGLISH) -> bytes:
    """PNG of the final board with the standings: colour totals, treasures taken, score, place; `words`: the
    reader's language (render/wording.py)."""
    return encode(final_image(position, standings, names, words))
