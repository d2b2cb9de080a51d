"""A profile with nothing scored says so: no best or weakest colour in words, no chart of zeros in the picture."""

from __future__ import annotations

from bot.discord_front.records import texts as records_texts
from bot.records.profiles import Career, Profile, ProfileGame, ProfileTotals
from bot.records.service import ProfileView
from bot.storage.records import RatingRow
from render.profile import HEIGHT, SHORT_HEIGHT, SOURCE_COLOUR, WIDTH, card_box, render_profile
from render.sprites import tile
from tests.profile_fixtures import MANY, profile
from tests.render_fixtures import pixels, png

SOURCES = {"tiles": 0, "monuments": 0, "revolts": 0, "wars": 0, "treasures": 0}


def view(points: dict[str, int]) -> ProfileView:
    totals = ProfileTotals(games=2, wins=0, avg_place=2.0, avg_score=0.0, best_colour="red", weakest_colour="red",
                           best_dynasty=None)
    career = Career(points_by_source=points, revolts_fought=0, revolts_won=0, wars_fought=0, wars_won=0,
                    tiles_committed=0, tiles_placed=0, monuments_built=0, catastrophes_used=0, resigned=0,
                    avg_turn_seconds=None)
    games = [ProfileGame(points_by_source=dict(points), place=2, score=0)] * 2
    rating = RatingRow(1, "user:1", 1, "Ann", 25.0, 8.0, 985, 2, 0, {}, 1)
    return ProfileView("user:1", rating, 2, 2, Profile(totals, games, career))


def test_nothing_scored_says_so_in_words():
    text = records_texts.profile_text(view(dict(SOURCES)), "Ann")
    assert "No points scored yet" in text
    assert "Best colour" not in text and "weakest" not in text
    scored = records_texts.profile_text(view({**SOURCES, "tiles": 3}), "Ann")
    assert "Best colour red, weakest red" in scored and "No points scored" not in scored


def test_nothing_scored_draws_no_chart_of_zeros_and_no_colour_cards():
    zeros = [{"points_by_source": dict(SOURCES), "place": 2, "score": 0}] * 3
    im = png(render_profile(profile(zeros, games=3, best_colour="red", weakest_colour="red"), "Ann"))
    assert im.size == (WIDTH, SHORT_HEIGHT)
    assert not set(SOURCE_COLOUR.values()) & set(pixels(im))
    red = set(pixels(tile("red", 44)))
    assert not red & set(pixels(im.crop(card_box(1, 0)))) and not red & set(pixels(im.crop(card_box(1, 1))))
    # Points in any game bring the chart back.
    assert png(render_profile(profile(MANY, games=6), "Ann")).size == (WIDTH, HEIGHT)
