"""Copy a whole database to another (`python -m bot migrate-db`): every table the schema has, ids kept,
checked afterwards by row counts and a SHA-256 per table."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.storage.driver import Database, TableInfo
from bot.storage.errors import StorageError
from bot.storage.games import Storage
from bot.storage.url import POSTGRESQL, SQLITE, parse_url
from render.text import plural

BATCH = 2000
# schema_version: each side has its own, brought to the same version by opening it. leases: which process of the
# source works what right now, meaningless for another database (they would only lapse there).
SKIP = frozenset({"schema_version", "leases"})


class CopyError(StorageError):
    """The copy was refused or did not check out; the message says why and what to do."""


@dataclass
class TableCopy:
    name: str
    rows: int
    checksum: str


def in_dependency_order(tables: list[TableInfo]) -> list[TableInfo]:
    """Referenced tables before the tables that reference them (games before players and moves)."""
    by_name = {t.name: t for t in tables}
    done: list[TableInfo] = []
    seen: set[str] = set()

    def visit(t: TableInfo, path: tuple[str, ...]) -> None:
        if t.name in seen:
            return
        if t.name in path:
            raise CopyError(f"tables reference each other in a cycle: {' -> '.join((*path, t.name))}")
        for ref in sorted(t.references - {t.name}):
            if ref in by_name:
                visit(by_name[ref], (*path, t.name))
        seen.add(t.name)
        done.append(t)

    for t in sorted(tables, key=lambda t: t.name):
        visit(t, ())
    return done


def _canonical(value: Any) -> Any:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, bytes | memoryview):
        return bytes(value).hex()
    return value


def _digest(rows: list[Any], digest: Any) -> None:
    for row in rows:
        digest.update(json.dumps([_canonical(v) for v in row], separators=(",", ":")).encode())
        digest.update(b"\n")


async def table_checksum(db: Database, table: TableInfo) -> tuple[int, str]:
    """(row count, SHA-256 of every row in primary-key order): equal on both sides iff the data are equal."""
    digest, count = hashlib.sha256(), 0
    async for chunk in db.rows(table, BATCH):
        _digest(chunk, digest)
        count += len(chunk)
    return count, digest.hexdigest()


async def copy_database(source_url: str, target_url: str, *, replace: bool = False,
                        say: Callable[[str], None] = print) -> list[TableCopy]:
    """Copy every table of the source into the target, then check the copy; CopyError if refused or wrong."""
    src = parse_url(source_url)
    if src.dialect == SQLITE and not src.memory and not os.path.isfile(src.path):
        raise CopyError(f"there is no file {os.path.abspath(src.path)} to copy from", where=str(src))
    source = await Storage.open(src)
    try:
        target = await Storage.open(target_url)
    except BaseException:
        await source.close()
        raise
    try:
        return await _copy(source.db, target.db, replace=replace, say=say)
    finally:
        await target.close()
        await source.close()


async def _copy(source: Database, target: Database, *, replace: bool, say: Callable[[str], None]) -> list[TableCopy]:
    if _same(source, target):
        raise CopyError("the source and the target are the same database", where=str(target.url))
    tables = [t for t in in_dependency_order(await source.tables()) if t.name not in SKIP]
    theirs = {t.name: t for t in await target.tables()}
    for t in tables:
        other = theirs.get(t.name)
        if other is None or set(other.columns) != set(t.columns):
            raise CopyError(f"the target's table {t.name} differs from the source's; both must be at the same "
                            f"schema version", where=str(target.url))
    games = await target.fetchval("SELECT COUNT(*) FROM games")
    if games and not replace:
        raise CopyError(f"the target already holds {plural(games, 'game')}; nothing was copied. Pass --replace to "
                        f"empty it first (its current data are deleted)", where=str(target.url))
    say(f"Copying {source.url} -> {target.url}")
    copied: list[TableCopy] = []
    by_name = {t.name: t for t in tables}
    async with target.transaction() as tx:
        for t in reversed(tables):
            await tx.execute(f'DELETE FROM "{t.name}"')
        for t in tables:
            digest, count = hashlib.sha256(), 0
            async for chunk in source.rows(t, BATCH):
                await tx.insert_many(t.name, t.columns, chunk)
                _digest(chunk, digest)
                count += len(chunk)
            copied.append(TableCopy(t.name, count, digest.hexdigest()))
        if target.dialect == POSTGRESQL:
            for t in tables:
                if theirs[t.name].identity:
                    # Rows came with their ids: the identity sequence must continue after the largest.
                    col = theirs[t.name].identity
                    await tx.fetch(f"SELECT setval(pg_get_serial_sequence('\"{t.name}\"', '{col}'), "
                                   f'COALESCE((SELECT MAX("{col}") FROM "{t.name}"), 0) + 1, false)')
    for c in copied:
        count, checksum = await table_checksum(target, by_name[c.name])  # the source's column order
        if (count, checksum) != (c.rows, c.checksum):
            raise CopyError(f"the copy of {c.name} does not match: {count} rows (sha256 {checksum[:12]}) where the "
                            f"source has {c.rows} (sha256 {c.checksum[:12]})", where=str(target.url))
        say(f"  {c.name:<16} {c.rows:>9,} rows   sha256 {c.checksum[:16]}  checked")
    say(f"Done: {sum(c.rows for c in copied):,} rows in {len(copied)} tables copied and checked.")
    return copied


def _same(a: Database, b: Database) -> bool:
    if a.url.dialect != b.url.dialect:
        return False
    if a.url.dialect == POSTGRESQL:
        return a.url.dsn == b.url.dsn
    return not a.url.memory and os.path.realpath(a.url.path) == os.path.realpath(b.url.path)
