"""The rest of `python -m play` in the terminal's language (issue 32): the review's printout, the record, replay and
hint lines, the options' help, and moves typed in German or French words (`plättchen rot F7` plays `tile red F7`,
as in the bot). Moves, square names, players' names and the engine's reasons stay as they are; LANG=C reads English."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from engine import Game
from engine.record import Record, RecordPlayer, Resignation, read, write
from tests.play_helpers import run, typed

FAST = ["--hint-budget", "0.2", "--levels", "easy"]


def speak(monkeypatch, lang: str) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", lang)


def short_game(path: Path, moves: int = 8, seed: int = 3) -> Record:
    """A two-player game of random moves, ended by Bull's resignation, with hints counted, saved at `path`."""
    g, rng = Game.new(players=2, seed=seed), random.Random(seed)
    for _ in range(moves):
        g.play(rng.choice(g.legal_moves()))
    record = write(g, [RecordPlayer("You"), RecordPlayer("Hard computer", "hard")], termination="resignation",
                   resigned=[Resignation(1, moves)], date="2024-05-01T10:00:00Z", site="terminal", hints=[2, 0])
    path.write_text(record.dumps(), encoding="utf-8")
    return record


def a_tile_move(seed: int = 12) -> tuple[str, str]:
    """A legal red tile for seat 0's first action in the seed's game: ('tile red F7', 'F7')."""
    move = next(m for m in Game.new(players=2, seed=seed).legal_moves() if m.startswith("tile red "))
    return move, move.split()[-1]


REVIEW = {
    "de_DE.UTF-8": ("Analyse von {path}: 8 Züge, 2 Spieler, Spielplan Standard", "Du (Bogenschütze): Genauigkeit ",
                    "Siegchance im Lauf der Partie", "genutzte Tipps: Du (Bogenschütze) 2, Computer (schwer, Stier) 0",
                    "Analyse: 8 von 8 Zügen", ("Zug ", " gespielt, ", " war besser (−"), "teuerste Züge:"),
    "fr_FR.UTF-8": ("Analyse de {path} : 8 coups, 2 joueurs, plateau standard", "Vous (Archer) : précision ",
                    "Chances de victoire au fil de la partie",
                    "conseils utilisés : Vous (Archer) 2, Ordinateur (difficile, Taureau) 0", "analyse : 8 coups sur 8",
                    ("coup ", " joué, ", " était meilleur (−"), "coups les plus coûteux :"),
    "C": ("Review of {path}: 8 moves, 2 players, standard board", "You (Archer): accuracy ",
          "Chance to win over the game (▁ 0% … █ 100%; a bar is 1 move), start → end:",
          "hints used: You (Archer) 2, Hard computer (Bull) 0", "reviewing: 8 of 8 moves",
          ("move ", " played, ", " was better (−"), "costliest moves:"),
}


@pytest.mark.parametrize("lang", list(REVIEW))
def test_the_review_prints_in_the_terminals_language(monkeypatch, capsys, tmp_path, lang):
    path = tmp_path / "game.tne.json"
    short_game(path)
    head, figures, graph, hints, progress, costly, costliest = REVIEW[lang]
    speak(monkeypatch, lang)
    status, out, err = run(monkeypatch, capsys, ["--review", str(path)])
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0] == head.format(path=path)
    assert any(ln.startswith(graph) for ln in lines), "the graph's heading"
    assert any(ln.startswith(figures) for ln in lines), out
    moves = [ln.strip() for ln in lines if ln.startswith("    ")]
    assert moves and costliest in out, "random moves cost something"
    for line in moves:  # the frame translated, the moves in notation
        assert line.startswith(costly[0]) and costly[1] in line and costly[2] in line, line
        played = line.split(costly[1])[0].split(": " if lang != "fr_FR.UTF-8" else " : ", 1)[1]
        assert played.split()[0] in ("tile", "leader", "withdraw", "catastrophe", "swap", "pass", "commit", "war",
                                     "monument", "decline", "treasure"), line
    assert hints in lines
    assert progress in err


def test_the_review_refuses_a_missing_file_in_the_terminals_language(monkeypatch, capsys, tmp_path):
    speak(monkeypatch, "de_DE.UTF-8")
    status, out, err = run(monkeypatch, capsys, ["--review", str(tmp_path / "none.tne.json")])
    assert status == 2 and out == ""
    assert err.startswith(f"{tmp_path / 'none.tne.json'} kann nicht gelesen werden: ")


