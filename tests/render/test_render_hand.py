"""The private hand picture: shows one seat's own things and nothing of anyone else's."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

import render.hand
from render import palette as P
from render import render_hand
from render.hand import CAPTION_Y, HAND_W, HEADER_H, LEADER, LEADER_STEP, LEADER_TOP, PAD, SLOT, SLOT_STEP, leaders_top
from tests.render_fixtures import busy_position, dominant, dominant_hue, hidden_scores, pixels, png, view, war_position


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


def leader_box(i: int, rows: int = 1) -> tuple[int, int, int, int]:
    """The inside of leader i's disc (its colour, round the dynasty's symbol)."""
    x, y = PAD + i * LEADER_STEP, leaders_top(rows) + LEADER_TOP
    return x + 8, y + 8, x + LEADER - 8, y + LEADER - 8


def caption_box(i: int, rows: int = 1) -> tuple[int, int, int, int]:
    x, y = PAD + i * LEADER_STEP, leaders_top(rows) + CAPTION_Y
    return x - 6, y - 11, x + LEADER + 6, y + 11


def ink(im) -> tuple[int, int, int]:
    """The most common colour of `im` but the panel's background: the colour text there is written in."""
    return Counter(c for c in pixels(im) if c != P.PANEL_BG).most_common(1)[0][0]


@pytest.fixture
def labels(monkeypatch):
    """Every text the hand picture writes, with where (the static parts are drawn afresh)."""
    written: list[tuple[str, tuple[float, float]]] = []
    real = render.hand.label

    def spy(d, xy, text, *args, **kwargs):
        written.append((text, xy))
        return real(d, xy, text, *args, **kwargs)

    monkeypatch.setattr(render.hand, "label", spy)
    render.hand._static.cache_clear()
    yield written
    render.hand._static.cache_clear()


def test_every_leader_in_its_colour_with_its_square_or_supply(labels):
    pos = busy_position()  # bull: red G11, blue I8, green in supply, black H2
    im = png(render_hand(view(pos, 1), 1))
    assert [dominant(im.crop(leader_box(i))) for i in range(4)] == [P.TILE[c] for c in P.COLOURS]
    texts = [t for t, _ in labels]
    assert "Your leaders" in texts and not any("in supply" in t for t in texts)
    top = leaders_top(1)
    captions = [(t, xy) for t, xy in labels if xy[1] == top + CAPTION_Y]
    assert captions == [(text, (PAD + i * LEADER_STEP + LEADER // 2, top + CAPTION_Y))
                        for i, text in enumerate(["G11", "I8", "supply", "H2"])]
    # Squares in the text colour, "supply" dimmed: a glance tells which leaders are out.
    assert [ink(im.crop(caption_box(i))) for i in range(4)] == [P.TEXT, P.TEXT, P.TEXT_DIM, P.TEXT]


def test_leaders_look_the_same_on_the_board_or_in_supply_but_for_the_caption():
    pos = busy_position()
    on_board = png(render_hand(pos, 0))  # archer: all four leaders on the board
    pos["players"][0]["leaders"] = {"red": None, "blue": None, "green": None, "black": None}
    in_supply = png(render_hand(pos, 0))
    for i, colour in enumerate(P.COLOURS):
        hue = dominant_hue(on_board.crop(leader_box(i)))
        assert hue == dominant_hue(in_supply.crop(leader_box(i))) == P.TILE[colour]
        assert on_board.crop(leader_box(i)).tobytes() == in_supply.crop(leader_box(i)).tobytes()
        assert on_board.crop(caption_box(i)).tobytes() != in_supply.crop(caption_box(i)).tobytes()


def test_leaders_move_down_with_a_second_row_of_tiles():
    pos = busy_position()
    pos["players"][0]["hand"] = {"red": 3, "blue": 3, "green": 2, "black": 0}
    im = png(render_hand(pos, 0))
    assert [dominant_hue(im.crop(leader_box(i, rows=2))) for i in range(4)] == [P.TILE[c] for c in P.COLOURS]


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
