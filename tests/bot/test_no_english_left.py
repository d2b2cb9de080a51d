"""The rule from now on: a German (or French) server with German (or French) players reads no English sentence in
a whole short game, public posts and private answers alike (the lobby, joining and leaving, the moves, a conflict,
the hand, status, board, games, reminder settings, away and back, a resignation and the final standings). Move
notation, names and code spans stay as they are, so they are left out before looking."""

from __future__ import annotations

import random

import pytest

from bot.background.autoplay import ai_available
from tests.bot_harness import ALICE, BOB, CHANNEL, Harness, open_game, response
from tests.language_helpers import KEPT, speak, whole_short_game

# Words and phrases only an English sentence has (none is a German or French word, nor part of one once spaced).
ENGLISH_MARKERS = (" the ", " your ", " you ", " is ", " are ", " and ", " has ", " was ", " with ", "Game #",
                   " turn", "resign", " joins", " leaves", " takes a seat", " left", "Reminders", "Your ", "The ")
def english_in(texts: list[str]) -> list[tuple[str, str]]:
    found = []
    for text in texts:
        # Bold and line starts count as word boundaries: "**The game" and "\nThe" are English too.
        plain = " " + KEPT.sub(" ", text).replace("*", " ").replace("\n", " ") + " "
        found += [(marker, text) for marker in ENGLISH_MARKERS if marker in plain]
    return found


@pytest.mark.parametrize("locale", ["de", "fr"])
async def test_a_whole_short_game_reads_no_english(harness, monkeypatch, locale):
    speak(harness, monkeypatch, locale)
    texts = await whole_short_game(harness)
    assert len(texts) > 30  # the whole game was read, not a refusal at its start
    assert english_in(texts) == []


async def test_the_markers_catch_english(harness, monkeypatch):
    speak(harness, monkeypatch, "en-US")
    texts = await whole_short_game(harness)
    caught = {marker for marker, _ in english_in(texts)}
    assert {" joins", " leaves", "Game #", " the ", "Reminders"} <= caught


@pytest.mark.skipif(not ai_available(), reason="the computer players are not installed")
@pytest.mark.parametrize(("locale", "said"), [
    ("de", "Ein Computerspieler der Stufe „leicht“ setzt sich an den Tisch."),
    ("fr", "Un joueur ordinateur de niveau facile prend place à la table."),
    ("en-US", "An easy computer player takes a seat.")])
async def test_a_seated_computer_is_announced_in_the_servers_language(harness, monkeypatch, locale, said):
    speak(harness, monkeypatch, locale)
    await harness.command(ALICE, CHANNEL, "new", seats=2)
    answer = response(await harness.command(ALICE, CHANNEL, "addbot", level="easy"))
    assert not answer.ephemeral
    assert answer.content.startswith(said + "\n\n")



async def hint_and_review(h: Harness) -> list[str]:
    """Every text of a hint asked on one's turn, then of the finished game's review, public and private."""
    h.bot.controller.hints.budget = 0.2
    h.bot.controller.review_edit_every = 0.0
    game_id = await open_game(h, [ALICE, BOB], hints="on")
    rng = random.Random(3)
    for _ in range(13):
        game = (await h.service.load(game_id)).game
        await h.command([ALICE, BOB][game.to_move], CHANNEL, "hint")
        await h.service.play(game_id, rng.choice(game.legal_moves()), user_id=[ALICE, BOB][game.to_move].id)
    await h.command(BOB, CHANNEL, "resign")
    await h.bot.controller.idle()
    start = len(h.fake.calls)
    await h.command(ALICE, CHANNEL, "review")
    await h.command(BOB, CHANNEL, "review", private=True)
    await h.bot.controller.idle()
    hints = [c.content for c in h.fake.calls[:start] if c.content and c.content.startswith(("Tipp", "Conseil"))]
    assert len(hints) >= 10  # every hint was answered, not refused
    return hints + [c.content for c in h.fake.calls[start:] if c.content]


@pytest.mark.skipif(not ai_available(), reason="the computer players are not installed")
@pytest.mark.parametrize("locale", ["de", "fr"])
async def test_hints_and_a_review_read_no_english(harness, monkeypatch, locale):
    speak(harness, monkeypatch, locale)
    texts = await hint_and_review(harness)
    reviews = [text for text in texts if text.startswith(("**Deine Züge**", "**Vos coups**"))]
    assert reviews, texts[-5:]  # the private review's reasons were read
    assert english_in(texts) == []
