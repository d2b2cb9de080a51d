"""The profile picture: totals and averages in cards, points by source as stacked bars, for 0, 1 and many games."""

from __future__ import annotations

import itertools
import json

import pytest
from PIL import Image, ImageChops

from bot.records.profiles import profile as stats_profile
from bot.records.stats import PlayerStats
from render import palette as P
from render import render_profile
from render.layout import WIDTH
from render.model import DYNASTIES
from render.profile import (
    HEIGHT,
    LEGEND_Y,
    MAX_BARS,
    PLACE_Y,
    PLOT_H,
    PLOT_TOP,
    SEGMENT_GAP,
    SHORT_HEIGHT,
    SOURCE_COLOUR,
    SOURCES,
    axis,
    bar_span,
    card_box,
    read_profile,
)
from tests.profile_fixtures import MANY, game, profile
from tests.render_fixtures import pixels, png

SIMULATIONS = ("normal", *P.CVD_KINDS)


NEWCOMER = profile(games=0, wins=0, avg_place=None, avg_score=None, best_colour=None, weakest_colour=None,
                   best_dynasty=None)


def column(im: Image.Image, x: int) -> list[tuple[int, int, int]]:
    """Pixels of column `x` through the plot, top to bottom."""
    return pixels(im.crop((x, PLOT_TOP, x + 1, PLOT_TOP + PLOT_H)))


def same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a, b).getbbox() is None


# --- sizes: 0, 1 and many games --------------------------------------------------------------------


def test_a_newcomer_gets_the_short_picture():
    im = png(render_profile(NEWCOMER, "Newcomer"))
    assert im.size == (WIDTH, SHORT_HEIGHT)
    # no bars: none of the sources' colours anywhere
    assert not set(SOURCE_COLOUR.values()) & set(pixels(im))


@pytest.mark.parametrize("games", [1, 6, MAX_BARS])
def test_one_bar_per_game(games):
    last = (MANY * 4)[:games]
    im = png(render_profile(profile(last), "Ann"))
    assert im.size == (WIDTH, HEIGHT)
    for i, g in enumerate(last):
        x0, _ = bar_span(i, games)
        bottom = column(im, x0 + 2)[-1]
        expected = next(s for s in SOURCES if g["points_by_source"][s])
        assert bottom == SOURCE_COLOUR[expected], i
    # nothing drawn between two bars
    if games > 1:
        gap = (bar_span(0, games)[1] + bar_span(1, games)[0]) // 2
        assert not set(SOURCE_COLOUR.values()) & set(column(im, gap))


def test_more_than_max_bars_draws_the_latest():
    older = [game(30, place=4)] * 5
    latest = (MANY * 4)[:MAX_BARS]
    assert render_profile(profile(older + latest), "Ann") == render_profile(profile(latest), "Ann")
    assert len(read_profile(profile(older + latest)).chart) == MAX_BARS


# --- the chart shows the numbers given ----------------------------------------------------------------


def test_segment_heights_follow_the_points():
    im = png(render_profile(profile(MANY), "Ann"))
    top, _ = axis(max(sum(g["points_by_source"].values()) for g in MANY))
    scale = PLOT_H / top
    for i, g in enumerate(MANY):
        x0, _ = bar_span(i, len(MANY))
        col = column(im, x0 + 3)  # clear of the numbers written in the middle of a segment
        for source in SOURCES:
            n = g["points_by_source"][source]
            got = sum(1 for px in col if px == SOURCE_COLOUR[source])
            assert abs(got - n * scale) <= SEGMENT_GAP + 1, (i, source, n, got, n * scale)


def test_segments_are_stacked_in_legend_order():
    im = png(render_profile(profile([game(5, 5, 5, 5, 5)]), "Ann"))
    x0, _ = bar_span(0, 1)
    order = [px for px, _ in itertools.groupby(reversed(column(im, x0 + 3))) if px in SOURCE_COLOUR.values()]
    assert order == [SOURCE_COLOUR[s] for s in SOURCES]


def test_the_legend_shows_every_source():
    im = png(render_profile(profile(MANY), "Ann"))
    legend = set(pixels(im.crop((0, LEGEND_Y - 8, WIDTH, LEGEND_Y + 8))))
    for source in SOURCES:
        assert SOURCE_COLOUR[source] in legend, source


def test_wins_are_marked_under_their_bars():
    im = png(render_profile(profile(MANY), "Ann"))
    for i, g in enumerate(MANY):
        x0, x1 = bar_span(i, len(MANY))
        under = set(pixels(im.crop((x0, PLACE_Y - 12, x1, PLACE_Y + 12))))
        assert (P.PANEL_ACTIVE in under) == (g["place"] == 1), i


def test_place_and_score_change_the_picture_under_their_bar():
    base = png(render_profile(profile(MANY), "Ann"))
    for key in ("place", "score"):
        changed = [dict(g) for g in MANY]
        changed[2] = {**changed[2], key: 3 if key == "place" else 12}
        box = ImageChops.difference(base, png(render_profile(profile(changed), "Ann"))).getbbox()
        x0, x1 = bar_span(2, len(MANY))
        assert box is not None and box[1] >= PLACE_Y - 14 and x0 - 10 <= box[0] and box[2] <= x1 + 10, key


# --- the cards show the totals given -------------------------------------------------------------------


