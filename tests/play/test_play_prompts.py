"""The terminal explains itself: bare answers at prompts, the war order, undo, saving a loaded game, the goodbye,
the points and the move filter in the words the parser accepts."""

from __future__ import annotations

import io
import random
import shlex
import sys
from pathlib import Path

from engine import Game
from engine.record import read
from play.cli import main
from play.moves import listing, matches
from play.prompts import situation
from play.textboard import text_panel
from tests.play_helpers import scripted_conflict, typed


def run(monkeypatch, capsys, args: list[str], lines: list[str]) -> tuple[int, str, str]:
    """main(args) with `lines` typed, usage errors included as a status."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))
    monkeypatch.setenv("COLUMNS", "100")
    try:
        status = main(args)
    except SystemExit as exc:
        status = exc.code
    out = capsys.readouterr()
    return status, out.out, out.err


def test_enter_at_a_commitment_says_what_to_type_and_a_bare_number_commits(monkeypatch, capsys):
    game, mine = scripted_conflict(monkeypatch, "war", 2, "attacker")
    p = game.pending
    have = game.view(p["attacker"])["players"][p["attacker"]]["hand"][p["commit_colour"]]
    assert have >= 1
    status, out, _ = typed(monkeypatch, capsys, ["--seed", "2", "--seat", str(p["attacker"]), "--levels", "easy"],
                           [*mine, "", str(have), "quit"])
    assert status == 0
    assert f"commit 0-{have}: Type how many {p['commit_colour']} tiles to commit, a number from 0 to {have}.\n" in out
    me = game.view(None)["players"][p["attacker"]]["dynasty"].capitalize()
    tiles = f"{have} {p['commit_colour']} tile" + ("s" if have != 1 else "")
    assert f"  {me} commits {tiles}.\n" in out, out[-1500:]
    assert "illegal" not in out


def test_a_bare_number_above_the_hand_is_refused_with_the_range(monkeypatch, capsys):
    game, mine = scripted_conflict(monkeypatch, "revolt", 2, "attacker")
    p = game.pending
    have = game.view(p["attacker"])["players"][p["attacker"]]["hand"]["red"]
    status, out, _ = typed(monkeypatch, capsys, ["--seed", "2", "--seat", str(p["attacker"]), "--levels", "easy"],
                           [*mine, str(have + 1), "quit"])
    assert status == 0
    assert f"illegal: You hold only {have} red tile" in out and f"commit 0 to {have}." in out
    assert " commits " not in out.rsplit("Revolt over", 1)[1], "nothing was committed"


def war_order_game() -> Game:
    """A two-player game (seed 2) stopped at a choice of which war to fight first."""
    for k in range(400):
        game, rng = Game.new(players=2, seed=2), random.Random(k)
        for _ in range(300):
            if game.over:
                break
            if game.pending and game.pending["kind"] == "war_order":
                return game
            game.play(rng.choice(game.legal_moves()))
    raise AssertionError("no war order found")


def test_the_war_order_lists_each_war_once_with_both_strengths():
    from play.cli import war_previews  # new with this test: imported here so the other tests run without it

    game = war_order_game()
    seat = game.pending["seat"]
    view = game.view(seat)
    text = situation(view, seat, game.describe_pending(), game.legal_moves(), war_previews(game))
    assert text.startswith("You choose which war to fight first: ")
    for colour in game.pending["waiting"]:
        trial = game.copy()
        trial.play(f"war {colour}")
        war = trial.pending
        names = {s: "you" if s == seat else view["players"][s]["dynasty"].capitalize() for s in (0, 1)}
        a, d = war["strength"]["attacker"], war["strength"]["defender"]
        tiles = {n: f"{n} {colour} tile" + ("" if n == 1 else "s") for n in (a, d)}
        assert text.count(f"war {colour}") == 1, text
        assert f"war {colour} ({names[war['attacker']]} {tiles[a]} against {names[war['defender']]} {tiles[d]})" in text


def test_undo_takes_back_the_last_action_and_the_record_forgets_it(monkeypatch, capsys, tmp_path: Path):
    path = tmp_path / "g.tne.json"
    game = Game.new(players=2, seed=1)
    move = next(m for m in game.legal_moves() if m.startswith("tile red "))
    status, out, _ = typed(monkeypatch, capsys, ["--seed", "1", "--levels", "random", "--record", str(path)],
                           ["undo", move, "undo", "undo", "quit"])
    assert status == 0
    assert "cannot undo: There is nothing to undo." in out
    assert out.count(f"took back: {move}\n") == 1 and out.count("cannot undo: There is nothing to undo.") == 2
    assert read(path.read_text(encoding="utf-8")).moves == ()
    boards = [b.splitlines()[1:12] for b in out.split("     A  B  C  D  E")[1:]]
    assert boards[0] == boards[-1] and boards[0] != boards[1], "the tile came and went"


def test_undo_after_the_turn_ended_is_refused_and_changes_nothing(monkeypatch, capsys, tmp_path: Path):
    path = tmp_path / "g.tne.json"
    status, out, _ = typed(monkeypatch, capsys, ["--seed", "12", "--levels", "easy", "--record", str(path)],
                           ["pass", "pass", "undo", "quit"])
    assert status == 0
    assert "cannot undo: " in out and "took back" not in out
    mine = [str(m.move) for m in read(path.read_text(encoding="utf-8")).moves if m.seat == 0]
    assert mine == ["pass", "pass"], "both passes stay played"


def test_a_loaded_game_is_saved_back_and_the_goodbye_says_how_to_continue(monkeypatch, capsys, tmp_path: Path):
    path = tmp_path / "my game.tne.json"
    status, out, _ = run(monkeypatch, capsys, ["--seed", "12", "--levels", "easy", "--record", str(path)],
                         ["pass", "pass", "quit"])
    assert status == 0
    command = f"python -m play --load {shlex.quote(str(path))} --seat 0 --levels easy"
    assert out.splitlines()[-1].endswith(f"bye (seed 12). To continue this game: {command}")
    before = len(read(path.read_text(encoding="utf-8")).moves)
    status, out, _ = run(monkeypatch, capsys, [*shlex.split(command)[3:], "--seed", "5"], ["pass", "quit"])
    assert status == 0
    assert f"every move is saved back to {path} (--record FILE saves to another file instead)" in out
    after = read(path.read_text(encoding="utf-8"))
    assert len(after.moves) > before and str(after.moves[before].move) == "pass"
    assert out.splitlines()[-1].endswith(f"To continue this game: {command}")


def test_a_game_not_saved_says_so_when_quitting(monkeypatch, capsys):
    status, out, _ = run(monkeypatch, capsys, ["--seed", "1", "--levels", "random"], ["quit"])
    assert status == 0
    assert out.splitlines()[-1].endswith("bye (seed 1). This game was not saved; to be able to continue a game "
                                         "later, start it with --record FILE.")


def test_points_are_in_words_with_treasures_named():
    panel = text_panel(Game.new(players=2, seed=1).view(0), 0)
    assert "points red 0 blue 0 green 0 black 0 treasures 0" in panel
    assert " t0" not in panel and " k0" not in panel


def test_moves_filter_by_tile_and_leader_names_letters_and_plurals():
    moves = Game.new(players=2, seed=1).legal_moves()
    reds = listing(moves, ["tile", "red"])
    assert reds.startswith("125 legal moves")
    assert listing(moves, ["tile", "temple"]) == reds == listing(moves, ["tiles", "r"])
    assert listing(moves, ["tile", "temples"]) == reds
    assert listing(moves, ["leader", "king"]) == listing(moves, ["leader", "black"]) == listing(moves, ["leader", "k"])
    assert listing(moves, ["leader", "trader"]) == listing(moves, ["leaders", "green"])
    assert matches("monument red-black F7", ["monument", "settlement"]) and matches("tile black K5", ["k"])
    assert not matches("tile blue K5", ["k"]), "a colour's letter means that colour, as in a move"
    assert listing(moves, ["tile", "market"]) == listing(moves, ["tile", "green"])
