"""The terminal commands around the computer players: text board, tournament pieces."""

from bench.tournament import play_game, table, wilson
from engine import Game
from play.__main__ import main as play_main
from play.textboard import text_board, text_panel


def test_text_board_shows_temples_leaders_and_rows() -> None:
    g = Game.new(players=2, seed=4)
    seat = g.to_move
    g.play("leader red " + next(m.split()[2] for m in g.legal_moves() if m.startswith("leader red")), seat)
    text = text_board(g.view(seat))
    lines = text.splitlines()
    assert len(lines) == 12  # header and 11 rows
    assert "r*" in text and f"R{seat + 1}" in text
    assert "YOUR HAND" in text_panel(g.view(seat), seat)


def test_wilson_interval_brackets_the_rate() -> None:
    lo, hi = wilson(95, 100)
    assert lo < 0.95 < hi
    assert wilson(0, 10)[0] == 0.0
    assert wilson(0, 0) == (0.0, 1.0)  # no games: nothing known


def test_tournament_game_and_table() -> None:
    result = play_game((3, 1, ["easy", "random"], 0.1, "standard"))
    assert {r["level"] for r in result} == {"easy", "random"}
    assert sorted(r["place"] for r in result)[0] == 1
    assert "easy" in table([result], ["easy", "random"])


def test_terminal_game_watch_mode(capsys, tmp_path) -> None:
    play_main(["--seat", "-1", "--levels", "easy,random", "--seed", "2", "--png", ""])
    out = capsys.readouterr().out
    assert "final standings" in out


def test_ladder_pairs_swap_seats_on_each_deal() -> None:
    from bench.ladder import tasks_for
    tasks = tasks_for(["a", "b", "c"], 4, 7, None)
    assert len(tasks) == 3 * 4
    ab = [t for t in tasks if set(t[1]) == {"a", "b"}]
    assert ab == [(7, ["a", "b"]), (7, ["b", "a"]), (8, ["a", "b"]), (8, ["b", "a"])]
    table = tasks_for(["a", "b", "c", "d"], 8, 1, 4)
    assert [t[1][0] for t in table] == ["a", "b", "c", "d"] * 2
    assert [t[0] for t in table] == [1, 1, 1, 1, 2, 2, 2, 2]


def test_ladder_elo_orders_players_by_results() -> None:
    from bench.ladder import elo

    def game(first: str, second: str) -> dict:
        return {"players": [first, second], "places": [1, 2]}

    results = [game("strong", "weak")] * 9 + [game("weak", "strong")] + [game("weak", "random")] * 8
    results += [game("random", "weak")] * 2 + [game("strong", "random")] * 10
    ratings = elo(["strong", "weak", "random"], results, anchor="random")
    assert ratings["random"] == 0
    assert ratings["strong"] > ratings["weak"] > 0
    # 9 wins in 10 plus the virtual draw (9.5 to 1.5): about 320 points apart.
    assert 250 < ratings["strong"] - ratings["weak"] < 400


def test_ladder_game_reports_places_and_times() -> None:
    from bench.ladder import play_game
    result = play_game((3, ["easy", "random"], 0.1, "standard"))
    assert result["players"] == ["easy", "random"]
    assert sorted(result["places"]) in ([1, 2], [1, 1])
    assert sum(result["wins"]) == 1.0
    assert all(len(t) > 10 for t in result["times"])


def test_ladder_names_budgets_and_refuses_unknown_players() -> None:
    import pytest

    from bench.players import label, parse
    assert label("hard@0.5", 1.0) == "hard@0.5"
    assert label("hard", 2.0) == "hard@2"
    assert label("medium", 2.0) == "medium"
    assert parse("alphabeta@3", 1.0) == ("alphabeta", 3.0)
    with pytest.raises(ValueError):
        parse("grandmaster", 1.0)


def test_computers_draw_the_bag_down_instead_of_stalling() -> None:
    from engine.ai.search import progress_only
    from engine.analysis import facts

    g = Game.new(players=2, seed=4)
    pos = g.position()
    pos["bag"] = {"red": 2, "blue": 1, "green": 0, "black": 0}
    late = Game.from_position(pos)
    moves = late.legal_moves()
    kept = progress_only(facts(late), moves)
    assert kept and all(m.startswith(("tile", "swap")) for m in kept)
    assert set(kept) == {m for m in moves if m.startswith(("tile", "swap"))}
    assert progress_only(facts(g), g.legal_moves()) == g.legal_moves()  # a full bag changes nothing


def test_game_stats_count_points_and_both_sides_of_conflicts() -> None:
    import random

    from bench.gamestats import seat_stats, summary
    g = Game.new(players=2, seed=5)
    rng = random.Random(5)
    events: list[dict] = []
    while not g.over:
        legal = g.legal_moves()
        building = [m for m in legal if m.split()[0] in ("tile", "leader", "commit", "war", "monument", "treasure")]
        events.extend(g.play(rng.choice(building) if building and rng.random() < 0.85 else rng.choice(legal)))
    stats = seat_stats(events, 2)
    for seat, p in enumerate(g.position()["players"]):
        assert sum(v for k, v in stats[seat].items() if k.startswith("pts_")) == sum(p["points"].values())
    for conflict in ("revolt", "war"):
        for side, other in (("att_won", "def_lost"), ("att_lost", "def_won")):
            assert stats[0][f"{conflict}_{side}"] == stats[1][f"{conflict}_{other}"]
    assert sum(s["revolt_att_won"] + s["revolt_att_lost"] for s in stats) > 0
    assert "revolt_att_won" in summary({"a": [stats[0]], "b": [stats[1]]})