@pytest.mark.parametrize(("key", "value", "card"), [
    ("avg_place", 2.75, (0, 2)), ("avg_score", 11.0, (0, 3)), ("wins", 5, (0, 1)),
    ("best_colour", "blue", (1, 0)), ("weakest_colour", "black", (1, 1)), ("best_dynasty", "bull", (1, 2)),
])
def test_each_total_is_drawn_in_its_card(key, value, card):
    base = png(render_profile(profile(MANY), "Ann"))
    other = png(render_profile(profile(MANY, **{key: value}), "Ann"))
    box = ImageChops.difference(base, other).getbbox()
    x0, y0, x1, y1 = card_box(*card)
    assert box is not None
    if key == "best_dynasty":  # the dynasty's badge also stands beside the name
        assert box[3] <= y1 and box[2] <= x1 + 1
    else:
        assert x0 <= box[0] and y0 <= box[1] and box[2] <= x1 + 1 and box[3] <= y1 + 1, (box, card)


def test_averages_are_shown_to_one_decimal():
    a = png(render_profile(profile(MANY, avg_place=2.14), "Ann")).crop(card_box(0, 2))
    b = png(render_profile(profile(MANY, avg_place=2.1), "Ann")).crop(card_box(0, 2))
    c = png(render_profile(profile(MANY, avg_place=2.2), "Ann")).crop(card_box(0, 2))
    assert same(a, b) and not same(a, c)


def test_the_colour_cards_show_their_tiles():
    im = png(render_profile(profile(MANY, best_colour="blue", weakest_colour="black"), "Ann"))
    assert P.TILE["blue"] in set(pixels(im.crop(card_box(1, 0))))
    assert P.TILE["black"] in set(pixels(im.crop(card_box(1, 1))))
    assert P.DYNASTY_BADGE in set(pixels(im.crop(card_box(1, 2))))


def test_a_win_highlights_the_wins_card():
    def wins_card(wins):
        return set(pixels(png(render_profile(profile(MANY, wins=wins), "Ann")).crop(card_box(0, 1))))
    assert P.PANEL_ACTIVE in wins_card(3)
    assert P.PANEL_ACTIVE not in wins_card(0)


def test_the_name_is_drawn():
    assert render_profile(profile(MANY), "Ann") != render_profile(profile(MANY), "Bartholomew")


# --- input shapes and bad input ------------------------------------------------------------------------


def test_draws_what_bot_stats_computes():
    history = [PlayerStats(seat=i % 4, dynasty=DYNASTIES[i % 4], place=g["place"], score=g["score"],
                           totals={"red": 9 + i, "blue": 8, "green": 10, "black": 7},
                           points_by_source=g["points_by_source"]) for i, g in enumerate(MANY)]
    prof = stats_profile(history, recent=10, min_dynasty_games=1)
    want = render_profile(prof.picture(), "Ann")
    assert render_profile(prof, "Ann") == want  # the dataclass itself, career and all
    assert render_profile(json.loads(json.dumps(prof.picture())), "Ann") == want  # as stored
    im = png(want)
    assert im.size == (WIDTH, HEIGHT)
    for i, g in enumerate(MANY):
        x0, x1 = bar_span(i, len(MANY))
        under = set(pixels(im.crop((x0, PLACE_Y - 12, x1, PLACE_Y + 12))))
        assert (P.PANEL_ACTIVE in under) == (g["place"] == 1), i
    assert P.TILE["black"] in set(pixels(im.crop(card_box(1, 1))))  # the weakest colour: black, 7 a game


def test_missing_sources_count_as_zero():
    partial = {"points_by_source": {"tiles": 4}, "place": 1, "score": 4}
    assert render_profile(profile([partial]), "Ann") == render_profile(profile([game(4, place=1, score=4)]), "Ann")


@pytest.mark.parametrize(("bad", "reason"), [
    (profile(MANY, wins=13), "13 wins in 12 games"),
    (profile(MANY, games=-1), "games"),
    (profile(MANY, best_colour="purple"), "best_colour"),
    (profile(MANY, best_dynasty="wolf"), "best_dynasty"),
    (profile(MANY, avg_place="first"), "avg_place"),
    (profile([game(-2)]), "game 1: tiles points"),
    (profile([{"points_by_source": {"trade": 3}, "place": 1, "score": 1}]), "unknown point sources"),
    (profile([game(place=0)]), "game 1: place"),
    (profile([game(), "a game"]), "game 2"),
    ([1, 2, 3], "a profile is a dict"),
    ({"games": 3, "wins": 1}, "without totals"),
    ({"totals": {"games": 1}, "games": {"place": 1}}, "games must be a list"),
])
def test_bad_input_is_refused_with_a_reason(bad, reason):
    with pytest.raises(ValueError, match=reason):
        render_profile(bad, "Ann")


# --- colours --------------------------------------------------------------------------------------------


def seen(rgb, kind):
    return rgb if kind == "normal" else P.simulate(rgb, kind)


@pytest.mark.parametrize("kind", SIMULATIONS)
def test_source_colours_stay_apart_under_colour_blindness(kind):
    for a, b in itertools.combinations(SOURCES, 2):
        d = P.delta_e(seen(SOURCE_COLOUR[a], kind), seen(SOURCE_COLOUR[b], kind))
        assert d >= 25, (kind, a, b, d)
    for s in SOURCES:
        assert P.delta_e(seen(SOURCE_COLOUR[s], kind), seen(P.PANEL_BG, kind)) >= 25, (kind, s)


def test_neighbouring_segments_differ_in_greyscale():
    for a, b in itertools.pairwise(SOURCES):
        assert abs(P.lightness(SOURCE_COLOUR[a]) - P.lightness(SOURCE_COLOUR[b])) >= 10, (a, b)


def test_axis_steps_are_round_and_cover_the_tallest_bar():
    for highest in (0, 1, 5, 9, 18, 25, 26, 60, 99, 130, 1234):
        top, step = axis(highest)
        assert top >= max(highest, 5) and top % step == 0 and top / step <= 5
        assert str(step).strip("0") in ("1", "2", "5"), step
