"""Game statistics from stored moves and events: a scripted game number by number, random games for consistency."""

import json
import random
from dataclasses import replace

import pytest

from bot.records.profiles import profile
from bot.records.stats import GameStats, PlayerStats, StatsError, game_stats
from engine import Game
from tests.stats_helpers import START, Row, Seat, expected_scripted, scripted_rows


def test_the_script_holds_every_kind_of_scoring_the_statistics_count() -> None:
    g, rows = scripted_rows()
    kinds = {e["type"] for r in rows for e in r.events}
    assert {"revolt_won", "war_won", "monument", "catastrophe", "treasure", "game_over"} <= kinds
    reasons = sorted(e["reason"] for r in rows for e in r.events if e["type"] == "point")
    assert reasons == ["monument", "revolt", "tile", "war"]
    assert g.over


def test_scripted_game_statistics_number_by_number() -> None:
    g, rows = scripted_rows()
    stats = game_stats(rows, [Seat(0), Seat(1)], status="over", started_at=START)
    assert stats.players == expected_scripted()
    assert (stats.ended_by, stats.moves, stats.turns) == ("rules", 12, 3)
    archer, bull = stats.players
    assert (archer.revolts_fought, archer.revolts_won, archer.wars_fought, archer.wars_won) == (1, 1, 1, 0)
    assert (bull.revolts_fought, bull.revolts_won, bull.wars_fought, bull.wars_won) == (1, 0, 1, 1)
    assert archer.time_seconds == 69.0 and archer.avg_turn_seconds == 34.5
    assert bull.time_seconds == 92.0 and bull.avg_turn_seconds == 92.0
    for p, s in zip(stats.players, g.standings(), strict=True):
        assert (p.totals, p.score, p.place) == (s["totals"], s["score"], s["place"])


def test_conflict_points_told_only_by_the_won_event_count_the_same() -> None:
    """The engine may narrate a conflict's points in revolt_won/war_won alone (no separate point event)."""
    _, rows = scripted_rows()
    only_won = [replace(r, events=[e for e in r.events if not (e["type"] == "point" and e["reason"] in
                                                                ("revolt", "war"))]) for r in rows]
    assert sum(e["type"] == "point" for r in only_won for e in r.events) == 2  # tile and monument remain
    stats = game_stats(only_won, [Seat(0), Seat(1)], status="over", started_at=START)
    assert stats.players == expected_scripted()


def test_a_point_event_before_its_won_event_counts_once() -> None:
    _, rows = scripted_rows()
    swapped = []
    for r in rows:
        events = list(r.events)
        for i, e in enumerate(events[:-1]):
            if e["type"] in ("revolt_won", "war_won") and events[i + 1]["type"] == "point":
                events[i], events[i + 1] = events[i + 1], events[i]
        swapped.append(replace(r, events=events))
    assert swapped != rows
    assert game_stats(swapped, [Seat(0), Seat(1)], status="over", started_at=START).players == expected_scripted()


def test_statistics_round_trip_through_json() -> None:
    _, rows = scripted_rows()
    stats = game_stats(rows, [Seat(0), Seat(1)], status="over", started_at=START)
    data = json.loads(json.dumps(stats.to_dict()))
    assert data["version"] == 1 and data["players"][1]["points_by_source"]["wars"] == 2
    assert GameStats.from_dict(data) == stats
    assert PlayerStats.from_dict({**data["players"][0], "added_later": 3}) == stats.players[0]


def test_without_a_start_time_the_first_turn_is_not_timed() -> None:
    _, rows = scripted_rows()
    stats = game_stats(rows, [Seat(0), Seat(1)], status="over")
    archer, bull = stats.players
    assert archer.turns == 2 and archer.turn_seconds == [27.0]  # the first turn's first move has no start
    assert archer.decision_seconds == 7.0 and bull.turn_seconds == [80.0] and bull.decision_seconds == 12.0


def test_moves_without_times_give_no_timings_but_every_count() -> None:
    _, rows = scripted_rows()
    untimed = [replace(r, created_at=None) for r in rows]
    archer, bull = game_stats(untimed, [Seat(0), Seat(1)], status="over", started_at=START).players
    assert archer.turn_seconds == [] and archer.avg_turn_seconds is None and archer.decision_seconds == 0.0
    assert archer.points_by_source == expected_scripted()[0].points_by_source and bull.turns == 1


