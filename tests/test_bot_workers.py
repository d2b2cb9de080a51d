"""Worker processes for pictures run below the bot's own priority, so a busy machine answers interactions first."""

from __future__ import annotations

import os

from bot.pictures import Painter
from bot.workers import NICE


async def test_picture_workers_run_at_a_lower_priority_than_the_event_loop():
    painter = Painter(processes=1)
    try:
        worker_nice = await painter.workers.run(os.nice, 0)
        assert worker_nice == min(19, os.nice(0) + NICE)
        assert await painter.workers.run(os.getpid) != os.getpid()
    finally:
        painter.close()
