"""`python -m play --review FILE`: a finished record's review in the terminal (accuracy, counts, the chance to win
as bars, the costliest moves and the better ones), its pictures with --png DIR, and one clear line for a file
that cannot be reviewed."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine import Game
from engine.record import Record, RecordPlayer, Resignation, write
from play.review import BARS, sparkline
from tests.play_helpers import run
from tests.render_fixtures import png

ROOT = Path(__file__).resolve().parents[2]
MOVES = 14


def short_game(path: Path, moves: int = MOVES, seed: int = 3) -> Record:
    """A two-player game of random moves, ended by Bull's resignation after `moves` moves, saved at `path`."""
    g, rng = Game.new(players=2, seed=seed), random.Random(seed)
    for _ in range(moves):
        g.play(rng.choice(g.legal_moves()))
    record = write(g, [RecordPlayer("You"), RecordPlayer("Hard computer", "hard")], termination="resignation",
                   resigned=[Resignation(1, moves)], date="2024-05-01T10:00:00Z", site="terminal", hints=[2, 0])
    path.write_text(record.dumps(), encoding="utf-8")
    return record


@pytest.fixture(scope="module")
def reviewed(tmp_path_factory) -> tuple[Path, Path]:
    """One short game, reviewed once with its pictures: (the record, the pictures' folder)."""
    folder = tmp_path_factory.mktemp("review")
    path = folder / "game.tne.json"
    short_game(path)
    return path, folder / "pictures"


@pytest.fixture(scope="module")
def review_run(reviewed) -> subprocess.CompletedProcess:
    path, pictures = reviewed
    return cli(["--review", str(path), "--png", str(pictures)], path.parent)


def cli(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="100")
    return subprocess.run([sys.executable, "-m", "play", *args], cwd=cwd, capture_output=True, text=True, env=env,
                          timeout=300)


@pytest.mark.process
def test_review_prints_each_players_figures_graph_and_costliest_moves(review_run, reviewed):
    path, _ = reviewed
    assert review_run.returncode == 0, review_run.stderr
    out = review_run.stdout
    assert out.startswith(f"Review of {path}: {MOVES} moves, 2 players, standard board\n")
    lines = out.splitlines()
    for name in ("You (Archer)", "Hard computer (Bull)"):
        graph = next(ln for ln in lines if ln.strip().startswith(name) and "→" in ln)
        bars = graph.split()[-4]
        assert bars and set(bars) <= set(BARS), graph
        figures = next(ln for ln in lines if ln.startswith(f"{name}: accuracy "))
        assert "inaccurac" in figures and "mistake" in figures and "blunder" in figures, figures
    costly = [ln.strip() for ln in lines if ln.startswith("    move ")]
    assert costly, "random moves cost something: some are listed with the better move"
    assert len(costly) <= 6
    for line in costly:
        assert " played, " in line and " was better (−" in line, line
    assert lines[-3] == "hints used: You (Archer) 2, Hard computer (Bull) 0", lines[-4:]
    assert "Traceback" not in review_run.stderr
    assert f"reviewing: {MOVES} of {MOVES} moves" in review_run.stderr, "progress on stderr"


@pytest.mark.process
def test_review_png_writes_the_chart_and_each_costly_move(review_run, reviewed):
    _, folder = reviewed
    assert review_run.returncode == 0
    names = sorted(p.name for p in folder.iterdir())
    assert "review-chances.png" in names
    moves = [n for n in names if n.startswith("review-move-")]
    costly = [ln for ln in review_run.stdout.splitlines() if ln.startswith("    move ")]
    assert len(moves) == len(costly)
    for n in names:
        assert png((folder / n).read_bytes()).width >= 780
    assert f"pictures: {folder / 'review-chances.png'}" in review_run.stdout


def test_a_public_record_is_refused_in_one_line(monkeypatch, capsys, tmp_path):
    record = short_game(tmp_path / "full.tne.json")
    public = tmp_path / "public.tne.json"
    g = record.replay()
    public.write_text(write(g, list(record.players), public=True, termination="resignation",
                            resigned=list(record.resigned)).dumps(), encoding="utf-8")
    status, out, err = run(monkeypatch, capsys, ["--review", str(public)])
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"{public}: a review needs the complete record"), err


def test_a_record_that_does_not_replay_names_the_move_and_why(monkeypatch, capsys, tmp_path):
    path = tmp_path / "bad.tne.json"
    short_game(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["moves"][5]["move"] = "commit 3"  # no conflict is open at move 6
    data.pop("result", None)
    data["termination"] = "abandoned"
    data.pop("resigned", None)
    path.write_text(json.dumps(data), encoding="utf-8")
    status, out, err = run(monkeypatch, capsys, ["--review", str(path)])
    assert status == 2 and out == "" and "Traceback" not in err
    last = err.strip().splitlines()[-1]
    assert last.startswith(f"{path}: move 6: ") and "commit 3" in last, err


@pytest.mark.parametrize("text, words", [("not json at all", "not JSON"), ('{"format": "tne/1"}', "tne-record/1")])
def test_a_file_that_is_not_a_record_is_refused_in_one_line(monkeypatch, capsys, tmp_path, text, words):
    path = tmp_path / "notes.txt"
    path.write_text(text, encoding="utf-8")
    status, out, err = run(monkeypatch, capsys, ["--review", str(path)])
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"{path}: ") and words in err, err


