"""A whole terminal game in German and in French reads no English (issue 39/40): every move is narrated by the bot's
language layer from the events' data (line for line what bot/table_words.event_line says), refusals come from the
catalogs (bot/engine_words.refusal), seats are named as the bot names them and counted from 1, and the end of the
game is said from its Termination. Moves stay in notation."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.language.engine_words import refusal
from bot.language.locales import ENGLISH as ENGLISH_TEXTS
from bot.language.locales import load
from bot.language.table_words import event_line
from engine import Game, IllegalMove
from engine.boards import BOARDS
from engine.record import RecordPlayer, read, write
from engine.squares import SQUARE_NAMES
from play.records import names, person
from tests.play_helpers import typed

LOCALES = load()
# What the terminal printed in English before (issue 40's list, and the engine's event lines' words).
ENGLISH = ("places their", "'s turn", " scores ", "Revolt!", "War over", "The game is over", " draws ", " commits ",
           " passes", "(you)", "(easy)", "(medium)", "Easy computer", "Medium computer", "Platz 0", "place 0",
           "Brett standard", " wins the ", "goes home", " takes the ", " builds ", " swaps ", " withdraws ",
           "joins two kingdoms", "catastrophe on", "illegal:", "nicht erlaubt: A ", "is a river square",
           "is a land square", "only blue tiles", "not your turn", "the bag could not")
PLAYS = {"de_DE.UTF-8": " spielt: ", "fr_FR.UTF-8": " joue : "}
BOARD_HEAD = "     A  B  C"


def speak(monkeypatch, lang: str) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", lang)


def without_moves(out: str, plays: str) -> str:
    """The output with each move's notation (typed in English in every language) left out."""
    return "\n".join(line.split(plays)[0] if plays in line else line for line in out.splitlines())


def narrated(out: str, plays: str) -> list[list[str]]:
    """The lines printed after each computer's move, up to the board that follows it."""
    moves: list[list[str]] = []
    reading = False
    for line in out.splitlines():
        if plays in line:
            moves.append([])
            reading = True
        elif line.startswith(BOARD_HEAD):
            reading = False
        elif reading:
            moves[-1].append(line)
    return moves


@pytest.mark.parametrize("lang", list(PLAYS))
def test_a_computers_game_is_narrated_line_for_line_by_the_language_layer(monkeypatch, capsys, tmp_path: Path,
                                                                         lang) -> None:
    speak(monkeypatch, lang)
    t = LOCALES.for_tag(lang)
    path = tmp_path / "game.tne.json"
    status, out, err = typed(monkeypatch, capsys, ["--seat", "-1", "--levels", "easy", "--seed", "5", "--record",
                                                   str(path)], [])
    assert status == 0 and err == ""
    record = read(path.read_text(encoding="utf-8"))
    said = [["  " + event_line(e, t=t) for e in played.events] for played in record.steps(record.start())]
    assert narrated(out, PLAYS[lang]) == said  # every narrated line is the layer's, none is the engine's text
    ended = said[-1][-1].strip()
    assert ended.startswith(("Die Partie ist vorbei: ", "La partie est terminée")), ended
    text = without_moves(out, PLAYS[lang])
    assert not [phrase for phrase in ENGLISH if phrase in text]
    # Two easy computers, told apart by their dynasties in the language; seats counted from 1.
    first = {"de_DE.UTF-8": "Spieler: Platz 1 Computer (leicht, Bogenschütze), Platz 2 Computer (leicht, Stier)",
             "fr_FR.UTF-8": "joueurs : place 1 Ordinateur (facile, Archer), place 2 Ordinateur (facile, Taureau)"}
    assert first[lang] in out


def refusals(game: Game) -> list[str]:
    """Moves the first player may not make: notation, a leader and tiles against the rules, a decision unasked."""
    river = BOARDS["standard"].river
    water, land = SQUARE_NAMES[river.index(True)], SQUARE_NAMES[river.index(False)]
    return ["tile red Z99", f"leader red {water}", f"tile red {water}", f"tile blue {land}", "commit 2", "swap"]


@pytest.mark.parametrize("lang", list(PLAYS))
def test_refusals_and_a_short_session_read_in_the_language(monkeypatch, capsys, lang) -> None:
    speak(monkeypatch, lang)
    t = LOCALES.for_tag(lang)
    game = Game.new(players=2, seed=3)
    seat, typed_moves = game.to_move, refusals(game)
    status, out, _ = typed(monkeypatch, capsys, ["--seat", str(seat), "--seed", "3", "--levels", "easy"],
                           [*typed_moves, "pass", "pass", "undo", ""])
    assert status == 0
    word = {"de_DE.UTF-8": "nicht erlaubt: {reason}", "fr_FR.UTF-8": "interdit : {reason}"}[lang]
    for move in typed_moves:
        try:
            game.copy().play(move, seat)
        except IllegalMove as exc:
            line = word.format(reason=refusal(exc, t=t))
        else:
            raise AssertionError(f"{move} is legal")
        assert line in out, line
    assert not [phrase for phrase in ENGLISH if phrase in without_moves(out, PLAYS[lang])]
    assert {"de_DE.UTF-8": "  Stier passt.\n", "fr_FR.UTF-8": "  Taureau passe.\n"}[lang] in out


def test_a_german_terminals_record_names_its_seats_in_each_readers_language(monkeypatch, capsys, tmp_path) -> None:
    speak(monkeypatch, "de_DE.UTF-8")
    path = tmp_path / "game.tne.json"
    seat = Game.new(players=2, seed=12).to_move
    status, _, _ = typed(monkeypatch, capsys, ["--seat", str(seat), "--seed", "12", "--levels", "easy", "--record",
                                               str(path)], ["pass", "pass", "quit"])
    assert status == 0
    record = read(path.read_text(encoding="utf-8"))
    # Stored: the person's login name and each computer's level (its kind) and dynasty (its seat), no German word.
    assert record.players[seat] == RecordPlayer(person()) and record.players[1 - seat].kind == "easy"
    assert not any(word in p.name for p in record.players for word in ("Du", "leicht", "Computer ("))
    dynasty = ("Bogenschütze", "Stier")[1 - seat], ("Archer", "Bull")[1 - seat]
    assert names(record, LOCALES.texts["de"])[1 - seat] == f"Computer (leicht, {dynasty[0]})"
    assert names(record, ENGLISH_TEXTS)[1 - seat] == f"Easy computer ({dynasty[1]})"


def test_an_older_terminal_records_you_reads_as_the_readers_word() -> None:
    game = Game.new(players=2, seed=5)
    game.play(game.legal_moves()[0])
    old = read(write(game, [RecordPlayer("You"), RecordPlayer("Easy computer", "easy")], site="terminal").dumps())
    assert names(old, LOCALES.texts["de"]) == ["Du (Bogenschütze)", "Computer (leicht, Stier)"]
    assert names(old, LOCALES.texts["fr"])[0] == "Vous (Archer)"
    assert names(old, ENGLISH_TEXTS)[0] == "You (Archer)"
