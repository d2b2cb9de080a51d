"""The outbox and lease queries on both back ends: an announcement stored with its change, delivered once,
held for the interaction's reply only when nothing earlier is owed, and leases that exactly one process holds."""

from __future__ import annotations

import asyncio

import pytest

from bot.storage import DuplicateError, MoveRow, PlayerRow, StaleError, Storage
from bot.storage.leases import CHANNEL, SEATS, Leases
from bot.storage.outbox import (
    PICTURE_DONE,
    PICTURE_PENDING,
    POSTED,
    REPLY,
    SENT,
    NewAnnouncement,
    OutboxStore,
    insert_statement,
    stored,
)

# The database matters here, so these run on SQLite and on PostgreSQL.
pytestmark = pytest.mark.both_databases

SNOWFLAKE = 1_234_567_890_123_456_789
CHANNEL_ID = SNOWFLAKE + 10


async def started_game(store: Storage) -> int:
    game_id = await store.create_game(guild_id=SNOWFLAKE, channel_id=CHANNEL_ID, host=PlayerRow(0, 1, "Alice"),
                                      seats=2, board="standard", scores="hidden")
    await store.set_lobby(game_id, 0, [PlayerRow(0, 1, "Alice"), PlayerRow(1, 2, "Bob")])
    await store.start_game(game_id, 1, 5, {"turn": 0})
    return game_id


def notice(n: int, **kw) -> NewAnnouncement:
    fields = {"channel_id": CHANNEL_ID, "kind": "move", "content": f"move {n}", "guild_id": SNOWFLAKE,
              "pings": [SNOWFLAKE + n], "buttons": [{"custom_id": f"tne:1:{n}:hand", "label": "My hand"}],
              "picture": {"kind": "board", "view": {"n": n}}, "created_at": 1000.0 + n} | kw
    return NewAnnouncement(**fields)


@pytest.fixture
async def store(database):
    s = await Storage.open(database)
    yield s
    await s.close()


async def test_an_announcement_is_stored_with_its_move_or_not_at_all(store):
    outbox = OutboxStore(store.db)
    game_id = await started_game(store)
    first = notice(0, game_id=game_id, rev=3, interaction_id=SNOWFLAKE + 100)
    (result,) = await store.add_move(game_id, 2, MoveRow(0, 0, 1, "pass", []), {"turn": 1}, over=False,
                                     also=[insert_statement(first)])
    made = stored(result, CHANNEL_ID)
    saved = await outbox.get(made.id)
    assert saved is not None and saved.content == "move 0" and saved.pings == [SNOWFLAKE]
    assert saved.buttons == first.buttons and saved.picture == {"kind": "board", "view": {"n": 0}}
    assert saved.state == "pending" and saved.interaction_id == SNOWFLAKE + 100 and not made.reply
    # A stale move writes neither the move nor its announcement.
    with pytest.raises(StaleError):
        await store.add_move(game_id, 2, MoveRow(1, 1, 2, "pass", []), {"turn": 2}, over=False,
                             also=[insert_statement(notice(1, game_id=game_id))])
    assert [a.id for a in await outbox.of_game(game_id)] == [made.id]
    # The same interaction cannot make a second change: the whole second move is refused.
    with pytest.raises(DuplicateError):
        await store.add_move(game_id, 3, MoveRow(1, 1, 2, "pass", []), {"turn": 2}, over=False,
                             also=[insert_statement(notice(1, game_id=game_id, interaction_id=SNOWFLAKE + 100))])
    assert len(await store.moves(game_id)) == 1 and (await store.get_game(game_id)).rev == 3
    assert (await outbox.by_interaction(SNOWFLAKE + 100)).id == made.id


async def test_the_reply_may_deliver_only_when_nothing_earlier_is_owed(store):
    outbox = OutboxStore(store.db)
    asked = {"reply_token": "secret-token", "reply_until": 2000.0}
    first = await outbox.add(notice(0, **asked))
    assert first.reply
    second = await outbox.add(notice(1, **asked))  # the first is still undelivered: this one must wait its turn
    assert not second.reply
    saved = await outbox.get(second.id)
    assert saved.hold_until == 0 and saved.reply_token is None, "no token: nobody may take a reply for it"
    assert (await outbox.get(first.id)).hold_until == 2000.0
    # Not asked: no hold, no token.
    plain = await outbox.add(notice(2, channel_id=CHANNEL_ID + 1))
    assert not plain.reply and (await outbox.get(plain.id)).reply_token is None
    # Delivered, the next one may be a reply again.
    assert await outbox.sent(first.id, 555, REPLY, 1001.0, picture=True, token="secret-token")
    assert not await outbox.sent(first.id, 556, POSTED, 1002.0, picture=True, token=None), "recorded once"
    await outbox.sent(second.id, 557, POSTED, 1002.0, picture=False, token=None)
    third = await outbox.add(notice(3, **asked))
    assert third.reply


