"""Whole changes on both back ends (bot/storage/changes.py): a change, its announcement and its clock step are one
transaction, and what was stored comes back typed (no SQL text read by the caller)."""

from __future__ import annotations

import pytest

from bot.storage import DuplicateError, MoveRow, PlayerRow, StaleError, Storage
from bot.storage.changes import Away, ClockChange, Committed, End, Move, SeatMark, Start
from bot.storage.outbox import NewAnnouncement, OutboxStore
from bot.storage.rows import ClockRow

# The database matters here, so these run on SQLite and on PostgreSQL.
pytestmark = pytest.mark.both_databases

CHANNEL_ID = 77


@pytest.fixture
async def store(database):
    s = await Storage.open(database)
    yield s
    await s.close()


async def lobby(store: Storage) -> int:
    game_id = await store.create_game(guild_id=5, channel_id=CHANNEL_ID, host=PlayerRow(0, 1, "Alice"), seats=2,
                                      board="standard", scores="hidden", clock="1h")
    await store.set_lobby(game_id, 0, [PlayerRow(0, 1, "Alice"), PlayerRow(1, 2, "Bob")])
    return game_id


def told(game_id: int, content: str, **kw) -> NewAnnouncement:
    return NewAnnouncement(channel_id=CHANNEL_ID, kind="move", content=content, game_id=game_id, created_at=1.0, **kw)


async def test_a_start_stores_its_announcement_and_clock_and_says_what_it_stored(store):
    game_id = await lobby(store)
    clock = ClockRow(clock="1h", seat=0, turn=0, since=100.0, deadline=3700.0, due=1900.0)
    committed = await store.changes.write(Start(game_id, 1, 9, {"turn": 0}, clock), told(game_id, "go"))
    assert isinstance(committed, Committed)
    assert committed.clock == clock, "the clock as stored comes back"
    saved = await OutboxStore(store.db).get(committed.announced.id)
    assert saved is not None and saved.content == "go" and committed.announced.channel_id == CHANNEL_ID
    row = await store.get_game(game_id)
    assert row.status == "active" and row.rev == 2 and row.clock == clock


async def test_a_move_that_takes_the_seat_back_returns_the_stored_clock_and_clears_the_away_mark(store):
    game_id = await lobby(store)
    standin = ClockRow(clock="1h", seat=0, turn=0, since=100.0, deadline=200.0, stage=3, standin=True)
    await store.changes.write(Start(game_id, 1, 9, {"turn": 0}, standin))
    await store.changes.write(Away(game_id, 2, 0, True, None))
    assert (await store.get_game(game_id)).players[0].away
    committed = await store.changes.write(Move(
        game_id, 3, MoveRow(0, 0, 1, "pass", []), {"turn": 1}, False, None,
        ClockChange(taken_back=0, at=300.0, marks=(SeatMark(0, False),))))
    assert committed.announced is None, "no account, no announcement"
    assert committed.clock is not None and not committed.clock.standin and committed.clock.due is None
    row = await store.get_game(game_id)
    assert row.move_count == 1 and not row.players[0].away and row.clock == committed.clock


async def test_a_stale_change_stores_neither_itself_nor_its_announcement_nor_its_clock(store):
    game_id = await lobby(store)
    await store.changes.write(Start(game_id, 1, 9, {"turn": 0}, ClockRow(clock="1h", seat=0, turn=0)))
    before = await store.get_game(game_id)
    with pytest.raises(StaleError):
        await store.changes.write(Move(game_id, 1, MoveRow(0, 0, 1, "pass", []), {"turn": 1}, False, None,
                                       ClockChange(clock=ClockRow(clock="5m", seat=1, turn=1))),
                                  told(game_id, "too late"))
    assert await OutboxStore(store.db).of_game(game_id) == []
    assert await store.get_game(game_id) == before


async def test_one_interaction_makes_one_change(store):
    game_id = await lobby(store)
    await store.changes.write(Start(game_id, 1, 9, {"turn": 0}, ClockRow(seat=0, turn=0)),
                              told(game_id, "go", interaction_id=42))
    with pytest.raises(DuplicateError):
        await store.changes.write(Move(game_id, 2, MoveRow(0, 0, 1, "pass", []), {"turn": 1}, False, None,
                                       ClockChange()), told(game_id, "again", interaction_id=42))
    assert (await store.get_game(game_id)).move_count == 0


async def test_a_closing_for_a_gone_channel_gives_up_what_was_owed_there(store):
    game_id = await lobby(store)
    await store.changes.write(Start(game_id, 1, 9, {"turn": 0}, ClockRow(seat=0, turn=0)), told(game_id, "go"))
    await store.changes.write(End(game_id, 2, "abandoned", "its channel was deleted", gone_channel=CHANNEL_ID))
    (owed,) = await OutboxStore(store.db).of_game(game_id)
    assert owed.state == "failed" and owed.last_error == "its channel was deleted"
    assert (await store.get_game(game_id)).status == "abandoned"
