"""SQL as the queries are written (`?` placeholders, PostgreSQL's row-lock clauses) and its two spellings."""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

_ROW_LOCK = re.compile(r"\s+FOR\s+(?:UPDATE|NO\s+KEY\s+UPDATE|SHARE|KEY\s+SHARE)(?:\s+OF\s+\w+(?:\s*,\s*\w+)*)?"
                       r"(?:\s+(?:SKIP\s+LOCKED|NOWAIT))?", re.IGNORECASE)
_QUERY = re.compile(r"^\s*(?:SELECT|VALUES|PRAGMA|EXPLAIN|SHOW)\b", re.IGNORECASE)
_WITH = re.compile(r"^\s*WITH\b", re.IGNORECASE)
_DML = re.compile(r"\b(?:INSERT|UPDATE|DELETE)\b", re.IGNORECASE)
_RETURNING = re.compile(r"\bRETURNING\b", re.IGNORECASE)


@dataclass(frozen=True)
class Returned:
    """An argument filled in from an earlier statement of the same write: the first column of its first row
    (e.g. the id of `INSERT ... RETURNING id`)."""

    statement: int


@dataclass(frozen=True)
class Statement:
    """One statement of a write; with `expect`, the write is undone (StaleError) unless exactly that many rows
    were touched or returned."""

    sql: str
    args: tuple[Any, ...] = ()
    expect: int | None = None


@dataclass
class Result:
    """What one statement did: rows touched (or returned) and the rows it returned."""

    rowcount: int
    rows: list[Any] = field(default_factory=list)


def resolve(args: tuple[Any, ...], results: list[Result]) -> tuple[Any, ...]:
    """The arguments with every Returned marker replaced by the value it names."""
    if not any(isinstance(a, Returned) for a in args):
        return args
    return tuple(results[a.statement].rows[0][0] if isinstance(a, Returned) else a for a in args)


@lru_cache(maxsize=512)
def returns_rows(sql: str) -> bool:
    """A query, or a change with RETURNING (`WITH ... UPDATE` must say RETURNING to count as one)."""
    sql = _strip_literals(sql)
    if _RETURNING.search(sql) or _QUERY.match(sql):
        return True
    return bool(_WITH.match(sql)) and not _DML.search(sql)


def _strip_literals(sql: str) -> str:
    return re.sub(r"'(?:[^']|'')*'", "''", sql)


@lru_cache(maxsize=512)
def for_sqlite(sql: str) -> str:
    """SQLite has no row locks: its write transaction (BEGIN IMMEDIATE) already holds the whole database."""
    return _ROW_LOCK.sub("", sql)


@lru_cache(maxsize=512)
def for_postgresql(sql: str) -> str:
    """`?` placeholders numbered `$1, $2, ...` as asyncpg wants them; string literals and quoted names kept."""
    out, n, quote = [], 0, ""
    for ch in sql:
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch == "?":
            n += 1
            out.append(f"${n}")
            continue
        out.append(ch)
    return "".join(out)


def split_script(script: str) -> list[str]:
    """The statements of a migration script, one by one (both back ends run them inside one transaction)."""
    statements, buf = [], ""
    for line in script.splitlines(keepends=True):
        buf += line
        if sqlite3.complete_statement(buf):
            if buf.strip().strip(";").strip():
                statements.append(buf.strip())
            buf = ""
    if buf.strip():
        statements.append(buf.strip())
    return statements