async def test_delivery_record_pictures_and_the_open_list(store):
    outbox = OutboxStore(store.db)
    a = await outbox.add(notice(0))
    b = await outbox.add(notice(1, picture=None))
    assert [x.id for x in await outbox.open_in(CHANNEL_ID)] == [a.id, b.id]
    await outbox.sent(a.id, 900, POSTED, 1005.0, picture=True, token=None)
    saved = await outbox.get(a.id)
    assert (saved.state, saved.message_id, saved.via, saved.picture_state) == (SENT, 900, POSTED, PICTURE_PENDING)
    await outbox.later(b.id, 1010.0, "503 Service Unavailable")
    await outbox.later(b.id, 1020.0, "503 Service Unavailable")
    saved = await outbox.get(b.id)
    assert (saved.tries, saved.next_try_at, saved.last_error) == (2, 1020.0, "503 Service Unavailable")
    items = await outbox.open_items()
    assert [(i.id, i.state, i.ready_at) for i in items] == [(a.id, SENT, 0.0), (b.id, "pending", 1020.0)]
    # What the channel's worker scans at each step: what is owed and when, in order, not what it says.
    assert [(o.id, o.state, o.picture_state, o.next_try_at) for o in await outbox.owed_in(CHANNEL_ID)] == [
        (a.id, SENT, PICTURE_PENDING, 0.0), (b.id, "pending", "none", 1020.0)]
    await outbox.picture_settled(a.id, PICTURE_DONE)
    saved = await outbox.get(a.id)
    assert saved.picture is None and saved.picture_state == PICTURE_DONE
    await outbox.failed(b.id, "403 Missing Access")
    assert (await outbox.get(b.id)).state == "failed"
    assert await outbox.open_in(CHANNEL_ID) == [] and await outbox.open_items() == []
    assert await outbox.owed_in(CHANNEL_ID) == []


async def test_a_channel_is_handed_back_only_when_drained(store):
    outbox, leases = OutboxStore(store.db), Leases(store.db)
    a = await outbox.add(notice(0, picture=None))
    assert await leases.claim(CHANNEL, CHANNEL_ID, "one", 100.0, 50.0)
    assert not await outbox.release_if_drained(CHANNEL_ID, "one"), "still owed: the lease is kept"
    await outbox.sent(a.id, 1, POSTED, 60.0, picture=False, token=None)
    assert not await outbox.release_if_drained(CHANNEL_ID, "two"), "only the holder hands it back"
    assert await outbox.release_if_drained(CHANNEL_ID, "one")
    assert await leases.holder(CHANNEL, CHANNEL_ID) is None


async def test_exactly_one_process_holds_a_lease_until_it_lapses(store):
    leases = Leases(store.db)
    claims = await asyncio.gather(*(leases.claim(SEATS, 42, f"p{i}", 100.0, 50.0) for i in range(8)))
    assert claims.count(True) == 1
    winner = f"p{claims.index(True)}"
    assert await leases.claim(SEATS, 42, winner, 110.0, 60.0), "the holder may extend it"
    assert not await leases.claim(SEATS, 42, "late", 120.0, 105.0), "not before it lapses"
    assert await leases.lapsed(SEATS, 109.0) == [] and await leases.lapsed(SEATS, 111.0) == [42]
    assert await leases.claim(SEATS, 42, "late", 130.0, 111.0), "a lapsed lease is taken over"
    assert await leases.renew(winner, 200.0) == set(), "the old holder learns it lost it"
    assert await leases.renew("late", 200.0) == {(SEATS, 42)}
    assert await leases.claim(CHANNEL, 42, "late", 130.0, 111.0), "kinds are separate"
    assert await leases.release_all("late") == 2 and await leases.holder(SEATS, 42) is None
