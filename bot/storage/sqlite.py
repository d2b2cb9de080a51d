"""The SQLite back end: one aiosqlite connection (one thread), WAL, and group commit.

aiosqlite runs every call on the connection's own thread and each `await` is a round trip to it; the event
loop must come around once per trip, which under a burst is slow. So a whole write runs as one call there, and
the writes that pile up meanwhile run together in the next call: one BEGIN IMMEDIATE ... COMMIT for all, each
write in its own SAVEPOINT so a stale or failing one is undone alone.
"""

from __future__ import annotations

import asyncio
import contextvars
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import aiosqlite

from bot.storage.driver import ReadShortcuts, RunShortcuts, TableInfo
from bot.storage.errors import (
    BusyError,
    DiskFullError,
    DuplicateError,
    StaleError,
    StorageError,
    UnavailableError,
)
from bot.storage.sql import Result, Statement, for_sqlite, resolve
from bot.storage.url import SQLITE, DatabaseURL

BUSY_TIMEOUT_MS = 5000
MAX_GROUP = 1000  # writes committed together at most (bounds the time one group holds the thread)
_UNIQUE = (sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY)
# The database whose transaction the current task holds: its other calls would wait for that very transaction.
_holding: contextvars.ContextVar[SQLiteDatabase | None] = contextvars.ContextVar("tne_sqlite_holding", default=None)


def _run(conn: sqlite3.Connection, statements: Sequence[Statement]) -> list[Result]:
    """The statements in order on the connection's thread; StaleError when an `expect` is not met."""
    results: list[Result] = []
    for st in statements:
        cur = conn.execute(for_sqlite(st.sql), resolve(st.args, results))
        if cur.description is not None:
            rows = cur.fetchall()
            result = Result(len(rows), rows)
        else:
            result = Result(cur.rowcount)
        cur.close()
        if st.expect is not None and result.rowcount != st.expect:
            raise StaleError(f"expected {st.expect} row(s), found {result.rowcount}")
        results.append(result)
    return results


def _group(conn: sqlite3.Connection, units: list[Sequence[Statement]]) -> list[list[Result] | BaseException]:
    """Run several writes in one transaction, each in a savepoint: one failing is rolled back alone."""
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.Error as exc:
        return [exc] * len(units)
    outcomes: list[list[Result] | BaseException] = []
    for unit in units:
        conn.execute("SAVEPOINT unit")
        try:
            outcomes.append(_run(conn, unit))
        except Exception as exc:
            if not conn.in_transaction:
                # SQLite rolled the whole transaction back (disk full, I/O error): nothing of the group stands.
                return [exc] * len(units)
            conn.execute("ROLLBACK TO unit")
            outcomes.append(exc)
        conn.execute("RELEASE unit")
    try:
        conn.execute("COMMIT")
    except sqlite3.Error as exc:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        return [exc] * len(units)
    return outcomes


def _read(conn: sqlite3.Connection, statements: Sequence[Statement]) -> list[Result]:
    conn.execute("BEGIN")
    try:
        return _run(conn, statements)
    finally:
        conn.execute("COMMIT")


def _insert_many(conn: sqlite3.Connection, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    names = ", ".join(f'"{c}"' for c in columns)
    marks = ", ".join("?" for _ in columns)
    conn.executemany(f'INSERT INTO "{table}" ({names}) VALUES ({marks})', rows)


def _switch_to_wal(conn: sqlite3.Connection) -> str:
    """Turn WAL on; gives the journal mode the file ends up in.

    SQLite answers "database is locked" at once, without its busy handler, while another connection is switching
    the same new file to WAL: two processes opening a fresh database together then race. Retrying briefly lets the
    second one see the first one's WAL file."""
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            return str(conn.execute("PRAGMA journal_mode=WAL").fetchone()[0])
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)


def _setup(conn: sqlite3.Connection, memory: bool) -> None:
    conn.row_factory = sqlite3.Row
    if sqlite3.sqlite_version_info < (3, 35):
        raise UnavailableError(f"SQLite {sqlite3.sqlite_version} is too old (3.35 or newer has RETURNING)")
    conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    if not memory:
        mode = _switch_to_wal(conn)
        if mode != "wal":
            raise UnavailableError(f"could not switch the file to WAL mode (it stays in {mode} mode)")
    # WAL + NORMAL keeps every committed action across a process kill; only an OS crash may lose the last one.
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()  # reads the schema: a damaged file says so here


