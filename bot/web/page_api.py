"""What every page reads first: the session (`GET /api/session`), the texts in its language and the boards."""

from __future__ import annotations

from aiohttp import web

from bot.web.asking import person_of
from bot.web.auth import COOKIE
from bot.web.context import Refusal, context_of
from bot.web.speech import choose, texts_of
from engine.boards import BOARDS
from engine.squares import SQUARE_NAMES


async def session(request: web.Request) -> web.Response:
    ctx = context_of(request)
    try:
        person = person_of(ctx, request)
    except Refusal:
        person = None  # an expired session is simply signed out here
    if person is None:
        return web.json_response({"user": None, "csrf": None})
    # The language Discord last told the bot this person uses (bot/language/person_languages.py), for the page's words.
    remembered = await ctx.service.person_languages.store.language(person.user_id)
    return web.json_response({"user": {"id": str(person.user_id), "name": person.name},
                              "csrf": ctx.auth.csrf(request.cookies[COOKIE]),
                              "lang": choose(remembered, ctx.locales.languages) if remembered else None})


async def texts(request: web.Request) -> web.Response:
    """The pages' texts in the asked language (`?lang=`, else Accept-Language): English id → text, plurals' forms."""
    ctx = context_of(request)
    lang = texts_of(request, ctx.locales).lang
    return web.Response(text=ctx.page_texts.bodies[lang], content_type="application/json",
                        headers={"Cache-Control": "public, max-age=3600", "Vary": "Accept-Language"})


async def boards(request: web.Request) -> web.Response:
    out = {}
    for name, board in BOARDS.items():
        temples = [SQUARE_NAMES[sq] for sq in board.temples]
        out[name] = {"rivers": [SQUARE_NAMES[sq] for sq, wet in enumerate(board.river) if wet], "temples": temples,
                     "treasures": temples, "corners": sorted(SQUARE_NAMES[sq] for sq in board.corners)}
    return web.json_response(out)
