"""The last English words of issue 32: a computer's level and a monument's colours on the web board, said as
`/tne addbot` offers them, and the points of a review's reasons and the table's event lines worded as a German or
French player writes them (the colour agreeing: '2 rote Punkte', '2 points rouges'); English exactly as before."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from bot.discord_front.lobby import notes as lobby_notes
from bot.language import words as W
from bot.language.locales import ENGLISH, load
from bot.language.table_words import event_line
from bot.web.page_texts import table
from engine.ai.phrases import say

LOCALES = load()
DE, FR = LOCALES.texts["de"], LOCALES.texts["fr"]
STATIC = Path(__file__).resolve().parents[2] / "bot" / "web" / "static"


# --- the computer levels --------------------------------------------------------------------------------------------

def test_a_level_is_said_in_the_readers_language_and_an_unknown_one_as_it_is() -> None:
    assert [W.level(name) for name in ("easy", "medium", "hard")] == ["easy", "medium", "hard"]
    assert [W.level(name, DE) for name in ("easy", "medium", "hard")] == ["leicht", "mittel", "schwer"]
    assert [W.level(name, FR) for name in ("easy", "medium", "hard")] == ["facile", "moyen", "difficile"]
    assert W.level("random", DE) == "random" and W.level("", FR) == ""


async def test_addbot_offers_the_levels_in_the_same_words(harness) -> None:
    await harness.bot.sync_commands()
    (put,) = [c for c in harness.fake.calls if c.method == "PUT" and "/commands" in c.path]
    (tne,) = put.payload
    addbot = next(o for o in tne["options"] if o["name"] == "addbot")
    (level,) = [o for o in addbot["options"] if o["name"] == "level"]
    for choice in level["choices"]:
        assert choice["value"] == choice["name"]  # what is stored and typed stays English
        es = W.level(choice["value"], LOCALES.texts["es"])
        assert choice["name_localizations"] == {"de": W.level(choice["value"], DE), "fr": W.level(choice["value"], FR),
                                                "es-ES": es, "es-419": es}


@pytest.mark.parametrize("name", ["easy", "medium", "hard"])
def test_the_lobbys_note_names_the_level_in_the_same_word(name) -> None:
    assert f"„{W.level(name, DE)}“" in lobby_notes.computer_seated(name, t=DE)
    assert f" {W.level(name, FR)} " in lobby_notes.computer_seated(name, t=FR)
    assert f" {W.level(name)} " in lobby_notes.computer_seated(name)


def test_the_pages_table_carries_the_level_words() -> None:
    assert table(DE)["texts"]["easy"] == "leicht" and table(FR)["texts"]["hard"] == "difficile"
    assert table(ENGLISH)["texts"]["medium"] == "medium"


# --- the web board's player tags and dialog buttons, run as the page runs them -------------------------------------

PAGE = """
globalThis.document = { documentElement: {}, querySelectorAll: () => [] };
globalThis.fetch = async () => ({ ok: true, json: async () => (%s) });
const { loadTexts } = await import("./texts.js");
const { playersHtml, decisionHtml } = await import("./panels.js");
await loadTexts("any");
const game = { names: ["Alice", "Hard computer"], kinds: ["human", "hard"], you: 0, pending: { kind: "monument" },
  legal: ["monument red-blue E5", "monument green-black A1", "monument red-purple B2", "decline"], describe: "" };