@pytest.mark.parametrize(("lang", "saved", "loaded"), [
    ("de_DE.UTF-8", "Tschüss (Seed 12). Um diese Partie fortzusetzen:",
     "{path} geladen: {n} Züge nachgespielt; ab hier zieht Seed 4 die Plättchen"),
    ("fr_FR.UTF-8", "au revoir (graine 12).",
     "{path} chargé ({n} coups rejoués jusqu'ici) ; la graine 4 tire désormais les tuiles"),
    ("C", "bye (seed 12). To continue this game:",
     "loaded {path}: {n} moves replayed; seed 4 draws the tiles from here on"),
])
def test_a_record_saved_and_loaded_speaks_the_language(monkeypatch, capsys, tmp_path, lang, saved, loaded):
    speak(monkeypatch, lang)
    path = tmp_path / "unfinished.tne.json"
    status, out, _ = typed(monkeypatch, capsys, ["--seat", "0", "--seed", "12", "--record", str(path), *FAST],
                           ["pass", "quit"])
    assert status == 0 and saved in out
    played = read(path.read_text(encoding="utf-8"))
    assert len(played.moves) > 1 and played.moves[0].move == "pass"
    status, out, _ = typed(monkeypatch, capsys, ["--load", str(path), "--seed", "4", *FAST], ["quit"])
    assert status == 0
    assert loaded.format(path=path, n=len(played.moves)) in out


@pytest.mark.parametrize(("lang", "said"), [
    ("de_DE.UTF-8", ["{path}: 8 Züge, Spielplan Standard, gespielt am 2024-05-01T10:00:00Z auf terminal",
                     "Spieler: Platz 1 Du (Bogenschütze), Platz 2 Computer (schwer, Stier)",
                     "Zug 8: {name} spielt {move}",
                     "Computer (schwer, Stier) hat nach Zug 8 aufgegeben",
                     "die Partie endete nach Zug 8 durch Aufgabe"]),
    ("fr_FR.UTF-8", ["{path} : 8 coups, plateau standard, jouée le 2024-05-01T10:00:00Z sur terminal",
                     "joueurs : place 1 Vous (Archer), place 2 Ordinateur (difficile, Taureau)",
                     "coup 8 : {name} joue {move}", "Ordinateur (difficile, Taureau) a abandonné après le coup 8",
                     "la partie s'est terminée par abandon après le coup 8"]),
    ("C", ["{path}: 8 moves, standard board, played 2024-05-01T10:00:00Z on terminal",
           "players: seat 1 You (Archer), seat 2 Hard computer (Bull)", "move 8: {name} plays {move}",
           "Hard computer (Bull) resigned after move 8", "the game ended by resignation after move 8"]),
])
def test_a_replay_speaks_the_language(monkeypatch, capsys, tmp_path, lang, said):
    path = tmp_path / "game.tne.json"
    record = short_game(path)
    speak(monkeypatch, lang)
    status, out, err = run(monkeypatch, capsys, ["--replay", str(path), "--to", "8"])
    assert status == 0, err
    last = record.moves[-1]  # the move in notation, each seat named in the reader's language with its dynasty
    name = {"de_DE.UTF-8": ("Du (Bogenschütze)", "Computer (schwer, Stier)"),
            "fr_FR.UTF-8": ("Vous (Archer)", "Ordinateur (difficile, Taureau)"),
            "C": ("You (Archer)", "Hard computer (Bull)")}[lang][last.seat]
    for text in said:
        assert text.format(path=path, name=name, move=last.move) in out, text


def test_a_replay_past_its_end_is_refused_in_the_language(monkeypatch, capsys, tmp_path):
    path = tmp_path / "game.tne.json"
    short_game(path)
    speak(monkeypatch, "fr_FR.UTF-8")
    status, _, err = run(monkeypatch, capsys, ["--replay", str(path), "--to", "9"])
    assert status == 1
    assert "le relevé compte 8 coups ; --to 9 va au-delà de sa fin" in err


@pytest.mark.parametrize(("lang", "pattern"), [
    ("de_DE.UTF-8", r"Tipp \((\d+) genutzt\): (.+?) — (.+)$"),
    ("fr_FR.UTF-8", r"conseil \(utilisés : (\d+)\) : (.+?) — (.+)$"),
    ("C", r"hint \((\d+) used\): (.+?) — (.+)$"),
])
def test_a_hint_line_speaks_the_language_and_keeps_the_move_in_notation(monkeypatch, capsys, lang, pattern):
    speak(monkeypatch, lang)
    status, out, _ = typed(monkeypatch, capsys, ["--seed", "4", *FAST], ["hint", "quit"])
    assert status == 0
    (n, move, reason), = re.findall(pattern, out, re.M)
    assert n == "1" and move in Game.new(players=2, seed=4).legal_moves() and reason.strip()


@pytest.mark.parametrize(("lang", "words"), [
    ("de_DE.UTF-8", "plättchen rot {square}"),
    ("de_DE.UTF-8", "Plaettchen ROT {square}"),
    ("fr_FR.UTF-8", "tuile rouge {square}"),
    ("C", "plättchen rot {square}"),  # the move words of every language work, as in the bot
    ("C", "tile red {square}"),
])
def test_a_move_typed_in_the_players_words_plays_the_notation(monkeypatch, capsys, tmp_path, lang, words):
    move, square = a_tile_move()
    speak(monkeypatch, lang)
    path = tmp_path / "g.tne.json"
    status, out, _ = typed(monkeypatch, capsys, ["--seed", "12", "--record", str(path), *FAST],
                           [words.format(square=square), "quit"])
    assert status == 0
    mine = [str(m.move) for m in read(path.read_text(encoding="utf-8")).moves if m.seat == 0]
    assert mine[0] == move, "stored in notation"
    assert "nicht erlaubt" not in out and "interdit" not in out and "illegal" not in out


