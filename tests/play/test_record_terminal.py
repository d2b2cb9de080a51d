"""Game records at the terminal: python -m play --record, --replay (with --to) and --load."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from engine import Game, IllegalMove
from engine.record import RecordPlayer, read, write
from play.records import person
from tests.play_helpers import run


def test_record_writes_the_complete_record_of_the_game_played(monkeypatch, capsys, tmp_path: Path) -> None:
    path = tmp_path / "game.tne.json"
    status, out, _ = run(monkeypatch, capsys, ["--seat", "-1", "--levels", "easy", "--seed", "3", "--record",
                                                str(path)])
    assert status == 0
    record = read(path.read_text(encoding="utf-8"))
    assert record.complete and record.site == "terminal" and record.date
    # Two computers of a level are told apart by their dynasties (records written before numbered the second).
    assert record.players == (RecordPlayer("Easy computer (Archer)", "easy"),
                              RecordPlayer("Easy computer (Bull)", "easy"))
    game = record.replay(seed=3)
    assert game.over and [s["score"] for s in game.standings()] == [s["score"] for s in record.result]
    replayed = Game.new(players=2, seed=3)
    for m in record.moves:
        replayed.play(m.move, m.seat)
    assert replayed == game  # the seed's own game, move for move
    winner = min(game.standings(), key=lambda s: s["place"])
    assert f"1. Easy computer ({('Archer', 'Bull')[winner['seat']]}): score {winner['score']}" in out


def test_a_game_quit_early_is_recorded_so_far_and_loaded_to_play_on(monkeypatch, capsys, tmp_path: Path) -> None:
    path = tmp_path / "unfinished.tne.json"
    status, _, _ = run(monkeypatch, capsys, ["--seat", "0", "--levels", "easy", "--seed", "12", "--record",
                                             str(path)], ["pass", "pass", "quit"])
    assert status == 0
    record = read(path.read_text(encoding="utf-8"))
    assert record.result is None and record.players[0] == RecordPlayer(person())
    mine = [str(m.move) for m in record.moves if m.seat == 0]
    assert mine[:2] == ["pass", "pass"] and len(record.moves) >= 2
    full = tmp_path / "full.tne.json"
    status, out, _ = run(monkeypatch, capsys, ["--load", str(path), "--seat", "-1", "--levels", "easy", "--seed",
                                               "4", "--record", str(full)])
    assert status == 0
    assert f"loaded {path}: {len(record.moves)} moves replayed; seed 4 draws the tiles from here on" in out
    assert "replays this game" not in out
    finished = read(full.read_text(encoding="utf-8"))
    assert finished.moves[: len(record.moves)] == record.moves and finished.result is not None
    assert finished.date == record.date
    assert finished.replay().standings() == finished.replay(seed=99).standings()


def test_replay_steps_from_move_n_and_checks_the_result(monkeypatch, capsys, tmp_path: Path) -> None:
    g, rng = Game.new(players=3, seed=21), random.Random(21)
    while not g.over:
        g.play(rng.choice(g.legal_moves()))
    path = tmp_path / "g.tne.json"
    path.write_text(write(g).dumps(), encoding="utf-8")
    status, out, err = run(monkeypatch, capsys, ["--replay", str(path), "--to", "5"], ["", ""])
    assert status == 0 and err == ""
    shown = [int(n) for n in re.findall(r"\bmove (\d+): ", out)]
    assert shown == list(range(5, len(g.move_stack) + 1))
    assert f"move 5: {('Archer', 'Bull', 'Lion')[g.move_stack[4].seat]} " in out
    assert out.count("Enter for the next move") == 3  # two answered, then the input ended: on to the end
    assert "the result checks: the replayed standings are the record's" in out
    status, out, _ = run(monkeypatch, capsys, ["--replay", str(path)], ["", "q"])
    assert status == 0 and re.findall(r"\bmove (\d+): ", out) == ["1", "2"]


def test_replay_refuses_an_edited_record_naming_the_move(monkeypatch, capsys, tmp_path: Path) -> None:
    g = Game.new(players=2, seed=2)
    for _ in range(10):
        g.play(g.legal_moves()[0])
    data = write(g).to_json()
    data["moves"][3]["move"] = "tile blue A1"
    path = tmp_path / "bad.tne.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    before = Game.new(players=2, seed=2)
    for played in g.move_stack[:3]:
        before.play(played.move)
    with pytest.raises(IllegalMove) as why:
        before.play("tile blue A1")
    status, out, err = run(monkeypatch, capsys, ["--replay", str(path)])
    assert status == 1
    seat = g.move_stack[3].seat
    assert err == f"{path}: move 4: {('Archer', 'Bull')[seat]} 'tile blue A1': {why.value}\n"
    assert re.findall(r"\bmove (\d+): ", out) == ["1", "2", "3"]
    path.write_text("{not json", encoding="utf-8")
    status, _, err = run(monkeypatch, capsys, ["--replay", str(path)])
    assert status == 1 and err.startswith(f"{path}: not JSON: ")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--to", "3"], "argument --to: only with --replay"),
        (["--replay", "x.tne.json", "--record", "y.tne.json"], "argument --replay: replays a record"),
        (["--load", "missing.tne.json"], "argument --load: cannot read missing.tne.json"),
        (["--record", "no/such/folder/g.tne.json"], "argument --record: cannot write no/such/folder/g.tne.json"),
    ],
)
def test_record_options_misused_are_usage_errors(monkeypatch, capsys, tmp_path: Path, args, words) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, err = run(monkeypatch, capsys, args)
    assert status == 2 and out == "" and f"python -m play: error: {words}" in err


def test_load_refuses_public_and_finished_records(monkeypatch, capsys, tmp_path: Path) -> None:
    g = Game.new(players=2, seed=1)
    g.play("pass")
    public = tmp_path / "public.tne.json"
    public.write_text(write(g, public=True).dumps(), encoding="utf-8")
    status, _, err = run(monkeypatch, capsys, ["--load", str(public)])
    assert status == 2 and "is a public record (no deal, no drawn colours): it cannot be played on" in err
    rng = random.Random(1)
    while not g.over:
        g.play(rng.choice(g.legal_moves()))
    done = tmp_path / "done.tne.json"
    done.write_text(write(g).dumps(), encoding="utf-8")
    status, _, err = run(monkeypatch, capsys, ["--load", str(done)])
    assert status == 2 and "is over; step through it with --replay" in err
