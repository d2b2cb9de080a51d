"""Issue 40: in every language the bot speaks besides English (data/locales/LINGUAS), a whole game of computers, a
short session of a person typing moves, refusals and commands, and the review of a game the terminal recorded read
with no English left (tests/english_left.py), moves in notation and names aside."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.language.locales import LOCALE_DIR, SOURCE, listed, load
from bot.language.move_words import verb_words
from engine import Game
from engine.boards import BOARDS
from engine.record import Resignation, read, write
from engine.squares import SQUARE_NAMES
from play.commands import command_words
from play.records import names, person
from tests.english_left import english_lines
from tests.play_helpers import run, scripted_conflict

LANGUAGES = [lang for lang in listed(LOCALE_DIR) if lang != SOURCE]
LOCALES = load()
# The computers' game and how many of its moves are kept in the reviewed record: a short review, with a costly
# move among them (move 5 of this seed's game) so that the review lists one.
SEED, REVIEWED = 8, 8


def speak(monkeypatch, lang: str) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", f"{lang}.UTF-8")


def left(out: str, err: str, said: list[str], tmp_path: Path | None = None) -> list[str]:
    """The English lines of what was printed; the players' names and the test's file names (its folder is named
    in English) aside."""
    return english_lines(out + "\n" + err, [*said, person(), *([str(tmp_path)] if tmp_path else [])])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_computers_game_and_its_review_read_no_english(monkeypatch, capsys, tmp_path: Path, lang) -> None:
    speak(monkeypatch, lang)
    t = LOCALES.texts[lang]
    path = tmp_path / "game.tne.json"
    status, out, err = run(monkeypatch, capsys, ["--seat", "-1", "--levels", "easy,easy", "--seed", str(SEED),
                                                 "--record", str(path)])
    assert status == 0, err
    record = read(path.read_text(encoding="utf-8"))
    said = names(record, t)
    assert record.result is not None and not left(out, err, said, tmp_path), left(out, err, said, tmp_path)
    # The record the terminal wrote, ended early by a resignation, so that its review is short.
    game = Game.new(players=2, seed=SEED)
    for recorded in record.moves[:REVIEWED]:
        game.play(str(recorded.move))
    short = tmp_path / "short.tne.json"
    short.write_text(write(game, list(record.players), termination="resignation",
                           resigned=[Resignation(game.to_move or 0, REVIEWED)],
                           site="terminal").dumps(), encoding="utf-8")
    status, out, err = run(monkeypatch, capsys, ["--review", str(short), "--png", ""])
    assert status == 0, err
    assert out.count("\n") > 8 and not left(out, err, said, tmp_path), left(out, err, said, tmp_path)
    assert "    " + t.gettext("move {n}: {played} played, {best} was better ({loss}, {label})").split(" ")[0] in out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_short_session_with_refusals_and_commands_reads_no_english(monkeypatch, capsys, lang) -> None:
    speak(monkeypatch, lang)
    t = LOCALES.texts[lang]
    commands, verbs = command_words(t), verb_words(t)
    game = Game.new(players=2, seed=3)
    river = BOARDS["standard"].river
    water, land = SQUARE_NAMES[river.index(True)], SQUARE_NAMES[river.index(False)]
    tile = next(move for move in game.legal_moves() if move.startswith("tile"))
    typed = ["", commands["help"], "help", commands["board"], commands["moves"], f"{commands['moves']} {verbs['tile']}",
             "moves xyz", "foo", "tile red Z99", f"leader red {water}", f"tile blue {land}", "commit 2", "swap",
             commands["undo"], tile, commands["undo"], verbs["pass"], commands["hint"], commands["quit"]]
    status, out, err = run(monkeypatch, capsys, ["--seat", str(game.to_move), "--seed", "3", "--levels", "easy",
                                                 "--hint-budget", "0.05"], typed)
    assert status == 0, err
    said = [t.gettext("You")]
    assert not left(out, err, said), left(out, err, said)
    assert out.count(t.gettext("illegal: {reason}").split("{")[0]) >= 5, "each refusal said"
    assert t.gettext("took back: {move}").format(move=tile) in out, "the language's undo took the tile back"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("kind", "side"), [("revolt", "attacker"), ("war", "defender")])
def test_a_conflict_and_its_prompts_read_no_english(monkeypatch, capsys, lang, kind, side) -> None:
    """A revolt or war at the person's seat: the conflict, the prompt, a blank answer's hint, a commitment."""
    speak(monkeypatch, lang)
    game, mine = scripted_conflict(monkeypatch, kind, 2, side)
    seat = game.pending[side]
    status, out, err = run(monkeypatch, capsys, ["--seed", "2", "--seat", str(seat), "--levels", "easy"],
                           [*mine, "", "99", "0", command_words(LOCALES.texts[lang])["quit"]])
    assert status == 0, err
    t = LOCALES.texts[lang]
    title = t.gettext("Revolt over the {colour} leaders" if kind == "revolt" else "War over the {colour} leaders")
    assert title.split("{")[0] in out, "the conflict was shown"
    said = [t.gettext("You")]
    assert not left(out, err, said), left(out, err, said)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("args", [["--players", "5"], ["--seat", "x"], ["--budget"], ["--foo", "3"],
                                  ["--board", "huge"], ["--seat", "7"], ["--review", "none.tne.json", "--record", "r"]])
def test_a_usage_error_reads_no_english(monkeypatch, capsys, lang, args) -> None:
    """argparse's own words (usage, error, its usage errors) are said in the language too; options stay typed."""
    speak(monkeypatch, lang)
    status, out, err = run(monkeypatch, capsys, args)
    assert status == 2 and out == "" and err.count("\n") >= 2
    assert not english_lines(err), english_lines(err)


