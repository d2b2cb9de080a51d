"""The review's pictures: the win-chance chart and a costly move on its board, read at a phone's 400 px; the
lines in each dynasty's colour, blunders and mistakes on the mover's line, the played and better moves marked on
the public board, and the named PNGs a worker hands back."""

from __future__ import annotations

import pickle

import pytest
from PIL import ImageDraw

import render.board
import render.review
from engine import DYNASTIES, Game
from engine.ai.review import MoveReview, PlayerReview, Review
from engine.record import Record
from render import palette as P
from render.layout import (
    BOARD_H,
    COLS,
    MARGIN,
    MIN_CAP_AT_PHONE,
    PHONE_WIDTH,
    ROWS,
    cell_box,
    parse_square,
    square_centre,
)
from render.review import (
    PAD,
    ReviewPictures,
    chances_chart,
    move_picture,
    move_squares,
    positions_before,
    review_pictures,
)
from tests.render_fixtures import pixels, png
from tests.review_fixtures import NAMES, finished_record, flat_review


def review_of(record: Record, mv: MoveReview) -> Review:
    return Review(tuple(PlayerReview(s, 80.0, 0, 0, 1 if s == mv.seat else 0, (mv.index,) if s == mv.seat else ())
                        for s in range(len(record.players))), (mv,),
                  tuple((0.5,) * len(record.players) for _ in range(len(record.moves) + 1)))


def drawn_texts(monkeypatch, draw) -> tuple[list[tuple[str, object]], int]:
    """Every text `draw()` writes, with its font, and the picture's width (as tests/render/test_render_phone.py)."""
    seen: list[tuple[str, object]] = []
    real = ImageDraw.ImageDraw.text

    def spy(self, xy, text, fill=None, font=None, *args, **kwargs):
        seen.append((str(text), font))
        return real(self, xy, text, fill, font, *args, **kwargs)

    render.board.static_layer.cache_clear()
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    width = draw().width
    monkeypatch.undo()
    return seen, width


def small_texts(seen, width) -> list[tuple[str, float]]:
    def cap(f) -> float:
        top, bottom = f.getbbox("H")[1], f.getbbox("H")[3]
        return (bottom - top) * PHONE_WIDTH / width

    return [(t, round(cap(f), 2)) for t, f in seen if cap(f) < MIN_CAP_AT_PHONE]


def near(px, rgb, tol: int = 30) -> bool:
    return sum(abs(a - b) for a, b in zip(px, rgb, strict=True)) < tol


def test_every_text_of_the_chart_reads_at_400_px(monkeypatch):
    record = finished_record()
    rv = flat_review(record, (0.2, 0.5, 0.3), {5: "blunder", 8: "mistake"})
    seen, width = drawn_texts(monkeypatch, lambda: chances_chart(rv, NAMES))
    texts = [t for t, _ in seen]
    assert {"Alice", "Bartholomew", "Chen", "blunder"} <= set(texts), texts
    assert any(t.startswith("Chance to win") for t in texts) and "100%" in texts and "accuracy 90%" in texts
    assert small_texts(seen, width) == [], f"texts under {MIN_CAP_AT_PHONE} px capitals at {PHONE_WIDTH} px wide"


def test_each_seat_has_a_line_in_its_dynasty_colour_at_its_chance():
    record = finished_record()
    levels = (0.15, 0.6, 0.25)
    im = chances_chart(flat_review(record, levels), NAMES)
    x = (render.review.PLOT_X0 + render.review.PLOT_X1) // 2
    for seat, chance in enumerate(levels):
        y = round(render.review.TITLE_H + render.review.PLOT_H * (1 - chance))
        column = [im.getpixel((x, yy)) for yy in range(y - 2, y + 3)]
        assert any(near(px, P.DYNASTY_LINE[DYNASTIES[seat]]) for px in column), (seat, column)


