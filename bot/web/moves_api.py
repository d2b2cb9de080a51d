"""A person's move and undo from the web board, through the same `GameService` as the slash commands: a request
made on a revision the game has left is refused with the words for a changed game (409)."""

from __future__ import annotations

import time

from aiohttp import web

from bot.language.locales import N_
from bot.service.desk import CHANGED, Stale
from bot.service.game_service import GameError
from bot.service.table import Origin
from bot.web.asking import body_of, checked_person, revision_of, table_for
from bot.web.context import Refusal, context_of
from bot.web.speech import texts_of


async def move(request: web.Request) -> web.Response:
    ctx = context_of(request)
    person = checked_person(ctx, request)
    body = await body_of(request)
    text = body.get("move")
    if not isinstance(text, str) or not text.strip():
        raise Refusal(400, N_("Say which move: \"move\" must be a move in notation, like `tile red F7`."))
    rev = revision_of(body)
    table, _ = await table_for(ctx, request)
    origin = Origin(made_at=time.time(), name=person.name)
    try:
        played = await ctx.service.play(table.id, text, user_id=person.user_id, rev=rev, origin=origin)
    except Stale as exc:
        raise Refusal(409, CHANGED) from exc
    except GameError as exc:
        raise Refusal.of(400, exc) from exc
    note = ctx.closed(table.row.channel_id, texts_of(request, ctx.locales))  # the channel does not show it yet
    return web.json_response({"revision": played.table.row.rev, **({"note": note} if note else {})})


async def undo(request: web.Request) -> web.Response:
    ctx = context_of(request)
    person = checked_person(ctx, request)
    rev = revision_of(await body_of(request))
    table, _ = await table_for(ctx, request)
    try:
        after, _ = await ctx.service.undo(table.id, person.user_id, rev=rev,
                                          origin=Origin(made_at=time.time(), name=person.name))
    except Stale as exc:
        raise Refusal(409, CHANGED) from exc
    except GameError as exc:
        raise Refusal.of(400, exc) from exc
    return web.json_response({"revision": after.table.row.rev})
