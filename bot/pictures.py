"""Board, hand and final pictures, drawn off the event loop. Public pictures come from the spectator view only."""

from __future__ import annotations

import asyncio
import io

import discord

import render
from bot.service import Table


def _file(png: bytes, name: str) -> discord.File:
    return discord.File(io.BytesIO(png), filename=name)


async def board_file(table: Table) -> discord.File:
    """The public board (or the final picture once the game is over) as an attachment."""
    game = table.game
    # Snapshot on the loop: the table may move on while the thread draws.
    public = game.view(None)  # never the full position: a public picture must not show hands or hidden points
    names = table.names()
    if game.over:
        png = await asyncio.to_thread(render.render_final, public, game.standings(), names=names)
    else:
        png = await asyncio.to_thread(render.render_board, public, names=names)
    return _file(png, f"tne-{table.id}-{len(table.moves)}.png")


async def hand_file(table: Table, seat: int) -> discord.File:
    """A seat's private hand picture; only ever sent in an ephemeral message."""
    view = table.game.view(seat)
    png = await asyncio.to_thread(render.render_hand, view, seat, name=table.player(seat).name)
    return _file(png, "hand.png")