const view = { players: [{ dynasty: "archer", leaders: {} }, { dynasty: "bull", leaders: {} }] };
console.log(JSON.stringify({ players: playersHtml(game, view, 0), decision: decisionHtml(game) }));
"""


def page(t) -> dict:
    if shutil.which("node") is None:  # on the machine image; never skipped
        pytest.fail("This test runs the page's modules in Node.js: install it (apt-get install nodejs).", pytrace=False)
    done = subprocess.run(["node", "--input-type=module", "-e", PAGE % json.dumps(table(t))], cwd=STATIC,
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize(("lang", "tag", "buttons"), [
    ("de", "Computer (schwer)", ["Monument rot-blau auf E5 bauen", "Monument grün-schwarz auf A1 bauen",
                                 "Monument rot-purple auf B2 bauen", "Kein Monument bauen"]),
    ("fr", "ordinateur (difficile)", ["Construire le monument rouge-bleu en E5",
                                      "Construire le monument vert-noir en A1",
                                      "Construire le monument rouge-purple en B2", "Ne pas construire de monument"]),
    ("en", "hard computer", ["Build red-blue at E5", "Build green-black at A1", "Build red-purple at B2",
                             "Build no monument"])])
def test_the_board_names_levels_and_monuments_in_the_players_language(lang, tag, buttons) -> None:
    out = page(LOCALES.texts.get(lang, ENGLISH))
    # The server names a computer seat by its level in the page's language (tests/bot/web/test_web_log_language.py):
    # no tag repeats the level beside the name ('Medium computer ordinateur (moyen)').
    assert '<span class="tag">' not in out["players"] and tag not in out["players"]
    assert "Hard computer" in out["players"]  # the name as the server gave it
    said = [b.split(">", 1)[1].split("</button")[0] for b in out["decision"].split("<button")[1:]]
    # A word the page does not know ("purple") is shown as it is, never dropped; the moves stay canonical.
    assert said == buttons
    assert 'data-move="monument red-blue E5"' in out["decision"]


# --- points in a review's reasons and in the table's event lines ----------------------------------------------------

def scores(*points: tuple[int, str]) -> tuple:
    each = tuple(((("{n} {colour}", "{n} {colour}"), {"n": n, "colour": c}) for n, c in points))
    return ((("scores {points} point", "scores {points} points"), {"n": sum(n for n, _ in points), "points": each}),)


def more(*points: tuple[int, str]) -> tuple:
    each = tuple(((("{n} more {colour}", "{n} more {colour}"), {"n": n, "colour": c}) for n, c in points))
    return ((("scores {more} point", "scores {more} points"), {"n": sum(n for n, _ in points), "more": each}),)


def won(n: int, colour: str) -> tuple:
    took = ((("{n} {colour} point", "{n} {colour} points"), {"n": n, "colour": colour}),)
    return ((("wins the war at {at} ({took})"), {"at": "F4", "took": took}),)


@pytest.mark.parametrize(("words", "english", "german", "french"), [
    (scores((1, "red")), "scores 1 red point", "erzielt 1 roten Punkt", "marque 1 point rouge"),
    (scores((2, "blue"), (1, "green")), "scores 2 blue and 1 green points", "erzielt 2 blaue Punkte und 1 grünen Punkt",
     "marque 2 points bleus et 1 point vert"),
    (more((3, "black")), "scores 3 more black points", "erzielt 3 schwarze Punkte mehr",
     "marque 3 points noirs de plus"),
    (won(2, "green"), "wins the war at F4 (2 green points)", "gewinnt den Krieg auf F4 und damit 2 grüne Punkte",
     "remporte la guerre en F4 (2 points verts)")])
def test_a_reasons_points_read_as_a_player_writes_them(words, english, german, french) -> None:
    assert say(words) == english
    # As bot/language/engine_words.py says them: a colour looked up with its forms (words.lookup).
    assert say(words, W.lookup(DE), DE.ngettext) == german
    assert say(words, W.lookup(FR), FR.ngettext) == french


@pytest.mark.parametrize(("count", "colour", "german", "french"), [
    (1, "red", "Bogenschütze erhält 1 roten Punkt.", "Archer marque 1 point rouge."),
    (2, "black", "Bogenschütze erhält 2 schwarze Punkte.", "Archer marque 2 points noirs.")])
def test_the_tables_point_line_agrees_with_its_colour(count, colour, german, french) -> None:
    english = f"Archer scores {count} {colour} point{'s' if count > 1 else ''}."
    e = {"type": "point", "text": english, "seat": 0, "colour": colour, "count": count}
    assert event_line(e) == english
    assert event_line(e, t=DE) == german
    assert event_line(e, t=FR) == french