def test_a_blunder_is_a_filled_disc_and_a_mistake_a_hollow_one_on_the_movers_line():
    record = finished_record()
    levels = (0.15, 0.6, 0.25)
    blunder = next(i for i, m in enumerate(record.moves) if m.seat == 1 and i > 10)
    mistake = next(i for i, m in enumerate(record.moves) if m.seat == 2 and i > blunder + 10)
    quiet = next(i for i, m in enumerate(record.moves) if m.seat == 0 and i > mistake + 10)
    im = chances_chart(flat_review(record, levels, {blunder: "blunder", mistake: "mistake", quiet: "inaccuracy"}),
                       NAMES)
    moves = len(record.moves)

    def centre(i: int, seat: int) -> tuple[int, int]:
        x = render.review.PLOT_X0 + (render.review.PLOT_X1 - render.review.PLOT_X0) * (i + 1) / moves
        return round(x), round(render.review.TITLE_H + render.review.PLOT_H * (1 - levels[seat]))

    assert near(im.getpixel(centre(blunder, 1)), P.DYNASTY_LINE["bull"])
    x, y = centre(blunder, 1)
    assert any(near(im.getpixel((x + dx, y)), P.OUTLINE) for dx in range(8, 13)), "a dark edge round the disc"
    assert near(im.getpixel(centre(mistake, 2)), P.SYMBOL), "a mistake's disc is white inside"
    x, y = centre(mistake, 2)
    assert any(near(im.getpixel((x + dx, y)), P.DYNASTY_LINE["lion"]) for dx in range(4, 9)), "ringed in its colour"
    x, y = centre(quiet, 0)
    assert not any(near(im.getpixel((x, y + dy)), P.SYMBOL) for dy in range(-3, 4)), "an inaccuracy is not marked"


def tile_move(record: Record) -> tuple[int, Game]:
    """The first tile placed on an inner square (its tag fits above and below), and the game before it."""
    for i, m in enumerate(record.moves):
        if str(m.move).startswith("tile ") and m.move.square[0] not in "AP" and m.move.square[1:] not in ("1", "11"):
            return i, positions_before(record, [i])[i]
    raise AssertionError("the game places a tile")


def free_square(game: Game, away_from: str) -> str:
    """An empty land square far from `away_from`, for the better move."""
    taken = set(game.view(None)["tiles"])
    for sq in ("H6", "C6", "M8", "D9", "L3"):
        if sq not in taken and sq != away_from and abs(ord(sq[0]) - ord(away_from[0])) > 2:
            return sq
    raise AssertionError("a free square")


def test_the_move_played_and_the_better_move_are_marked_on_the_board_with_a_caption(monkeypatch):
    record = finished_record()
    i, before = tile_move(record)
    played = record.moves[i].move
    better_sq = free_square(before, played.square)
    mv = MoveReview(i, record.moves[i].seat, str(played), f"tile {played.colour} {better_sq}", 0.31, 0.49,
                    "blunder", "the better tile joins the two kingdoms round the red temples and wins 3 points "
                    "before anyone can answer, where the move played gave the neighbour a free war", (), -2.0, 2.5, 0.3)
    seen, width = drawn_texts(monkeypatch, lambda: move_picture(before, mv, NAMES))
    texts = [t for t, _ in seen]
    who = NAMES[mv.seat]
    assert f"Move {i + 1} · {who} · Blunder" in texts
    assert f"{played} played · tile {played.colour} {better_sq} was better (−4.5 points)" in texts
    assert {"played", "better"} <= set(texts)
    assert any(t.startswith("the better tile joins") for t in texts) and any(t.endswith("a free war") for t in texts)
    assert small_texts(seen, width) == []

    im = move_picture(before, mv, NAMES)
    for sq, kind in ((played.square, "played"), (better_sq, "better")):
        x, y = square_centre(sq)
        ring = [im.getpixel((x + dx, y)) for dx in range(-36, 37)] + [im.getpixel((x, y + dy)) for dy in range(-36, 37)]
        assert sum(near(px, P.REVIEW_MARK[kind]) for px in ring) >= 8, (kind, sq)
    wrapped = [t for t, f in seen if t not in ("played", "better")]
    widest = max(render.review.font(22).getlength(t) for t in wrapped if t.startswith(("the better", "before")))
    assert widest <= width - 2 * PAD, "the reason is wrapped to the picture's width"