def test_a_clock_going_backwards_counts_as_no_time() -> None:
    _, rows = scripted_rows()
    rows[1].created_at = 1005.0  # stored by another process whose clock is behind
    archer = game_stats(rows, [Seat(0), Seat(1)], status="over", started_at=START).players[0]
    assert archer.turn_seconds == [10.0 + 0.0 + 30.0, 27.0]


def test_a_resigned_seat_is_placed_last_even_when_ahead() -> None:
    _, rows = scripted_rows()
    archer, bull = game_stats(rows, [Seat(0, resigned=True), Seat(1)], status="over").players
    assert (archer.place, archer.resigned, bull.place) == (2, True, 1)
    assert archer.score == 0 and archer.totals == {"red": 1, "blue": 1, "green": 0, "black": 1}


def random_rows(players: int, seed: int, board: str = "standard", stop: int | None = None) -> tuple[Game, list[Row]]:
    """A seeded random game, each move stored two seconds after the one before."""
    rng = random.Random(seed)
    g = Game.new(players=players, seed=seed, board=board)
    rows = []
    while not g.over and (stop is None or len(rows) < stop):
        seat = g.to_move
        move = rng.choice(g.legal_moves())
        rows.append(Row(seat, move, g.play(move, seat=seat), START + 2.0 * (len(rows) + 1)))
    return g, rows


@pytest.mark.parametrize(("players", "seed", "board"), [(2, 1, "standard"), (3, 2, "advanced"), (4, 3, "standard"),
                                                        (4, 4, "advanced"), (3, 5, "standard")])
def test_random_game_statistics_agree_with_the_engine(players: int, seed: int, board: str) -> None:
    g, rows = random_rows(players, seed, board)
    stats = game_stats(rows, [Seat(i) for i in range(players)], status="over", started_at=START)
    position = g.position()
    events = [e for r in rows for e in r.events]
    assert [p.seat for p in stats.players] == list(range(players))
    for p, s, pos in zip(stats.players, g.standings(), position["players"], strict=True):
        assert sum(p.points_by_source.values()) == sum(s["totals"].values()) == sum(pos["points"].values())
        assert p.points_by_source["treasures"] == s["treasures"] == pos["points"]["treasure"]
        assert (p.totals, p.score, p.place) == (s["totals"], s["score"], s["place"])
        assert p.catastrophes_used == 2 - pos["catastrophes"]
        assert p.dynasty == s["dynasty"]
    assert sum(p.tiles_placed for p in stats.players) == sum(r.move.startswith("tile ") for r in rows)
    assert sum(p.monuments_built for p in stats.players) == len(position.get("monuments", []))
    assert sum(p.revolts_won for p in stats.players) == sum(e["type"] == "revolt_won" for e in events)
    assert sum(p.revolts_fought for p in stats.players) == 2 * sum(e["type"] == "revolt_won" for e in events)
    assert sum(p.wars_fought for p in stats.players) == 2 * sum(e["type"] == "war_won" for e in events)
    assert sum(p.tiles_committed for p in stats.players) == sum(e["count"] for e in events if e["type"] == "commit")
    assert stats.turns == sum(p.turns for p in stats.players) == 1 + sum(e["type"] == "turn" for e in events)
    assert sum(p.time_seconds for p in stats.players) == pytest.approx(rows[-1].created_at - START)
    assert stats.moves == len(rows) and stats.ended_by == "rules"


def test_a_game_ended_by_resignation_is_scored_from_the_points_announced() -> None:
    g, rows = random_rows(3, 7, stop=90)
    assert not g.over
    stats = game_stats(rows, [Seat(0), Seat(1, resigned=True), Seat(2)], status="over")
    assert stats.ended_by == "resignation"
    standing = g.standings()  # what the engine would say at that moment
    for p, s in zip(stats.players, standing, strict=True):
        assert (p.totals, p.score) == (s["totals"], s["score"])
    assert stats.players[1].place == 3
    keys = {i: sorted(standing[i]["totals"].values()) for i in (0, 2)}
    assert stats.players[0].place == 1 + (keys[2] > keys[0])
    assert stats.players[2].place == 1 + (keys[0] > keys[2])


# --- refusals ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("status", "words"), [("active", "is not over"), ("abandoned", "was abandoned"),
                                               ("cancelled", "was cancelled"), ("lobby", "is not over")])
def test_only_finished_games_have_statistics(status: str, words: str) -> None:
    _, rows = scripted_rows()
    with pytest.raises(StatsError, match=words):
        game_stats(rows, [Seat(0), Seat(1)], status=status)


