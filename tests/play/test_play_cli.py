"""`python -m play` as a player meets it: run for real (a subprocess) or through main() with typed input."""

from __future__ import annotations

import io
import os
import re
import select
import signal
import subprocess
import sys
from pathlib import Path

import pytest

import play.cli
from engine import Game
from play.cli import main
from play.textboard import text_board
from tests.play_helpers import scripted_conflict, typed

ROOT = Path(__file__).resolve().parents[2]
SEED_LINE = re.compile(r"^seed (\d+): python -m play --seed \1 replays this game$", re.M)


def run(args: list[str], cwd: Path, stdin: str = "") -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="100")
    return subprocess.run([sys.executable, "-m", "play", *args], cwd=cwd, input=stdin, capture_output=True,
                          text=True, env=env, timeout=120)


def assert_usage_error(result: subprocess.CompletedProcess, words: str) -> None:
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""
    assert result.stderr.startswith("usage: python -m play ")
    assert f"python -m play: error: {words}" in result.stderr, result.stderr


@pytest.mark.process
def test_five_players_is_refused_with_the_choices(tmp_path):
    assert_usage_error(run(["--players", "5"], tmp_path), "argument --players: invalid choice: 5 (choose from 2, 3, 4)")


@pytest.mark.process
@pytest.mark.parametrize("seat", ["3", "2", "-2"])
def test_a_seat_the_game_does_not_have_is_refused(tmp_path, seat):
    assert_usage_error(run(["--seat", seat], tmp_path),
                       f"argument --seat: a 2-player game has seats 0 to 1 (or -1 to watch the computers play); "
                       f"{seat} is not one")


@pytest.mark.process
def test_an_unknown_level_or_too_many_levels_are_refused(tmp_path):
    assert_usage_error(run(["--levels", "Expert"], tmp_path),
                       "argument --levels: 'expert' is not a level: choose from random, easy, medium, hard")
    assert_usage_error(run(["--levels", "easy,hard"], tmp_path), "argument --levels: 2 levels for 1 computer seat")


@pytest.mark.process
def test_a_budget_or_pause_out_of_range_is_refused(tmp_path):
    assert_usage_error(run(["--budget", "0"], tmp_path), "argument --budget: seconds above 0, not 0")
    assert_usage_error(run(["--pause", "-1"], tmp_path), "argument --pause: seconds, 0 or more, not -1")


@pytest.mark.process
def test_an_unwritable_picture_path_is_refused_before_the_game(tmp_path):
    assert_usage_error(run(["--png", str(tmp_path / "no-such-folder" / "b.png")], tmp_path),
                       f"argument --png: cannot write {tmp_path / 'no-such-folder' / 'b.png'}: No such file or "
                       "directory")
    assert_usage_error(run(["--png", str(tmp_path)], tmp_path),
                       f"argument --png: cannot write {tmp_path}: Is a directory")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.process
def test_help_names_the_real_command_and_the_picture_default(tmp_path):
    result = run(["--help"], tmp_path)
    assert result.returncode == 0 and result.stdout.startswith("usage: python -m play ")
    assert "__main__" not in result.stdout
    assert "(default, or an empty PATH: no picture)" in " ".join(result.stdout.split())
    assert "default: a random one, printed at the start" in " ".join(result.stdout.split())
    assert "for the hard level (default 1)" in " ".join(result.stdout.split())


@pytest.mark.process
def test_no_picture_unless_asked_and_end_of_input_ends_cleanly(tmp_path):
    result = run(["--seed", "1"], tmp_path, stdin="")  # nothing typed: input ends at the first prompt
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert result.stdout.rstrip().splitlines()[-1].startswith("bye (seed 1). This game was not saved")
    assert list(tmp_path.iterdir()) == [], "no board.png or anything else in the current folder"


@pytest.mark.process
def test_the_picture_is_written_where_asked(tmp_path):
    target = tmp_path / "pictures" / "board.png"
    target.parent.mkdir()
    result = run(["--seed", "1", "--png", str(target)], tmp_path, stdin="quit\n")
    assert result.returncode == 0, result.stderr
    assert target.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert [p.name for p in tmp_path.iterdir()] == ["pictures"]


