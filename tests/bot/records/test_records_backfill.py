"""Games that finished before records were kept (schema version 2) are recorded after the upgrade, in the order
they ended; a game that ended while no process could record it is recorded, and its rating changes posted once,
when the bot starts again. On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import time

import pytest

from bot.discord_front.records import texts as records_texts
from bot.records.finisher import Finisher
from bot.storage import MIGRATIONS, Storage, connect, migrate
from bot.storage.outbox import NewAnnouncement, OutboxStore
from bot.storage.records import NOT_ANNOUNCED, RecordsStore
from tests.bot_harness import CHANNEL, GUILD_ID, Harness
from tests.records_helpers import people, random_game, store_game

# The database matters here, so these run on SQLite and on PostgreSQL.
pytestmark = pytest.mark.both_databases


async def old_game(tx, game_id: int, players: int, seed: int, status: str, end_reason: str, updated_at: float,
                   *, moves: int | None = None) -> list[dict]:
    """A game as the bot stored it at schema version 2 (no started_at/ended_at, no resigned flag on the seat
    whose resignation ended it); gives the engine's standings when the rules ended it."""
    played = random_game(players, seed, stop=moves)
    await tx.execute(
        "INSERT INTO games (id, guild_id, channel_id, host_id, status, seats, board, scores, seed, rev, move_count, "
        "snapshot, end_reason, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'standard', 'hidden', ?, ?, ?, ?, "
        "?, ?, ?)", game_id, GUILD_ID, CHANNEL + game_id, 1001, status, players, seed, 5 + len(played.moves),
        len(played.moves), json.dumps(played.game.position()), end_reason, updated_at - 500, updated_at)
    for p in people(*["Alice", "Bob", "Carol", "Dave"][:players]):
        await tx.execute("INSERT INTO players (game_id, seat, user_id, name, level, resigned) "
                         "VALUES (?, ?, ?, ?, NULL, 0)", game_id, p.seat, p.user_id, p.name)
    for n, (seat, move, events) in enumerate(played.moves):
        await tx.execute("INSERT INTO moves (game_id, n, seat, user_id, move, events, created_at) "
                         "VALUES (?, ?, ?, ?, ?, ?, ?)", game_id, n, seat, 1001 + seat, move, json.dumps(events),
                         updated_at - 400 + n)
    return played.game.standings() if played.game.over else []


async def test_games_finished_before_the_upgrade_are_recorded_in_the_order_they_ended(database):
    db = await connect(database)
    try:
        assert await migrate(db, MIGRATIONS[:2]) == 2
        async with db.transaction() as tx:
            by_rules = await old_game(tx, 1, 3, 61, "over", "only 2 treasures are left on the board", 3000.0)
            # Ended earlier, by Bob's resignation, before the resigning seat was flagged.
            await old_game(tx, 2, 2, 62, "over", "Bob (Bull) resigned", 2000.0, moves=20)
            await old_game(tx, 3, 2, 63, "abandoned", "it was abandoned", 1000.0, moves=8)
            await old_game(tx, 4, 2, 64, "active", None, 4000.0, moves=6)
    finally:
        await db.close()
    storage = await Storage.open(database)  # migrates to the current version
    try:
        ended = {r[0]: r[1] for r in await storage.db.fetch("SELECT id, ended_at FROM games ORDER BY id")}
        assert ended == {1: 3000.0, 2: 2000.0, 3: 1000.0, 4: None}  # finished games: their last change
        worded: list[int] = []

        def wording(record) -> NewAnnouncement:
            worded.append(record.game_id)
            return NewAnnouncement(channel_id=record.channel_id, kind="ratings", content="-", created_at=0.0)

        assert await Finisher(storage, announcement=wording).sweep() == 2
        records = [(r[0], r[1], r[2]) for r in await storage.db.fetch(
            "SELECT game_id, outcome, announced FROM game_records ORDER BY id")]
        # The resigned game first: it ended first.
        assert records == [(2, "rated", NOT_ANNOUNCED), (1, "rated", NOT_ANNOUNCED)]
        assert worded == [] and await OutboxStore(storage.db).open_in(CHANNEL + 1) == []  # too old to post
        store = RecordsStore.of(storage)
        resigned = await store.record_of(2)
        assert resigned.ended_by == "resignation"
        bob = next(s for s in resigned.summary if s["name"] == "Bob")
        assert bob["resigned"] and bob["rank"] == 2 and bob["after"] < bob["before"] + 30
        by_rules_record = await store.record_of(1)
        assert sorted((s["seat"], s["place"]) for s in by_rules_record.summary) == sorted(
            (s["seat"], s["place"]) for s in by_rules)
        alice = await store.rating(GUILD_ID, "user:1001")
        carol = await store.rating(GUILD_ID, "user:1003")
        assert (alice.games, carol.games) == (2, 1)  # the abandoned and the running game do not count
        assert await Finisher(storage).sweep() == 0  # nothing is recorded twice
    finally:
        await storage.close()


async def test_a_game_that_ended_while_no_process_could_record_it_is_rated_and_announced_at_start(fake, database):
    """The process that ended the game died before recording it: the next start records it and posts its rating
    changes in its channel, once; a further restart posts nothing."""
    storage = await Storage.open(database)
    try:
        played = random_game(2, 71)
        game_id = await store_game(storage, people("Alice", "Bob"), played.moves, snapshot=played.game.position(),
                                   seed=71, channel_id=CHANNEL, ended_at=time.time() - 120)
    finally:
        await storage.close()
    for start in range(2):
        before = len(fake.calls)
        h = await Harness(fake, database, seed=11).start()
        try:
            await asyncio.wait_for(h.bot.controller.finisher.swept.wait(), 30)
            await h.bot.controller.idle()
            posts = [c for c in fake.calls[before:] if c.kind == "channel"]
            if start == 0:
                record = await RecordsStore.of(h.service.storage).record_of(game_id)
                (post,) = posts
                assert post.path.endswith(f"/channels/{CHANNEL}/messages")
                assert post.content == records_texts.rating_changes(record).text
                (stored,) = await OutboxStore(h.service.storage.db).of_game(game_id)
                assert post.payload["nonce"] == stored.nonce and stored.state == "sent"
            else:
                assert posts == []
            assert await h.service.storage.db.fetchval("SELECT COUNT(*) FROM game_records") == 1
        finally:
            await h.close()