def test_the_board_is_the_public_one_before_the_move(monkeypatch):
    record = finished_record()
    i, before = tile_move(record)
    scenes = []
    real = render.review.draw_board

    def spy(im, sc):
        scenes.append(sc)
        return real(im, sc)

    monkeypatch.setattr(render.review, "draw_board", spy)
    mv = MoveReview(i, record.moves[i].seat, str(record.moves[i].move), "pass", 0.3, 0.4, "mistake", "")
    move_picture(before, mv, NAMES)
    (sc,) = scenes
    assert all(p.hand is None for p in sc.players), "no hand is shown"
    assert record.moves[i].move.square not in sc.tiles, "the position before the move"
    assert sc.last_squares == (), "the previous action is not highlighted"


def test_a_move_without_a_square_is_told_in_the_caption_only():
    record = finished_record()
    i, before = tile_move(record)
    seat = record.moves[i].seat
    mv = MoveReview(i, seat, "pass", str(record.moves[i].move), 0.2, 0.3, "mistake", "")
    assert move_squares(before, "pass") == () and move_squares(before, "commit 2") == ()
    plain = move_picture(before, MoveReview(i, seat, "pass", "pass", 0.2, 0.2, None, ""), NAMES)
    marked = move_picture(before, mv, NAMES)
    board = (0, 0, plain.width, BOARD_H)
    played = sum(near(px, P.REVIEW_MARK["played"], 20) for px in pixels(marked.crop(board)))
    better = sum(near(px, P.REVIEW_MARK["better"], 20) for px in pixels(marked.crop(board)))
    assert played == 0 and better > 200, "only the better move, which has a square, is marked on the board"
    assert sum(near(px, P.REVIEW_MARK["played"], 20) for px in pixels(plain.crop(board))) == 0


def test_a_monument_is_framed_whole_and_a_withdrawal_at_its_leader():
    record = finished_record()
    i = next(i for i, m in enumerate(record.moves) if str(m.move).startswith("withdraw "))
    before = positions_before(record, [i])[i]
    colour = record.moves[i].move.colour
    at = before.view(None)["players"][record.moves[i].seat]["leaders"][colour]
    assert move_squares(before, f"withdraw {colour}") == (at,)
    assert move_squares(Game.new(players=2, seed=1), "withdraw red") == (), "no leader on the board: no square"
    assert move_squares(before, "monument red-blue F7") == ("F7", "G7", "F8", "G8")
    assert move_squares(before, "not a move") == ()


def test_review_pictures_are_named_pngs_per_player_costliest_first_and_picklable():
    record = finished_record()
    marked = {}
    for seat, label in ((0, "blunder"), (1, "mistake")):
        for i in [i for i, m in enumerate(record.moves) if m.seat == seat][4:6]:
            marked[i] = label
    rv = flat_review(record, (0.2, 0.5, 0.3), marked)
    pics = review_pictures(record, rv)
    assert isinstance(pics, ReviewPictures)
    assert pickle.loads(pickle.dumps(pics)) == pics, "a worker process hands them back as they are"
    chart = png(pics.chart.data)
    assert pics.chart.name == "review-chances.png" and chart.width >= 780
    assert [p.index for p in pics.of(0)] == list(rv.players[0].costliest)
    assert [p.index for p in pics.of(1)] == list(rv.players[1].costliest) and pics.of(2) == ()
    for p in pics.moves:
        assert p.name == f"review-move-{p.index + 1}-{DYNASTIES[p.seat]}.png"
        assert png(p.data).height > BOARD_H
    assert len({p.name for p in pics.moves}) == len(pics.moves)


