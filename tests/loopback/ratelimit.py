"""Per-route rate-limit buckets and the global limit, reported in headers as Discord reports them.

Discord does not publish its per-route numbers and tells apps to read the headers instead; the defaults here are
the commonly observed ones (5 messages per 5 s per channel, 5 webhook calls per 2 s per webhook token, 50
requests per second in all). Interaction callbacks and webhook-token routes are outside the global limit.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Limit:
    limit: int
    per: float


@dataclass
class RateLimits:
    """The limits the server enforces: per route (method, route template) and global (requests per second)."""

    routes: dict[tuple[str, str], Limit] = field(default_factory=lambda: dict(DISCORD_ROUTES))
    default: Limit = Limit(50, 1.0)
    global_per_second: int = 50

    @classmethod
    def relaxed(cls) -> RateLimits:
        """Headers on every answer, but limits nobody reaches in a test."""
        return cls(routes={}, default=Limit(10_000, 1.0), global_per_second=100_000)


DISCORD_ROUTES: dict[tuple[str, str], Limit] = {
    ("POST", "/channels/{channel_id}/messages"): Limit(5, 5.0),
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"): Limit(5, 5.0),
    ("DELETE", "/channels/{channel_id}/messages/{message_id}"): Limit(5, 1.0),
    ("POST", "/webhooks/{webhook_id}/{webhook_token}"): Limit(5, 2.0),
    ("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"): Limit(5, 2.0),
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"): Limit(5, 2.0),
    ("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"): Limit(5, 2.0),
    ("POST", "/interactions/{interaction_id}/{interaction_token}/callback"): Limit(5, 1.0),
    ("POST", "/users/@me/channels"): Limit(5, 1.0),
}
GLOBAL_EXEMPT_PREFIXES = ("/interactions/", "/webhooks/")


def bucket_hash(method: str, template: str) -> str:
    return hashlib.sha1(f"{method} {template}".encode()).hexdigest()[:32]


@dataclass
class _Window:
    limit: int
    per: float
    reset_at: float = 0.0
    used: int = 0


class Limiter:
    """Counts requests per bucket and answers with Discord's headers, or a 429 when a bucket is spent."""

    def __init__(self, limits: RateLimits, clock: Callable[[], float]) -> None:
        self.limits = limits
        self._clock = clock
        self._windows: dict[tuple[str, str], _Window] = {}
        self._global_second = 0
        self._global_used = 0

    def _window(self, method: str, template: str, major: str) -> tuple[str, _Window]:
        limit = self.limits.routes.get((method, template), self.limits.default)
        bucket = bucket_hash(method, template)
        window = self._windows.get((bucket, major))
        now = self._clock()
        if window is None or now >= window.reset_at:
            window = self._windows[(bucket, major)] = _Window(limit.limit, limit.per, now + limit.per)
        return bucket, window

    def take(self, method: str, path: str, template: str, major: str) -> tuple[dict[str, str], dict | None]:
        """Spend one request: (headers, None) if allowed, else (headers, 429 body)."""
        now = self._clock()
        if not path.startswith(GLOBAL_EXEMPT_PREFIXES):
            second = int(now)
            if second != self._global_second:
                self._global_second, self._global_used = second, 0
            self._global_used += 1
            if self._global_used > self.limits.global_per_second:
                return global_limited(second + 1 - now)
        bucket, window = self._window(method, template, major)
        reset_after = max(window.reset_at - now, 0.0)
        if window.used >= window.limit:
            headers = route_headers(window.limit, 0, window.reset_at, reset_after, bucket)
            headers.update({"Retry-After": str(math.ceil(reset_after)), "X-RateLimit-Scope": "user"})
            return headers, {"message": "You are being rate limited.", "retry_after": round(reset_after, 3),
                             "global": False}
        window.used += 1
        return route_headers(window.limit, window.limit - window.used, window.reset_at, reset_after, bucket), None

    def headers_for(self, method: str, template: str, major: str) -> dict[str, str]:
        """The bucket's headers without spending anything (for answers to injected faults)."""
        bucket, window = self._window(method, template, major)
        now = self._clock()
        return route_headers(window.limit, max(window.limit - window.used, 0), window.reset_at,
                             max(window.reset_at - now, 0.0), bucket)


def route_headers(limit: int, remaining: int, reset_at: float, reset_after: float, bucket: str) -> dict[str, str]:
    return {"X-RateLimit-Limit": str(limit), "X-RateLimit-Remaining": str(remaining),
            "X-RateLimit-Reset": f"{reset_at:.3f}", "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": bucket}


def global_limited(retry_after: float) -> tuple[dict[str, str], dict]:
    headers = {"Retry-After": str(math.ceil(retry_after)), "X-RateLimit-Global": "true",
               "X-RateLimit-Scope": "global"}
    return headers, {"message": "You are being rate limited.", "retry_after": round(retry_after, 3), "global": True}
