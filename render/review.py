"""The review's pictures: every seat's chance to win over the game, and a costly move on its board beside the
better one. Sized like the board pictures (796 px wide), so every text still reads at a phone's 400 px."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PIL import Image, ImageDraw

from engine import DYNASTIES, Game, IllegalMove, Move
from engine.record import Record
from render import palette as P
from render import sprites
from render.board import PIECE, draw_board, static_layer
from render.fonts import font
from render.layout import BOARD_H, COLS, MARGIN, NOTE_SIZE, ROWS, TEXT_SIZE, WIDTH, cell_box, parse_square, square_name
from render.model import display_name, scene
from render.text import label
from render.wording import ENGLISH, N_, Wording

if TYPE_CHECKING:
    from engine.ai.review import MoveReview, Review

PAD = 20
TITLE_SIZE = 26
Rect = tuple[float, float, float, float]

# --- the chart ---------------------------------------------------------------------------------------------

TITLE_H = 58
PLOT_X0 = 84  # room for "100%"
PLOT_X1 = WIDTH - 56  # room for each line's badge at its end
PLOT_H = 330
AXIS_H = 44  # the move numbers under the plot
LEGEND_ROW = 46
KEY_H = 48
LINE_W = 4
END_BADGE = 32
MARK_R = 9
TICK_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500)


def _line_colour(seat: int) -> P.RGB:
    return P.DYNASTY_LINE[DYNASTIES[seat]]


# The words of the marks and of a move's label, in the reader's language.
MARK_WORDS = {
    # Translators: a review chart's mark: the move that was played (past participle; a few characters)
    "played": N_("played"),
    # Translators: a review chart's mark: the better move (a few characters)
    "better": N_("better"),
}
LABEL_WORDS = {"inaccuracy": N_("Inaccuracy"), "mistake": N_("Mistake"), "blunder": N_("Blunder")}


def _name(names: Sequence[str], seat: int) -> str:
    return display_name(list(names), seat, DYNASTIES[seat])


def _tick_step(moves: int) -> int:
    """The smallest round step that puts at most 8 move numbers under the plot."""
    return next((s for s in TICK_STEPS if moves / s <= 8), TICK_STEPS[-1])


def _spread(ys: list[float], gap: float, lo: float, hi: float) -> list[float]:
    """`ys` moved apart (keeping their order) so that no two are closer than `gap`, within lo..hi."""
    order = sorted(range(len(ys)), key=lambda i: ys[i])
    out = list(ys)
    for k in range(1, len(order)):
        out[order[k]] = max(out[order[k]], out[order[k - 1]] + gap)
    over = (out[order[-1]] - hi) if order else 0.0
    if over > 0:
        for i in order:
            out[i] -= over
    for k in range(len(order)):
        out[order[k]] = max(out[order[k]], lo + k * gap)
    return out


def _mark(d: ImageDraw.ImageDraw, xy: tuple[float, float], colour: P.RGB, blunder: bool) -> None:
    """A blunder is a filled disc on the line, a mistake a hollow one: shape, not colour, tells them apart."""
    x, y = xy
    box = (x - MARK_R, y - MARK_R, x + MARK_R, y + MARK_R)
    d.ellipse((box[0] - 2, box[1] - 2, box[2] + 2, box[3] + 2), fill=P.OUTLINE)
    d.ellipse(box, fill=colour if blunder else P.SYMBOL, outline=colour, width=4)


def chances_chart(review: Review, names: Sequence[str], w: Wording = ENGLISH) -> Image.Image:
    """The win-chance graph: one line per seat in its dynasty's colour, ending in its badge; blunders (filled)
    and mistakes (hollow) marked on the mover's line; the move that decided the game; a legend with each name and
    accuracy."""
    curve = [tuple(point) for point in review.curve]
    seats = len(curve[0]) if curve else len(review.players)
    moves = max(1, len(curve) - 1)
    plot_top = TITLE_H
    plot_bottom = plot_top + PLOT_H
    legend_top = plot_bottom + AXIS_H
    height = legend_top + seats * LEGEND_ROW + KEY_H
    im = Image.new("RGB", (WIDTH, height), P.PANEL_BG)
    d = ImageDraw.Draw(im)

    def at(i: int, chance: float) -> tuple[float, float]:
        return (PLOT_X0 + (PLOT_X1 - PLOT_X0) * i / moves,
                plot_bottom - PLOT_H * min(1.0, max(0.0, chance)))

    label(d, (PAD, TITLE_H // 2), w.gettext("Chance to win after each move"), TITLE_SIZE, P.TEXT, bold=True,
          width=WIDTH - 2 * PAD)
    for pct in (0, 25, 50, 75, 100):
        y = at(0, pct / 100)[1]
        d.line((PLOT_X0, y, PLOT_X1, y), fill=P.PANEL_RULE if pct % 50 else P.GRID, width=1 if pct % 50 else 2)
        if pct % 50 == 0:
            label(d, (PLOT_X0 - 10, y), w.percent(pct / 100), NOTE_SIZE, P.TEXT_DIM, anchor="rm")
    step = _tick_step(moves)
    for n in range(0, moves + 1, step):
        x = at(n, 0)[0]
        d.line((x, plot_bottom, x, plot_bottom + 6), fill=P.GRID, width=2)
        label(d, (x, plot_bottom + 8), str(n), NOTE_SIZE, P.TEXT_DIM, anchor="mt")

    decided = review.decided
    if decided is not None and curve:
        # Where the game was decided, said on the plot: the lines run flat from there and tell nothing more. Past
        # that move every seat's chance is near 0 or 100%, so the middle of the plot is free for the words.
        x = at(decided[0] + 1, 0)[0]
        for y in range(plot_top, plot_bottom, 12):
            d.line((x, y, x, min(y + 6, plot_bottom)), fill=P.TEXT_DIM, width=2)
        said = w.gettext("decided by move {n}").format(n=decided[0] + 1)
        room = PLOT_X1 - x - 10
        right = font(NOTE_SIZE).getlength(said) <= room or room >= x - PLOT_X0
        label(d, (x + 8 if right else x - 8, at(0, 0.5)[1] - NOTE_SIZE), said, NOTE_SIZE, P.TEXT,
              anchor="lm" if right else "rm", width=int(room if right else x - PLOT_X0 - 10))
    for seat in range(seats):
        points = [at(i, point[seat]) for i, point in enumerate(curve)]
        if len(points) > 1:
            # A light halo under each line keeps the one beneath visible where lines cross.
            d.line(points, fill=P.PANEL_BG, width=LINE_W + 4, joint="curve")
            d.line(points, fill=_line_colour(seat), width=LINE_W, joint="curve")
    for mv in review.moves:
        if mv.label in ("mistake", "blunder") and 0 <= mv.seat < seats and mv.index + 1 < len(curve):
            _mark(d, at(mv.index + 1, curve[mv.index + 1][mv.seat]), _line_colour(mv.seat), mv.label == "blunder")

    if curve:
        ends = _spread([at(moves, curve[-1][s])[1] for s in range(seats)], END_BADGE + 2,
                       plot_top - END_BADGE / 2, plot_bottom + END_BADGE / 2)
        for seat, y in enumerate(ends):
            badge = sprites.badge(DYNASTIES[seat], END_BADGE)
            im.paste(badge, (PLOT_X1 + 10, round(y - END_BADGE / 2)), badge)

    accuracy = {p.seat: p.accuracy for p in review.players}
    for seat in range(seats):
        mid = legend_top + seat * LEGEND_ROW + LEGEND_ROW // 2
        d.line((PAD, mid, PAD + 44, mid), fill=_line_colour(seat), width=LINE_W + 2)
        badge = sprites.badge(DYNASTIES[seat], 36)
        im.paste(badge, (PAD + 54, mid - 18), badge)
        x = PAD + 100
        acc = accuracy.get(seat)
        # Translators: the review picture: a player's accuracy
        told = w.gettext("accuracy {percent}%").format(percent=f"{acc:.0f}") if acc is not None else ""
        room = WIDTH - PAD - x - (font(TEXT_SIZE).getlength(told) + 20 if told else 0)
        label(d, (x, mid), _name(names, seat), TEXT_SIZE, P.TEXT, bold=True, width=int(room))
        if told:
            label(d, (WIDTH - PAD, mid), told, TEXT_SIZE, P.TEXT, anchor="rm")

    mid = height - KEY_H // 2
    x = PAD + MARK_R + 2
    _mark(d, (x, mid), P.DYNASTY_LINE["lion"], True)
    x += label(d, (x + MARK_R + 10, mid), w.gettext("blunder"), NOTE_SIZE, P.TEXT_DIM) + MARK_R + 40
    _mark(d, (x, mid), P.DYNASTY_LINE["lion"], False)
    label(d, (x + MARK_R + 10, mid), w.gettext("mistake, on the line of the player who made it"), NOTE_SIZE, P.TEXT_DIM,
          width=int(WIDTH - PAD - x - MARK_R - 10))
    return im


# --- a move on its board -----------------------------------------------------------------------------------

TAG_H = 28
RING_W = 5
CAPTION_LINE = 32
REASON_LINE = 30


def _wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """`text` broken at spaces into lines at most `width` px wide (a longer word keeps a line to itself)."""
    f = font(size, bold)
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if line and f.getlength(trial) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


def move_squares(game: Game, move: str) -> tuple[str, ...]:
    """The squares a move is played on (a monument's four, a withdrawn leader's own); none for a commitment,
    a swap, a pass, a war order or a decline."""
    try:
        m = Move.parse(move)
    except IllegalMove:
        return ()
    if m.verb == "withdraw" and m.colour is not None:
        seat = game.to_move
        at = game.view(None)["players"][seat]["leaders"].get(m.colour) if seat is not None else None
        return (square_name(*parse_square(at)),) if at else ()
    if m.square is None:
        return ()
    c, r = parse_square(m.square)
    if m.verb == "monument":
        return tuple(square_name(c + dc, r + dr) for dr in (0, 1) for dc in (0, 1) if c + dc < COLS and r + dr < ROWS)
    return (square_name(c, r),)


def _box(squares: Sequence[str]) -> Rect:
    boxes = [cell_box(*parse_square(s)) for s in squares]
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def _ghost(im: Image.Image, move: str, seat: int, squares: Sequence[str]) -> None:
    """The piece a tile, leader or catastrophe move would place, see-through on its empty square."""
    try:
        m = Move.parse(move)
    except IllegalMove:
        return
    if m.verb == "tile" and m.colour in P.TILE:
        sprite = sprites.tile(m.colour, PIECE)
    elif m.verb == "leader" and m.colour in P.TILE:
        sprite = sprites.leader(m.colour, DYNASTIES[seat], PIECE)
    elif m.verb == "catastrophe":
        sprite = sprites.catastrophe(PIECE)
    else:
        return
    faint = sprite.copy()
    faint.putalpha(sprite.getchannel("A").point(lambda a: a * 55 // 100))
    x, y = cell_box(*parse_square(squares[0]))[:2]
    im.paste(faint, (x + 2, y + 2), faint)


def _ring(d: ImageDraw.ImageDraw, box: Rect, kind: str) -> None:
    """The played move gets a ring, the better one a square frame, each with a dark edge to stand off any ground."""
    colour = P.REVIEW_MARK[kind]
    x0, y0, x1, y1 = box
    if kind == "played":
        outer = (x0 - 7, y0 - 7, x1 + 6, y1 + 6)
        d.ellipse(outer, outline=P.OUTLINE, width=RING_W + 2)
        d.ellipse((outer[0] + 1, outer[1] + 1, outer[2] - 1, outer[3] - 1), outline=colour, width=RING_W)
    else:
        outer = (x0 - 4, y0 - 4, x1 + 3, y1 + 3)
        d.rounded_rectangle(outer, radius=6, outline=P.OUTLINE, width=RING_W + 2)
        d.rounded_rectangle((outer[0] + 1, outer[1] + 1, outer[2] - 1, outer[3] - 1), radius=5, outline=colour,
                            width=RING_W)


def _overlap(a: Rect, b: Rect) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def _tag_rect(box: Rect, word: str, side: str) -> Rect:
    """The word's tag in the board's top or bottom margin, over its squares' columns: a tag beside the squares would
    cover a neighbouring square (a 46 px square is narrower than any word)."""
    w = font(NOTE_SIZE, bold=True).getlength(word) + 14
    x0 = min(max(2.0, (box[0] + box[2]) / 2 - w / 2), WIDTH - 2 - w)
    y0 = (MARGIN - TAG_H) / 2 if side == "top" else BOARD_H - MARGIN + (MARGIN - TAG_H) / 2
    return (x0, y0, x0 + w, y0 + TAG_H)


def _place_tag(box: Rect, kind: str, keep_clear: Sequence[Rect], word: str) -> Rect:
    """Where the word goes: the margin (top or bottom) nearer its squares, unless that hides a mark or the other
    word; `played` prefers the top, `better` the bottom, where both are as near."""
    sides = ("top", "bottom") if kind == "played" else ("bottom", "top")
    middle = (box[1] + box[3]) / 2

    def cost(side: str) -> tuple[float, float, int]:
        r = _tag_rect(box, word, side)
        return (sum(_overlap(r, k) for k in keep_clear), abs(middle - (r[1] + r[3]) / 2), sides.index(side))

    return _tag_rect(box, word, min(sides, key=cost))


def _tag(d: ImageDraw.ImageDraw, rect: Rect, kind: str, word: str) -> None:
    """The word `played` or `better` (in the reader's language) on the mark's colour."""
    d.rounded_rectangle(rect, radius=6, fill=P.REVIEW_MARK[kind], outline=P.OUTLINE)
    d.text(((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2), word, font=font(NOTE_SIZE, bold=True),
           fill=P.SYMBOL, anchor="mm")


def _loss(loss: float, w: Wording) -> str:
    return "−" + w.gettext("{points} points").format(points=w.decimal(loss))


def _margin(margin: float, w: Wording) -> str:
    """A final margin with its sign: '+3.0 points', '−61.4 points'."""
    said = w.gettext("{points} points").format(points=w.decimal(abs(margin)))
    return said if round(margin, 1) == 0 else ("−" if margin < 0 else "+") + said


def caption_lines(mv: MoveReview, names: Sequence[str], w: Wording = ENGLISH,
                  decided: tuple[int, int] | None = None) -> tuple[str, str, str, list[str]]:
    """The caption's words: heading, the two moves with the loss, both chances (once the game was decided, or where
    the chances read the same, the final margins instead: that is what the move changed), and the reason (unwrapped;
    said from the review's words in `w`'s language, else the engine's English). `decided` is the review's."""
    who = _name(names, mv.seat)
    heading = w.gettext("Move {n} · {name}").format(n=mv.index + 1, name=who)
    if mv.label:
        heading += " · " + (w.gettext(LABEL_WORDS[mv.label]) if mv.label in LABEL_WORDS else mv.label.capitalize())
    settled = decided is not None and mv.index > decided[0]
    if mv.best == mv.played:
        # i18n: {move} is in the game's notation, never translated
        moves = w.gettext("{move} played · the best move found").format(move=mv.played)
        if settled:
            chances = w.gettext("Expected final margin after it: {margin}").format(
                margin=_margin(mv.margin_played, w))
        else:
            chances = w.gettext("Chance to win after it: {chance}").format(chance=w.percent(mv.chance_played))
    else:
        # i18n: {played} and {best} are moves in the game's notation, never translated; {loss} is like −2.5 points
        moves = w.gettext("{played} played · {best} was better ({loss})").format(
            played=mv.played, best=mv.best, loss=_loss(mv.loss, w))
        if settled or w.percent(mv.chance_played) == w.percent(mv.chance_best):
            # i18n: {played} and {best} are final margins with their sign, like −61.4 points
            chances = w.gettext("Expected final margin: {played} after the move played, {best} after the better "
                                "one").format(played=_margin(mv.margin_played, w), best=_margin(mv.margin_best, w))
        else:
            chances = w.gettext("Chance to win: {played} after the move played, {best} after the better one").format(
                played=w.percent(mv.chance_played), best=w.percent(mv.chance_best))
    if settled and decided is not None:
        chances = w.gettext("The game was decided by move {n}: from there {name}'s chance to win stayed above "
                            "98%.").format(n=decided[0] + 1, name=_name(names, decided[1])) + " " + chances
    return heading, moves, chances, [_reason(mv, w)] if mv.reason else []


def _reason(mv: MoveReview, w: Wording) -> str:
    if w.lang == ENGLISH.lang or not mv.words:
        return mv.reason  # English, and reviews stored before their words were kept
    from engine.ai.phrases import say  # words come only from the computer players, an optional part

    try:
        return say(mv.words, w.gettext, w.ngettext, decimal=w.decimal, percent=w.percent)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        return mv.reason


def move_picture(game: Game, mv: MoveReview, names: Sequence[str], w: Wording = ENGLISH,
                 decided: tuple[int, int] | None = None) -> Image.Image:
    """The public board before the move, the move played ringed and the better one framed, and a caption: the move
    number, the player, the label, both moves with the points lost, and why the better one is better; `decided` is
    the review's (move index, seat) from which the game was decided."""
    heading, moves, chances, reason = caption_lines(mv, names, w, decided)
    text_w = WIDTH - 2 * PAD
    move_lines = _wrap(moves, TEXT_SIZE, text_w)
    chance_lines = _wrap(chances, NOTE_SIZE, text_w)
    reason_lines = [ln for r in reason for ln in _wrap(r, TEXT_SIZE, text_w)]
    caption_h = (PAD + 40 + CAPTION_LINE * len(move_lines) + REASON_LINE * len(chance_lines)
                 + (8 + REASON_LINE * len(reason_lines) if reason_lines else 0) + PAD)
    im = Image.new("RGB", (WIDTH, BOARD_H + caption_h), P.PANEL_BG)
    view: dict[str, Any] = dict(game.view(None))
    view["last"] = None  # the previous action's highlight would compete with the marks
    board_name = str(view.get("board") or "standard")
    im.paste(static_layer(board_name), (0, 0))
    draw_board(im, scene(view, list(names)))
    d = ImageDraw.Draw(im)

    marks = [(kind, move_squares(game, move)) for kind, move in (("played", mv.played), ("better", mv.best))
             if kind == "played" or mv.best != mv.played]
    for kind, squares in marks:
        if squares:
            _ghost(im, mv.played if kind == "played" else mv.best, mv.seat, squares)
            _ring(d, _box(squares), kind)
    boxes = [(kind, _box(squares)) for kind, squares in marks if squares]
    keep_clear: list[Rect] = [(b[0] - 8, b[1] - 8, b[2] + 8, b[3] + 8) for _, b in boxes]
    for kind, box in boxes:
        word = w.gettext(MARK_WORDS[kind])
        rect = _place_tag(box, kind, keep_clear, word)
        keep_clear.append(rect)
        _tag(d, rect, kind, word)

    y = BOARD_H + PAD
    d.line((8, BOARD_H, WIDTH - 8, BOARD_H), fill=P.PANEL_RULE, width=2)
    badge = sprites.badge(DYNASTIES[mv.seat], 36)
    im.paste(badge, (PAD, y + 2), badge)
    label(d, (PAD + 46, y + 20), heading, TEXT_SIZE + 2, P.TEXT, bold=True, width=text_w - 46)
    y += 40
    for line in move_lines:
        label(d, (PAD, y + CAPTION_LINE // 2), line, TEXT_SIZE, P.TEXT)
        y += CAPTION_LINE
    for line in chance_lines:
        label(d, (PAD, y + REASON_LINE // 2), line, NOTE_SIZE, P.TEXT_DIM)
        y += REASON_LINE
    if reason_lines:
        y += 8
        for line in reason_lines:
            label(d, (PAD, y + REASON_LINE // 2), line, TEXT_SIZE, P.TEXT)
            y += REASON_LINE
    return im


# --- the pictures a review posts ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ReviewPicture:
    """One picture of a review as PNG bytes: the chart (seat and index None) or one costly move of a seat."""

    name: str  # a file name, e.g. "review-move-23-bull.png"
    data: bytes
    seat: int | None = None
    index: int | None = None  # the move's 0-based index in the record


@dataclass(frozen=True)
class ReviewPictures:
    """The chart and every player's costliest moves, seat by seat, costliest first: plain bytes, picklable."""

    chart: ReviewPicture
    moves: tuple[ReviewPicture, ...]

    def of(self, seat: int) -> tuple[ReviewPicture, ...]:
        """The pictures of one seat's costliest moves, costliest first."""
        return tuple(p for p in self.moves if p.seat == seat)


def png_bytes(im: Image.Image) -> bytes:
    """PNG of a review picture, in its own 256 colours: the review's line and mark colours are not in the board
    pictures' shared palette (render/png.py), and would shift there."""
    buf = io.BytesIO()
    im.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
        buf, format="PNG", compress_level=6)
    return buf.getvalue()


def positions_before(record: Record, indexes: Sequence[int]) -> dict[int, Game]:
    """The game before each of the record's moves at `indexes` (0-based), replayed from its complete record."""
    wanted = set(indexes)
    out: dict[int, Game] = {}
    if not wanted:
        return out
    game = record.start()
    steps = record.steps(game)
    for i in range(max(wanted) + 1):
        if i in wanted:
            out[i] = game.copy(history=False)
        next(steps)
    return out


def review_pictures(record: Record, review: Review, names: Sequence[str] | None = None, *,
                    words: Wording = ENGLISH) -> ReviewPictures:
    """The chart and, per player, their costliest moves on the board, as named PNGs; `names` default to the
    record's player names; `words`: the readers' language. Raises RecordError if the record does not replay."""
    shown = list(names) if names is not None else [p.name for p in record.players]
    chart = ReviewPicture("review-chances.png", png_bytes(chances_chart(review, shown, words)))
    wanted = [(p.seat, i) for p in review.players for i in p.costliest]
    before = positions_before(record, [i for _, i in wanted])
    pictures = []
    for seat, i in wanted:
        mv = review.move(i)
        if mv is None:
            continue
        pictures.append(ReviewPicture(f"review-move-{i + 1}-{DYNASTIES[seat]}.png",
                                      png_bytes(move_picture(before[i], mv, shown, words, review.decided)),
                                      seat, i))
    return ReviewPictures(chart, tuple(pictures))