def test_positions_before_replays_the_record_up_to_each_move():
    record = finished_record(2, 8)
    got = positions_before(record, [0, 7, 3])
    for i in (0, 3, 7):
        g = record.start()
        for m in record.moves[:i]:
            g.play(m.move, m.seat, draws=[(s, list(c)) for s, c in m.draws])
        assert got[i].view(None) == g.view(None)
    assert positions_before(record, []) == {}


@pytest.mark.parametrize("players", [2, 4])
def test_the_chart_fits_any_table(players):
    record = finished_record(players, 11)
    im = chances_chart(flat_review(record, tuple(1 / players for _ in range(players))), NAMES)
    assert im.width >= 780 and im.height == (render.review.TITLE_H + render.review.PLOT_H + render.review.AXIS_H
                                             + players * render.review.LEGEND_ROW + render.review.KEY_H)


def decided_review(record: Record) -> tuple[Review, MoveReview]:
    """Seat 1's chance at 99.9% from move 5 on, and seat 0's late blunder at 0% after either move: a decided game."""
    i = len(record.moves) - 3
    mv = MoveReview(i, 0, str(record.moves[i].move), "pass", 0.0, 0.0, "blunder",
                    "it gave away the red war and 4 points with it", (), -68.34, -60.31, 0.2)
    curve = tuple((0.5, 0.5) if n < 5 else (0.001, 0.999) for n in range(len(record.moves) + 1))
    players = tuple(PlayerReview(s, 50.0, 0, 0, 1 - s, (i,) if s == 0 else ()) for s in (0, 1))
    return Review(players, (mv,), curve), mv


def test_a_move_in_a_decided_game_says_so_and_gives_the_final_margins_not_0_percent_each(monkeypatch):
    record = finished_record(players=2)
    rv, mv = decided_review(record)
    assert rv.decided == (4, 1)
    _, moves, chances, _ = render.review.caption_lines(mv, NAMES, decided=rv.decided)
    assert moves.endswith("(−8.0 points)")
    assert chances.startswith("The game was decided by move 5: from there Bartholomew's chance to win stayed above")
    assert chances.endswith("Expected final margin: −68.3 points after the move played, −60.3 points after the "
                            "better one")
    assert "0%" not in chances
    # The pictures the review posts pass the review's own decision to each move's caption.
    seen: list[str] = []
    real = render.review.caption_lines

    def spy(*args, **kwargs):
        out = real(*args, **kwargs)
        seen.append(out[2])
        return out

    monkeypatch.setattr(render.review, "caption_lines", spy)
    review_pictures(record, rv, NAMES[:2])
    assert seen == [chances]


def test_chances_that_read_the_same_give_way_to_the_margins_before_a_decision_too():
    record = finished_record(players=2)
    i, _ = tile_move(record)
    mv = MoveReview(i, record.moves[i].seat, str(record.moves[i].move), "pass", 0.502, 0.498, "mistake", "", (),
                    1.0, 3.5, 0.2)
    chances = render.review.caption_lines(mv, NAMES)[2]
    assert chances == "Expected final margin: +1.0 points after the move played, +3.5 points after the better one"
    best = MoveReview(i, mv.seat, mv.played, mv.played, 0.0, 0.0, None, "", (), -40.0, -40.0)
    assert render.review.caption_lines(best, NAMES, decided=(0, 1 - mv.seat))[2].endswith(
        "Expected final margin after it: −40.0 points")


