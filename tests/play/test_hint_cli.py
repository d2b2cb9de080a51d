"""`hint` in a terminal game: the hard player's move for the person's seat, from their own view, with a reason;
counted per seat, saved in the record at once, kept by a game loaded to play on."""

from __future__ import annotations

import json
import re
from pathlib import Path

from engine.record import read
from tests.play_helpers import run, scripted_conflict, typed

FAST = ["--hint-budget", "0.2"]
HINT = re.compile(r"hint \((\d+) used\): (.+?) — (.+)$", re.M)


def test_hint_gives_a_legal_move_with_a_reason_and_the_record_counts_it(monkeypatch, capsys, tmp_path: Path):
    path = tmp_path / "g.tne.json"
    status, out, _ = typed(monkeypatch, capsys, ["--seed", "4", "--levels", "easy", "--record", str(path), *FAST],
                           ["hint", "quit"])
    assert status == 0
    (count, move, reason), = HINT.findall(out)
    record = read(path.read_text(encoding="utf-8"))
    asked_at = record.replay()
    assert asked_at.to_move == 0 and not any(m.seat == 0 for m in record.moves), "a hint plays nothing"
    assert count == "1" and move in asked_at.legal_moves() and reason.strip()
    assert record.hints == (1, 0), "counted for the seat that asked, saved before the game was quit"


def test_the_hinted_move_can_be_played_and_more_hints_count_on(monkeypatch, capsys, tmp_path: Path):
    path = tmp_path / "g.tne.json"
    status, out, _ = typed(monkeypatch, capsys, ["--seed", "4", "--levels", "easy", "--record", str(path), *FAST],
                           ["hint"])
    move = HINT.findall(out)[0][1]
    status, out, _ = typed(monkeypatch, capsys, ["--seed", "4", "--levels", "easy", "--record", str(path), *FAST],
                           ["hint", move, "hint", "quit"])
    assert status == 0
    assert [c for c, _, _ in HINT.findall(out)] == ["1", "2"]
    record = read(path.read_text(encoding="utf-8"))
    mine = [str(m.move) for m in record.moves if m.seat == 0]
    assert mine[0] == move and record.hints == (2, 0)


def test_a_game_where_nobody_asked_has_no_hints_key(monkeypatch, capsys, tmp_path: Path):
    path = tmp_path / "g.tne.json"
    status, _, _ = typed(monkeypatch, capsys, ["--seed", "4", "--levels", "easy", "--record", str(path)],
                         ["pass", "pass", "quit"])
    assert status == 0
    assert "hints" not in json.loads(path.read_text(encoding="utf-8"))


def test_a_hint_at_a_commitment_is_a_commitment(monkeypatch, capsys):
    game, mine = scripted_conflict(monkeypatch, "war", 2, "attacker")
    p = game.pending
    status, out, _ = typed(monkeypatch, capsys, ["--seed", "2", "--seat", str(p["attacker"]), "--levels", "easy",
                                                 *FAST], [*mine, "hint", "quit"])
    assert status == 0
    (count, move, _), = HINT.findall(out)
    assert count == "1" and move in game.legal_moves() and move.startswith("commit "), move


def test_hint_with_words_after_it_is_refused_and_not_counted(monkeypatch, capsys, tmp_path: Path):
    path = tmp_path / "g.tne.json"
    status, out, _ = typed(monkeypatch, capsys, ["--seed", "4", "--levels", "easy", "--record", str(path), *FAST],
                           ["hint please", "pass", "quit"])
    assert status == 0
    assert "illegal: " in out and not HINT.findall(out)
    assert "hints" not in json.loads(path.read_text(encoding="utf-8"))


def test_a_loaded_game_keeps_its_hint_counts(monkeypatch, capsys, tmp_path: Path):
    path = tmp_path / "g.tne.json"
    typed(monkeypatch, capsys, ["--seed", "4", "--levels", "easy", "--record", str(path), *FAST],
          ["hint", "pass", "pass", "quit"])
    assert read(path.read_text(encoding="utf-8")).hints == (1, 0)
    status, out, _ = typed(monkeypatch, capsys, ["--load", str(path), "--levels", "easy", "--seed", "5", *FAST],
                           ["hint", "quit"])
    assert status == 0 and HINT.findall(out)[0][0] == "2"
    assert read(path.read_text(encoding="utf-8")).hints == (2, 0)


def test_help_names_hint_and_a_bad_hint_budget_is_refused(monkeypatch, capsys):
    status, out, _ = typed(monkeypatch, capsys, ["--seed", "4", "--levels", "easy"], ["quit"])
    assert "| hint (the hard player's move for you, and why) |" in out
    status, _, err = run(monkeypatch, capsys, ["--hint-budget", "0"])
    assert status == 2 and "argument --hint-budget: seconds above 0, not 0" in err
