"""A person's profile in one server: totals and averages, and their points by source over their last games."""

from __future__ import annotations

import dataclasses
import io
import itertools
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from engine import DYNASTIES
from render import palette as P
from render import sprites
from render.layout import SMALL_SIZE, TEXT_SIZE, WIDTH
from render.text import fitting_size, label
from render.wording import ENGLISH, N_, Wording, colour, dynasty

# Where points come from, bottom of a bar to top, with their colours: Okabe–Ito / Tol hues spread in
# lightness (L* ≈ 70 / 42 / 54 / 22 / 81) so that neighbours in a bar differ even in greyscale, and every
# pair stays ≥ 28 ΔE apart under the three colour-vision deficiencies (tests/render/test_render_profile.py).
SOURCES: tuple[str, ...] = ("tiles", "monuments", "revolts", "wars", "treasures")
SOURCE_COLOUR: dict[str, P.RGB] = {
    "tiles": (86, 180, 233),
    "monuments": (20, 110, 110),
    "revolts": (213, 94, 0),
    "wars": (51, 34, 136),
    "treasures": P.TREASURE,
}
SOURCE_WORDS = {
    # Translators: a profile chart's bar: points from tiles
    "tiles": N_("Tiles"),
    # Translators: a profile chart's bar: points from monuments
    "monuments": N_("Monuments"),
    # Translators: a profile chart's bar: points from revolts
    "revolts": N_("Revolts"),
    # Translators: a profile chart's bar: points from wars
    "wars": N_("Wars"),
    # Translators: a profile chart's bar: points from treasures; also the panel's column of treasures
    "treasures": N_("Treasures"),
}
MAX_BARS = 20

PAD = 24
TITLE_H = 92
CARD_H = 96
CARD_GAP = 12
CHART_TITLE_Y = 2 * CARD_H + 3 * CARD_GAP + TITLE_H + 16
LEGEND_Y = CHART_TITLE_Y + 38
PLOT_TOP = LEGEND_Y + 44
PLOT_H = 260
PLOT_LEFT = 76
PLOT_RIGHT = WIDTH - PAD
PLACE_Y = PLOT_TOP + PLOT_H + 22
SCORE_Y = PLACE_Y + 28
HEIGHT = SCORE_Y + 40
SHORT_HEIGHT = CHART_TITLE_Y + 44  # nothing to chart: the totals and a line of text
BAR_MAX_W = 56
SEGMENT_GAP = 2


@dataclass(frozen=True)
class Game:
    """One of the person's games, as the chart reads it."""

    points: dict[str, int]  # source -> points
    place: int
    score: int

    @property
    def total(self) -> int:
        return sum(self.points.values())


@dataclass(frozen=True)
class Profile:
    games: int
    wins: int
    avg_place: float | None
    avg_score: float | None
    best_colour: str | None
    weakest_colour: str | None
    best_dynasty: str | None
    chart: tuple[Game, ...]  # the most recent games, oldest first


