"""Worker processes for blocking work (pictures, computer moves) that replace themselves when one dies.

A `ProcessPoolExecutor` whose worker is killed (out of memory, SIGKILL, a crash in native code) is broken
for good: every later job fails with `BrokenProcessPool`. `Workers` starts a fresh pool instead and runs the
job that met the broken pool once more, so one dead process costs one retry, never the feature.

Jobs run with `run_fair` wait in a `FairQueue`: one line per server, served in turn, and within a server one per
game, so a server that floods the computer players delays its own games, not another server's.

The bot keeps two lanes of workers, each its own `Workers` with its own processes (or threads) and its own queue:
computer moves in one, analysis (hints, reviews, their pictures) in the other at the lowest priority
(ANALYSIS_NICE). No analysis job can take a computer move's worker or stand before one in a queue, and on a
machine with few cores the kernel gives a computer move most of a core both want (Linux: a +19 process gets about
a seventh of a +10 one's time).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import multiprocessing
import os
import threading
import time
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Callable, Hashable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")


def _ready() -> bool:
    return True


# How far below the bot's own priority every worker runs: on a busy machine pictures and computer players may wait
# a little, while the event loop must answer interactions within Discord's 3 seconds.
NICE = 10

# Analysis (hints, reviews) runs lower still, at the lowest priority there is: when a computer move and an analysis
# job want the same core, the computer move gets it.
ANALYSIS_NICE = 19


# How often a worker process looks whether the bot that started it is still alive.
WATCH_EVERY = 1.0


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process now holds that pid: ours is gone, but be safe and keep going
    return True


def _watch(bot_pid: int) -> None:
    while _alive(bot_pid):
        time.sleep(WATCH_EVERY)
    os._exit(0)


def _start_worker(bot_pid: int, nice: int = NICE) -> None:
    """In each worker process: run `nice` below the bot's priority, and exit when the bot dies, even by SIGKILL
    (forkserver workers are not its children, and nothing else would tell them)."""
    with contextlib.suppress(OSError):
        os.nice(nice)
    threading.Thread(target=_watch, args=(bot_pid,), name="tne-watch-bot", daemon=True).start()


class FairQueue:
    """At most `slots` jobs at once; waiting jobs are served round-robin across servers and, within a server,
    across its games (first come, first served within one game)."""

    def __init__(self, slots: int) -> None:
        self.slots = max(1, slots)
        self.busy = 0
        # server -> game -> waiting jobs; both maps rotate: whoever was served moves to the back.
        self._waiting: OrderedDict[Hashable, OrderedDict[Hashable, deque[asyncio.Future[None]]]] = OrderedDict()

    def waiting(self) -> int:
        return sum(len(jobs) for games in self._waiting.values() for jobs in games.values())

    @contextlib.asynccontextmanager
    async def slot(self, server: Hashable, game: Hashable) -> AsyncIterator[None]:
        """Hold one of the slots while the block runs, once this server's and this game's turn has come."""
        if self.busy < self.slots and not self._waiting:
            self.busy += 1
        else:
            turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._waiting.setdefault(server, OrderedDict()).setdefault(game, deque()).append(turn)
            try:
                await turn
            except asyncio.CancelledError:
                if turn.done() and not turn.cancelled():
                    self._release()  # the slot was handed over just as the waiter gave up: pass it on
                else:
                    self._drop(server, game, turn)
                raise
        try:
            yield
        finally:
            self._release()

    def _drop(self, server: Hashable, game: Hashable, turn: asyncio.Future[None]) -> None:
        games = self._waiting.get(server)
        jobs = games.get(game) if games is not None else None
        if jobs is None or turn not in jobs:
            return
        jobs.remove(turn)
        if not jobs:
            del games[game]  # type: ignore[union-attr]
        if not games:
            del self._waiting[server]

    def _release(self) -> None:
        self.busy -= 1
        while self._waiting and self.busy < self.slots:
            server, games = next(iter(self._waiting.items()))
            game, jobs = next(iter(games.items()))
            turn = jobs.popleft()
            if jobs:
                games.move_to_end(game)
            else:
                del games[game]
            if games:
                self._waiting.move_to_end(server)
            else:
                del self._waiting[server]
            if not turn.done():
                turn.set_result(None)
                self.busy += 1


class Workers:
    """`processes` worker processes (threads when 0), `nice` below the bot's priority, that heal: a broken pool is
    replaced and the job retried once. Each `Workers` has workers of its own: jobs of another never wait for them."""

    def __init__(self, processes: int = 0, *, name: str = "worker", nice: int = NICE) -> None:
        self.processes = processes
        self.name = name
        self.nice = nice
        self.replaced = 0  # how many broken pools were replaced (for logs and tests)
        self._pool: ProcessPoolExecutor | None = self._new_pool() if processes > 0 else None
        # For run_fair: as many jobs at once as there are processes (threads: as many as a default executor has).
        slots = processes if processes > 0 else min(32, (os.cpu_count() or 1) + 4)
        self.queue = FairQueue(slots)
        # Threads of its own, not the loop's default executor: another lane's jobs filling that would hold this one's.
        self._threads = ThreadPoolExecutor(slots, thread_name_prefix=f"tne-{name}") if processes <= 0 else None

    def _new_pool(self) -> ProcessPoolExecutor:
        # forkserver: never fork the bot itself, which runs threads (aiosqlite, the default executor).
        return ProcessPoolExecutor(self.processes, initializer=_start_worker, initargs=(os.getpid(), self.nice),
                                   mp_context=multiprocessing.get_context("forkserver"))

    async def start(self) -> None:
        """Start the worker processes now rather than on the first job."""
        if self._pool is not None:
            await self.run(_ready)

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """fn(*args) in a worker; a job that meets a dead worker runs once more in a fresh pool."""
        loop = asyncio.get_running_loop()
        job = functools.partial(fn, *args)
        pool = self._pool
        if pool is None:
            # Once closed (the bot stopping), a late job runs in the loop's default executor rather than fail.
            return await loop.run_in_executor(self._threads, job)
        try:
            return await loop.run_in_executor(pool, job)
        except BrokenProcessPool:
            if self._pool is None:
                raise  # closed meanwhile: the bot is stopping, nothing to run it again in
            log.warning("A %s process died; starting new ones and running the job again", self.name)
            fresh = self._replace(pool)
            return await loop.run_in_executor(fresh, job)

    async def run_fair(self, server: Hashable, game: Hashable, fn: Callable[..., T], *args: Any) -> T:
        """fn(*args) in a worker once it is this server's and this game's turn in the fair queue."""
        async with self.queue.slot(server, game):
            return await self.run(fn, *args)

    def _replace(self, broken: ProcessPoolExecutor) -> ProcessPoolExecutor:
        """The pool to use after `broken` failed; jobs that fail together replace it only once."""
        if self._pool is broken:
            broken.shutdown(wait=False, cancel_futures=True)
            self._pool = self._new_pool()
            self.replaced += 1
        assert self._pool is not None
        return self._pool

    def close(self) -> None:
        if self._threads is not None:
            threads, self._threads = self._threads, None
            threads.shutdown(wait=False, cancel_futures=True)
        if self._pool is not None:
            pool, self._pool = self._pool, None
            processes = list(getattr(pool, "_processes", {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
            # A worker can miss the pool's stop word when the shutdown comes with jobs still queued (seen after a
            # burst of pictures on Python 3.11): the process would then wait for jobs forever and hold up the bot's
            # exit, which joins it. Its jobs hold nothing worth keeping (an unsent picture is drawn again).
            for process in processes:
                with contextlib.suppress(Exception):
                    process.terminate()
