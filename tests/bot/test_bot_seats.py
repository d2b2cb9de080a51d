"""Computer seats without Discord (bot/background/seats.py): they play, heal from failures, and never act on a stale
moment."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sqlite3

import pytest

from bot.background.seats import Backoff, ComputerSeats, PostRefused
from bot.background.workers import Workers
from bot.service.game_service import GameService, Played
from bot.storage import Storage
from tests.bot_harness import seed_where_first
from tests.seat_helpers import ALICE, BOB, computer_game

QUICK = Backoff(first=0.001, most=0.01)


@pytest.fixture
async def service(tmp_path):
    storage = await Storage.open(str(tmp_path / "seats.sqlite3"))
    yield GameService(storage, seed_source=lambda: seed_where_first(1))
    await storage.close()


class Announcements:
    """A publish callback that records what it is handed, failing the first `fail` times."""

    def __init__(self, fail: int = 0, error: Exception | None = None) -> None:
        self.fail = fail
        self.error = error or ConnectionResetError("connection reset by peer")
        self.posted: list[Played] = []
        self.tries = 0

    async def __call__(self, played: Played) -> None:
        self.tries += 1
        if self.tries <= self.fail:
            raise self.error
        self.posted.append(played)


async def assert_announced_once_each(service: GameService, game_id: int, posts: Announcements) -> None:
    table = await service.load(game_id)
    computer = [m for m in table.moves if m.seat == len(table.players) - 1]
    assert computer, "the computer played"
    assert [p.n for p in posts.posted] == [m.n for m in computer], "each stored move announced once, in order"
    assert [p.move for p in posts.posted] == [m.move for m in computer]
    assert table.game.to_move == 0, "the computer plays until a person is to move"


async def test_the_computer_plays_until_a_person_is_to_move(service):
    game_id = await computer_game(service)
    posts = Announcements()
    seats = ComputerSeats(service, posts, delay=0, backoff=QUICK)
    seats.kick(game_id)
    await seats.idle()
    await assert_announced_once_each(service, game_id, posts)
    # Each announcement describes its own moment, not whatever the table became later.
    assert [len(p.table.moves) for p in posts.posted] == [p.n + 1 for p in posts.posted]
    assert seats.playing() == set() and not seats._tasks, "a finished task leaves nothing behind"
    await seats.stop()


async def test_posting_failures_are_retried_and_the_game_goes_on(service, caplog):
    game_id = await computer_game(service)
    posts = Announcements(fail=3)
    seats = ComputerSeats(service, posts, delay=0, backoff=QUICK)
    seats.kick(game_id)
    await seats.idle()
    await assert_announced_once_each(service, game_id, posts)
    assert posts.tries == len(posts.posted) + 3
    assert "connection reset by peer" in caplog.text and "again in" in caplog.text
    await seats.stop()


async def test_a_post_that_can_never_succeed_is_not_retried_and_play_goes_on(service, caplog):
    game_id = await computer_game(service)
    posts = Announcements(fail=1, error=PostRefused("no access to the channel"))
    seats = ComputerSeats(service, posts, delay=0, backoff=QUICK)
    seats.kick(game_id)
    await seats.idle()
    table = await service.load(game_id)
    assert posts.tries == len(posts.posted) + 1 == sum(1 for m in table.moves if m.seat == 1)
    assert table.game.to_move == 0
    assert "cannot be announced" in caplog.text
    await seats.stop()


class FlakyWorkers(Workers):
    """Threads whose first `fail` jobs raise, as any unexpected failure while thinking would."""

    def __init__(self, fail: int) -> None:
        super().__init__(0)
        self.fail = fail
        self.jobs = 0

    async def run(self, fn, *args):
        self.jobs += 1
        if self.jobs <= self.fail:
            raise RuntimeError("thinking failed")
        return await super().run(fn, *args)


async def test_thinking_failures_are_retried_with_backoff(service, caplog):
    game_id = await computer_game(service)
    posts = Announcements()
    workers = FlakyWorkers(fail=4)
    seats = ComputerSeats(service, posts, workers=workers, delay=0, backoff=QUICK)
    seats.kick(game_id)
    await seats.idle()
    await assert_announced_once_each(service, game_id, posts)
    assert "failed (4 in a row)" in caplog.text and "thinking failed" in caplog.text
    await seats.stop()


async def test_a_database_held_locked_by_another_connection(service, tmp_path, caplog):
    """A second connection holds the write lock past the busy timeout: the service retries the same write, the
    computer seat tries again later, and the move lands once the lock is gone."""
    game_id = await computer_game(service)
    posts = Announcements()
    seats = ComputerSeats(service, posts, delay=0, backoff=QUICK)
    other = await asyncio.to_thread(sqlite3.connect, str(tmp_path / "seats.sqlite3"), check_same_thread=False,
                                    isolation_level=None)
    await asyncio.to_thread(other.execute, "BEGIN IMMEDIATE")
    try:
        seats.kick(game_id)
        async with asyncio.timeout(60):
            while "database is locked" not in caplog.text:
                await asyncio.sleep(0.05)
        assert (await service.load(game_id)).moves == []
    finally:
        await asyncio.to_thread(other.execute, "ROLLBACK")
        other.close()
    await seats.idle()
    assert "database is locked" in caplog.text
    await assert_announced_once_each(service, game_id, posts)
    stored = await service.storage.moves(game_id)
    assert [m.move for m in stored] == [m.move for m in (await service.load(game_id)).moves]
    await seats.stop()


class HeldWorkers(Workers):
    """Threads whose jobs wait until released, so a test can act while a computer thinks."""

    def __init__(self) -> None:
        super().__init__(0)
        self.thinking = asyncio.Event()
        self.release = asyncio.Event()
        self.jobs = 0

    async def run(self, fn, *args):
        self.jobs += 1
        self.thinking.set()
        await self.release.wait()
        return await super().run(fn, *args)


async def test_a_person_acting_while_the_computer_thinks_wins(service, caplog):
    caplog.set_level(logging.INFO)
    game_id = await computer_game(service, people=(ALICE, BOB))
    posts = Announcements()
    workers = HeldWorkers()
    seats = ComputerSeats(service, posts, workers=workers, delay=0, backoff=QUICK)
    seats.kick(game_id)
    await workers.thinking.wait()
    rev = (await service.load(game_id)).row.rev
    await service.resign(game_id, BOB)  # the game changes under the thinking computer
    assert (await service.load(game_id)).row.rev == rev + 1
    workers.release.set()
    await seats.idle()
    assert "not played: That button is out of date" in caplog.text, "the move thought at the old moment is refused"
    table = await service.load(game_id)
    assert workers.jobs >= 2, "it thought again at the new moment"
    assert [m.move for m in table.moves if m.seat == 2] == [p.move for p in posts.posted]
    await seats.stop()


async def test_a_game_ended_while_the_computer_thinks_gets_no_move(service):
    game_id = await computer_game(service)
    posts = Announcements()
    workers = HeldWorkers()
    seats = ComputerSeats(service, posts, workers=workers, delay=0, backoff=QUICK)
    seats.kick(game_id)
    await workers.thinking.wait()
    await service.abandon(game_id, ALICE, can_manage=False)
    workers.release.set()
    await seats.idle()
    assert posts.posted == [] and (await service.storage.moves(game_id)) == []
    assert seats.playing() == set()
    await seats.stop()


async def test_start_up_and_the_periodic_sweep_restart_waiting_computers(service):
    first = await computer_game(service, channel=7)
    posts = Announcements()
    seats = ComputerSeats(service, posts, delay=0, backoff=QUICK, sweep_every=0.01)
    await seats.start()  # start-up: the computer to move in `first` plays without anyone kicking it
    await seats.idle()
    assert (await service.load(first)).game.to_move == 0
    # A game whose computer is to move and nobody plays it (another process started it, a task was lost):
    # the periodic sweep finds it.
    second = await computer_game(service, channel=8)
    async with asyncio.timeout(30):
        while not (await service.load(second)).moves:
            await asyncio.sleep(0.01)
    await seats.idle()
    assert (await service.load(second)).game.to_move == 0
    assert await seats.sweep() == [], "nothing left waiting"
    await seats.stop()


async def test_a_killed_worker_process_is_replaced_and_the_move_not_lost(service, caplog):
    workers = Workers(1, name="computer")
    try:
        pid = await workers.run(os.getpid)
        assert pid != os.getpid()
        os.kill(pid, signal.SIGKILL)
        game_id = await computer_game(service)
        posts = Announcements()
        seats = ComputerSeats(service, posts, workers=workers, delay=0, backoff=QUICK)
        seats.kick(game_id)
        await seats.idle()
        await assert_announced_once_each(service, game_id, posts)
        assert workers.replaced == 1 and "process died" in caplog.text
        assert await workers.run(os.getpid) not in (pid, os.getpid())
        await seats.stop()
    finally:
        workers.close()


async def test_workers_retry_a_job_once_when_its_worker_is_killed_mid_job():
    workers = Workers(1)
    try:
        pid = await workers.run(os.getpid)
        job = asyncio.ensure_future(workers.run(sleep_then_pid, 1.0))
        await asyncio.sleep(0.2)  # the job is running in the worker now (or about to)
        os.kill(pid, signal.SIGKILL)
        new_pid = await job
        assert new_pid not in (pid, os.getpid()) and workers.replaced == 1
    finally:
        workers.close()


def sleep_then_pid(seconds: float) -> int:
    import time

    time.sleep(seconds)
    return os.getpid()


async def test_a_job_that_kills_its_worker_twice_fails_and_the_workers_go_on():
    from concurrent.futures.process import BrokenProcessPool

    workers = Workers(1)
    try:
        with pytest.raises(BrokenProcessPool):
            await workers.run(os._exit, 3)  # dies in the worker, and again in the retry
        assert workers.replaced == 1
        assert await workers.run(os.getpid) != os.getpid(), "the next job gets a fresh worker"
        assert workers.replaced == 2
    finally:
        workers.close()