def _count(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{what} must be a whole number ≥ 0, not {value!r}")
    return value


def _average(value: Any, what: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value) or value < 0:
        raise ValueError(f"{what} must be a number ≥ 0 or None, not {value!r}")
    return float(value)


def _choice(value: Any, allowed: tuple[str, ...], what: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or value.lower() not in allowed:
        raise ValueError(f"{what} must be one of {', '.join(allowed)} or None, not {value!r}")
    return value.lower()


def _game(raw: Any, n: int) -> Game:
    if not isinstance(raw, Mapping):
        raise ValueError(f"game {n} must be a dict, not {type(raw).__name__}")
    pts = raw.get("points_by_source") or {}
    if not isinstance(pts, Mapping):
        raise ValueError(f"game {n}: points_by_source must be a dict")
    unknown = set(pts) - set(SOURCES)
    if unknown:
        raise ValueError(f"game {n}: unknown point sources {sorted(unknown)}; known: {', '.join(SOURCES)}")
    place = _count(raw.get("place"), f"game {n}: place")
    if place < 1:
        raise ValueError(f"game {n}: place must be 1 or more")
    return Game(points={s: _count(pts.get(s, 0), f"game {n}: {s} points") for s in SOURCES}, place=place,
                score=_count(raw.get("score"), f"game {n}: score"))


def read_profile(profile: Mapping[str, Any] | Any) -> Profile:
    """Check and read render_profile's input (see there); ValueError names what is wrong."""
    if dataclasses.is_dataclass(profile) and not isinstance(profile, type):
        profile = dataclasses.asdict(profile)
    if not isinstance(profile, Mapping) or not isinstance(profile.get("totals"), Mapping):
        raise ValueError('a profile is a dict {"totals": {...}, "games": [...]} (bot.stats Profile.picture()), '
                         f"not {type(profile).__name__}{' without totals' if isinstance(profile, Mapping) else ''}")
    totals = profile["totals"]
    games = _count(totals.get("games", 0), "games")
    wins = _count(totals.get("wins", 0), "wins")
    if wins > games:
        raise ValueError(f"{wins} wins in {games} games")
    chart = profile.get("games") or []
    if not isinstance(chart, list | tuple):
        raise ValueError("games must be a list of games, oldest first")
    return Profile(
        games=games,
        wins=wins,
        avg_place=_average(totals.get("avg_place"), "avg_place"),
        avg_score=_average(totals.get("avg_score"), "avg_score"),
        best_colour=_choice(totals.get("best_colour"), P.COLOURS, "best_colour"),
        weakest_colour=_choice(totals.get("weakest_colour"), P.COLOURS, "weakest_colour"),
        best_dynasty=_choice(totals.get("best_dynasty"), DYNASTIES, "best_dynasty"),
        chart=tuple(_game(g, i + 1) for i, g in enumerate(chart))[-MAX_BARS:],
    )


# --- drawing ---------------------------------------------------------------------------------------


def _number(value: float | None, w: Wording = ENGLISH) -> str:
    return "–" if value is None else w.decimal(value)


def _card(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], highlight: bool = False) -> None:
    d.rounded_rectangle(box, radius=10, fill=P.PANEL_ACTIVE if highlight else P.PANEL_BG, outline=P.PANEL_RULE,
                        width=2)


def _number_card(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], value: str, caption: str,
                 highlight: bool = False) -> None:
    _card(d, box, highlight)
    cx = (box[0] + box[2]) / 2
    label(d, (cx, box[1] + 38), value, 36, P.TEXT, bold=True, anchor="mm", width=box[2] - box[0] - 16)
    label(d, (cx, box[1] + 76), caption, SMALL_SIZE, P.TEXT_DIM, anchor="mm", width=box[2] - box[0] - 16)