def test_a_german_or_french_picture_prints_the_decimal_comma_and_the_locales_percent():
    from bot.language.picture_words import wording

    record = finished_record(players=2)
    i, _ = tile_move(record)
    mv = MoveReview(i, record.moves[i].seat, str(record.moves[i].move), "pass", 0.31, 0.49, "blunder", "", (),
                    -2.0, 2.5, 0.3)
    de = render.review.caption_lines(mv, NAMES, wording("de"))
    assert de[1].endswith("(−4,5 Punkte)")
    assert de[2] == "Siegchance: 31\u00a0% nach dem gespielten Zug, 49\u00a0% nach dem besseren"
    fr = render.review.caption_lines(mv, NAMES, wording("fr"))
    assert fr[1].endswith("(−4,5 points)") and "31\u00a0% après le coup joué" in fr[2]
    assert render.review.caption_lines(mv, NAMES)[2] == ("Chance to win: 31% after the move played, 49% after the "
                                                         "better one")


def test_the_charts_axis_says_percent_as_its_legend_does(monkeypatch):
    from bot.language.picture_words import wording

    record = finished_record(players=2)
    rv = flat_review(record, (0.4, 0.6))
    seen, _ = drawn_texts(monkeypatch, lambda: chances_chart(rv, NAMES, wording("de")))
    texts = [t for t, _ in seen]
    assert {"0\u00a0%", "50\u00a0%", "100\u00a0%"} <= set(texts) and "Genauigkeit 90 %" in texts
    seen, _ = drawn_texts(monkeypatch, lambda: chances_chart(rv, NAMES))
    assert {"0%", "50%", "100%"} <= {t for t, _ in seen}


def test_the_chart_marks_the_move_that_decided_the_game(monkeypatch):
    record = finished_record(players=2)
    rv, _ = decided_review(record)
    seen, width = drawn_texts(monkeypatch, lambda: chances_chart(rv, NAMES))
    assert "decided by move 5" in [t for t, _ in seen] and small_texts(seen, width) == []
    im = chances_chart(rv, NAMES)
    x = round(render.review.PLOT_X0 + (render.review.PLOT_X1 - render.review.PLOT_X0) * 5 / (len(rv.curve) - 1))
    column = [im.getpixel((x, y)) for y in range(render.review.TITLE_H + 60, render.review.TITLE_H + 270)]
    assert sum(near(px, P.TEXT_DIM, 20) for px in column) > 40, "a dashed line at the deciding move"
    seen, _ = drawn_texts(monkeypatch, lambda: chances_chart(flat_review(record, (0.4, 0.6)), NAMES))
    assert not any(t.startswith("decided by") for t, _ in seen), "an open game has no such mark"


def test_the_played_tag_stays_off_the_neighbouring_squares():
    """The word on the played move's ring sits in the board's margin: no pixel of the mark's colour inside any
    neighbouring square beyond the ring's own edge (the ring reaches 7 px past its square)."""
    record = finished_record()
    i, before = tile_move(record)
    played = record.moves[i].move
    mv = MoveReview(i, record.moves[i].seat, str(played), str(played), 0.4, 0.4, None, "")
    im = move_picture(before, mv, NAMES)
    col, row = parse_square(played.square)
    for dc in (-1, 0, 1):
        for dr in (-1, 0, 1):
            if (dc, dr) == (0, 0) or not (0 <= col + dc < COLS and 0 <= row + dr < ROWS):
                continue
            x0, y0, x1, y1 = cell_box(col + dc, row + dr)
            inner = im.crop((x0 + 9, y0 + 9, x1 - 9, y1 - 9))
            assert not any(near(px, P.REVIEW_MARK["played"], 20) for px in pixels(inner)), (dc, dr)
    # The tag is drawn: the mark's colour in the margin over the square's column.
    x0, _, x1, _ = cell_box(col, row)
    top, bottom = im.crop((x0 - 10, 0, x1 + 10, MARGIN)), im.crop((x0 - 10, BOARD_H - MARGIN, x1 + 10, BOARD_H))
    assert max(sum(near(px, P.REVIEW_MARK["played"], 20) for px in pixels(m)) for m in (top, bottom)) > 200
