"""Board, hand and final pictures, drawn off the event loop. Public pictures come from the spectator view only.

Drawing is CPU work that holds the GIL for much of its time, so with a burst of games a thread pool slows the
event loop (and so every first response). A process pool keeps the loop free; threads remain for tests and
one-core machines (TNE_RENDER_PROCESSES=0).
"""

from __future__ import annotations

import asyncio
import functools
import io
import logging
import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

import discord

import render
from bot.service import Table

log = logging.getLogger(__name__)


# Module-level so a process pool can pickle them by name; `render.*` is looked up at call time.
def draw_board(view: dict, names: list[str]) -> bytes:
    return render.render_board(view, names=names)


def draw_final(view: dict, standings: list[dict], names: list[str]) -> bytes:
    return render.render_final(view, standings, names=names)


def draw_hand(view: dict, seat: int, name: str) -> bytes:
    return render.render_hand(view, seat, name=name)


def _warm() -> bool:
    return True


class Painter:
    """Draws pictures in worker processes (or threads when `processes` is 0)."""

    def __init__(self, processes: int = 0) -> None:
        self._pool: Executor | None = None
        if processes > 0:
            # forkserver: never fork the bot itself, which runs threads (aiosqlite, the executor).
            self._pool = ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("forkserver"))

    async def start(self) -> None:
        """Start the worker processes now rather than on the first move."""
        if self._pool is not None:
            await asyncio.get_running_loop().run_in_executor(self._pool, _warm)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)

    async def _run(self, fn: Any, *args: Any) -> bytes:
        if self._pool is None:
            return await asyncio.to_thread(fn, *args)
        return await asyncio.get_running_loop().run_in_executor(self._pool, functools.partial(fn, *args))

    async def board(self, table: Table) -> discord.File:
        """The public board (or the final picture once the game is over) as an attachment."""
        game = table.game
        # Taken on the loop: the table may move on while the picture is drawn.
        public = game.view(None)  # never the full position: a public picture must not show hands or hidden points
        names = table.names()
        if game.over:
            png = await self._run(draw_final, public, game.standings(), names)
        else:
            png = await self._run(draw_board, public, names)
        return discord.File(io.BytesIO(png), filename=f"tne-{table.id}-{len(table.moves)}.png")

    async def hand(self, table: Table, seat: int) -> discord.File:
        """A seat's private hand picture; only ever sent in an ephemeral message."""
        png = await self._run(draw_hand, table.game.view(seat), seat, table.player(seat).name)
        return discord.File(io.BytesIO(png), filename="hand.png")
