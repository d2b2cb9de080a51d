"""Computer players: /tne addbot seats one, its moves are posted like anyone's, its thinking blocks nobody."""

from __future__ import annotations

import asyncio
import random
import threading

import pytest

import engine.ai
from tests.bot_harness import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    Call,
    Harness,
    last_message_with,
    open_game,
    pictured,
    response,
    seed_where_first,
)


@pytest.mark.fuzz
async def test_addbot_seats_a_computer_that_plays_to_the_end(fake, database):
    h = await Harness(fake, database, seed=seed_where_first(1)).start()
    try:
        await h.command(ALICE, CHANNEL, "new", seats=2)
        calls = await h.command(BOB, CHANNEL, "addbot", level="easy")
        assert response(calls).ephemeral and "Only the host" in response(calls).content
        calls = await h.command(ALICE, CHANNEL, "addbot", level="easy")
        assert not response(calls).ephemeral and "Easy computer" in response(calls).content
        calls = await h.command(ALICE, CHANNEL, "addbot", level="easy")
        assert "full" in response(calls).content
        calls = await h.command(ALICE, CHANNEL, "start")
        table = await h.service.channel_table(CHANNEL)
        # The computer was drawn to play first: its two actions were posted in the channel with the board.
        bot_posts = [c for c in calls if c.kind == "channel"]
        assert len(bot_posts) >= 2 and all(pictured(calls, c.message_id) for c in bot_posts)
        assert "Easy computer (Bull)** played" in bot_posts[0].content
        assert f"<@{ALICE.id}>" in bot_posts[-1].content
        game_id = table.id
        rng = random.Random(2)
        for _ in range(1000):
            table = await h.service.load(game_id)
            game = table.game
            if game.over:
                break
            assert game.to_move == 0, "the computer always answers before the human's next turn"
            if game.pending:
                mid, decide = last_message_with(fake, "decide")
                panel = response(await h.press(ALICE, mid, decide))
                choice = rng.choice([c for c in panel.custom_ids() if ":play:" in c])
                await h.press(ALICE, panel.message_id, choice)
            else:
                await h.command(ALICE, CHANNEL, "move", action=rng.choice(game.legal_moves()))
        table = await h.service.load(game_id)
        assert table.game.over and table.row.status == "over"
        assert any(m.seat == 1 and m.user_id is None for m in table.moves)
        assert any("Final standings" in c.content for c in fake.public_calls())
    finally:
        await h.close()


async def test_computer_thinking_never_delays_other_games(fake, database, monkeypatch):
    real = engine.ai.choose_move
    thinking, finish = threading.Event(), threading.Event()

    def slow(view, seat, level, *, seed=0, budget=None, announced=None):
        thinking.set()
        finish.wait(timeout=20)  # a long think in the worker thread: it ends when the test says so
        return real(view, seat, level, seed=seed, budget=budget, announced=announced)

    monkeypatch.setattr(engine.ai, "choose_move", slow)
    h = await Harness(fake, database, seed=seed_where_first(1)).start()
    try:
        await open_game(h, [BOB, CAROL], channel=2)
        await h.command(ALICE, CHANNEL, "new", seats=2)
        await h.command(ALICE, CHANNEL, "addbot", level="easy")
        before = asyncio.all_tasks()
        h.bot._connection.parse_interaction_create(h.command_payload(ALICE, CHANNEL, "start"))
        for _ in range(1000):
            if thinking.is_set():
                break
            await asyncio.sleep(0.01)
        assert thinking.is_set(), "the computer never started thinking"
        status = h.command_payload(BOB, 2, "status")
        answered: list[tuple[Call, bool]] = []
        fake.on_call = lambda call: answered.append((call, finish.is_set())) if call.kind == "response" else None
        h.bot._connection.parse_interaction_create(status)
        for _ in range(1000):  # the loop keeps turning while the computer thinks; a blocked loop never answers
            if answered:
                break
            await asyncio.sleep(0.01)
        assert answered, "nobody answered Bob while the computer was thinking"
        call, after_the_think = answered[0]
        assert call.interaction_id == int(status["id"]) and call.ephemeral and "Game #" in call.content
        assert not after_the_think and not (await h.service.channel_table(CHANNEL)).moves, \
            "Bob was answered before the computer finished thinking"
        fake.on_call = None
        finish.set()
        await h.settle(before)
        assert len((await h.service.channel_table(CHANNEL)).moves) >= 2
    finally:
        finish.set()
        await h.close()


async def test_worker_processes_draw_and_think(fake, database):
    """As the bot runs in production: pictures and computer moves in worker processes."""
    h = await Harness(fake, database, seed=seed_where_first(1), render_processes=1,
                      ai_processes=1).start()
    try:
        await h.command(ALICE, CHANNEL, "new", seats=2)
        await h.command(ALICE, CHANNEL, "addbot", level="medium")
        calls = await h.command(ALICE, CHANNEL, "start")
        posts = [c for c in calls if c.kind == "channel"]
        assert len(posts) >= 2
        assert all(pictured(calls, c.message_id) for c in posts)
        table = await h.service.channel_table(CHANNEL)
        assert table.game.to_move == 0 and all(m.seat == 1 for m in table.moves)
    finally:
        await h.close()


async def test_the_game_ends_when_the_last_person_resigns_among_computers(fake, database):
    h = await Harness(fake, database, seed=seed_where_first(0, players=3)).start()
    try:
        await h.command(ALICE, CHANNEL, "new", seats=3)
        await h.command(ALICE, CHANNEL, "addbot", level="easy")
        await h.command(ALICE, CHANNEL, "addbot", level="easy")
        await h.command(ALICE, CHANNEL, "start")
        table = await h.service.channel_table(CHANNEL)
        calls = await h.command(ALICE, CHANNEL, "resign")
        assert "only computers were left" in response(calls).content
        table = await h.service.load(table.id)
        assert table.row.status == "over"
        moves = len(table.moves)
        await asyncio.sleep(0.05)
        assert len((await h.service.load(table.id)).moves) == moves, "no computer plays on"
    finally:
        await h.close()


async def test_a_resigned_person_leaves_the_others_playing(fake, database):
    h = await Harness(fake, database, seed=seed_where_first(2, players=3)).start()
    try:
        await h.command(ALICE, CHANNEL, "new", seats=3)
        await h.command(BOB, CHANNEL, "join")
        await h.command(ALICE, CHANNEL, "addbot", level="easy")
        await h.command(ALICE, CHANNEL, "start")
        calls = await h.command(BOB, CHANNEL, "resign")
        table = await h.service.channel_table(CHANNEL)
        assert table.row.status == "active" and table.players[1].resigned
        assert "resigns" in response(calls).content
    finally:
        await h.close()
