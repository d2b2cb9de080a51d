"""Fault rules a test adds and removes: which requests (method + path pattern) fail, and how.

A pattern is a path below /api/v10 whose segments are literal, `*` (any one segment), `{name}` (the same) or
`**` (any number of segments), e.g. "/interactions/*/*/callback" or "/channels/{channel_id}/messages". Rules
are tried in the order added; the first live one that matches takes the request and uses up one of its `times`.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field

from tests.loopback.model import WAIT


def matches(pattern: str, path: str) -> bool:
    return _match(pattern.strip("/").split("/"), path.split("?")[0].strip("/").split("/"))


def _match(pattern: list[str], parts: list[str]) -> bool:
    if not pattern:
        return not parts
    head = pattern[0]
    if head == "**":
        return any(_match(pattern[1:], parts[i:]) for i in range(len(parts) + 1))
    if not parts:
        return False
    if head == "*" or (head.startswith("{") and head.endswith("}")) or head == parts[0]:
        return _match(pattern[1:], parts[1:])
    return False


@dataclass(eq=False)
class Rule:
    """One fault. `kind`: rate_limit, error, drop or hold. Hits count the requests it took."""

    method: str
    pattern: str
    kind: str
    times: int | None = 1  # None: every matching request until removed
    status: int = 500
    retry_after: float = 0.0
    scope: str = "user"  # rate limits: user (per route), global, or shared (per resource)
    after: bool = False  # drop: perform the request first (the ambiguous case); hold: answer held, not the request
    reset: bool = True  # drop: a TCP reset (ECONNRESET) rather than a plain close
    seconds: float | None = None  # hold: how long (None: until released)
    hits: int = 0
    removed: bool = False
    _released: asyncio.Event = field(default_factory=asyncio.Event, repr=False)
    _changed: asyncio.Event = field(default_factory=asyncio.Event, repr=False)

    @property
    def live(self) -> bool:
        return not self.removed and (self.times is None or self.hits < self.times)

    def wants(self, method: str, path: str) -> bool:
        return self.live and self.method in ("*", method) and matches(self.pattern, path)

    def remove(self) -> None:
        self.removed = True
        self._released.set()

    def release(self) -> None:
        """Let every held request (now and later) go on."""
        self._released.set()

    async def held(self) -> None:
        """Wait as a held request does: `seconds`, or until released."""
        if self.seconds is None:
            await self._released.wait()
        else:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._released.wait(), self.seconds)

    def _count(self) -> None:
        self.hits += 1
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    async def wait_hits(self, n: int = 1, timeout: float = WAIT) -> None:
        """Until the rule has taken `n` requests."""
        async def reached() -> None:
            while self.hits < n:
                await self._changed.wait()
        try:
            await asyncio.wait_for(reached(), timeout)
        except TimeoutError:
            raise AssertionError(f"{self.kind} rule on {self.method} {self.pattern} took {self.hits} request(s), "
                                 f"expected {n} within {timeout} s") from None


class Faults:
    """The server's fault rules."""

    def __init__(self) -> None:
        self.rules: list[Rule] = []

    def _add(self, rule: Rule) -> Rule:
        self.rules.append(rule)
        return rule

    def rate_limit(self, method: str, pattern: str, *, retry_after: float, times: int | None = 1,
                   scope: str = "user") -> Rule:
        """Answer 429 with this retry_after (scope user = the route's bucket, global, or shared)."""
        if scope not in ("user", "global", "shared"):
            raise ValueError(f"scope must be user, global or shared, not {scope!r}")
        return self._add(Rule(method, pattern, "rate_limit", times, status=429, retry_after=retry_after,
                              scope=scope))

    def error(self, method: str, pattern: str, status: int = 500, *, times: int | None = 1) -> Rule:
        """Answer a server error (500, 502, 503 or 504) with the body Discord's edge sends for it."""
        if status not in (500, 502, 503, 504):
            raise ValueError(f"server errors are 500, 502, 503 or 504, not {status}")
        return self._add(Rule(method, pattern, "error", times, status=status))

    def drop(self, method: str, pattern: str, *, after: bool = False, reset: bool = True,
             times: int | None = 1) -> Rule:
        """Close the connection without an answer; `after=True` performs the request first."""
        return self._add(Rule(method, pattern, "drop", times, after=after, reset=reset))

    def hold(self, method: str, pattern: str, *, seconds: float | None = None, after: bool = False,
             times: int | None = 1) -> Rule:
        """Hold the request (or, `after=True`, its answer) for `seconds`, or until `rule.release()`."""
        return self._add(Rule(method, pattern, "hold", times, after=after, seconds=seconds))

    def take(self, method: str, path: str) -> Rule | None:
        for rule in self.rules:
            if rule.wants(method, path):
                rule._count()
                return rule
        return None

    def clear(self) -> None:
        for rule in self.rules:
            rule.remove()
        self.rules.clear()