def test_a_missing_file_and_wrong_options_are_refused(monkeypatch, capsys, tmp_path):
    status, out, err = run(monkeypatch, capsys, ["--review", str(tmp_path / "none.tne.json")])
    assert status == 2 and out == "" and err == f"cannot read {tmp_path / 'none.tne.json'}: No such file or directory\n"
    status, _, err = run(monkeypatch, capsys, ["--review", "x.tne.json", "--record", str(tmp_path / "r.json")])
    assert status == 2 and "argument --review: reviews a finished record; it plays no game" in err
    afile = tmp_path / "a-file"
    afile.write_text("x", encoding="utf-8")
    status, _, err = run(monkeypatch, capsys, ["--review", "x.tne.json", "--png", str(afile)])
    assert status == 2 and f"argument --png: with --review it names a folder for the pictures; {afile} is a file" in err
    assert list(tmp_path.iterdir()) == [afile], "nothing written"


def test_sparkline_is_one_bar_per_column_from_low_to_high():
    assert sparkline([0.0, 0.5, 1.0]) == "▁▅█"
    assert sparkline([0.0] * 120, width=60) == "▁" * 60
    assert len(sparkline([i / 200 for i in range(201)], width=60)) == 60
    assert sparkline([]) == ""


def test_a_decided_game_is_said_once_and_no_move_within_the_noise_is_listed(tmp_path):
    """The terminal says once from which move the game was decided; a move with no label is not a costly move."""
    from engine.ai.review import MoveReview, PlayerReview, Review
    from play.review import review_text

    record = short_game(tmp_path / "game.tne.json")
    curve = (*((0.5, 0.5) if i < 6 else (0.01, 0.99) for i in range(MOVES)), (0.0, 1.0))
    quiet = MoveReview(3, 1, "pass", "tile red F7", 0.0, 0.0, None, "x", (), -9.0, -8.6, 0.5)
    rv = Review((PlayerReview(0, 100.0, 0, 0, 0, ()), PlayerReview(1, 90.0, 0, 0, 0, ())), (quiet,), curve)
    text = review_text(record, rv, "game")
    assert text.count("The game was decided by move 6: from there Hard computer (Bull)'s chance to win stayed "
                      "above 98%.") == 1
    assert "−0" not in text and "pass played" not in text


def test_german_and_french_terminals_print_the_decimal_comma_and_the_locales_percent(tmp_path):
    """The losses, the graph's ends and the numbers inside a reason read as the language writes them, as the
    catalog's own 'Genauigkeit 90 %' does."""
    from bot.language.locales import load
    from engine.ai.phrases import N_, phrase
    from engine.ai.review import MoveReview, PlayerReview, Review
    from play.review import review_text

    record = short_game(tmp_path / "game.tne.json")
    words = (phrase(N_("{best} leaves you better placed than {played}: a {chance_best} chance to win against "
                       "{chance_played} after the rivals' replies."), best="tile red F7", played="pass",
                    chance_best="47%", chance_played="44%"),)
    mv = MoveReview(3, 1, "pass", "tile red F7", 0.44, 0.47, "inaccuracy", "English reason", words, -5.3, -3.55, 0.2)
    curve = (*((0.56, 0.44) for _ in range(MOVES)), (0.0, 1.0))
    rv = Review((PlayerReview(0, 90.0, 0, 0, 0, ()), PlayerReview(1, 46.0, 1, 0, 0, (3,))), (mv,), curve)
    de = review_text(record, rv, "game", t=load().for_tag("de"))
    assert "56\u00a0% → 0\u00a0%" in de and "44\u00a0% → 100\u00a0%" in de
    assert "(−1,8 Punkte, Ungenauigkeit)" in de
    assert "47\u00a0% Siegchance statt 44\u00a0%" in de
    assert "Genauigkeit 90 %" in de
    fr = review_text(record, rv, "game", t=load().for_tag("fr"))
    assert "(−1,8 points" in fr and "56\u00a0% → 0\u00a0%" in fr
    en = review_text(record, rv, "game")
    assert "(−1.8 points, inaccuracy)" in en and "56% → 0%" in en


def test_an_empty_png_means_no_pictures_with_review_as_in_a_game(monkeypatch, capsys, tmp_path):
    """`--png ''` draws no picture in a game; with --review it writes none either (not into the current folder)."""
    path = tmp_path / "game.tne.json"
    short_game(path, moves=4)
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    status, out, err = run(monkeypatch, capsys, ["--review", str(path), "--png", ""])
    assert status == 0, err
    assert out.startswith(f"Review of {path}: 4 moves") and "pictures: " not in out
    assert list(here.iterdir()) == [] and sorted(p.name for p in tmp_path.iterdir()) == ["game.tne.json", "here"]
