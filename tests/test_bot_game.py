"""Whole games through the real command tree and buttons, with the REST layer faked (tests/bot_harness.py)."""

from __future__ import annotations

import random

import pytest

import render
from tests.bot_harness import (
    FakeDiscord,
    Harness,
    User,
    ensure_render,
    last_message_with,
    response,
)

CHANNEL = 4242
ALICE, BOB, CAROL = User(1001, "Alice"), User(1002, "Bob"), User(1003, "Carol")
PRIVATE_MARKERS = ("Your hand", "Tiles:", "Your points", "You hold")


@pytest.fixture
def fake():
    ensure_render()
    f = FakeDiscord()
    f.install()
    yield f
    f.uninstall()


@pytest.fixture
def drawn(monkeypatch):
    """Every view a public picture was drawn from; checks that none holds a hand or hidden points."""
    seen: list[dict] = []
    board, final = render.render_board, render.render_final

    def spy_board(view, *, names=None):
        seen.append(view)
        return board(view, names=names)

    def spy_final(position, standings, *, names=None):
        seen.append(position)
        return final(position, standings, names=names)

    monkeypatch.setattr(render, "render_board", spy_board)
    monkeypatch.setattr(render, "render_final", spy_final)
    return seen


@pytest.fixture
async def harness(fake, tmp_path):
    h = await Harness(fake, str(tmp_path / "tne.sqlite3"), seed=11).start()
    yield h
    await h.close()


def assert_nothing_private(fake: FakeDiscord, views: list[dict], *, scores: str = "hidden") -> None:
    for call in fake.public_calls():
        for marker in PRIVATE_MARKERS:
            assert marker not in call.content, call.content
    for view in views:
        for p in view["players"]:
            assert p.get("hand") is None
            if scores == "hidden" and not view.get("over"):
                assert p.get("points") is None
        assert view.get("bag") is None and view.get("seed") is None


async def open_game(h: Harness, users: list[User], channel: int = CHANNEL, **options) -> int:
    """/tne new by the first user, Join buttons for the others, Start by the host."""
    calls = await h.command(users[0], channel, "new", seats=len(users), **options)
    lobby = response(calls).message_id
    for u in users[1:]:
        _, join = last_message_with(h.fake, "join")
        calls = await h.press(u, lobby, join)
        assert not response(calls).ephemeral
    _, start = last_message_with(h.fake, "start")
    await h.press(users[0], lobby, start)
    table = await h.service.channel_table(channel)
    assert table.row.status == "active"
    return table.id


async def drive(h: Harness, users: list[User], game_id: int, rng: random.Random, *, channel: int = CHANNEL,
                limit: int = 3000) -> None:
    """Play to the end: actions through /tne move, decisions through the public and private buttons."""
    for _ in range(limit):
        table = await h.service.load(game_id)
        game = table.game
        if game.over or table.row.status != "active":
            return
        seat = game.to_move
        user = users[seat]
        before = table.row.move_count
        if game.pending:
            mid, decide = last_message_with(h.fake, "decide")
            calls = await h.press(user, mid, decide)
            panel = response(calls)
            assert panel.ephemeral
            choices = [c for c in panel.custom_ids() if ":play:" in c]
            assert len(choices) == min(25, len(game.legal_moves()))
            calls = await h.press(user, panel.message_id, rng.choice(choices))
        else:
            moves = game.legal_moves()
            # Mostly placements, so games end by treasures as well as by the bag.
            calls = await h.command(user, channel, "move", action=rng.choice(moves))
        assert not [c for c in calls if c.ephemeral and c.kind == "response" and "played" not in c.content], \
            [c.content for c in calls]
        assert (await h.service.load(game_id)).row.move_count == before + 1
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("users", "seed"), [([ALICE, BOB], 5), ([ALICE, BOB, CAROL], 9)])
async def test_whole_game_to_the_final_standings(fake, tmp_path, drawn, users, seed):
    h = await Harness(fake, str(tmp_path / "tne.sqlite3"), seed=seed).start()
    try:
        game_id = await open_game(h, users)
        await drive(h, users, game_id, random.Random(seed))
        table = await h.service.load(game_id)
        assert table.row.status == "over" and table.game.over
        final = [c for c in fake.public_calls() if "Final standings" in c.content]
        assert len(final) == 1
        for s in table.game.standings():
            assert f"{s['place']}. {table.label(s['seat'])} — score **{s['score']}**" in final[0].content
        # The game is stored as seed + moves: replaying them gives the same final position.
        moves = await h.service.storage.moves(game_id)
        assert h.service._replay(table.row, moves).position() == table.game.position()
        assert_nothing_private(fake, drawn)
        assert any(v.get("over") for v in drawn), "the final picture is drawn"
    finally:
        await h.close()


