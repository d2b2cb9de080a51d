"""Whole games through the real command tree and buttons, with the REST layer faked (tests/bot_harness.py)."""

from __future__ import annotations

import random
import re

import pytest

import render
from bot.service.tables import replay
from engine import public_move
from tests.bot_harness import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    Call,
    FakeDiscord,
    Harness,
    assert_nothing_private,
    drive,
    last_message_with,
    open_game,
    response,
)

# The database matters here, so these run on SQLite and on PostgreSQL.
pytestmark = pytest.mark.both_databases

MENTION = re.compile(r"<@!?&?([^>]*)>")


def mentioned(call: Call) -> set[str]:
    """Every user, role or other `<@...>` mention written in the message's content."""
    return set(MENTION.findall(call.content))


def pinged(call: Call) -> set[int]:
    """The users Discord notifies for this new message: its content's mentions that allowed_mentions lets through."""
    users = {int(m) for m in re.findall(r"<@!?(\d+)>", call.content)}
    allowed = call.data.get("allowed_mentions")
    if allowed is None:  # Discord's default: every mention in the content notifies
        assert "@everyone" not in call.content and "@here" not in call.content, call.content
        return users
    assert not {"everyone", "roles"} & set(allowed.get("parse") or []), allowed
    if "users" in (allowed.get("parse") or []):
        return users
    return users & {int(u) for u in allowed.get("users") or []}


def new_public_messages(fake: FakeDiscord) -> list[Call]:
    """The messages the channel received, in order (edits notify nobody, so they are left out)."""
    return [c for c in fake.calls if not c.ephemeral and (c.kind in ("channel", "followup")
                                                          or (c.kind == "response" and c.payload.get("type") == 4))]


async def assert_each_message_pings_who_acts_next(h: Harness, game_id: int) -> int:
    """Every move's public account (and the opening message) pings exactly the person who must act next when it is
    a new turn or decision for them (issue 33: once, not again for their second action), by content and
    allowed_mentions, unless they are the person who just acted (issue 37); nobody when a computer acts next or the
    game is over. Returns the moves checked."""
    table = await h.service.load(game_id)
    moves = await h.service.storage.moves(game_id)
    people = {p.seat: p.user_id for p in table.players if not p.is_bot}
    game = replay(table.row, [])

    def asked() -> tuple:
        return (game.to_move, game.pending["kind"] if game.pending else None)

    def next_person(new: bool = True) -> set[int]:
        return {people[game.to_move]} if new and not game.over and game.to_move in people else set()

    messages = new_public_messages(h.fake)
    (opening,) = [c for c in messages if "The game begins" in c.content]
    # A message never pings the person whose action it answers (issue 37): the host for the opening, the mover.
    host = next_person() - {table.row.host_id}
    assert pinged(opening) == host and mentioned(opening) == {str(u) for u in host}
    accounts = [c for c in messages if " played `" in c.content]
    assert len(accounts) == len(moves)
    for m, call in zip(moves, accounts, strict=True):
        assert f"played `{public_move(m.move)}`" in call.content  # a swap's colours are not the table's to see
        before = asked()
        events = game.play(m.move, seat=m.seat)
        new_turn = any(e.get("type") == "turn" for e in events)
        expected = next_person(new_turn or (game.pending is not None and asked() != before)) - {m.user_id}
        assert pinged(call) == expected, (m.n, call.content)
        assert mentioned(call) == {str(u) for u in expected}, (m.n, call.content)
    for call in messages:
        if call is not opening and call not in accounts:  # the lobby's messages
            assert pinged(call) == set(), call.content
    assert game.over
    return len(moves)


@pytest.mark.fuzz
@pytest.mark.parametrize(("users", "seed"), [([ALICE, BOB], 5), ([ALICE, BOB, CAROL], 9)])
async def test_whole_game_to_the_final_standings(fake, database, drawn, users, seed):
    h = await Harness(fake, database, seed=seed).start()
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
        assert replay(table.row, moves).position() == table.game.position()
        assert_nothing_private(fake, drawn)
        assert any(v.get("over") for v in drawn), "the final picture is drawn"
        assert await assert_each_message_pings_who_acts_next(h, game_id) == len(moves)
    finally:
        await h.close()


async def test_computer_seats_are_never_pinged(fake, database):
    h = await Harness(fake, database, seed=3).start()
    try:
        await h.command(ALICE, CHANNEL, "new", seats=3)
        await h.command(BOB, CHANNEL, "join")
        await h.command(ALICE, CHANNEL, "addbot", level="easy")
        await h.command(ALICE, CHANNEL, "start")
        table = await h.service.channel_table(CHANNEL)
        assert [p.is_bot for p in table.players] == [False, False, True]
        rng = random.Random(3)
        for _ in range(1000):  # the people play; the computer answers before either is asked again
            game = (await h.service.load(table.id)).game
            if game.over:
                break
            user = [ALICE, BOB][game.to_move]
            if game.pending:
                mid, decide = last_message_with(fake, "decide")
                panel = response(await h.press(user, mid, decide))
                await h.press(user, panel.message_id, rng.choice([c for c in panel.custom_ids() if ":play:" in c]))
            else:
                await h.command(user, CHANNEL, "move", action=rng.choice(game.legal_moves()))
        moves = await h.service.storage.moves(table.id)
        assert {m.seat for m in moves} == {0, 1, 2}, "the computer played too"
        assert await assert_each_message_pings_who_acts_next(h, table.id) == len(moves)
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
    expected = {nxt.id} if nxt != user else set()  # their own second action: named, not pinged (issue 33)
    assert pinged(first) == expected and mentioned(first) == {str(u) for u in expected}
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
    square = offered[0].split()[-1]
    assert f"tile red {square}" in await harness.autocomplete(me, CHANNEL, f"red {square.lower()}")
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
    assert edit not in fake.public_calls() and first not in fake.public_calls()
    # A spectator has no hand.
    calls = await harness.command(CAROL, CHANNEL, "hand")
    assert response(calls).ephemeral and "not playing" in response(calls).content


async def test_read_only_commands_for_spectators(harness, fake):
    await open_game(harness, [ALICE, BOB])
    for sub, options in (("status", {}), ("log", {}), ("help", {"topic": "rules"}), ("help", {})):
        call = response(await harness.command(CAROL, CHANNEL, sub, **options))
        assert call.ephemeral and call.content
    status = response(await harness.command(CAROL, CHANNEL, "status")).content
    assert "Treasures left on the board: " in status and "points hidden" in status
    calls = await harness.command(CAROL, CHANNEL, "board")
    assert not response(calls).ephemeral
    assert pinged(response(calls)) == set()
    assert any(c.files for c in calls)


async def test_open_scores_show_points_in_status(harness):
    await open_game(harness, [ALICE, BOB], scores="open")
    status = response(await harness.command(CAROL, CHANNEL, "status")).content
    assert "points hidden" not in status and "💎0" in status


async def test_a_failed_picture_never_loses_the_move(harness, fake, monkeypatch):
    game_id = await open_game(harness, [ALICE, BOB])

    def broken(view, *, names=None, **words):
        raise RuntimeError("no ink")

    monkeypatch.setattr(render, "render_board", broken)
    table = await harness.service.load(game_id)
    user = [ALICE, BOB][table.game.to_move]
    calls = await harness.command(user, CHANNEL, "move", action="pass")
    assert not response(calls).ephemeral and "played `pass`" in response(calls).content
    assert not any(c.ephemeral for c in calls)
    assert (await harness.service.load(game_id)).row.move_count == 1
