"""`connect()`: the back end a URL names, SQLite or PostgreSQL; above both drivers, so neither imports it back."""

from __future__ import annotations

from bot.storage.driver import DEFAULT_POOL_SIZE, Database
from bot.storage.url import POSTGRESQL, DatabaseURL, parse_url


async def connect(url: str | DatabaseURL, *, pool_size: int = DEFAULT_POOL_SIZE) -> Database:
    """Open the back end the URL names; UnavailableError (one line, no password) if it cannot be used."""
    url = parse_url(url) if isinstance(url, str) else url
    # Imported here: a SQLite bot never loads asyncpg, nor a PostgreSQL bot aiosqlite.
    if url.dialect == POSTGRESQL:
        from bot.storage.postgres import PostgresDatabase

        return await PostgresDatabase.open(url, pool_size=pool_size)
    from bot.storage.sqlite import SQLiteDatabase

    return await SQLiteDatabase.open(url)
