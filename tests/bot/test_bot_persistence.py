"""Restarts, storage, locking: a game survives a kill, its buttons keep working, two clicks never collide."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.discord_front.interactions import IN_CHANNEL
from bot.service.tables import replay
from tests.bot_harness import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    DAVE,
    Harness,
    announced,
    buttons,
    drive,
    find_conflict,
    last_message_with,
    open_game,
    play_moves,
    response,
)

# The database matters here, so these run on SQLite and on PostgreSQL.
pytestmark = pytest.mark.both_databases

USERS = [ALICE, BOB]


async def test_restart_in_the_middle_of_a_war(fake, database):
    db = database
    first = await Harness(fake, db, seed=3).start()
    game_id = await open_game(first, USERS)
    await play_moves(first, USERS, game_id, find_conflict(2, 3, "war"))
    before = await first.service.load(game_id)
    attacker = USERS[before.game.pending["attacker"]]
    mid, decide = last_message_with(fake, "decide")
    # The attacker opened the private panel, then the process died (no clean shutdown).
    panel = response(await first.press(attacker, mid, decide))

    second = await Harness(fake, db, seed=100).start()
    try:
        table = await second.service.load(game_id)
        assert table.game.position() == before.game.position()
        assert table.row.rev == before.row.rev
        # Buttons made before the restart still work: the private panel's and the public message's.
        calls = await second.press(attacker, panel.message_id, buttons(fake, panel.message_id)["Commit 0"])
        assert response(calls).payload["type"] == 7
        assert any(c.kind == "channel" and "played `commit 0`" in c.content for c in calls)
        defender = USERS[(await second.service.load(game_id)).game.pending["defender"]]
        mid2, decide2 = last_message_with(fake, "decide")
        panel2 = response(await second.press(defender, mid2, decide2))
        await second.press(defender, panel2.message_id, buttons(fake, panel2.message_id)["Commit 0"])
        after = await second.service.load(game_id)
        assert [m.move for m in after.moves[-2:]] == ["commit 0", "commit 0"]
        # The game plays on to its end after the restart.
        await drive(second, USERS, game_id, random.Random(1))
        assert (await second.service.load(game_id)).row.status == "over"
    finally:
        await second.close()
        await first.close()


async def test_two_concurrent_moves_in_one_game_apply_one_after_the_other(harness):
    game_id = await open_game(harness, USERS)
    table = await harness.service.load(game_id)
    me = USERS[table.game.to_move]
    other = USERS[1 - table.game.to_move]
    a, b = [m for m in table.game.legal_moves() if m.startswith("tile")][:2]
    calls = await harness.dispatch(harness.command_payload(me, CHANNEL, "move", action=a),
                                   harness.command_payload(me, CHANNEL, "move", action=b),
                                   harness.command_payload(other, CHANNEL, "move", action="pass"))
    answers = [c for c in calls if c.kind == "response"]
    assert len(answers) == 3
    table = await harness.service.load(game_id)
    # Applied in arrival order under the game's lock: by then the turn had passed to the other player.
    assert [m.move for m in table.moves] == [a, b, "pass"]
    # Each is announced once, in order: the first as its reply; a later one as its reply too, or (while the one
    # before is still owed to the channel) posted after it by the outbox, its sender told so privately.
    assert [c.content.split("`")[1] for c in announced(calls) if " played `" in c.content] == [a, b, "pass"]
    assert not answers[0].ephemeral
    assert all(not c.ephemeral or c.content == IN_CHANNEL for c in answers)
    # What is stored replays to what is in memory: no lost or doubled move.
    stored = await harness.service.storage.moves(game_id)
    assert replay(table.row, stored).position() == table.game.position()


async def test_two_games_in_two_channels_at_once(harness, fake):
    one = await open_game(harness, [ALICE, BOB], channel=1)
    two = await open_game(harness, [CAROL, DAVE], channel=2)
    assert one != two
    rng = random.Random(4)
    for _ in range(30):
        payloads = []
        for gid, channel, users in ((one, 1, [ALICE, BOB]), (two, 2, [CAROL, DAVE])):
            game = (await harness.service.load(gid)).game
            if not game.pending:
                payloads.append(harness.command_payload(users[game.to_move], channel, "move",
                                                        action=rng.choice(game.legal_moves())))
            else:
                payloads.append(harness.command_payload(users[game.to_move], channel, "move",
                                                        action=game.legal_moves()[0]))
        calls = await harness.dispatch(*payloads)
        # Nothing refused; the only private word is a swapper's, saying which tiles they swapped.
        assert not any(c.ephemeral and not c.content.startswith("You swapped") for c in calls)
    t1, t2 = await harness.service.load(one), await harness.service.load(two)
    assert len(t1.moves) == 30 and len(t2.moves) == 30
    assert {m.user_id for m in t1.moves} <= {ALICE.id, BOB.id}
    assert {m.user_id for m in t2.moves} <= {CAROL.id, DAVE.id}
    # Each channel's messages went to its own channel.
    for call in fake.calls:
        if call.kind == "response" and call.message_id:
            assert fake.messages[call.message_id]["channel_id"] in ("1", "2")


async def test_undo_rules(harness):
    game_id = await open_game(harness, USERS)
    table = await harness.service.load(game_id)
    me, other = USERS[table.game.to_move], USERS[1 - table.game.to_move]
    start = table.game.position()
    move = next(m for m in table.game.legal_moves() if m.startswith("tile"))
    await harness.command(me, CHANNEL, "move", action=move)
    calls = await harness.command(other, CHANNEL, "undo")
    assert response(calls).ephemeral and "your own last action" in response(calls).content
    calls = await harness.command(me, CHANNEL, "undo")
    assert not response(calls).ephemeral and f"takes back `{move}`" in response(calls).content
    table = await harness.service.load(game_id)
    assert table.game.position() == start and table.row.move_count == 0
    assert await harness.service.storage.moves(game_id) == []
    # The second action ends the turn and draws tiles: no undo after that.
    await harness.command(me, CHANNEL, "move", action=move)
    table = await harness.service.load(game_id)
    await harness.command(me, CHANNEL, "move", action=next(m for m in table.game.legal_moves()
                                                          if m.startswith("tile")))
    calls = await harness.command(me, CHANNEL, "undo")
    assert response(calls).ephemeral and "drew tiles or ended the turn" in response(calls).content


async def test_resigned_seat_plays_on_passively(harness, fake):
    users = [ALICE, BOB, CAROL]
    game_id = await open_game(harness, users)
    table = await harness.service.load(game_id)
    quitter = users[(table.game.to_move + 1) % 3]
    calls = await harness.command(quitter, CHANNEL, "resign")
    assert "resigns" in response(calls).content
    # Play until the resigned seat has had a turn: it passes by itself.
    for _ in range(6):
        table = await harness.service.load(game_id)
        game = table.game
        await harness.command(users[game.to_move], CHANNEL, "move", action=game.legal_moves()[0])
    table = await harness.service.load(game_id)
    seat = users.index(quitter)
    assert any(m.seat == seat and m.move == "pass" and m.user_id is None for m in table.moves)
    assert any(c.kind == "channel" and "played `pass`" in c.content for c in fake.calls)


async def test_lock_orders_changes_to_one_game(harness):
    game_id = await open_game(harness, USERS)
    lock = harness.service.lock(game_id)
    assert lock is harness.service.lock(game_id)
    table = await harness.service.load(game_id)
    me = USERS[table.game.to_move]
    async with lock:
        task = asyncio.ensure_future(harness.command(me, CHANNEL, "move", action="pass"))
        await asyncio.sleep(0.05)
        assert (await harness.service.load(game_id)).row.move_count == 0
    await task
    assert (await harness.service.load(game_id)).row.move_count == 1


async def test_racing_loads_share_one_table(fake, database):
    db = database
    first = await Harness(fake, db).start()
    game_id = await open_game(first, USERS)
    await first.close()
    second = await Harness(fake, db).start()
    try:
        second.service.held.clear()  # as if never loaded (start-up loads active games to resume computers)
        a, b = await asyncio.gather(second.service.load(game_id), second.service.load(game_id))
        assert a is b
    finally:
        await second.close()


async def test_pictures_wait_briefly_for_first_answers():
    """Waiters wake on the event when the last owed interaction is answered (no polling), and never wait past
    MAX_WAIT for one that is never answered."""
    from types import SimpleNamespace

    from bot.discord_front.interactions import FirstAnswers

    answers = FirstAnswers()
    answers.MAX_WAIT = 600.0
    await asyncio.wait_for(answers.wait(), 5)  # nothing owed: returns at once
    one, two = SimpleNamespace(id=1), SimpleNamespace(id=2)
    answers.begin(one)
    answers.begin(two)
    waiters = [asyncio.create_task(answers.wait()) for _ in range(50)]
    await asyncio.sleep(0)
    answers.answered(one)
    await asyncio.sleep(0)
    assert not any(w.done() for w in waiters), "one interaction is still owed its first answer"
    answers.end(two)
    await asyncio.wait_for(asyncio.gather(*waiters), 5)  # woken by the last answer, long before MAX_WAIT ran out
    answers.MAX_WAIT = 0.05
    answers.begin(one)
    await asyncio.wait_for(answers.wait(), 5)  # never answered: gives up after MAX_WAIT, pictures never starve
    assert answers._owed == {1}
