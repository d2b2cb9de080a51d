"""A hint from the web board (`POST /api/games/<id>/hint`): the same service as `/tne hint` (bot/service/hints.py),
refused in the same words, counted against the same allowance and in the same game, answered only to the asker."""

from __future__ import annotations

from aiohttp import web

from bot.discord_front.play.texts import hint_text
from bot.language.locales import N_
from bot.service.table import GameError
from bot.web.asking import checked_person, table_for
from bot.web.context import Refusal, context_of
from bot.web.speech import texts_of

NO_HINTS_HERE = N_("This web board cannot work out hints; ask with `/tne hint` in the game's channel.")


def plain(said: str) -> str:
    """A Discord answer as the page shows it: no bold marks, no small-print prefix."""
    return "\n".join(line.removeprefix("-# ") for line in said.replace("**", "").splitlines())


async def hint(request: web.Request) -> web.Response:
    """`{"move": "tile red F7", "text": "<the hint, why, and how many this player has used>"}`."""
    ctx = context_of(request)
    person = checked_person(ctx, request)
    if ctx.hints is None:
        raise Refusal(400, NO_HINTS_HERE)
    table, _ = await table_for(ctx, request)
    try:
        question = ctx.hints.question(table, person.user_id)  # a refusal comes at once, before any thinking
        with ctx.hints.turn(person.user_id):  # so does one for a person who asks too much
            answer = await ctx.hints.answer(question)
    except GameError as exc:
        raise Refusal.of(400, exc) from exc
    t = texts_of(request, ctx.locales)
    return web.json_response({"move": answer.move, "text": plain(hint_text(answer.move, answer.reason, answer.used,
                                                                           reason_words=answer.words, t=t))})