async def test_every_action_pings_who_must_act_and_posts_the_board(harness, fake, drawn):
    game_id = await open_game(harness, [ALICE, BOB])
    table = await harness.service.load(game_id)
    seat = table.game.to_move
    user = [ALICE, BOB][seat]
    move = table.game.legal_moves()[0]
    calls = await harness.command(user, CHANNEL, "move", action=move)
    first = response(calls)
    assert not first.ephemeral
    assert f"played `{move}`" in first.content
    table = await harness.service.load(game_id)
    nxt = [ALICE, BOB][table.game.to_move]
    assert f"<@{nxt.id}>" in first.content
    assert first.data["allowed_mentions"]["parse"] == [] or "users" in first.data["allowed_mentions"]["parse"]
    edit = next(c for c in calls if c.kind == "original_edit")
    assert edit.files and edit.files[0][1].startswith(b"\x89PNG")
    assert_nothing_private(fake, drawn)


async def test_autocomplete_offers_only_my_legal_moves(harness):
    game_id = await open_game(harness, [ALICE, BOB])
    table = await harness.service.load(game_id)
    me = [ALICE, BOB][table.game.to_move]
    other = [ALICE, BOB][1 - table.game.to_move]
    offered = await harness.autocomplete(me, CHANNEL, "tile red")
    legal = set(table.game.legal_moves())
    assert 0 < len(offered) <= 25
    assert all(m in legal and m.startswith("tile red") for m in offered)
    assert await harness.autocomplete(me, CHANNEL, "pa") == ["pass"]
    assert await harness.autocomplete(other, CHANNEL, "") == []
    assert await harness.autocomplete(me, 999, "") == []


async def test_hand_is_private_with_picture_and_buttons(harness, fake):
    game_id = await open_game(harness, [ALICE, BOB])
    table = await harness.service.load(game_id)
    me = [ALICE, BOB][table.game.to_move]
    calls = await harness.command(me, CHANNEL, "hand")
    first = response(calls)
    assert first.ephemeral and "Your hand" in first.content
    hand = table.game.view(table.game.to_move)["players"][table.game.to_move]["hand"]
    assert f"red ×{hand['red']}" in first.content
    assert any(":play:pass" in c for c in first.custom_ids())
    edit = next(c for c in calls if c.kind == "original_edit")
    assert edit.files
    assert fake.messages[first.message_id]["flags"] & 64
    # A spectator has no hand.
    calls = await harness.command(CAROL, CHANNEL, "hand")
    assert response(calls).ephemeral and "not playing" in response(calls).content


async def test_read_only_commands_for_spectators(harness, fake):
    await open_game(harness, [ALICE, BOB])
    for sub in ("status", "log", "rules", "help"):
        call = response(await harness.command(CAROL, CHANNEL, sub))
        assert call.ephemeral and call.content
    status = response(await harness.command(CAROL, CHANNEL, "status")).content
    assert "Treasures left on the board: " in status and "points hidden" in status
    calls = await harness.command(CAROL, CHANNEL, "board")
    assert not response(calls).ephemeral
    assert "<@" not in response(calls).content or response(calls).data["allowed_mentions"]["parse"] == []
    assert any(c.files for c in calls)


async def test_open_scores_show_points_in_status(harness):
    await open_game(harness, [ALICE, BOB], scores="open")
    status = response(await harness.command(CAROL, CHANNEL, "status")).content
    assert "points hidden" not in status and "💎0" in status
