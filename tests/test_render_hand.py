"""The private hand picture: shows one seat's own things and nothing of anyone else's."""

from __future__ import annotations

import copy

import pytest

from render import palette as P
from render import render_hand
from render.hand import HAND_W, HEADER_H, PAD, SLOT, SLOT_STEP
from tests.render_fixtures import busy_position, dominant, hidden_scores, pixels, png, view, war_position


def slot_colour(im, i: int) -> tuple[int, int, int]:
    """Most common colour of hand slot i (the tile's own colour around its white symbol)."""
    x = PAD + (i % 6) * SLOT_STEP
    y = HEADER_H + (i // 6) * SLOT_STEP
    return dominant(im.crop((x + 8, y + 8, x + SLOT - 8, y + SLOT - 8)))


def test_size_and_signature():
    im = png(render_hand(view(busy_position(), 0), 0, name="Alice"))
    assert im.width == HAND_W
    assert 300 < im.height < 600


def test_shows_the_seats_tiles_in_colour_order():
    pos = busy_position()  # archer: red 2, blue 1, green 2, black 1
    im = png(render_hand(view(pos, 0), 0))
    expected = ["red", "red", "blue", "green", "green", "black"]
    assert [slot_colour(im, i) for i in range(6)] == [P.TILE[c] for c in expected]


def test_empty_slots_when_the_hand_is_short():
    pos = busy_position()
    pos["players"][2]["hand"] = {"red": 1, "blue": 0, "green": 0, "black": 0}
    im = png(render_hand(pos, 2))
    assert slot_colour(im, 0) == P.TILE["red"]
    for i in range(1, 6):
        assert slot_colour(im, i) == P.PANEL_BG


def test_more_than_six_tiles_wrap_to_a_new_row():
    pos = busy_position()
    pos["players"][0]["hand"] = {"red": 3, "blue": 3, "green": 2, "black": 0}
    short = png(render_hand(busy_position(), 0))
    long = png(render_hand(pos, 0))
    assert long.height == short.height + SLOT_STEP
    assert slot_colour(long, 7) == P.TILE["green"]


def test_never_shows_another_seats_tiles_or_points():
    pos = hidden_scores(busy_position())
    other = copy.deepcopy(pos)
    for seat in (1, 2, 3):
        other["players"][seat]["hand"] = {"red": 0, "blue": 0, "green": 0, "black": 6}
        other["players"][seat]["points"] = {"red": 99, "blue": 98, "green": 97, "black": 96, "treasure": 9}
    # from the full position and from the seat's own view alike: identical pictures
    assert render_hand(pos, 0) == render_hand(other, 0)
    assert render_hand(view(pos, 0), 0) == render_hand(view(other, 0), 0)
    assert render_hand(pos, 0) == render_hand(view(pos, 0), 0)


def test_shows_the_seats_own_points():
    pos = hidden_scores(busy_position())
    richer = copy.deepcopy(pos)
    richer["players"][0]["points"]["green"] += 5
    assert render_hand(view(pos, 0), 0) != render_hand(view(richer, 0), 0)
    im = png(render_hand(view(pos, 0), 0))
    colours = set(pixels(im.crop((0, im.height - 160, im.width, im.height - 60))))
    assert {P.TILE["red"], P.TILE["blue"], P.TILE["green"], P.TILE["black"], P.TREASURE} <= colours


def test_leaders_in_supply_and_on_the_board():
    pos = busy_position()
    im_board = png(render_hand(pos, 0))  # archer: all four leaders on the board
    pos["players"][0]["leaders"] = {"red": None, "blue": None, "green": None, "black": None}
    im_supply = png(render_hand(pos, 0))
    y = HEADER_H + SLOT_STEP + 8 + 26
    for i, colour in enumerate(P.COLOURS):
        x = PAD + i * 66
        crop = (x + 8, y + 8, x + 46, y + 46)
        assert dominant(im_supply.crop(crop)) == P.TILE[colour]
        assert P.TILE[colour] not in set(pixels(im_board.crop(crop)))


def test_the_seats_decision_is_named():
    war = war_position()  # seat 0 must commit to the red war
    assert render_hand(view(war, 0), 0) != render_hand(view(busy_position(), 0), 0)


def test_refuses_a_view_without_the_hand():
    with pytest.raises(ValueError):
        render_hand(view(busy_position(), None), 0)
    with pytest.raises(ValueError):
        render_hand(busy_position(), 7)


def test_hand_picture_is_small():
    assert len(render_hand(view(busy_position(), 0), 0, name="Alice")) < 100 * 1024