def _icon_card(im: Image.Image, d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], icon: Image.Image | None,
               value: str, caption: str) -> None:
    _card(d, box)
    x = box[0] + 16
    if icon is not None:
        im.paste(icon, (x, box[1] + (CARD_H - icon.height) // 2), icon)
        x += icon.width + 12
    # A longer word ('Bogenschütze') a size smaller rather than cut.
    size = fitting_size(value, box[2] - x - 8, (26, 22, 20), bold=True)
    label(d, (x, box[1] + 36), value, size, P.TEXT, bold=True, width=box[2] - x - 8)
    label(d, (x, box[1] + 68), caption, SMALL_SIZE - 2, P.TEXT_DIM, width=box[2] - x - 10)


def card_box(row: int, col: int) -> tuple[int, int, int, int]:
    """Box of a card: row 0 holds four numbers (games, wins, average place and score), row 1 three picks
    (best colour, weakest colour, strongest dynasty)."""
    per_row = 4 - row
    w = (WIDTH - 2 * PAD - (per_row - 1) * CARD_GAP) // per_row
    x = PAD + col * (w + CARD_GAP)
    y = TITLE_H + CARD_GAP + row * (CARD_H + CARD_GAP)
    return x, y, x + w, y + CARD_H


def _scoreless(p: Profile) -> bool:
    """Whether the chart covers every game and none of them scored a point: then no colour is best or weakest."""
    return bool(p.chart) and len(p.chart) >= p.games and all(g.total == 0 for g in p.chart)


def _cards(im: Image.Image, d: ImageDraw.ImageDraw, p: Profile, w: Wording = ENGLISH) -> None:
    # i18n: a card's caption under the number of wins (the number is drawn above it)
    wins = w.ngettext("win", "wins", p.wins)
    # The share of wins as the reader writes a percent ('32%', '32 %'), as every other percent the bot prints.
    rate = f"{wins} · {w.percent(p.wins / p.games)}" if p.games else wins
    # i18n: a card's caption under the number of games (the number is drawn above it)
    games = w.ngettext("game", "games", p.games)
    numbers = [(str(p.games), games, False), (str(p.wins), rate, p.wins > 0),
               # Translators: the profile picture: a player's average place
               (_number(p.avg_place, w), w.gettext("average place"), False),
               # Translators: the profile picture: a player's average score
               (_number(p.avg_score, w), w.gettext("average score"), False)]
    for col, (value, caption, hl) in enumerate(numbers):
        _number_card(d, card_box(0, col), value, caption, hl)
    best, weakest = (None, None) if _scoreless(p) else (p.best_colour, p.weakest_colour)
    picks = [
        (sprites.tile(best, 44) if best else None, colour(best, w).capitalize() if best else None,
         # Translators: the profile picture: the colour a player scores most in
         w.gettext("best colour")),
        (sprites.tile(weakest, 44) if weakest else None, colour(weakest, w).capitalize() if weakest else None,
         # Translators: the profile picture: the colour a player scores least in
         w.gettext("weakest colour")),
        (sprites.badge(p.best_dynasty, 46) if p.best_dynasty else None,
         # Translators: the profile picture: the dynasty a player wins most with
         dynasty(p.best_dynasty, w) if p.best_dynasty else None, w.gettext("strongest dynasty")),
    ]
    for col, (icon, name, caption) in enumerate(picks):
        _icon_card(im, d, card_box(1, col), icon, name or "–", caption)


def _legend(d: ImageDraw.ImageDraw, w: Wording = ENGLISH) -> None:
    x: float = PAD
    for source in SOURCES:
        d.rounded_rectangle((x, LEGEND_Y - 10, x + 20, LEGEND_Y + 10), radius=4, fill=SOURCE_COLOUR[source])
        x += 28 + label(d, (x + 28, LEGEND_Y), w.gettext(SOURCE_WORDS[source]), SMALL_SIZE, P.TEXT) + 26


def axis(highest: int) -> tuple[int, int]:
    """(top, step) of the points axis for bars up to `highest`: at most five grid lines, round steps."""
    highest = max(highest, 5)
    step = next(s for k in itertools.count() for m in (1, 2, 5) if highest / (s := m * 10 ** k) <= 5)
    return step * math.ceil(highest / step), step


def bar_span(i: int, bars: int) -> tuple[int, int]:
    """Left and right x of the `i`-th of `bars` bars."""
    slot = (PLOT_RIGHT - PLOT_LEFT) / bars
    cx = PLOT_LEFT + slot * (i + 0.5)
    half = min(BAR_MAX_W, round(slot * 0.66)) / 2
    return round(cx - half), round(cx + half)


def _chart(d: ImageDraw.ImageDraw, games: tuple[Game, ...], w: Wording = ENGLISH) -> None:
    bottom = PLOT_TOP + PLOT_H
    top, step = axis(max(g.total for g in games))
    scale = PLOT_H / top
    for v in range(0, top + 1, step):
        y: float = round(bottom - v * scale)
        d.line((PLOT_LEFT, y, PLOT_RIGHT, y), fill=P.PANEL_RULE if v else P.TEXT_DIM, width=1 if v else 2)
        label(d, (PLOT_LEFT - 10, y), str(v), SMALL_SIZE - 2, P.TEXT_DIM, anchor="rm")
    # i18n: the chart's row of places and row of scores, headed left of the plot (about 60 px)
    label(d, (PLOT_LEFT - 10, PLACE_Y), w.gettext("place"), SMALL_SIZE - 2, P.TEXT_DIM, anchor="rm")
    # Translators: the profile picture: the chart's axis of scores
    label(d, (PLOT_LEFT - 10, SCORE_Y), w.gettext("score"), SMALL_SIZE - 2, P.TEXT_DIM, anchor="rm")

    slot = (PLOT_RIGHT - PLOT_LEFT) / len(games)
    for i, g in enumerate(games):
        x0, x1 = bar_span(i, len(games))
        cx = (x0 + x1) / 2
        bar = x1 - x0
        y = bottom
        for source in SOURCES:
            n = g.points[source]
            if not n:
                continue
            h = n * scale
            y0 = y - h
            # A thin gap between segments: neighbours never touch, whatever the colour vision.
            d.rectangle((x0, round(y0) + (SEGMENT_GAP if y0 > PLOT_TOP + 1 else 0), x1, round(y) - 1),
                        fill=SOURCE_COLOUR[source])
            if h >= 22 and bar >= 28:
                ink = P.TEXT if P.lightness(SOURCE_COLOUR[source]) > 60 else P.SYMBOL
                label(d, (cx, (y0 + y) / 2 + 1), str(n), SMALL_SIZE - 2, ink, bold=True, anchor="mm")
            y = y0
        label(d, (cx, y - 12), str(g.total), SMALL_SIZE - 2, P.TEXT, bold=True, anchor="mm")
        if g.place == 1:
            d.rounded_rectangle((cx - min(slot / 2 - 2, 26), PLACE_Y - 13, cx + min(slot / 2 - 2, 26), PLACE_Y + 13),
                                radius=8, fill=P.PANEL_ACTIVE)
        # "1st" needs ~34 px: with many bars the number alone, under the "place" heading, reads better.
        label(d, (cx, PLACE_Y), w.ordinal(g.place) if slot >= 44 else str(g.place), SMALL_SIZE, P.TEXT, bold=True,
              anchor="mm")
        label(d, (cx, SCORE_Y), str(g.score), SMALL_SIZE - 2, P.TEXT_DIM, anchor="mm")


def _no_chart(p: Profile, w: Wording = ENGLISH) -> str:
    """Why there is no chart: no games, none recent, or no points in them."""
    if not p.games:
        return w.gettext("No finished games yet: play one and come back!")
    if not p.chart:
        return w.gettext("No recent games to chart.")
    if _scoreless(p):
        return w.gettext("No points scored yet.")
    n = len(p.chart)
    # The last game alone is said in other words than "the last 1 game"; the plural forms serve 2 and more.
    return w.gettext("No points scored in the last game.") if n == 1 else \
        w.ngettext("No points scored in the last {n} game.", "No points scored in the last {n} games.", n).format(n=n)


def profile_image(profile: Mapping[str, Any] | Any, name: str, w: Wording = ENGLISH) -> Image.Image:
    """The profile picture as a Pillow image (render_profile without the encoding), its words in `w`'s language."""
    p = read_profile(profile)
    blank = all(g.total == 0 for g in p.chart)  # a chart of zeros says nothing: words instead
    im = Image.new("RGB", (WIDTH, SHORT_HEIGHT if blank else HEIGHT), P.PANEL_BG)
    d = ImageDraw.Draw(im)
    x = PAD
    if p.best_dynasty:
        badge = sprites.badge(p.best_dynasty, 60)
        im.paste(badge, (x, (TITLE_H - 60) // 2), badge)
        x += 76
    shown = " ".join(str(name).split()) or w.gettext("Player")
    label(d, (x, 34), shown, 32, P.TEXT, bold=True, width=WIDTH - x - PAD)
    games = (w.gettext("Tigris & Euphrates · no finished games in this server") if not p.games else
             w.ngettext("Tigris & Euphrates · {n} finished game in this server",
                        "Tigris & Euphrates · {n} finished games in this server", p.games).format(n=p.games))
    label(d, (x, 70), games, SMALL_SIZE, P.TEXT_DIM, width=WIDTH - x - PAD)
    d.line((8, TITLE_H - 1, WIDTH - 8, TITLE_H - 1), fill=P.PANEL_RULE, width=2)
    _cards(im, d, p, w)

    n = len(p.chart)
    if blank:
        label(d, (WIDTH / 2, CHART_TITLE_Y + 10), _no_chart(p, w), TEXT_SIZE, P.TEXT_DIM, anchor="mm")
        return im
    title = (w.gettext("Points by source · last game") if n == 1 else
             w.ngettext("Points by source · last {n} game, oldest first",
                        "Points by source · last {n} games, oldest first", n).format(n=n))
    label(d, (PAD, CHART_TITLE_Y), title, TEXT_SIZE, P.TEXT, bold=True, width=WIDTH - 2 * PAD)
    _legend(d, w)
    _chart(d, p.chart, w)
    return im


def render_profile(profile: Mapping[str, Any] | Any, name: str, *, words: Wording = ENGLISH) -> bytes:
    """PNG of a person's profile in one server.

    `profile`: bot.records.profiles' `Profile` (or its `picture()` dict), `{"totals": {"games", "wins", "avg_place",
    "avg_score", "best_colour", "weakest_colour", "best_dynasty"}, "games": [{"points_by_source": {"tiles",
    "monuments", "revolts", "wars", "treasures"}, "place", "score"}, ...]}`, games oldest first (the last
    MAX_BARS are charted); averages and choices may be None. ValueError names a bad field. `words`: the reader's
    language (render/wording.py).
    """
    buf = io.BytesIO()
    # An RGB PNG (~15 ms): the chart's colours are not in the board pictures' shared palette.
    profile_image(profile, name, words).save(buf, format="PNG", compress_level=3)
    return buf.getvalue()
