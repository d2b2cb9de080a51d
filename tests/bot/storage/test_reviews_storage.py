"""The reviews table on both back ends: added to a database made before it, one review per game, the first kept."""

from __future__ import annotations

import asyncio

import pytest

from bot.storage import MIGRATIONS, PlayerRow, Storage, connect, migrate
from bot.storage.reviews import ReviewsStore

pytestmark = pytest.mark.both_databases

# The schema version that adds the reviews table: a database at the one before it is one from before reviews.
BEFORE_REVIEWS = next(v for v, m in enumerate(MIGRATIONS) if "CREATE TABLE reviews" in str(m))
REVIEW = {"players": [{"seat": 0, "accuracy": 91.5}], "moves": [], "curve": [[0.5, 0.5]]}


async def a_game(store: Storage) -> int:
    return await store.create_game(guild_id=1, channel_id=2, host=PlayerRow(0, 3, "Alice"), seats=2,
                                   board="standard", scores="hidden")


async def test_a_database_from_before_reviews_gets_the_table_and_keeps_its_games(database):
    db = await connect(database)
    try:
        assert await migrate(db, MIGRATIONS[:BEFORE_REVIEWS]) == BEFORE_REVIEWS  # as the bot left it before reviews
    finally:
        await db.close()
    store = await Storage.open(database)
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        assert "reviews" in {t.name for t in await store.db.tables()}
        game_id = await a_game(store)
        reviews = ReviewsStore.of(store)
        assert await reviews.get(game_id) is None
        assert await reviews.keep(game_id, REVIEW) == REVIEW
        assert await reviews.get(game_id) == REVIEW
    finally:
        await store.close()


async def test_a_second_review_of_the_same_game_keeps_the_first(database):
    store = await Storage.open(database)
    other = await Storage.open(database)  # another process on the same database
    try:
        game_id = await a_game(store)
        first, second = dict(REVIEW, players=[{"seat": 0, "accuracy": 1.0}]), dict(REVIEW)
        kept = await asyncio.gather(ReviewsStore.of(store).keep(game_id, first),
                                    ReviewsStore.of(other).keep(game_id, second))
        assert kept[0] == kept[1] and kept[0] in (first, second)  # both writers read back the one stored
        assert await ReviewsStore.of(store).keep(game_id, second if kept[0] == first else first) == kept[0]
        assert await ReviewsStore.of(other).count() == 1
        # A review that can no longer be read is put right in place.
        await ReviewsStore.of(store).replace(game_id, REVIEW)
        assert await ReviewsStore.of(other).get(game_id) == REVIEW
    finally:
        await other.close()
        await store.close()


async def test_a_review_belongs_to_a_stored_game(database):
    store = await Storage.open(database)
    try:
        with pytest.raises(Exception):  # noqa: B017 (each back end names its own foreign-key error)
            await ReviewsStore.of(store).keep(999_999, REVIEW)
        assert await ReviewsStore.of(store).count() == 0
    finally:
        await store.close()
