"""The terminal front end driven in this process: lines typed at its prompts, and a conflict scripted for both seats."""

from __future__ import annotations

import io
import sys

import play.cli
from engine import Game
from play.cli import main
from tests.bot_harness import find_conflict


def typed(monkeypatch, capsys, args: list[str], lines: list[str]) -> tuple[int, str, str]:
    """main(args) with `lines` typed at its prompts; returns (status, stdout, stderr)."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))
    monkeypatch.setenv("COLUMNS", "100")
    status = main(args)
    out = capsys.readouterr()
    return status, out.out, out.err


def scripted_conflict(monkeypatch, kind: str, seed: int, human: str) -> tuple[Game, list[str]]:
    """Both seats follow a game that reaches a `kind` (found by tests.bot_harness.find_conflict): the computer's
    moves come from the script, the person's are returned for typing. `human` is 'attacker' or 'defender'."""
    moves = find_conflict(2, seed, kind)
    game = Game.new(players=2, seed=seed)
    for m in moves:
        game.play(m)
    seat = game.pending[human]
    game = Game.new(players=2, seed=seed)
    mine, theirs = [], []
    for m in moves:
        (mine if game.to_move == seat else theirs).append(m)
        game.play(m)
    if human == "defender":
        theirs.append("commit 1")
    real = play.cli.choose_move

    def script(view, s, level, *, seed=0, budget=None, announced=None):
        assert s != seat
        return theirs.pop(0) if theirs else real(view, s, level, seed=seed, budget=budget, announced=announced)

    monkeypatch.setattr(play.cli, "choose_move", script)
    return game, mine


def run(monkeypatch, capsys, args: list[str], lines: list[str] | None = None) -> tuple[int, str, str]:
    """main(args) with `lines` typed at its prompts (then end of input); returns (status, stdout, stderr)."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines or [])))
    monkeypatch.setenv("COLUMNS", "100")
    try:
        status = main(args)
    except SystemExit as exc:  # argparse's usage errors
        status = exc.code
    out = capsys.readouterr()
    return status, out.out, out.err