class SQLiteTransaction(RunShortcuts):
    """An open BEGIN IMMEDIATE transaction; each call is one trip to the connection's thread."""

    def __init__(self, db: SQLiteDatabase) -> None:
        self._db = db

    async def run(self, *statements: Statement) -> list[Result]:
        done: list[Result] = await self._db._call(_run, statements)
        return done

    async def insert_many(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        await self._db._call(_insert_many, table, columns, rows)


class SQLiteDatabase(ReadShortcuts):
    """One connection on aiosqlite's thread; writes are grouped, transactions take turns."""

    dialect = SQLITE

    def __init__(self, conn: aiosqlite.Connection, url: DatabaseURL) -> None:
        self.url = url
        self._conn = conn
        # Everything runs on one connection, so one transaction (or write group, or snapshot read) at a time.
        self._turn = asyncio.Lock()
        self._queue: list[tuple[Sequence[Statement], asyncio.Future[list[Result]]]] = []
        self._flusher: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, url: DatabaseURL) -> SQLiteDatabase:
        if not url.memory:
            folder = os.path.dirname(os.path.abspath(url.path))
            if not os.path.isdir(folder):
                raise UnavailableError(f"the folder {folder} does not exist", where=str(url))
            if os.path.isdir(url.path):
                raise UnavailableError(f"{url.path} is a folder, not a database file", where=str(url))
        pending = aiosqlite.connect(url.path, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
        try:
            conn = await pending
        except sqlite3.Error as exc:
            # aiosqlite stops its thread after a failed connect and reports that to this loop: let it, so the
            # thread does not outlive the loop (a traceback at exit, or a hang).
            await asyncio.get_running_loop().run_in_executor(None, pending._thread.join, 5.0)
            raise _error(exc, url) from exc
        db = cls(conn, url)
        try:
            await db._call(_setup, url.memory)
        except BaseException as exc:
            await conn.close()
            if isinstance(exc, StorageError):
                exc.where = str(url)
                raise
            raise _error(exc, url) from exc
        return db

    async def close(self) -> None:
        if self._flusher is not None:
            await asyncio.gather(self._flusher, return_exceptions=True)
        await self._conn.close()

    async def _call(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run fn(sqlite3 connection, *args) on the connection's thread: the whole call is one trip."""
        try:
            # aiosqlite's own queue to its thread; its public API offers only one statement per trip.
            return await self._conn._execute(fn, self._conn._conn, *args)  # type: ignore[no-untyped-call]
        except (sqlite3.Error, ValueError) as exc:
            raise _error(exc, self.url) from exc

    # --- writes ----------------------------------------------------------------------------------------------

    def _not_inside_a_transaction(self) -> None:
        if _holding.get() is self:
            raise RuntimeError("inside `async with db.transaction() as tx` use tx's methods: this call would wait "
                               "for that transaction to end")

    async def write(self, *statements: Statement) -> list[Result]:
        self._not_inside_a_transaction()
        future: asyncio.Future[list[Result]] = asyncio.get_running_loop().create_future()
        self._queue.append((statements, future))
        if self._flusher is None:
            self._flusher = asyncio.create_task(self._flush(), name="tne-sqlite-group-commit")
        return await future

    async def _flush(self) -> None:
        """Commit what is queued, in groups, until the queue is empty."""
        try:
            while self._queue:
                group, self._queue = self._queue[:MAX_GROUP], self._queue[MAX_GROUP:]
                units = [statements for statements, _ in group]
                try:
                    async with self._turn:
                        outcomes = await self._call(_group, units)
                except BaseException as exc:  # the connection is gone, or we are being cancelled
                    outcomes = [exc] * len(group)
                    if not isinstance(exc, Exception):
                        self._settle(group, outcomes)
                        raise
                self._settle(group, outcomes)
        finally:
            self._flusher = None

    def _settle(self, group: list[tuple[Sequence[Statement], asyncio.Future[list[Result]]]],
                outcomes: list[list[Result] | BaseException]) -> None:
        for (_, future), outcome in zip(group, outcomes, strict=True):
            if future.done():
                continue
            if isinstance(outcome, BaseException):
                future.set_exception(_error(outcome, self.url))
            else:
                future.set_result(outcome)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SQLiteTransaction]:
        self._not_inside_a_transaction()
        async with self._turn:
            token = _holding.set(self)
            try:
                # Inside the try: a task cancelled while BEGIN waits for the thread must still roll back, or the
                # BEGIN (which runs anyway) would leave the one connection inside a transaction for good.
                await self._call(lambda conn: conn.execute("BEGIN IMMEDIATE"))
                yield SQLiteTransaction(self)
                await self._call(lambda conn: conn.execute("COMMIT"))
            except BaseException:
                await asyncio.shield(self._call(_rollback))
                raise
            finally:
                _holding.reset(token)

    # --- reads -----------------------------------------------------------------------------------------------

    async def read(self, *statements: Statement) -> list[Result]:
        self._not_inside_a_transaction()
        async with self._turn:
            done: list[Result] = await self._call(_read, statements)
            return done

    # --- the catalogue ---------------------------------------------------------------------------------------

    async def tables(self) -> list[TableInfo]:
        names = [r[0] for r in await self.fetch(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")]
        out = []
        for name in names:
            cols = await self.fetch(f'PRAGMA table_info("{name}")')
            fks = await self.fetch(f'PRAGMA foreign_key_list("{name}")')
            pk = tuple(c["name"] for c in sorted((c for c in cols if c["pk"]), key=lambda c: c["pk"]))
            sql = await self.fetchval("SELECT sql FROM sqlite_master WHERE name = ?", name)
            identity = pk[0] if len(pk) == 1 and "AUTOINCREMENT" in (sql or "").upper() else None
            out.append(TableInfo(name, tuple(c["name"] for c in cols), pk, frozenset(f["table"] for f in fks),
                                 identity))
        return out

    async def rows(self, table: TableInfo, batch: int) -> AsyncIterator[list[Any]]:
        cols = ", ".join(f'"{c}"' for c in table.columns)
        key = table.primary_key or ("rowid",)
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


def _rollback(conn: sqlite3.Connection) -> None:
    if conn.in_transaction:
        conn.execute("ROLLBACK")


def _error(exc: BaseException, url: DatabaseURL) -> BaseException:
    """The storage error for a sqlite3 one; ours and other exceptions pass unchanged."""
    if isinstance(exc, StorageError):
        if not exc.where:
            exc.where = str(url)
        return exc
    where = str(url)
    if isinstance(exc, ValueError) and not isinstance(exc, sqlite3.Error):
        return UnavailableError(f"the connection is closed ({exc})", where=where) if "closed" in str(exc) else exc
    if not isinstance(exc, sqlite3.Error):
        return exc
    code = getattr(exc, "sqlite_errorcode", -1)
    primary = code & 0xFF if code >= 0 else -1
    if code in _UNIQUE or (isinstance(exc, sqlite3.IntegrityError) and "UNIQUE" in str(exc)):
        return DuplicateError(str(exc), where=where)
    if primary in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return BusyError(f"the database stayed locked by another connection ({exc})", where=where)
    if primary == sqlite3.SQLITE_FULL:
        return DiskFullError("the disk is full", where=where)
    if primary in (sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT):
        return UnavailableError("the file is not a SQLite database, or it is damaged", where=where)
    if primary in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM, sqlite3.SQLITE_IOERR,
                   sqlite3.SQLITE_AUTH):
        return UnavailableError(_why_unusable(url, exc), where=where)
    return StorageError(str(exc), where=where)


def _why_unusable(url: DatabaseURL, exc: sqlite3.Error) -> str:
    """Say what in the file system stops SQLite: a read-only file or folder rather than 'unable to open'."""
    if url.memory:
        return str(exc)
    path = os.path.abspath(url.path)
    folder = os.path.dirname(path)
    if os.path.exists(path) and not os.access(path, os.R_OK):
        return "the file cannot be read (check its owner and permissions)"
    if os.path.exists(path) and not os.access(path, os.W_OK):
        return "the file is read-only (the bot must write to it)"
    if not os.access(folder, os.W_OK | os.X_OK):
        return (f"the folder {folder} is read-only (SQLite must create the file and its -wal and -shm files "
                f"beside it)")
    return str(exc)
