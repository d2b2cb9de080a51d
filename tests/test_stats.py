"""Game statistics from stored moves and events: a scripted game number by number, random games for consistency."""

import json
import random
from dataclasses import dataclass, replace

import pytest

from bot.stats import GameStats, PlayerStats, StatsError, game_stats
from engine import Game
from tests.engine_helpers import game, tiles


@dataclass
class Row:
    """A stored move as storage hands it over."""

    seat: int
    move: str
    events: list[dict]
    created_at: float | None = None


@dataclass
class Seat:
    seat: int
    resigned: bool = False


START = 1000.0
# (seat, move, time stored): Archer (seat 0) and Bull (seat 1) on a hand-written board.
SCRIPT = [
    (0, "tile black H10", 1010.0),        # Archer's king on G10 scores the settlement: 1 black (tiles)
    (0, "leader red H5", 1030.0),         # into Bull's priest's kingdom: revolt, Archer attacks
    (0, "commit 1", 1035.0),
    (1, "commit 0", 1047.0),              # Bull decides in Archer's turn; Archer wins 2-1: 1 red; turn ends
    (1, "tile black I10", 1100.0),        # joins both kings' kingdoms: black war, Bull attacks
    (1, "commit 2", 1104.0),
    (0, "commit 0", 1111.0),              # Bull wins 3-1, H10 removed: 2 black (wars)
    (1, "tile red L6", 1131.0),           # completes the red block K5-L6
    (1, "monument red-blue K5", 1134.0),  # end of turn: Bull's farmer on M6 earns 1 blue (monuments)
    (0, "catastrophe K10", 1150.0),       # destroys Bull's settlement
    (0, "leader green E5", 1160.0),       # trader joins F5 and G5: Archer must take one
    (0, "treasure F5", 1161.0),           # 2 treasures left: the game is over
]


def scripted_game() -> Game:
    return game(
        tiles(red="F5 G5 F10 J11 K5 L5 K6 M5", black="K10"),
        leaders=[{"black": "G10"}, {"red": "F6", "black": "J10", "blue": "M6"}],
        hands=[{"red": 2, "blue": 2, "green": 1, "black": 1}, {"red": 2, "blue": 1, "green": 0, "black": 3}],
        treasures=["F5", "G5", "K1"],
    )


def scripted_rows() -> tuple[Game, list[Row]]:
    g = scripted_game()
    rows = [Row(seat, move, g.play(move, seat=seat), at) for seat, move, at in SCRIPT]
    return g, rows


def test_the_script_holds_every_kind_of_scoring_the_statistics_count() -> None:
    g, rows = scripted_rows()
    kinds = {e["type"] for r in rows for e in r.events}
    assert {"revolt_won", "war_won", "monument", "catastrophe", "treasure", "game_over"} <= kinds
    reasons = sorted(e["reason"] for r in rows for e in r.events if e["type"] == "point")
    assert reasons == ["monument", "revolt", "tile", "war"]
    assert g.over


def expected_scripted() -> list[PlayerStats]:
    archer = PlayerStats(
        seat=0, dynasty="archer", place=1, score=0, totals={"red": 1, "blue": 1, "green": 0, "black": 1},
        points_by_source={"tiles": 1, "monuments": 0, "revolts": 1, "wars": 0, "treasures": 1},
        revolts_won_attacking=1, wars_lost_defending=1, tiles_committed=1, tiles_placed=1, catastrophes_used=1,
        turns=2, turn_seconds=[35.0, 27.0], decision_seconds=7.0,
    )
    bull = PlayerStats(
        seat=1, dynasty="bull", place=2, score=0, totals={"red": 0, "blue": 1, "green": 0, "black": 2},
        points_by_source={"tiles": 0, "monuments": 1, "revolts": 0, "wars": 2, "treasures": 0},
        revolts_lost_defending=1, wars_won_attacking=1, tiles_committed=2, tiles_placed=2, monuments_built=1,
        turns=1, turn_seconds=[80.0], decision_seconds=12.0,
    )
    return [archer, bull]


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
