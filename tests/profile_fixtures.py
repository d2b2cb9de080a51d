"""Profile-picture inputs in the shape of bot.stats' Profile.picture(), for the render and wording tests."""

from __future__ import annotations


def game(tiles=10, monuments=0, revolts=0, wars=0, treasures=0, place=2, score=7) -> dict:
    return {"points_by_source": {"tiles": tiles, "monuments": monuments, "revolts": revolts, "wars": wars,
                                 "treasures": treasures}, "place": place, "score": score}


def profile(chart=None, **totals) -> dict:
    """Input in the shape of bot.stats' Profile.picture()."""
    base = {"games": 12, "wins": 3, "avg_place": 2.25, "avg_score": 8.5, "best_colour": "green",
            "weakest_colour": "red", "best_dynasty": "lion"}
    base.update(totals)
    return {"totals": base, "games": [] if chart is None else chart}


MANY = [game(13, 2, 1, 8, 1, place=4, score=6), game(14, 0, 1, 0, 2, place=1, score=9),
        game(10, 6, 0, 8, 1, place=1, score=6), game(7, 0, 1, 0, 2, place=3, score=5),
        game(9, 4, 4, 3, 1, place=2, score=8), game(12, 6, 0, 0, 3, place=1, score=10)]
