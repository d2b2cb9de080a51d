"""Two seats of one computer level, through the bot's command layer (tests/bot_harness.py): the announcements, the
final standings and a review (a stored one naming seats the old way too) name each seat by its dynasty —
'Medium computer (Lion)', 'Computer (mittel, Löwe)' — never 'Medium computer 2' (issue 38)."""

from __future__ import annotations

import pytest

import render
from bot.storage.reviews import ReviewsStore
from bot.storage.rows import PlayerRow
from tests.bot_harness import ALICE, CHANNEL, Call, Harness, seed_where_first
from tests.language_helpers import speak
from tests.records_helpers import random_game, store_game

FEWER = ["gives {name} {n} fewer point ({detail})", "gives {name} {n} fewer points ({detail})"]
TREASURES = ["{n} treasure", "{n} treasures"]


@pytest.fixture
def finals(monkeypatch):
    """The names every final standings picture is drawn with."""
    seen: list[list[str]] = []
    final = render.render_final

    def spy(position, standings, *, names=None, **words):
        seen.append(list(names or []))
        return final(position, standings, names=names, **words)

    monkeypatch.setattr(render, "render_final", spy)
    return seen


def shown(calls: list[Call]) -> list[str]:
    """What people read: every message's content, Discord's escapes undone."""
    return [c.content.replace("\\", "") for c in calls if c.content]


async def two_mediums_then_resign(h: Harness) -> tuple[list[str], list[str]]:
    """Alice and two medium computers; the computers play first, then Alice resigns: (what the start posted, what
    the resignation posted)."""
    await h.command(ALICE, CHANNEL, "new", seats=3)
    await h.command(ALICE, CHANNEL, "addbot", level="medium")
    await h.command(ALICE, CHANNEL, "addbot", level="medium")
    started = await h.command(ALICE, CHANNEL, "start")
    assert (await h.service.channel_table(CHANNEL)).game.to_move == 0
    started += await h.command(ALICE, CHANNEL, "games")
    ended = await h.command(ALICE, CHANNEL, "resign")
    await h.bot.controller.idle()
    return shown(started), shown(h.fake.calls[h.fake.calls.index(ended[0]):])


async def test_two_medium_computers_are_named_by_their_dynasties_in_moves_and_standings(fake, database, finals):
    h = await Harness(fake, database, seed=seed_where_first(1, players=3)).start()
    try:
        started, ended = await two_mediums_then_resign(h)
        assert any(t.startswith("**Medium computer (Bull)** played") for t in started), started
        assert any(t.startswith("**Medium computer (Lion)** played") for t in started), started
        assert any("Alice, Medium computer (Bull), Medium computer (Lion)." in t for t in started), started  # games
        head = ended[0]
        assert "Medium computer (Bull) — score" in head and "Medium computer (Lion) — score" in head, head
        assert finals[-1][1:] == ["Medium computer (Bull)", "Medium computer (Lion)"]
        assert not any("computer 2" in t for t in started + ended)
    finally:
        await h.close()


async def test_a_german_server_names_them_in_german(fake, database, finals, monkeypatch):
    h = await Harness(fake, database, seed=seed_where_first(1, players=3)).start()
    try:
        speak(h, monkeypatch, "de", "en-US")
        started, ended = await two_mediums_then_resign(h)
        assert any(t.startswith("**Computer (mittel, Stier)**") for t in started), started
        assert any(t.startswith("**Computer (mittel, Löwe)**") for t in started), started
        assert "Computer (mittel, Stier)" in ended[0] and "Computer (mittel, Löwe)" in ended[0], ended[0]
        assert finals[-1][1:] == ["Computer (mittel, Stier)", "Computer (mittel, Löwe)"]
    finally:
        await h.close()


async def old_game_with_a_stored_review(h: Harness) -> int:
    """A finished game stored as older bots stored it ('Medium computer', 'Medium computer 2'), reviewed once; its
    stored review is then made to say what older reviews said: 'gives Medium computer 2 2 fewer points'."""
    players = [PlayerRow(0, ALICE.id, "Alice"), PlayerRow(1, 0, "Medium computer", "medium"),
               PlayerRow(2, 0, "Medium computer 2", "medium")]
    p = random_game(3, 4, stop=9)
    game_id = await store_game(h.service.storage, players, p.moves, snapshot=p.game.position(), seed=4,
                               end_reason="Alice (Archer) resigned", resigned=0)
    await h.command(ALICE, CHANNEL, "review", game=game_id)  # computed and stored
    store = ReviewsStore.of(h.service.storage)
    data = await store.get(game_id)
    assert data is not None
    move = next(m for m in data["moves"] if m["seat"] == 0)
    move.update(label="mistake", reason="Against tile red A1, tile blue B2 gives Medium computer 2 2 fewer points "
                                        "(2 treasures).",
                words=[["Against {played}, {best} {parts}.",
                        {"played": "tile red A1", "best": "tile blue B2",
                         "parts": [[FEWER, {"name": "Medium computer 2", "n": 2,
                                            "detail": {"each": [[TREASURES, {"n": 2}]]}}]]}]])
    for player in data["players"]:
        player["costliest"] = [move["index"]] if player["seat"] == 0 else []
    await store.replace(game_id, data)
    return game_id


async def test_a_review_names_each_computer_by_its_dynasty_even_one_stored_with_the_old_names(harness):
    h = harness
    game_id = await old_game_with_a_stored_review(h)
    texts = shown(await h.command(ALICE, CHANNEL, "review", game=game_id))
    summary = next(t for t in texts if t.startswith(f"**Review of game #{game_id}**"))
    assert "Alice, Medium computer (Bull), Medium computer (Lion)" in summary, summary
    assert any("tile blue B2 gives Medium computer (Lion) 2 fewer points (2 treasures)" in t for t in texts), texts
    assert not any("computer 2" in t for t in texts)


async def test_a_review_read_in_german_names_them_in_german(harness, monkeypatch):
    h = harness
    game_id = await old_game_with_a_stored_review(h)
    speak(h, monkeypatch, "de", "en-US")
    texts = shown(await h.command(ALICE, CHANNEL, "review", game=game_id))
    summary = next(t for t in texts if t.startswith("**"))
    assert "Computer (mittel, Stier), Computer (mittel, Löwe)" in summary, summary
    assert any("Computer (mittel, Löwe)" in t and "tile blue B2" in t for t in texts[1:]), texts
    assert not any("computer 2" in t or "Medium computer" in t for t in texts)