def test_moves_that_stop_before_the_end_are_refused() -> None:
    _, rows = scripted_rows()
    with pytest.raises(StatsError, match="no game_over event and no seat resigned"):
        game_stats(rows[:-1], [Seat(0), Seat(1)], status="over")
    with pytest.raises(StatsError, match="no moves"):
        game_stats([], [Seat(0), Seat(1)], status="over")


def test_a_move_after_the_end_is_refused() -> None:
    _, rows = scripted_rows()
    with pytest.raises(StatsError, match=r"Move 13 \('pass'\) comes after the end"):
        game_stats([*rows, Row(1, "pass", [])], [Seat(0), Seat(1)], status="over")


def test_unknown_seats_are_refused() -> None:
    _, rows = scripted_rows()
    with pytest.raises(StatsError, match=r"Move 2 \('leader red H5'\) names seat 5, but the game has seats 0 to 1"):
        game_stats([rows[0], replace(rows[1], seat=5), *rows[2:]], [Seat(0), Seat(1)], status="over")
    with pytest.raises(StatsError, match="numbered 0 to 1"):
        game_stats(rows, [Seat(0), Seat(3)], status="over")
    with pytest.raises(StatsError, match="2 to 4 seats, not 1"):
        game_stats(rows, [Seat(0)], status="over")
    stranger = [replace(rows[0], events=[{**e, "seat": 2} if e["type"] == "point" else e for e in rows[0].events]),
                *rows[1:]]
    with pytest.raises(StatsError, match=r"Move 1 \('tile black H10'\) names seat 2"):
        game_stats(stranger, [Seat(0), Seat(1)], status="over")


def test_malformed_events_are_refused_with_the_move() -> None:
    _, rows = scripted_rows()
    bad = [*rows[:3], replace(rows[3], events=[{**e, "reason": "luck"} if e["type"] == "point" else e
                                               for e in rows[3].events]), *rows[4:]]
    with pytest.raises(StatsError, match=r"Move 4 \('commit 0'\): a point event with an unknown reason 'luck'"):
        game_stats(bad, [Seat(0), Seat(1)], status="over")
    orphan = [rows[0], *rows[2:]]  # the revolt is won without ever being started
    with pytest.raises(StatsError, match="a revolt is won that was never started"):
        game_stats(orphan, [Seat(0), Seat(1)], status="over")


def test_standings_that_disagree_with_the_points_announced_are_refused() -> None:
    _, rows = scripted_rows()
    lost = [replace(r, events=[e for e in r.events if e["type"] != "treasure"]) for r in rows]
    with pytest.raises(StatsError, match=r"seat 0 .* disagree with the points its events announced"):
        game_stats(lost, [Seat(0), Seat(1)], status="over")


# --- profiles ------------------------------------------------------------------------------------------------------

def played(dynasty: str, place: int, score: int, totals: tuple[int, int, int, int], sources: tuple[int, ...] = (0,) * 5,
           **counts: object) -> PlayerStats:
    return PlayerStats(seat=0, dynasty=dynasty, place=place, score=score,
                       totals=dict(zip(("red", "blue", "green", "black"), totals, strict=True)),
                       points_by_source=dict(zip(("tiles", "monuments", "revolts", "wars", "treasures"), sources,
                                                 strict=True)), **counts)


HISTORY = [  # oldest first
    played("archer", 1, 6, (6, 9, 7, 8), (20, 3, 2, 4, 1), revolts_won_attacking=2, revolts_lost_defending=1,
           turn_seconds=[30.0, 50.0], decision_seconds=4.0),
    played("bull", 3, 4, (4, 10, 5, 6), (18, 0, 1, 5, 1), wars_won_defending=1, wars_lost_attacking=2,
           tiles_committed=5, resigned=False, turn_seconds=[10.0]),
    played("archer", 1, 7, (7, 8, 9, 8), (25, 2, 0, 3, 2), monuments_built=1, catastrophes_used=2),  # shared win
    played("lion", 1, 9, (9, 9, 10, 11), (30, 4, 1, 2, 2)),
    played("archer", 4, 2, (2, 12, 3, 3), (15, 1, 2, 1, 1), resigned=True, tiles_placed=9),
]


