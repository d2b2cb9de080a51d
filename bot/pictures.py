"""Board, hand and final pictures, drawn off the event loop. Public pictures come from the spectator view only.

Drawing is CPU work that holds the GIL for much of its time, so with a burst of games a thread pool slows the
event loop (and so every first response). A process pool keeps the loop free; threads remain for tests and
one-core machines (TNE_RENDER_PROCESSES=0). A dead drawing process is replaced (bot/workers.py).
"""

from __future__ import annotations

import io
import logging

import discord

import render
from bot.service import Table
from bot.workers import Workers

log = logging.getLogger(__name__)


# Module-level so a process pool can pickle them by name; `render.*` is looked up at call time.
def draw_board(view: dict, names: list[str], clock: render.ClockLine | None = None) -> bytes:
    return render.render_board(view, names=names, clock=clock)


def draw_final(view: dict, standings: list[dict], names: list[str]) -> bytes:
    return render.render_final(view, standings, names=names)


def draw_hand(view: dict, seat: int, name: str) -> bytes:
    return render.render_hand(view, seat, name=name)


class Painter:
    """Draws pictures in worker processes (or threads when `processes` is 0)."""

    def __init__(self, processes: int = 0) -> None:
        self.workers = Workers(processes, name="picture")

    async def start(self) -> None:
        """Start the worker processes now rather than on the first move."""
        await self.workers.start()

    def close(self) -> None:
        self.workers.close()

    async def board(self, table: Table, clock: render.ClockLine | None = None) -> discord.File:
        """The public board (or the final picture once the game is over) as an attachment; `clock`: the turn
        clock's line for the panel."""
        game = table.game
        # Taken on the loop: the table may move on while the picture is drawn.
        public = game.view(None)  # never the full position: a public picture must not show hands or hidden points
        names = table.names()
        if game.over:
            png = await self.workers.run(draw_final, public, game.standings(), names)
        else:
            png = await self.workers.run(draw_board, public, names, clock)
        return discord.File(io.BytesIO(png), filename=f"tne-{table.id}-{len(table.moves)}.png")

    async def public(self, picture: dict) -> discord.File:
        """A stored public picture (bot/outbox_herald.py `picture`): the board, or the final picture."""
        if picture["kind"] == "final":
            png = await self.workers.run(draw_final, picture["view"], picture["standings"], picture["names"])
        else:
            clock = picture.get("clock")
            line = render.ClockLine(clock.get("text"), frozenset(clock.get("standins") or ())) if clock else None
            png = await self.workers.run(draw_board, picture["view"], picture["names"], line)
        return discord.File(io.BytesIO(png), filename=f"tne-{picture['game_id']}-{picture['n']}.png")

    async def hand(self, table: Table, seat: int) -> discord.File:
        """A seat's private hand picture; only ever sent in an ephemeral message."""
        png = await self.workers.run(draw_hand, table.game.view(seat), seat, table.names()[seat])
        return discord.File(io.BytesIO(png), filename="hand.png")