def test_a_german_move_that_is_not_legal_is_refused_and_changes_nothing(monkeypatch, capsys, tmp_path):
    speak(monkeypatch, "de_DE.UTF-8")
    path = tmp_path / "g.tne.json"
    status, out, _ = typed(monkeypatch, capsys, ["--seed", "3", "--record", str(path), *FAST],
                           ["plättchen rot Z99", "quit"])
    assert status == 0
    assert "nicht erlaubt: " in out and "Z99" in out
    assert not [m for m in read(path.read_text(encoding="utf-8")).moves if m.seat == 0]


def test_moves_filtered_in_german_words(monkeypatch, capsys):
    speak(monkeypatch, "de_DE.UTF-8")
    status, out, _ = typed(monkeypatch, capsys, ["--seed", "3", *FAST], ["moves plättchen rot", "quit"])
    assert status == 0
    lines = out.splitlines()
    assert any(ln.startswith("  tile red") for ln in lines), "the red tiles listed, in notation"
    assert not any(ln.startswith(("  leader", "  tile blue", "  catastrophe")) for ln in lines), "and nothing else"


@pytest.mark.parametrize(("lang", "said", "unsaid"), [
    ("de_DE.UTF-8", ["gegen Computerspieler spielen", "wie viele Plätze (Standard 2)",
                     "spielt das Protokoll in FILE Schritt für Schritt ab"], "how many seats"),
    ("fr_FR.UTF-8", ["contre des joueurs ordinateurs", "combien de places (2 par défaut)",
                     "parcourt pas à pas le relevé FILE"], "how many seats"),
    ("C", ["against computer players", "how many seats (default 2)",
           "step through the record in FILE: the board after each move"], "Plätze"),
])
def test_the_options_help_speaks_the_language(monkeypatch, capsys, lang, said, unsaid):
    speak(monkeypatch, lang)
    status, out, _ = run(monkeypatch, capsys, ["--help"])
    assert status == 0
    out = " ".join(out.split())  # argparse wraps the descriptions to the terminal's width
    for text in said:
        assert text in out, text
    assert unsaid not in out and "--record FILE" in out and "--players {2,3,4}" in out


@pytest.mark.parametrize(("lang", "args", "said"), [
    ("de_DE.UTF-8", ["--to", "3"], "Fehler: Argument --to: nur mit --replay"),
    ("de_DE.UTF-8", ["--players", "2", "--levels", "easy,hard"], "Argument --levels: 2 Stufen für 1 Computerplatz"),
    ("de_DE.UTF-8", ["--levels", "brutal"], "'brutal' ist keine Stufe: wähle aus "),
    ("fr_FR.UTF-8", ["--seat", "5"], "argument --seat : une partie à 2 joueurs a les places 0 à 1 (ou -1 pour "
                                     "regarder les ordinateurs jouer) ; 5 n'en est pas une"),
    ("fr_FR.UTF-8", ["--pause", "-1"], "argument --pause : des secondes, 0 ou plus, pas -1"),
    ("C", ["--players", "2", "--levels", "easy,hard"], "argument --levels: 2 levels for 1 computer seat"),
    ("C", ["--to", "3"], "error: argument --to: only with --replay"),
])
def test_a_usage_error_is_told_in_the_language_and_starts_nothing(monkeypatch, capsys, lang, args, said):
    speak(monkeypatch, lang)
    status, out, err = run(monkeypatch, capsys, args)
    assert status == 2 and out == ""
    assert said in err, err


@pytest.mark.parametrize(("lang", "head", "kinds", "none"), [
    ("de_DE.UTF-8", "erlaubte Züge: ", r"Plättchen \d+, Anführer \d+", "Kein erlaubter Zug passt zu 'treasure'."),
    ("fr_FR.UTF-8", "coups permis : ", r"tuile \d+, chef \d+", "Aucun coup permis ne correspond à « treasure »."),
    ("C", "legal moves: ", r"tile \d+, leader \d+", "No legal move matches 'treasure'."),
])
def test_the_list_of_moves_speaks_the_language_and_keeps_the_notation(monkeypatch, capsys, lang, head, kinds, none):
    """The count by kind names the kinds as the language types them (issue 40); the moves stay in notation."""
    speak(monkeypatch, lang)
    status, out, _ = typed(monkeypatch, capsys, ["--seed", "12", *FAST], ["moves", "moves treasure", "quit"])
    assert status == 0
    counted = next(ln for ln in out.splitlines() if head in ln)
    assert re.search(r"\d+ " + re.escape(head) + kinds, counted), counted
    assert none in out
    assert any(ln.startswith("  tile red") for ln in out.splitlines()), "groups in notation"
