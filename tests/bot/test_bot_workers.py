"""Worker processes (pictures, replays, computer players) run below the bot's own priority: a busy machine
answers interactions first; hints and reviews (the analysis lane) run lowest, so computer moves come before them."""

from __future__ import annotations

import asyncio
import os
import time

from bot.background.workers import ANALYSIS_NICE, NICE
from bot.discord_front.pictures import Painter


async def test_picture_replay_and_computer_workers_run_at_a_lower_priority_than_the_event_loop():
    from bot.background.workers import Workers

    painter = Painter(processes=1)
    thinkers = Workers(1, name="computer")
    try:
        for pool in (painter.workers, painter.replays, thinkers):
            assert await pool.run(os.nice, 0) == min(19, os.nice(0) + NICE), pool.name
            assert await pool.run(os.getpid) != os.getpid()
    finally:
        painter.close()
        thinkers.close()


async def test_the_analysis_lanes_workers_run_at_the_lowest_priority_below_the_computer_players():
    from bot.background.workers import Workers

    thinkers = Workers(1, name="computer")
    analysts = Workers(1, name="analysis", nice=ANALYSIS_NICE)
    try:
        computer, analysis = await thinkers.run(os.nice, 0), await analysts.run(os.nice, 0)
        assert analysis == min(19, os.nice(0) + ANALYSIS_NICE) == 19
        assert analysis > computer or computer == 19  # strictly below, unless the bot itself already runs near 19
        assert await analysts.run(os.getpid) not in (os.getpid(), await thinkers.run(os.getpid))
    finally:
        thinkers.close()
        analysts.close()


async def test_closing_workers_with_jobs_still_queued_ends_their_processes():
    from bot.background.workers import Workers

    workers = Workers(1)
    pid = await workers.run(os.getpid)
    queued = [asyncio.ensure_future(workers.run(time.sleep, 30.0)) for _ in range(3)]
    await asyncio.sleep(0.2)  # the first sleep is running in the worker, the others wait
    workers.close()
    for _ in range(100):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            break
        await asyncio.sleep(0.05)
    else:
        raise AssertionError("the worker process outlived close() by 5 s")
    results = await asyncio.gather(*queued, return_exceptions=True)
    assert all(isinstance(r, BaseException) for r in results), "no job ran to its end after close()"
