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
    assert "r*" in text and f"R{seat}" in text
    assert "YOUR HAND" in text_panel(g.view(seat), seat)


def test_wilson_interval_brackets_the_rate() -> None:
    lo, hi = wilson(95, 100)
    assert lo < 0.95 < hi
    assert wilson(0, 10)[0] == 0.0


def test_tournament_game_and_table() -> None:
    result = play_game((3, 1, ["easy", "random"], 0.1, "standard"))
    assert {r["level"] for r in result} == {"easy", "random"}
    assert sorted(r["place"] for r in result)[0] == 1
    assert "easy" in table([result], ["easy", "random"])


def test_terminal_game_watch_mode(capsys, tmp_path) -> None:
    play_main(["--seat", "-1", "--levels", "easy,random", "--seed", "2", "--png", ""])
    out = capsys.readouterr().out
    assert "final standings" in out
