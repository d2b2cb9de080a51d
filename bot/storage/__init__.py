"""Storage: one interface, two back ends (SQLite through aiosqlite, PostgreSQL through asyncpg).

`Storage.open(url)` picks the back end from `sqlite:///tne.sqlite3`, a plain path, or `postgresql://...`,
applies the migrations and offers the game queries the service calls. Above this package nothing sees
sqlite3 or asyncpg: errors are StaleError, DuplicateError, BusyError, UnavailableError, DiskFullError.

Modules: url (parsing, password hidden), sql (statements, `?` -> `$n`), driver (the Database protocol),
sqlite / postgres (the two drivers), backends (`connect`, which picks one of them), migrations (MIGRATIONS),
schema (applying them), rows (GameStatus and row values), games (the game queries, `Storage`), changes (whole
changes of a running game, each one transaction with its announcement and clock step), copy (`python -m bot
migrate-db`).

How to add a table (an outbox, clocks, ratings, leases ...):
1. Append one entry to `migrations.MIGRATIONS` (never edit a released one). Write portable SQL: BIGINT for Discord
   ids, DOUBLE PRECISION for times, TEXT for JSON, INTEGER 0/1 for flags, `{identity}` for a numbered key;
   where the back ends must differ, give {"sqlite": ..., "postgresql": ...}. Both back ends run it in one
   transaction at start-up; `migrate-db` copies the new table by itself (it reads the catalogue).
2. Write its queries once, in a module beside games.py, with `?` placeholders, on `self.db` (a Database):
   - reads: `await db.fetch(sql, *args)`, `fetchrow`, `fetchval`; `await db.read(st1, st2)` for one snapshot;
   - short writes: `await db.write(Statement(sql, args, expect=1), Statement(...))` runs the statements as one
     transaction (on SQLite, concurrent writes are committed together, each in its own savepoint, so one
     stale write fails alone). `expect=n` undoes the whole write with StaleError unless the statement touched
     (or returned) exactly n rows: that is how a revision check (`UPDATE ... WHERE id = ? AND rev = ?`) refuses
     a stale change on both back ends, across processes. `Returned(i)` passes a later statement the value the
     i-th returned (`INSERT ... RETURNING id`). Each Result has `rowcount` and `rows`;
   - read-decide-write: `async with db.transaction() as tx:` then `await tx.fetch/fetchrow/fetchval/execute`
     (execute returns the row count); committed on leaving the block, rolled back on an exception. Inside it
     use only tx (SQLite has one connection: a db.* call there would wait for the transaction, so it raises);
   - PostgreSQL infers each `?`'s type from where it stands; where it cannot (`CASE WHEN ? THEN ? ...`,
     `SELECT ?`), write `CAST(? AS DOUBLE PRECISION)`. SQLite accepts both spellings;
   - row locks and claiming work: write PostgreSQL's `SELECT ... FOR UPDATE SKIP LOCKED` (or `UPDATE ... WHERE
     id IN (SELECT ... FOR UPDATE SKIP LOCKED) RETURNING ...`); on SQLite the clause is dropped, since its
     write transaction (BEGIN IMMEDIATE) already holds the whole database.
3. Test it on both back ends: the `database` fixture in tests/conftest.py gives a fresh SQLite file or a fresh
   PostgreSQL database per test.
"""

from bot.storage.backends import connect
from bot.storage.driver import DEFAULT_POOL_SIZE, Database, TableInfo, Transaction
from bot.storage.errors import (
    BusyError,
    DiskFullError,
    DuplicateError,
    StaleError,
    StorageError,
    UnavailableError,
)
from bot.storage.games import Storage
from bot.storage.migrations import MIGRATIONS
from bot.storage.rows import FINISHED, LIVE, GameRow, GameStatus, MoveRow, PlayerRow
from bot.storage.schema import migrate
from bot.storage.sql import Result, Returned, Statement
from bot.storage.url import DatabaseURL, URLError, parse_url

__all__ = [
    "DEFAULT_POOL_SIZE",
    "FINISHED",
    "LIVE",
    "MIGRATIONS",
    "BusyError",
    "Database",
    "DatabaseURL",
    "DiskFullError",
    "DuplicateError",
    "GameRow",
    "GameStatus",
    "MoveRow",
    "PlayerRow",
    "Result",
    "Returned",
    "StaleError",
    "Statement",
    "Storage",
    "StorageError",
    "TableInfo",
    "Transaction",
    "URLError",
    "UnavailableError",
    "connect",
    "migrate",
    "parse_url",
]
