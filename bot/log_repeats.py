"""No fault floods the log: a record repeated within a window is written once, and then how often it came.

A fault that recurs in a tight loop (a server out of file descriptors, a peer that keeps failing) would otherwise
write thousands of identical tracebacks a second. `install` wraps the root logger's handlers: the first warning or
error of each kind passes, the same kind is counted for WINDOW seconds, and one line then says how many more came
(written by a timer, so the count arrives even if the fault stops; and when logging shuts down). Records below
WARNING, the account of what the bot did, pass as they are.
"""

from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

WINDOW = 60.0
VARYING = re.compile(r"0x[0-9a-fA-F]+|\d+")  # addresses, descriptors, ports: the same fault with other numbers


@dataclass
class _Seen:
    since: float
    first: logging.LogRecord
    more: int = 0
    last: float = 0.0  # when the last repeat came


def kind_of(record: logging.LogRecord) -> tuple[Any, ...]:
    """What makes two records the same fault: where and how they were logged, their message's first line with its
    numbers left out, and their exception's type and words."""
    first = str(record.msg).split("\n", 1)[0]
    exc = record.exc_info[1] if record.exc_info else None
    error = (type(exc).__name__, VARYING.sub("#", str(exc))) if exc is not None else None
    return (record.name, record.levelno, record.pathname, record.lineno, VARYING.sub("#", first), error)


class Repeats(logging.Handler):
    """Passes records to `inner`, each kind once per `window` seconds, then one line with the count."""

    def __init__(self, inner: logging.Handler, window: float = WINDOW,
                 now: Callable[[], float] = time.monotonic) -> None:
        super().__init__(inner.level)
        self.inner = inner
        self.window = window
        self.now = now
        self.seen: dict[tuple[Any, ...], _Seen] = {}
        self._guard = threading.Lock()
        self._timer: threading.Timer | None = None
        self._looked = 0.0  # when ended windows were last looked for

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno < logging.WARNING:
            self.inner.handle(record)
            return
        kind = kind_of(record)
        now = self.now()
        with self._guard:
            due = self._due(now) if now - self._looked >= 1.0 else []
            seen = self.seen.get(kind)
            counted = seen is not None and now - seen.since < self.window
            if seen is not None and counted:
                seen.more += 1
                seen.last = now
                self._arm(seen.since + self.window - now)
            else:
                self.seen[kind] = _Seen(now, record)
        for summary in due:
            self.inner.handle(summary)
        if not counted:
            self.inner.handle(record)

    def flush_repeats(self) -> None:
        """Write the counts of the windows that have ended (all of them at `close`)."""
        with self._guard:
            due = self._due(self.now())
        for summary in due:
            self.inner.handle(summary)

    def _due(self, now: float, everything: bool = False) -> list[logging.LogRecord]:
        """The count lines of ended windows (under the lock); their kinds are forgotten."""
        self._looked = now
        due = []
        for kind, seen in list(self.seen.items()):
            if everything or now - seen.since >= self.window:
                del self.seen[kind]
                if seen.more:
                    due.append(summary(seen.first, seen.more, seen.last - seen.since))
        return due

    def _arm(self, delay: float) -> None:
        """A timer that writes the counts once the window ends (under the lock; one timer at a time)."""
        if self._timer is None or not self._timer.is_alive():
            self._timer = threading.Timer(max(0.0, delay), self._on_timer)
            self._timer.daemon = True
            self._timer.start()

    def _on_timer(self) -> None:
        self.flush_repeats()
        with self._guard:
            now = self.now()
            waiting = [s.since + self.window - now for s in self.seen.values() if s.more]
            if waiting:
                self._timer = None
                self._arm(min(waiting))

    def flush(self) -> None:
        self.inner.flush()

    def close(self) -> None:
        with self._guard:
            due = self._due(self.now(), everything=True)
            if self._timer is not None:
                self._timer.cancel()
        for record in due:
            self.inner.handle(record)
        self.inner.close()
        super().close()


def summary(first: logging.LogRecord, more: int, span: float) -> logging.LogRecord:
    """The count line: the first record's level and logger, its message's first line, no traceback; `span` is
    from the first record to the last repeat."""
    line = first.getMessage().split("\n", 1)[0]
    return logging.makeLogRecord({
        "name": first.name, "levelno": first.levelno, "levelname": first.levelname,
        "msg": "Repeated %d more times in %.0f s: %s", "args": (more, span, line)})


def install(logger: logging.Logger | None = None, window: float = WINDOW) -> None:
    """Wrap each handler of `logger` (the root logger) so repeated records are counted, not written."""
    logger = logger or logging.getLogger()
    logger.handlers = [h if isinstance(h, Repeats) else Repeats(h, window) for h in logger.handlers]