@pytest.mark.process
def test_ctrl_c_at_the_prompt_ends_cleanly_with_the_seed(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, "-m", "play", "--seed", "3", "--levels", "random"], cwd=tmp_path,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    try:
        seen = b""
        while b"your move: " not in seen:  # wait for the prompt (the game is waiting for input there)
            ready, _, _ = select.select([proc.stdout], [], [], 60)
            assert ready, "no prompt within a minute"
            chunk = os.read(proc.stdout.fileno(), 65536)
            assert chunk, "the game ended before asking"
            seen += chunk
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 130
    assert err.decode() == "\ninterrupted (seed 3)\n"


@pytest.mark.process
def test_a_random_seed_is_drawn_printed_and_replays_the_game(tmp_path):
    typing = "tile red A1\nmoves\npass\nquit\n"
    first = run(["--levels", "easy"], tmp_path, stdin=typing)
    second = run(["--levels", "easy"], tmp_path, stdin="quit\n")
    seeds = [int(SEED_LINE.search(r.stdout).group(1)) for r in (first, second)]
    assert seeds[0] != seeds[1], "each game without --seed is a new one"
    again = run(["--levels", "easy", "--seed", str(seeds[0])], tmp_path, stdin=typing)

    def game(out: str) -> str:  # all but how long each computer move took
        return re.sub(r"\(\d+\.\d+s\)", "", out)

    assert " plays: " in first.stdout and first.stdout.count("\n") > 40
    assert game(again.stdout) == game(first.stdout), "the printed seed gives the same game"


def test_levels_in_any_case_and_a_whole_game_between_computers(monkeypatch, capsys):
    status, out, err = typed(monkeypatch, capsys, ["--seat", "-1", "--levels", "Easy,RANDOM", "--seed", "5"], [])
    assert status == 0 and err == ""
    # Seats counted from 1 and named as the bot names them, each with its dynasty.
    assert "players: seat 1 Easy computer (Archer), seat 2 Random computer (Bull)" in out
    assert "final standings:\n  1. " in out


def test_computers_know_every_seats_points_as_the_table_announced_them(monkeypatch, capsys):
    seen = []
    real = play.cli.choose_move

    def spy(view, seat, level, **kwargs):
        seen.append((seat, view["players"][seat]["points"], kwargs["announced"]))
        return real(view, seat, level, **kwargs)

    monkeypatch.setattr(play.cli, "choose_move", spy)
    status, _, _ = typed(monkeypatch, capsys, ["--seat", "-1", "--levels", "easy", "--seed", "3"], [])
    assert status == 0 and len(seen) > 50
    # Each computer's own points (which it sees) are what the announced totals say; rivals' grow as they score.
    assert all(announced[seat] == own for seat, own, announced in seen)
    assert sum(seen[-1][2][1 - seen[-1][0]].values()) > 0


def test_moves_are_listed_by_kind_and_filtered(monkeypatch, capsys):
    status, out, _ = typed(monkeypatch, capsys, ["--seed", "1", "--levels", "random"],
                           ["moves", "moves leader", "moves tile red", "moves nothing", "quit"])
    assert status == 0
    game = Game.new(players=2, seed=1)
    assert game.to_move == 0, "the person moves first with this seed"
    legal = game.legal_moves()
    listed = out.split("[Archer] your move: ", 1)[1]
    assert listed.startswith(f"{len(legal)} legal moves: tile ") and "..." not in listed
    leaders = sorted({m.split()[2] for m in legal if m.startswith("leader ")})
    assert re.search(r"^  leader red/blue/green/black \(\d+ each\): ", out, re.M)
    assert f"your move: {4 * len(leaders)} legal moves\n  leader red/blue/green/black ({len(leaders)} each): " in out
    reds = [m.split()[2] for m in legal if m.startswith("tile red ")]
    assert f"your move: {len(reds)} legal moves\n  tile red ({len(reds)}): {' '.join(reds[:5])} " in out
    assert "No legal move matches 'nothing'" in out
    answers = out.split("[Archer] your move: ")[1:5]  # what each of the four `moves` printed
    assert all(len(line) <= 100 for answer in answers for line in answer.splitlines())


def test_an_illegal_move_is_explained_and_changes_nothing(monkeypatch, capsys):
    status, out, _ = typed(monkeypatch, capsys, ["--seed", "1", "--levels", "random"],
                           ["tile red Z99", "commit 2", "board", "quit"])
    assert status == 0
    assert out.count("illegal: ") == 2
    boards = [b.splitlines()[1:12] for b in out.split("     A  B  C  D  E")[1:]]
    assert len(boards) == 2 and boards[0] == boards[1], "the board did not change"


