"""`python -m play` in the terminal's language (issue 32): LC_ALL, then LC_MESSAGES, then LANG, as the C library
reads them; de_CH reads German, fr_CA French, a locale we have no catalog for English. Moves stay in notation."""

from __future__ import annotations

import pytest

from play.language import locale_tag, terminal_texts
from tests.play_helpers import typed

GAME = ["--players", "2", "--seat", "0", "--seed", "3"]


def speak(monkeypatch, **env: str) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)


@pytest.mark.parametrize(("lang", "said"), [
    ("de_DE.UTF-8", ["Legende:", "Spieler: Platz 1 Du (Bogenschütze), Platz 2 Computer (mittel, Stier)", "Anführer:",
                     "Schätze auf dem Spielplan:", "Du bist am Zug: noch 2 Aktionen.", "[Bogenschütze] dein Zug: ",
                     "nicht erlaubt: ", "Tschüss (Seed 3)"]),
    ("de_CH.UTF-8", ["Legende:", "Du bist am Zug: noch 2 Aktionen.", "Tschüss (Seed 3)"]),
    ("fr_FR.UTF-8", ["légende :", "joueurs : place 1 Vous (Archer), place 2 Ordinateur (moyen, Taureau)", "chefs :",
                     "trésors sur le plateau :",
                     "À vous de jouer : 2 actions restantes.", "[Archer] votre coup : ", "interdit : ",
                     "au revoir (graine 3)"]),
    ("fr_CA", ["légende :", "À vous de jouer : 2 actions restantes.", "au revoir (graine 3)"]),
])
def test_the_terminal_speaks_the_language_of_lang(monkeypatch, capsys, lang, said):
    speak(monkeypatch, LANG=lang)
    status, out, _ = typed(monkeypatch, capsys, GAME, ["tile red Z99", ""])
    assert status == 0
    for text in said:
        assert text in out, text
    assert "legend:" not in out and "Your turn" not in out and "bye (seed" not in out


@pytest.mark.parametrize("lang", ["pt_BR.UTF-8", "C", "POSIX", "", "xx"])
def test_a_locale_we_do_not_have_reads_english(monkeypatch, capsys, lang):
    speak(monkeypatch, LANG=lang)
    status, out, _ = typed(monkeypatch, capsys, GAME, [])
    assert status == 0
    assert "legend:" in out and "Your turn: 2 actions left." in out and "[Archer] your move: " in out
    assert out.rstrip().endswith("start it with --record FILE.")


def test_lc_all_then_lc_messages_then_lang(monkeypatch):
    assert locale_tag({"LANG": "fr_FR.UTF-8", "LC_MESSAGES": "de_DE.UTF-8"}) == "de_DE.UTF-8"
    assert locale_tag({"LANG": "fr_FR.UTF-8", "LC_MESSAGES": "de_DE", "LC_ALL": "en_GB.UTF-8"}) == "en_GB.UTF-8"
    assert locale_tag({"LANG": "fr_CA", "LC_ALL": ""}) == "fr_CA"
    assert terminal_texts({}).lang == "en" and terminal_texts({"LC_MESSAGES": "de_AT"}).lang == "de"
    speak(monkeypatch, LANG="en_US.UTF-8", LC_ALL="fr_FR.UTF-8")
    assert terminal_texts().lang == "fr"


def test_moves_are_typed_in_notation_in_every_language(monkeypatch, capsys):
    speak(monkeypatch, LANG="de_DE.UTF-8")
    status, out, _ = typed(monkeypatch, capsys, GAME, ["moves tile", "pass", "pass", ""])
    assert status == 0
    assert "tile red " in out, "the list of moves keeps the notation"
    assert "nicht erlaubt" not in out, "pass was taken as a move"
