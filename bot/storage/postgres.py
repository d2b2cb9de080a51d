"""The PostgreSQL back end: an asyncpg connection pool; `?` placeholders become `$1, $2, ...`."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import urlsplit

import asyncpg

from bot.storage.driver import ReadShortcuts, RunShortcuts, TableInfo
from bot.storage.errors import (
    BusyError,
    DiskFullError,
    DuplicateError,
    StaleError,
    StorageError,
    UnavailableError,
)
from bot.storage.sql import Result, Statement, for_postgresql, resolve, returns_rows
from bot.storage.url import POSTGRESQL, DatabaseURL

CONNECT_TIMEOUT = 5.0  # seconds; an unreachable server must not hold the start-up for a minute
COMMAND_TIMEOUT = 30.0  # seconds; a statement (or a lock wait) longer than this is given up


async def _run(conn: asyncpg.Connection, statements: Sequence[Statement]) -> list[Result]:
    results: list[Result] = []
    for st in statements:
        sql, args = for_postgresql(st.sql), resolve(st.args, results)
        if returns_rows(st.sql):
            rows = await conn.fetch(sql, *args)
            result = Result(len(rows), rows)
        else:
            status = await conn.execute(sql, *args)
            tail = status.rsplit(" ", 1)[-1]
            result = Result(int(tail) if tail.isdigit() else 0)
        if st.expect is not None and result.rowcount != st.expect:
            raise StaleError(f"expected {st.expect} row(s), found {result.rowcount}")
        results.append(result)
    return results


class PostgresTransaction(RunShortcuts):
    """An open transaction on one pooled connection."""

    def __init__(self, conn: asyncpg.Connection, url: DatabaseURL) -> None:
        self._conn = conn
        self._url = url

    async def run(self, *statements: Statement) -> list[Result]:
        try:
            return await _run(self._conn, statements)
        except Exception as exc:
            raise _error(exc, self._url) from exc

    async def insert_many(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        try:
            await self._conn.copy_records_to_table(table, records=[tuple(r) for r in rows], columns=list(columns))
        except Exception as exc:
            raise _error(exc, self._url) from exc


async def _no_session_reset(conn: asyncpg.Connection) -> None:
    """asyncpg's default release sends RESET ALL, UNLISTEN *, CLOSE ALL and an advisory unlock: one more round
    trip per use. We leave no session state behind (no SET outside a transaction, no LISTEN, cursors or session
    advisory locks), and asyncpg still rolls back an unfinished transaction itself."""


class PostgresDatabase(ReadShortcuts):
    """A pool of connections; each write is one transaction on one of them."""

    dialect = POSTGRESQL

    def __init__(self, pool: asyncpg.Pool, url: DatabaseURL) -> None:
        self.url = url
        self._pool = pool

    @classmethod
    async def open(cls, url: DatabaseURL, *, pool_size: int) -> PostgresDatabase:
        try:
            pool = await asyncpg.create_pool(url.dsn, min_size=1, max_size=max(1, pool_size),
                                             timeout=CONNECT_TIMEOUT, command_timeout=COMMAND_TIMEOUT,
                                             reset=_no_session_reset,
                                             server_settings={"application_name": "tne-bot"})
        except Exception as exc:
            raise _error(exc, url) from exc
        return cls(pool, url)

    async def close(self) -> None:
        await self._pool.close()

    async def write(self, *statements: Statement) -> list[Result]:
        try:
            async with self._pool.acquire() as conn:
                if len(statements) == 1 and statements[0].expect is None:
                    # One statement is atomic on its own: BEGIN and COMMIT would only add two round trips.
                    return await _run(conn, statements)
                async with conn.transaction():
                    return await _run(conn, statements)
        except Exception as exc:
            raise _error(exc, self.url) from exc

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PostgresTransaction]:
        try:
            async with self._pool.acquire() as conn, conn.transaction():
                yield PostgresTransaction(conn, self.url)
        except Exception as exc:
            raise _error(exc, self.url) from exc

    async def read(self, *statements: Statement) -> list[Result]:
        try:
            async with self._pool.acquire() as conn:
                if len(statements) == 1:
                    return await _run(conn, statements)
                async with conn.transaction(isolation="repeatable_read", readonly=True):
                    return await _run(conn, statements)
        except Exception as exc:
            raise _error(exc, self.url) from exc

    async def tables(self) -> list[TableInfo]:
        names = [r[0] for r in await self.fetch(
            "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') ORDER BY c.relname")]
        out = []
        for name in names:
            cols = await self.fetch(
                "SELECT column_name, is_identity FROM information_schema.columns "
                "WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position", name)
            pk = await self.fetch(
                "SELECT a.attname FROM pg_index i JOIN pg_attribute a "
                "ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey) "
                "WHERE i.indrelid = ?::regclass AND i.indisprimary "
                "ORDER BY array_position(i.indkey::int2[], a.attnum)", f'"{name}"')
            refs = await self.fetch(
                "SELECT DISTINCT r.relname FROM pg_constraint k JOIN pg_class r ON r.oid = k.confrelid "
                "WHERE k.conrelid = ?::regclass AND k.contype = 'f'", f'"{name}"')
            identity = next((c["column_name"] for c in cols if c["is_identity"] == "YES"), None)
            out.append(TableInfo(name, tuple(c["column_name"] for c in cols), tuple(r[0] for r in pk),
                                 frozenset(r[0] for r in refs), identity))
        return out

    async def rows(self, table: TableInfo, batch: int) -> AsyncIterator[list[Any]]:
        cols = ", ".join(f'"{c}"' for c in table.columns)
        key = table.primary_key or table.columns
        order = ", ".join(f'"{k}"' for k in key)
        last: tuple[Any, ...] | None = None
        while True:
            where = ""
            if last is not None:
                where = f"WHERE ({order}) > ({', '.join('?' for _ in key)})"
            chunk = await self.fetch(f'SELECT {cols}, {order} FROM "{table.name}" {where} ORDER BY {order} '
                                     f"LIMIT {int(batch)}", *(last or ()))
            if not chunk:
                return
            width = len(table.columns)
            yield [tuple(r)[:width] for r in chunk]
            last = tuple(chunk[-1])[width:]


def _error(exc: BaseException, url: DatabaseURL) -> BaseException:
    """The storage error for an asyncpg or socket one; ours and other exceptions pass unchanged."""
    where = str(url)
    if isinstance(exc, StorageError):
        if not exc.where:
            exc.where = where
        return exc
    user = _user(url)
    if isinstance(exc, asyncpg.UniqueViolationError):
        return DuplicateError(str(exc), where=where)
    if isinstance(exc, asyncpg.LockNotAvailableError | asyncpg.DeadlockDetectedError | asyncpg.SerializationError):
        return BusyError(f"a lock could not be had ({exc})", where=where)
    if isinstance(exc, asyncpg.DiskFullError):
        return DiskFullError("the server's disk is full", where=where)
    if isinstance(exc, asyncpg.InvalidPasswordError):
        return UnavailableError(f"the server refused the password for user {user}", where=where)
    if isinstance(exc, asyncpg.InvalidAuthorizationSpecificationError):
        return UnavailableError(f"the server refused user {user} ({exc})", where=where)
    if isinstance(exc, asyncpg.InvalidCatalogNameError):
        return UnavailableError(f"{exc} (create it first, e.g. createdb)", where=where)
    if isinstance(exc, asyncpg.ReadOnlySQLTransactionError):
        return UnavailableError("the server is read-only (a standby?)", where=where)
    if isinstance(exc, asyncpg.TooManyConnectionsError | asyncpg.CannotConnectNowError):
        return UnavailableError(f"the server accepts no connection now ({exc})", where=where)
    if isinstance(exc, ConnectionRefusedError):
        return UnavailableError(f"nothing accepts connections at {_address(url)} (is PostgreSQL running there?)",
                                where=where)
    if isinstance(exc, asyncpg.PostgresConnectionError | asyncpg.InterfaceError | ConnectionError):
        return UnavailableError(f"the connection to the server was lost ({exc})", where=where)
    if isinstance(exc, TimeoutError | asyncio.TimeoutError):
        return UnavailableError("the server did not answer in time", where=where)
    if isinstance(exc, OSError):
        return UnavailableError(f"cannot reach the server ({exc.strerror or exc})", where=where)
    if isinstance(exc, asyncpg.PostgresError):
        return StorageError(str(exc), where=where)
    return exc


def _user(url: DatabaseURL) -> str:
    return urlsplit(url.dsn).username or "(default)"


def _address(url: DatabaseURL) -> str:
    parts = urlsplit(url.dsn)
    return f"{parts.hostname}:{parts.port or 5432}"