@pytest.mark.parametrize("kind", ["revolt", "war"])
def test_the_attacker_is_told_both_strengths(monkeypatch, capsys, kind):
    game, mine = scripted_conflict(monkeypatch, kind, 2, "attacker")
    p = game.pending
    status, out, _ = typed(monkeypatch, capsys, ["--seed", "2", "--seat", str(p["attacker"]), "--levels", "easy"],
                           [*mine, "quit"])
    assert status == 0
    other = game.view(None)["players"][p["defender"]]["dynasty"].capitalize()
    unit = "temple" if kind == "revolt" else f"{p['colour']} tile"
    a, d = p["strength"]["attacker"], p["strength"]["defender"]
    s = "" if a == 1 else "s"
    line = (f"{kind.capitalize()} over the {p['colour']} leaders: you attack with {a} {unit}{s}, {other} defends with "
            f"{d} {unit}")
    assert line in out, out[-2000:]
    assert re.search(r"\[\w+\] commit 0-\d+: bye \(seed 2\)\. [^\n]*\n$", out), out[-300:]


@pytest.mark.parametrize("kind", ["revolt", "war"])
def test_the_defender_is_told_both_strengths_and_the_attackers_commitment(monkeypatch, capsys, kind):
    game, mine = scripted_conflict(monkeypatch, kind, 2, "defender")
    p = game.pending
    status, out, _ = typed(monkeypatch, capsys, ["--seed", "2", "--seat", str(p["defender"]), "--levels", "easy"],
                           [*mine, "quit"])
    assert status == 0
    other = game.view(None)["players"][p["attacker"]]["dynasty"].capitalize()
    a, d = p["strength"]["attacker"], p["strength"]["defender"]
    assert f"{other} commits 1 {p['commit_colour']} tile." in out
    assert f"{other} attacks with {a} " in out and f"+ 1 committed = {a + 1}, you defend with {d} " in out


def test_a_picture_that_fails_mid_game_is_reported_once_and_the_game_goes_on(monkeypatch, capsys, tmp_path):
    import render

    drawn = []
    real = render.render_board

    def flaky(view, **kwargs):
        drawn.append(view)
        if len(drawn) > 1:
            raise OSError(28, "No space left on device")
        return real(view, **kwargs)

    monkeypatch.setattr(render, "render_board", flaky)
    target = tmp_path / "board.png"
    status, out, err = typed(monkeypatch, capsys, ["--seed", "1", "--levels", "random", "--png", str(target)],
                             ["pass", "quit"])
    assert status == 0 and "  Archer passes.\n" in out and "Random computer plays: " in out
    assert err == (f"(the board picture could not be written to {target}: No space left on device; "
                   "no more pictures this game)\n")
    assert len(drawn) == 2, "no more tries after the failure"
    assert target.read_bytes().startswith(b"\x89PNG"), "the last good picture stays"


def test_a_whole_game_against_a_computer_ends_with_the_board_and_standings(monkeypatch, capsys):
    """The person plays a random legal move at each prompt (found by replaying what was typed so far)."""
    import random

    rng = random.Random(4)
    game = Game.new(players=2, seed=4)
    real = play.cli.choose_move
    typed_moves: list[str] = []

    def computer(view, seat, level, *, seed=0, budget=None, announced=None):
        move = real(view, seat, level, seed=seed, budget=budget, announced=announced)
        game.play(move, seat)
        return move

    class Person(io.StringIO):
        def readline(self, *args):
            move = rng.choice(game.legal_moves())
            game.play(move)
            typed_moves.append(move)
            return move + "\n"

    monkeypatch.setattr(play.cli, "choose_move", computer)
    monkeypatch.setattr(sys, "stdin", Person())
    assert main(["--seed", "4", "--levels", "easy"]) == 0
    out = capsys.readouterr().out
    assert game.over and typed_moves
    tail = out.rsplit("     A  B  C  D  E", 1)[1]
    assert tail.splitlines()[1:12] == text_board(game.view(0)).splitlines()[1:12], "the final board is shown"
    standings = tail.split("final standings:\n", 1)[1].splitlines()
    assert [line.split(".")[0].strip() for line in standings] == [str(s["place"]) for s in
                                                                    sorted(game.standings(), key=lambda s: s["place"])]
