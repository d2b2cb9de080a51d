"""The final picture: the last board and the standings table."""

from __future__ import annotations

import pytest

from render import palette as P
from render import render_final
from render.final import BOX_STEP, BOX_W, HEAD_H, ROW_H, TITLE_H, TOTALS_X, _height
from render.layout import BOARD_H, WIDTH, square_centre
from tests.render_fixtures import final_position, final_standings, pixels, png, view


def row_box(row: int) -> tuple[int, int, int, int]:
    y = BOARD_H + TITLE_H + HEAD_H + row * ROW_H
    return (0, y + 2, WIDTH, y + ROW_H - 2)


def test_size():
    im = png(render_final(final_position(), final_standings(), names=["Alice", "Bo", "Chen", "Dana"]))
    assert im.size == (WIDTH, _height(4))


def test_shows_the_final_board():
    im = png(render_final(final_position(), final_standings()))
    assert im.getpixel(square_centre("E1")) == P.RIVER
    assert im.crop((0, 0, WIDTH, BOARD_H)).getcolors(1 << 20)  # board drawn
    assert P.TILE["red"] in {c for _, c in im.crop((0, 0, WIDTH, BOARD_H)).getcolors(1 << 20)}


def test_rows_in_place_order_with_the_winner_marked():
    standings = final_standings()
    im = png(render_final(final_position(), standings))
    # only the first row (place 1) is highlighted
    for row in range(4):
        _, y0, x1, _ = row_box(row)
        assert (im.getpixel((x1 - 20, y0 + 2)) == P.PANEL_ACTIVE) == (row == 0)
    # a different order of places changes the picture
    swapped = [dict(s) for s in standings]
    swapped[0]["place"], swapped[3]["place"] = 4, 1
    assert render_final(final_position(), swapped) != render_final(final_position(), standings)


def test_the_weakest_colour_is_ringed():
    im = png(render_final(final_position(), final_standings()))
    # row 0 is Alice: totals 14 / 11 / 11 / 11, score 11: red is not ringed, the three others are
    _, y0, _, y1 = row_box(0)
    for i, ringed in enumerate((False, True, True, True)):
        x = TOTALS_X + i * BOX_STEP
        crop = im.crop((x - 4, y0, x + BOX_W + 4, y1))
        assert (P.HIGHLIGHT in set(pixels(crop))) == ringed, i


def test_treasures_and_totals_are_shown():
    base = render_final(final_position(), final_standings())
    more = final_position()
    more["players"][1]["points"]["treasure"] = 5
    assert render_final(more, final_standings()) != base
    totals = final_standings()
    totals[2]["totals"]["green"] = 30
    assert render_final(final_position(), totals) != base


def test_works_from_the_public_view_at_the_end():
    v = view(final_position(), None)  # game over: points are public, hands are not
    im = png(render_final(v, final_standings(), names=["Alice", "Bo", "Chen", "Dana"]))
    assert im.size == (WIDTH, _height(4))


def test_standings_must_match_the_players():
    with pytest.raises(ValueError):
        render_final(final_position(), final_standings()[:2])
    doubled = final_standings()
    for st in doubled:
        st["seat"] = 0
    with pytest.raises(ValueError):
        render_final(final_position(), doubled)


def test_standings_naming_their_seat_may_come_in_any_order():
    standings = final_standings()
    for seat, st in enumerate(standings):
        st["seat"] = seat
    by_place = sorted(standings, key=lambda st: st["place"])
    assert render_final(final_position(), by_place) == render_final(final_position(), standings)
