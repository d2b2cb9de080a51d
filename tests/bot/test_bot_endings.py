"""Every ending is announced like a normal end: the winner, the final standings (resigned seats last) and the
final standings picture, then the ratings; an abandoned game shows where it stopped, claiming no winner."""

from __future__ import annotations

import pytest

import render
from engine import Game
from tests.bot_harness import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    Harness,
    announced,
    open_game,
    pictured,
    response,
    seed_where_first,
)


@pytest.fixture
def finals(monkeypatch):
    """Every final standings picture drawn: (standings, names)."""
    seen: list[tuple[list[dict], list[str]]] = []
    final = render.render_final

    def spy(position, standings, *, names=None, **words):
        seen.append((standings, names))
        return final(position, standings, names=names, **words)

    monkeypatch.setattr(render, "render_final", spy)
    return seen


def scoring_turn(game: Game) -> list[str]:
    """Two actions for the player to move that score them a point: a leader, then a tile in its kingdom."""
    seat = game.to_move
    for leader in (m for m in game.legal_moves() if m.startswith("leader")):
        after = game.copy()
        after.play(leader)
        for tile in (m for m in after.legal_moves() if m.startswith("tile")):
            trial = after.copy()
            trial.play(tile)
            if sum(trial.position()["players"][seat]["points"].values()) > 0:
                return [leader, tile]
    raise AssertionError("no scoring turn")


def public_texts(calls) -> list[str]:
    return [c.content for c in announced(calls) if c.content]


async def test_a_resignation_announces_the_winner_and_the_final_standings_picture(fake, database, finals):
    # Bob plays first and scores a point, so the rules' standings put him ahead: resigning, he is last all the same.
    h = await Harness(fake, database, seed=seed_where_first(1)).start()
    try:
        game_id = await open_game(h, [ALICE, BOB])
        for move in scoring_turn((await h.service.load(game_id)).game):
            assert not response(await h.command(BOB, CHANNEL, "move", action=move)).ephemeral
        ahead = {s["seat"]: s["place"] for s in (await h.service.load(game_id)).game.standings()}
        assert ahead == {0: 2, 1: 1}
        calls = await h.command(BOB, CHANNEL, "resign")
        await h.bot.controller.idle()
        calls = h.fake.calls[h.fake.calls.index(calls[0]):]
        texts = public_texts(calls)
        head = texts[0]
        assert head.startswith("Bob (Bull) resigns. **The game is over** (Bob (Bull) resigned). "
                               "**Alice (Archer) wins!**"), head
        assert "Final standings:\n1. Alice (Archer) — score **0**" in head
        assert "\n2. Bob (Bull) — score **0**" in head and head.endswith("— resigned")
        assert pictured(calls, response(calls).message_id), "the final standings picture follows"
        standings, names = finals[-1]
        assert {s["seat"]: s["place"] for s in standings} == {0: 1, 1: 2}
        assert names == ["Alice", "Bob (resigned)"]
        # One turn each is too short to rate (bot/records/ratings.py MIN_TURNS): the channel is told so, after the
        # result.
        assert texts[1].startswith(f"**Game #{game_id} is not rated.** Too short to be rated"), texts[1]
        # /tne status and /tne board of the ended game tell the same result.
        status = response(await h.command(CAROL, CHANNEL, "status"))
        assert "**Alice (Archer) wins!**" in status.content and "2. Bob (Bull)" in status.content
        drawn = len(finals)
        await h.command(CAROL, CHANNEL, "board")
        assert len(finals) == drawn + 1 and finals[-1][1] == ["Alice", "Bob (resigned)"]
    finally:
        await h.close()


async def test_resigning_to_leave_only_computers_ends_like_a_normal_end(fake, database, finals):
    h = await Harness(fake, database, seed=seed_where_first(0, players=3)).start()
    try:
        await h.command(ALICE, CHANNEL, "new", seats=3)
        await h.command(ALICE, CHANNEL, "addbot", level="easy")
        await h.command(ALICE, CHANNEL, "addbot", level="easy")
        await h.command(ALICE, CHANNEL, "start")
        await h.command(ALICE, CHANNEL, "move", action="pass")  # a game with no move is not rated
        calls = await h.command(ALICE, CHANNEL, "resign")
        await h.bot.controller.idle()
        calls = h.fake.calls[h.fake.calls.index(calls[0]):]
        head = public_texts(calls)[0]
        assert "only computers were left" in head
        # Nobody has scored: the two computers share the win, the person who resigned comes last.
        assert "**Shared win: Easy computer (Bull) and Easy computer (Lion).**" in head, head
        assert "\n3. Alice (Archer) — score **0**" in head and head.endswith("— resigned")
        assert pictured(calls, response(calls).message_id)
        standings, names = finals[-1]
        assert {s["seat"]: s["place"] for s in standings} == {0: 3, 1: 1, 2: 1}
        assert names[0] == "Alice (resigned)"
        # One turn is too short to rate (bot/records/ratings.py MIN_TURNS), and the channel is told so.
        assert any(" is not rated.** Too short to be rated" in t for t in public_texts(calls))
    finally:
        await h.close()


async def test_an_abandoned_game_shows_where_it_stopped_and_claims_no_winner(harness, fake, finals):
    game_id = await open_game(harness, [ALICE, BOB])
    calls = await harness.command(ALICE, CHANNEL, "abandon")
    await harness.bot.controller.idle()
    calls = fake.calls[fake.calls.index(calls[0]):]
    (text,) = public_texts(calls)
    assert text.startswith(f"Game #{game_id} was abandoned by Alice.\n**The game is over** (it was abandoned): "
                           "no result, nobody wins and nothing is rated.\nStandings when it stopped (not a result):")
    assert "1. Alice (Archer) — score **0**" in text and "1. Bob (Bull) — score **0**" in text
    assert "wins!" not in text and "Shared win" not in text
    assert not pictured(calls, response(calls).message_id) and not finals, "no picture names a winner"


async def test_resigning_a_game_one_does_not_play_is_refused_and_changes_nothing(harness, fake):
    game_id = await open_game(harness, [ALICE, BOB])
    calls = await harness.command(CAROL, CHANNEL, "resign")
    assert response(calls).ephemeral and "You are not playing in this game" in response(calls).content
    assert not public_texts(calls)
    table = await harness.service.load(game_id)
    assert table.row.status == "active" and not any(p.resigned for p in table.players)
