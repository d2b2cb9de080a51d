"""Final standings: treasures as wild points, lowest colour, full tie-break."""

from engine.standings import totals_after_treasures
from tests.engine_helpers import game


def with_points(*pts: dict) -> list[dict]:
    g = game(players=len(pts), over=True, short_draw=True)
    for seat, p in enumerate(pts):
        g._state.players[seat].points = [p.get(k, 0) for k in ("red", "blue", "green", "black", "treasure")]
    return g.standings()


def test_treasures_go_one_at_a_time_to_the_weakest_colour() -> None:
    assert totals_after_treasures([3, 1, 2, 1, 3]) == [3, 3, 2, 2]
    assert totals_after_treasures([0, 0, 0, 0, 2]) == [1, 1, 0, 0]  # ties go to red, then blue


def test_score_is_the_lowest_colour_and_the_higher_score_wins() -> None:
    s = with_points({"red": 9, "blue": 4, "green": 5, "black": 6}, {"red": 5, "blue": 5, "green": 5, "black": 5})
    assert [x["score"] for x in s] == [4, 5]
    assert [x["place"] for x in s] == [2, 1]
    assert s[0]["totals"] == {"red": 9, "blue": 4, "green": 5, "black": 6}


def test_tie_broken_on_the_second_lowest_colour() -> None:
    s = with_points({"red": 3, "blue": 4, "green": 9, "black": 9}, {"red": 3, "blue": 5, "green": 5, "black": 5})
    assert [x["score"] for x in s] == [3, 3]
    assert [x["place"] for x in s] == [2, 1]


def test_tie_broken_on_the_third_then_fourth_and_shared_when_equal() -> None:
    s = with_points(
        {"red": 3, "blue": 4, "green": 6, "black": 9},
        {"red": 4, "blue": 3, "green": 6, "black": 8},
        {"red": 3, "blue": 3, "green": 3, "black": 3, "treasure": 3},
        {"red": 9, "blue": 6, "green": 4, "black": 3},
    )
    # Sorted totals: [3,4,6,9], [3,4,6,8], seat 2 with 3 treasures [3,4,4,4], and [3,4,6,9].
    assert [x["place"] for x in s] == [1, 3, 4, 1]


def test_treasures_can_decide_the_winner() -> None:
    s = with_points({"red": 5, "blue": 5, "green": 5, "black": 2, "treasure": 3}, {"red": 4, "blue": 4, "green": 4,
                                                                                       "black": 4})
    assert s[0]["totals"]["black"] == 5 and s[0]["score"] == 5 and s[0]["place"] == 1
    assert s[0]["treasures"] == 3
