"""The web board's used sign-in links on both back ends: each link is used once, rows go once their link has
expired, and nothing kept would sign anyone in."""

from __future__ import annotations

import pytest

from bot.storage import MIGRATIONS, Storage, connect, migrate
from bot.storage.web_links import UsedLinkStore

pytestmark = pytest.mark.both_databases

BEFORE = next(v for v, m in enumerate(MIGRATIONS) if "CREATE TABLE web_used_links" in str(m))


async def test_a_link_is_used_once_and_expired_rows_are_cleaned(database):
    store = await Storage.open(database)
    try:
        links = UsedLinkStore(store.db)
        assert await links.use("first.token", until=1_000.0, now=500.0)
        assert not await links.use("first.token", until=1_000.0, now=600.0)
        assert await links.use("second.token", until=2_000.0, now=600.0)
        assert await links.count() == 2
        kept = [r["link"] for r in await store.db.fetch("SELECT link FROM web_used_links")]
        assert all(len(k) == 64 and "token" not in k for k in kept)  # a digest, never the link itself
        assert await links.use("third.token", until=3_000.0, now=1_500.0)  # the first link expired meanwhile
        assert await links.count() == 2
    finally:
        await store.close()


async def test_a_database_from_before_gets_the_table(database):
    db = await connect(database)
    try:
        assert await migrate(db, MIGRATIONS[:BEFORE]) == BEFORE
    finally:
        await db.close()
    store = await Storage.open(database)
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        assert await UsedLinkStore(store.db).use("a.token", until=10.0, now=1.0)
    finally:
        await store.close()
