"""Why a square the page did not highlight takes no move: `GET /api/games/<id>/why?move=…` tries the move on a copy
of the game for the seat to move and answers the engine's refusal in the asker's language (nothing is played)."""

from __future__ import annotations

from aiohttp import web

from bot.language import refusals
from bot.service.table import GameError
from bot.storage.rows import GameStatus
from bot.web.asking import table_for
from bot.web.context import context_of
from bot.web.speech import texts_of
from engine import IllegalMove


async def why(request: web.Request) -> web.Response:
    """`{"legal": true}`, or `{"legal": false, "why": "<the refusal>"}`; `why` is null for someone not to move."""
    ctx = context_of(request)
    table, you = await table_for(ctx, request)
    move = request.query.get("move", "")[:100]
    game = table.game
    if game is None or table.row.status != GameStatus.ACTIVE or you is None or game.to_move != you:
        return web.json_response({"legal": False, "why": None})
    if move in (str(m) for m in game.legal_moves()):
        return web.json_response({"legal": True})
    try:
        game.copy(history=False).play(move, seat=you)  # a copy: the table's game is never touched here
    except IllegalMove as exc:
        return web.json_response({"legal": False,
                                  "why": refusals.said(GameError.refusing(exc), texts_of(request, ctx.locales))})
    return web.json_response({"legal": True})