# Lines the terminal printed in German and French before issue 40 (python -m play at 319a66b).
OLD = [
    "Aktionen:      tile <Farbe> <Feld> | leader <Farbe> <Feld> | withdraw <Farbe> | pass",
    "Befehle:       moves [Filter] (z. B. moves anführer, moves plättchen tempel, moves F7) | undo (nimmt deine "
    "letzte Aktion",
    "Spieler: Platz 0 Du (you), Platz 1 Easy computer 2 (bull) (leicht)",
    "Easy computer 2 (bull) spielt: tile red F7   (0.01s)",
    "  The game is over: the bag could not fill a draw.",
    "  Bull places their red leader on G3.",
    "nicht erlaubt: A leader cannot be placed on a river square.",
    "interdit : not your turn",
    "python -m play: error: argument --players: invalid choice: 5 (choose from 2, 3, 4)",
    "commandes : moves [filtre] (p. ex. moves chef, moves tuile temple, moves F7) | undo (reprend votre dernière",
]
# The same lines said now.
NEW = [
    "Aktionen:       Plättchen <Farbe> <Feld> | Anführer <Farbe> <Feld> | zurückziehen <Farbe> | passen",
    "Befehle:        züge [Filter] (z. B. züge Anführer, züge Plättchen Tempel, züge F7) | zurück (nimmt deine letzte "
    "Aktion",
    "Spieler: Platz 1 Du (Bogenschütze), Platz 2 Computer (leicht, Stier)",
    "Computer (leicht, Stier) spielt: tile red F7   (0.01s)",
    "  Die Partie ist vorbei: der Beutel reichte nicht mehr zum Nachziehen.",
    "  Stier setzt seinen roten Anführer auf G3.",
    "                Die Notation geht auch: tile red F7, leader black G5, swap red blue, pass.",
    "commandes :  coups [filtre] (p. ex. coups chef, coups tuile temple, coups F7) | annuler (reprend votre dernière",
    "  Platz 2 Stier        Hand 6  Katastrophen 2",
    "Legende:  ~~~ Fluss   .  Land   Plättchen: r Tempel, b Bauernhof (am Fluss), g Markt, k Siedlung",
    "actions :    tuile <couleur> <case> | chef <couleur> <case> | retirer <couleur> | passer",
    "  1. Ordinateur (facile, Taureau) : score 12  (rouge 12 bleu 14 vert 13 noir 15)",
    "Was willst du tun? Filter, Chance, scores, legal",
]


@pytest.mark.parametrize("line", OLD)
def test_the_detector_finds_the_english_the_terminal_printed_before(line) -> None:
    assert english_lines(line), line


@pytest.mark.parametrize("line", NEW)
def test_the_detector_passes_the_lines_said_in_the_language(line) -> None:
    assert not english_lines(line, ["Du", "Stier"]), english_lines(line)
