"""No fault floods the log (bot/log_repeats.py): a record repeated in a tight loop is written once, then one line
says how many more came; other records pass as they are. A held clock decides the windows, so nothing here waits."""

from __future__ import annotations

import errno
import logging

import pytest

from bot import log_repeats
from bot.log_repeats import Repeats


class Kept(logging.Handler):
    """Every record that reaches the log's real handler, formatted."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []
        self.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


@pytest.fixture
def logged():
    clock = {"t": 100.0}
    kept = Kept()
    logger = logging.getLogger("tests.log_repeats")
    logger.propagate = False
    logger.setLevel(logging.INFO)
    logger.handlers = [kept]
    log_repeats.install(logger, window=60.0)
    logger.handlers[0].now = lambda: clock["t"]
    yield logger, kept, clock
    logger.handlers = []


def accept_failed(logger: logging.Logger, fd: int) -> None:
    """What asyncio logs when a listening socket's accept() finds no descriptor left (its words, its traceback)."""
    try:
        raise OSError(errno.EMFILE, "Too many open files")
    except OSError:
        logger.error("socket.accept() out of system resource\nsocket: <asyncio.TransportSocket fd=%d>", fd,
                     exc_info=True)


def test_a_fault_repeated_thousands_of_times_is_one_line_and_a_count(logged):
    logger, kept, clock = logged
    for i in range(2500):
        accept_failed(logger, 7 + i % 3)
        clock["t"] += 0.001
    assert len(kept.lines) == 1 and "out of system resource" in kept.lines[0] and "Too many open files" in kept.lines[0]
    clock["t"] += 60.0
    logger.handlers[0].flush_repeats()  # what the window's timer does
    assert len(kept.lines) == 2
    assert kept.lines[1] == ("ERROR tests.log_repeats: Repeated 2499 more times in 2 s: "
                             "socket.accept() out of system resource")
    accept_failed(logger, 7)  # a new window: the fault shows again, once
    assert len(kept.lines) == 3 and "Traceback" in kept.lines[2]


def test_other_records_pass_untouched_and_each_kind_is_counted_apart(logged):
    logger, kept, clock = logged
    for n in range(3):
        logger.info("Game %d started", n)  # what the bot did, not a fault: every line kept
        logger.warning("Could not post in channel %s", n)  # the same fault with other values: one kind, counted
        logger.error("Could not read game %s", n)
    assert kept.lines == ["INFO tests.log_repeats: Game 0 started",
                          "WARNING tests.log_repeats: Could not post in channel 0",
                          "ERROR tests.log_repeats: Could not read game 0",
                          "INFO tests.log_repeats: Game 1 started",
                          "INFO tests.log_repeats: Game 2 started"]
    clock["t"] += 61.0
    logger.warning("Could not post in channel %s", 9)  # its window ended: the counts come first, then the record
    assert kept.lines[5:] == [
        "WARNING tests.log_repeats: Repeated 2 more times in 0 s: Could not post in channel 0",
        "ERROR tests.log_repeats: Repeated 2 more times in 0 s: Could not read game 0",
        "WARNING tests.log_repeats: Could not post in channel 9"]


def test_closing_the_log_writes_the_counts_still_open(logged):
    logger, kept, _ = logged
    for fd in range(5):
        accept_failed(logger, fd)
    logger.handlers[0].close()  # logging.shutdown at exit
    assert len(kept.lines) == 2 and kept.lines[1].endswith("Repeated 4 more times in 0 s: socket.accept() out of "
                                                           "system resource")


def test_the_timer_writes_the_count_when_the_fault_stops():
    kept = Kept()
    handler = Repeats(kept, window=0.05)
    logger = logging.getLogger("tests.log_repeats.timer")
    logger.propagate = False
    logger.handlers = [handler]
    try:
        for fd in range(4):
            accept_failed(logger, fd)
        handler._timer.join(5.0)  # the window's timer, started by the first repeat
        assert len(kept.lines) == 2 and "Repeated 3 more times" in kept.lines[1]
    finally:
        logger.handlers = []
