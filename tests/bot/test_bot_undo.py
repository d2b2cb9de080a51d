"""Undo through the engine's own rule and stored position: no replay from the seed, also after a restart."""

from __future__ import annotations

import pytest

from bot.service import tables
from tests.bot_harness import ALICE, BOB, CHANNEL, Harness, find_conflict, open_game, play_moves, response

USERS = [ALICE, BOB]


@pytest.fixture
def no_replay(monkeypatch):
    """Fails any rebuild of a game from its seed and moves: undo must not need one."""

    def replay(row, moves):
        raise AssertionError("the game was replayed from its seed")

    # The live tables rebuild a game only through bot.service.tables.replay (a stored snapshot needs none).
    monkeypatch.setattr(tables, "replay", replay)


async def first_tile(h: Harness, game_id: int) -> tuple[dict, str]:
    table = await h.service.load(game_id)
    before = table.game.position()
    move = next(m for m in table.game.legal_moves() if m.startswith("tile"))
    await h.command(USERS[table.game.to_move], CHANNEL, "move", action=move)
    return before, move


async def test_undo_needs_no_replay(harness, no_replay):
    game_id = await open_game(harness, USERS)
    before, move = await first_tile(harness, game_id)
    table = await harness.service.load(game_id)
    me = USERS[table.game.to_move]
    calls = await harness.command(me, CHANNEL, "undo")
    assert not response(calls).ephemeral and f"takes back `{move}`" in response(calls).content
    table = await harness.service.load(game_id)
    assert table.game.position() == before and table.row.move_count == 0


async def test_undo_after_a_restart_from_the_stored_snapshot(fake, tmp_path, no_replay):
    db = str(tmp_path / "tne.sqlite3")
    first = await Harness(fake, db, seed=4).start()
    game_id = await open_game(first, USERS)
    table = await first.service.load(game_id)
    me = USERS[table.game.to_move]
    before, move = await first_tile(first, game_id)
    second_move = next(m for m in (await first.service.load(game_id)).game.legal_moves() if m.startswith("leader"))
    await first.close()

    second = await Harness(fake, db).start()
    try:
        table = await second.service.load(game_id)
        assert table.row.snapshot is not None and table.row.move_count == 1
        calls = await second.command(me, CHANNEL, "undo")
        assert not response(calls).ephemeral and f"takes back `{move}`" in response(calls).content
        table = await second.service.load(game_id)
        assert table.game.position() == before
        assert await second.service.storage.moves(game_id) == []
        # The undone action may be replaced by another, and that one undone in turn.
        await second.command(me, CHANNEL, "move", action=second_move)
        calls = await second.command(me, CHANNEL, "undo")
        assert f"takes back `{second_move}`" in response(calls).content
        assert (await second.service.load(game_id)).game.position() == before
    finally:
        await second.close()


async def test_decisions_and_other_peoples_moves_cannot_be_undone(harness):
    game_id = await open_game(harness, USERS)
    table = await harness.service.load(game_id)
    moves = find_conflict(2, table.row.seed, "war")
    await play_moves(harness, USERS, game_id, moves)
    table = await harness.service.load(game_id)
    attacker = USERS[table.game.pending["attacker"]]
    defender = USERS[table.game.pending["defender"]]
    await harness.command(attacker, CHANNEL, "move", action="commit 0")
    for user, why in ((attacker, "cannot be undone"), (defender, "your own last action")):
        calls = await harness.command(user, CHANNEL, "undo")
        assert response(calls).ephemeral and why in response(calls).content, response(calls).content
    assert (await harness.service.load(game_id)).moves[-1].move == "commit 0"
