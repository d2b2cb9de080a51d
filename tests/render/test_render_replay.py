"""The animated replay: one frame per turn, each the board after that turn, the standings last, within a limit."""

from __future__ import annotations

import io
import itertools
import multiprocessing
import pickle
from concurrent.futures import ProcessPoolExecutor

import pytest
from PIL import Image, ImageChops, ImageSequence

from render import gif, render_board, render_final, render_replay
from render import palette as P
from render.final import HEAD_H, ROW_H, TITLE_H
from render.layout import BOARD_H, CELL, WIDTH, cell_box, parse_square, square_centre
from render.panel import HEAD_H as PANEL_HEAD_H
from render.panel import POINTS_X
from render.panel import ROW_H as PANEL_ROW_H
from render.replay import BAR_W, HEADER_H, LAST_MS, LOOKS, durations, frame_ms
from tests.render_fixtures import busy_position, pixels, png, view, war_position
from tests.replay_fixtures import NAMES, turn_views


@pytest.fixture(scope="module")
def game():
    """A whole random 4-player game with open scores: (views after each turn, standings)."""
    views, standings, _ = turn_views(4, seed=4)
    return views, standings


@pytest.fixture(scope="module")
def replay(game):
    """The game's GIF, and every progress call made while drawing it."""
    views, standings = game
    calls: list[tuple[int, int]] = []
    data = render_replay(views, NAMES, standings=standings, progress=lambda done, total: calls.append((done, total)))
    return data, calls


@pytest.fixture(scope="module")
def shown(replay):
    """The game's GIF decoded: every frame as displayed."""
    return frames(replay[0])


def frames(data: bytes) -> list[Image.Image]:
    """Every frame of a GIF, as displayed (earlier frames showing through transparent pixels), in RGB."""
    im = Image.open(io.BytesIO(data))
    assert im.format == "GIF"
    return [f.convert("RGB") for f in ImageSequence.Iterator(im)]


def below_header(frame: Image.Image, height: int) -> Image.Image:
    return frame.crop((0, HEADER_H, frame.width, HEADER_H + height))


def same(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a, b).getbbox() is None


