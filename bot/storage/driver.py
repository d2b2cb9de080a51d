"""What both back ends offer (`Database`, `Transaction`); bot/storage/backends.py picks one from the URL."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, Protocol

from bot.storage.sql import Result, Statement
from bot.storage.url import DatabaseURL

DEFAULT_POOL_SIZE = 10


@dataclass(frozen=True)
class TableInfo:
    """A table as the database's catalogue describes it (used to copy every table, also tables added later)."""

    name: str
    columns: tuple[str, ...]
    primary_key: tuple[str, ...]
    references: frozenset[str]
    identity: str | None = None  # the column that numbers new rows, if any


class Transaction(Protocol):
    """Statements inside one open transaction; rows support `row["column"]` and `row[0]`."""

    async def execute(self, sql: str, *args: Any) -> int: ...

    async def fetch(self, sql: str, *args: Any) -> list[Any]: ...

    async def fetchrow(self, sql: str, *args: Any) -> Any | None: ...

    async def fetchval(self, sql: str, *args: Any) -> Any: ...

    async def run(self, *statements: Statement) -> list[Result]: ...

    async def insert_many(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None: ...


class Database(Protocol):
    """One back end: SQLite (bot/storage/sqlite.py) or PostgreSQL (bot/storage/postgres.py)."""

    url: DatabaseURL
    dialect: str

    async def write(self, *statements: Statement) -> list[Result]:
        """Run the statements as one transaction, the fast way for short writes (SQLite commits concurrent
        writes together, each in its own savepoint); a failed `expect` undoes it with StaleError."""
        ...

    def transaction(self) -> AbstractAsyncContextManager[Transaction]:
        """An open transaction for read-decide-write work; committed on leaving, rolled back on an exception."""
        ...

    async def read(self, *statements: Statement) -> list[Result]:
        """Several queries answered from one consistent snapshot."""
        ...

    async def fetch(self, sql: str, *args: Any) -> list[Any]: ...

    async def fetchrow(self, sql: str, *args: Any) -> Any | None: ...

    async def fetchval(self, sql: str, *args: Any) -> Any: ...

    async def tables(self) -> list[TableInfo]: ...

    def rows(self, table: TableInfo, batch: int) -> AsyncIterator[list[Any]]:
        """Every row of a table in primary-key order, `batch` rows at a time."""
        ...

    async def close(self) -> None: ...


class ReadShortcuts:
    """`fetch`, `fetchrow` and `fetchval` for a back end's database, each one `read` of one statement."""

    async def read(self, *statements: Statement) -> list[Result]:
        raise NotImplementedError

    async def fetch(self, sql: str, *args: Any) -> list[Any]:
        return (await self.read(Statement(sql, args)))[0].rows

    async def fetchrow(self, sql: str, *args: Any) -> Any | None:
        rows = await self.fetch(sql, *args)
        return rows[0] if rows else None

    async def fetchval(self, sql: str, *args: Any) -> Any:
        row = await self.fetchrow(sql, *args)
        return row[0] if row is not None else None


class RunShortcuts(ReadShortcuts):
    """`execute` and the fetches for a back end's open transaction, each one `run` of one statement."""

    async def run(self, *statements: Statement) -> list[Result]:
        raise NotImplementedError

    async def read(self, *statements: Statement) -> list[Result]:
        return await self.run(*statements)

    async def execute(self, sql: str, *args: Any) -> int:
        return (await self.run(Statement(sql, args)))[0].rowcount