def test_profile_totals_and_averages() -> None:
    prof = profile(HISTORY, min_dynasty_games=2)
    t = prof.totals
    assert (t.games, t.wins) == (5, 3)
    assert t.avg_place == 2.0 and t.avg_score == 5.6  # (1+3+1+1+4)/5, (6+4+7+9+2)/5
    assert t.best_colour == "blue" and t.weakest_colour == "red"  # blue averages 9.6, red 5.6
    assert t.best_dynasty == "archer"  # lion's single first place is not enough games; archer 2.0 < bull
    c = prof.career
    assert c.points_by_source == {"tiles": 108, "monuments": 10, "revolts": 6, "wars": 15, "treasures": 7}
    assert (c.revolts_fought, c.revolts_won, c.wars_fought, c.wars_won) == (3, 2, 3, 1)
    assert (c.tiles_committed, c.tiles_placed, c.monuments_built, c.catastrophes_used, c.resigned) == (5, 9, 1, 2, 1)
    assert c.avg_turn_seconds == round((30 + 50 + 4 + 10) / 3, 1)


def test_strongest_dynasty_needs_enough_games() -> None:
    assert profile(HISTORY, min_dynasty_games=1).totals.best_dynasty == "lion"
    assert profile(HISTORY, min_dynasty_games=3).totals.best_dynasty == "archer"
    assert profile(HISTORY, min_dynasty_games=4).totals.best_dynasty is None
    # Equal average places: more games first.
    tied = [played("urn", 2, 5, (5,) * 4), played("bull", 1, 5, (5,) * 4), played("bull", 3, 5, (5,) * 4)]
    assert profile(tied, min_dynasty_games=1).totals.best_dynasty == "bull"


def test_profile_chart_holds_the_last_games_oldest_first() -> None:
    prof = profile(HISTORY, recent=3)
    assert [g.score for g in prof.games] == [7, 9, 2]
    assert prof.games[-1].points_by_source == {"tiles": 15, "monuments": 1, "revolts": 2, "wars": 1, "treasures": 1}
    assert [g.place for g in profile(HISTORY, recent=10).games] == [1, 3, 1, 1, 4]
    assert profile(HISTORY, recent=0).games == []


def test_profile_picture_input_has_exactly_the_agreed_shape() -> None:
    picture = json.loads(json.dumps(profile(HISTORY, recent=2).picture()))
    assert set(picture) == {"games", "totals"}
    assert set(picture["totals"]) == {"games", "wins", "avg_place", "avg_score", "best_colour", "weakest_colour",
                                      "best_dynasty"}
    assert picture["games"] == [
        {"points_by_source": {"tiles": 30, "monuments": 4, "revolts": 1, "wars": 2, "treasures": 2}, "place": 1,
         "score": 9},
        {"points_by_source": {"tiles": 15, "monuments": 1, "revolts": 2, "wars": 1, "treasures": 1}, "place": 4,
         "score": 2},
    ]


def test_a_profile_without_games() -> None:
    prof = profile([])
    assert prof.picture() == {"games": [], "totals": {
        "games": 0, "wins": 0, "avg_place": None, "avg_score": None, "best_colour": None, "weakest_colour": None,
        "best_dynasty": None}}
    assert prof.career.avg_turn_seconds is None and prof.career.points_by_source["tiles"] == 0


def test_a_profile_from_a_real_game() -> None:
    _, rows = scripted_rows()
    archer, bull = game_stats(rows, [Seat(0), Seat(1)], status="over", started_at=START).players
    stored = [PlayerStats.from_dict(json.loads(json.dumps(p.to_dict()))) for p in (archer, archer, bull)]
    prof = profile(stored, min_dynasty_games=2)
    assert (prof.totals.games, prof.totals.wins, prof.totals.best_dynasty) == (3, 2, "archer")
    assert prof.career.wars_fought == 3 and prof.career.avg_turn_seconds == round((69 * 2 + 92) / 5, 1)


def test_profile_refuses_nonsense_options() -> None:
    with pytest.raises(ValueError, match="recent"):
        profile(HISTORY, recent=-1)
    with pytest.raises(ValueError, match="min_dynasty_games"):
        profile(HISTORY, min_dynasty_games=0)


def test_the_end_counts_whether_or_not_it_announces_standings() -> None:
    _, rows = scripted_rows()
    last = rows[-1]
    bare = [*rows[:-1], replace(last, events=[{k: v for k, v in e.items() if k != "standings"}
                                              for e in last.events])]
    assert game_stats(bare, [Seat(0), Seat(1)], status="over", started_at=START).players == expected_scripted()
    broken = [*rows[:-1], replace(last, events=[{**e, "standings": [{"seat": 0}]} if e["type"] == "game_over"
                                                else e for e in last.events])]
    with pytest.raises(StatsError, match="standings for the 2 seats"):
        game_stats(broken, [Seat(0), Seat(1)], status="over")