def highlighted(frame: Image.Image, square: str, shrink: int = 1) -> bool:
    """Whether the last-action ring is drawn round `square` (its left edge, as test_render_board checks)."""
    x0, y0, _, _ = cell_box(*parse_square(square))
    return frame.getpixel(((x0 + 2) // shrink, (HEADER_H + y0 + CELL // 2) // shrink)) == P.HIGHLIGHT


# --- the whole game --------------------------------------------------------------------------------


def test_one_frame_per_turn_and_nothing_else(game, replay):
    views, _ = game
    data, _ = replay
    im = Image.open(io.BytesIO(data))
    assert im.n_frames == len(views)
    assert im.info.get("loop") == 0  # plays again and again, as Discord shows GIFs


def test_every_frame_shares_one_size_and_fits_the_default_limit(replay, shown):
    data, _ = replay
    assert {f.size for f in shown} == {(WIDTH, shown[0].height)}
    assert shown[0].height > HEADER_H + BOARD_H
    assert len(data) <= 10 * 1024 * 1024


def test_the_first_frame_is_the_board_after_the_first_turn(game, shown):
    views, _ = game
    first = shown[0]
    board = png(render_board(dict(views[0], turn=None), names=NAMES))
    assert same(below_header(first, board.height), board)
    squares = views[0]["last"]["squares"]
    assert squares
    for sq in squares:
        assert highlighted(first, sq)


def test_each_frame_is_the_board_after_its_turn(game, shown):
    views, _ = game
    for i in (1, len(views) // 2, len(views) - 2):
        board = png(render_board(dict(views[i], turn=None), names=NAMES))
        assert same(below_header(shown[i], board.height), board), i


def test_the_last_frame_is_the_final_picture(game, shown):
    views, standings = game
    last = shown[-1]
    final = png(render_final(views[-1], standings, names=NAMES))
    assert same(below_header(last, final.height), final)
    # the standings table under the title: the rows in place order, the winners' highlighted
    y = HEADER_H + BOARD_H + TITLE_H + HEAD_H
    places = sorted(st["place"] for st in standings)
    for row, place in enumerate(places):
        assert (last.getpixel((WIDTH - 20, y + row * ROW_H + 3)) == P.PANEL_ACTIVE) == (place == 1), row
    for sq in views[-1]["last"]["squares"]:
        assert highlighted(last, sq)


def test_turn_frames_have_no_standings_table(shown):
    before_last = shown[-2]
    y = HEADER_H + BOARD_H + TITLE_H + HEAD_H
    assert before_last.getpixel((WIDTH - 20, y + 3)) != P.PANEL_ACTIVE


def test_scores_are_shown_when_the_view_has_them(shown):
    # a seat's red points box in the panel: the red tile colour, as the scores are open in this game
    x, y = POINTS_X + 8, HEADER_H + BOARD_H + PANEL_HEAD_H + PANEL_ROW_H // 2
    assert shown[len(shown) // 2].getpixel((x, y)) == P.TILE["red"]
    hidden_views, _, _ = turn_views(2, seed=1, scores="hidden")
    some = hidden_views[:3]
    hidden = frames(render_replay(some, NAMES))
    assert hidden[1].getpixel((x, y)) == P.PANEL_BG
    assert same(below_header(hidden[1], BOARD_H + 10), png(render_board(dict(some[1], turn=None),
                                                                        names=NAMES)).crop((0, 0, WIDTH, BOARD_H + 10)))


def test_the_header_counts_the_turns(shown):
    def bar(f: Image.Image) -> int:
        crop = f.crop((WIDTH - 16 - BAR_W, 0, WIDTH - 16, HEADER_H))
        return sum(1 for px in pixels(crop) if px == P.FRAME)

    filled = [bar(f) for f in shown[::10]] + [bar(shown[-1])]
    assert filled == sorted(filled) and filled[0] < filled[-1]
    # the header changes every turn: the turn number
    for a, b in itertools.pairwise(shown[:6]):
        assert not same(a.crop((0, 0, WIDTH, HEADER_H)), b.crop((0, 0, WIDTH, HEADER_H)))


def test_frame_times(game):
    views, _ = game
    ms = durations(len(views))
    assert ms[-1] == LAST_MS and ms[0] >= ms[1] == frame_ms(len(views))
    assert 400 <= frame_ms(len(views)) <= 1200
    assert 30_000 <= sum(ms[1:-1]) <= 60_000  # the game itself plays in well under a minute


def test_the_gif_carries_the_frame_times(game, replay):
    views, _ = game
    im = Image.open(io.BytesIO(replay[0]))
    got = [f.info["duration"] for f in ImageSequence.Iterator(im)]
    assert got == durations(len(views))


def test_progress_counts_every_frame_up_to_the_total(game, replay):
    views, _ = game
    _, calls = replay
    n = len(views)
    assert calls == [(i, n) for i in range(1, n + 1)]


# --- fitting the limit -----------------------------------------------------------------------------


def test_a_tight_limit_gives_a_smaller_gif_with_every_frame(game):
    views, standings = game
    some = views[:12] + views[-1:]
    limit = len(render_replay(some, NAMES, standings=standings)) // 2
    data = render_replay(some, NAMES, standings=standings, max_bytes=limit)
    assert len(data) <= limit
    shown = frames(data)
    assert len(shown) == len(some)
    # shrunk to half: a river square's centre is still river, and the last action still ringed
    k = WIDTH // shown[0].width
    assert k == 2
    x, y = square_centre("E1")
    assert shown[0].getpixel((x // k, (HEADER_H + y) // k)) == P.RIVER
    assert any(highlighted(shown[0], sq, k) for sq in views[0]["last"]["squares"])


def test_a_very_tight_limit_uses_the_smallest_look(game):
    views, standings = game
    some = views[:8] + views[-1:]
    smallest = render_replay(some, NAMES, standings=standings, max_bytes=60_000)
    assert len(smallest) <= 60_000
    shown = frames(smallest)
    assert len(shown) == len(some)
    assert shown[0].width < WIDTH // 2


def test_an_impossible_limit_is_a_clear_error(game):
    views, _ = game
    with pytest.raises(ValueError, match="needs more than 1000 bytes"):
        render_replay(views[:4], NAMES, max_bytes=1000)


def test_the_looks_get_smaller():
    sizes = [look.size for look in LOOKS]
    assert sizes == sorted(sizes, reverse=True)
    assert LOOKS[0].shrink == 1 and not LOOKS[0].flat


# --- other games and inputs ------------------------------------------------------------------------


def test_a_two_player_game_pads_the_shorter_final_picture():
    views, standings, _ = turn_views(2, seed=3)
    some = views[:2] + views[-1:]
    shown = frames(render_replay(some, ["Ann", "Ben"], standings=standings))
    assert len(shown) == 3
    board = png(render_board(dict(some[0], turn=None), names=["Ann", "Ben"]))
    final = png(render_final(some[-1], standings, names=["Ann", "Ben"]))
    assert board.height > final.height  # the standings table is a little shorter than the panel
    assert shown[-1].height == HEADER_H + board.height
    assert same(below_header(shown[-1], final.height), final)
    strip = shown[-1].crop((0, HEADER_H + final.height, WIDTH, shown[-1].height))
    assert set(pixels(strip)) == {P.PANEL_BG}


def test_without_standings_the_last_frame_is_a_board():
    views, _, _ = turn_views(2, seed=3)
    some = views[-2:]
    shown = frames(render_replay(some))
    board = png(render_board(dict(some[-1], turn=None)))
    assert same(below_header(shown[-1], board.height), board)


def test_a_pending_decision_makes_the_canvas_taller_for_every_frame():
    war = view(war_position(), None)
    calm = view(busy_position(), None)
    shown = frames(render_replay([calm, war, calm]))
    tall = png(render_board(dict(war, turn=None)))
    assert {f.size for f in shown} == {(WIDTH, HEADER_H + tall.height)}
    assert same(below_header(shown[1], tall.height), tall)


def test_bad_input_is_refused_with_a_reason(game):
    views, standings = game
    with pytest.raises(ValueError, match="at least one turn"):
        render_replay([])
    with pytest.raises(ValueError, match="one game"):
        render_replay([views[0], turn_views(2, seed=3)[0][0]])
    with pytest.raises(ValueError, match="position dict"):
        render_replay([views[0], "tile red F7"])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="standings"):
        render_replay(views[-2:], standings=standings[:2])
    with pytest.raises(ValueError, match="max_bytes"):
        render_replay(views[:1], max_bytes=0)


def test_runs_in_a_worker_process(game):
    views, standings = game
    some = views[:2] + views[-1:]
    args = (some, NAMES)
    pickle.dumps((render_replay, args, standings))
    ctx = multiprocessing.get_context("forkserver")
    with ProcessPoolExecutor(1, mp_context=ctx) as pool:
        data = pool.submit(render_replay, *args, standings=standings).result(timeout=120)
    assert data == render_replay(*args, standings=standings)


# --- the GIF writer --------------------------------------------------------------------------------


def test_the_writer_keeps_identical_frames_and_only_writes_what_changed():
    colours = gif.full_colours()
    red, blue = gif.index_of(colours, P.TILE["red"]), gif.index_of(colours, P.TILE["blue"])
    a = Image.new("L", (40, 30), red)
    b = a.copy()
    b.paste(blue, (10, 5, 14, 9))
    parts = [gif.frame(a, None, 500, colours.clear), gif.frame(a, a, 500, colours.clear),
             gif.frame(b, a, 500, colours.clear)]
    data = gif.header(a.size, colours) + b"".join(parts) + gif.TRAILER
    shown = frames(data)
    assert len(shown) == 3
    assert set(pixels(shown[1])) == {P.TILE["red"]}
    assert shown[2].getpixel((11, 6)) == P.TILE["blue"] and shown[2].getpixel((20, 20)) == P.TILE["red"]
    # the changed rectangle only: the third frame is far smaller than the first
    assert len(parts[2]) < len(parts[0]) and len(parts[1]) < 40


def test_the_transparent_index_is_never_a_picture_colour():
    for colours in (gif.full_colours(), gif.flat_colours()):
        assert len(colours.image.getpalette()) // 3 <= colours.clear
        im = png(render_board(busy_position()))
        assert colours.clear not in set(pixels(gif.indices(im, colours)))


def test_unchanged_pixels_inside_the_changed_rectangle_cost_almost_nothing():
    colours = gif.full_colours()
    noise = Image.effect_noise((120, 90), 80).point(lambda v: v % 190)  # busy indices, as a board's edges are
    moved = noise.copy()
    moved.putpixel((0, 0), 200)
    moved.putpixel((119, 89), 201)  # two corners: the changed rectangle is the whole picture
    first = gif.frame(noise, None, 500, colours.clear)
    second = gif.frame(moved, noise, 500, colours.clear)
    assert len(second) < len(first) / 10
    shown = frames(gif.header(noise.size, colours) + first + second + gif.TRAILER)
    assert same(shown[1], gif.to_rgb(moved, colours))
