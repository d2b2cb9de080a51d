"""Reading a request's body and its numbers safely: the whole body up to a limit (however many TCP writes it came
in), JSON that cannot exhaust the parser, and ids that fit the databases' 64-bit integers."""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web

MAX_ID = 2**63 - 1  # SQLite's and PostgreSQL's BIGINT: a larger number is no game, server or channel of ours


class TooLarge(Exception):
    """The body is longer than the limit."""


class NotJSON(Exception):
    """The body is not JSON (or nests too deep to be read)."""


async def read_body(request: web.Request, limit: int) -> bytes:
    """The whole body, at most `limit` bytes: a body sent in several writes is read to its end."""
    if request.content_length is not None and request.content_length > limit:
        raise TooLarge
    chunks: list[bytes] = []
    size = 0
    while True:
        chunk = await request.content.read(limit + 1 - size)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        size += len(chunk)
        if size > limit:
            raise TooLarge


def parse_json(raw: bytes) -> Any:
    """The JSON value of `raw` (empty: None); deep nesting is refused as not JSON, never a RecursionError."""
    try:
        return json.loads(raw or b"null")
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise NotJSON from None


def whole_id(raw: str | None) -> int | None:
    """`raw` as an id: ASCII digits whose value fits a 64-bit integer, else None."""
    if raw is None or not raw.isascii() or not raw.isdigit() or len(raw) > 19:
        return None
    value = int(raw)
    return value if value <= MAX_ID else None
