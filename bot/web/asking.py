"""Who is asking the web board, and what: the session's person, the path's numbers, the request's JSON body.

Who sees what: a seated player sees their own seat's view; anyone else who may view the game's channel (asked of
Discord through the composition root's `sight`) and anyone holding the game's spectator link sees the public view.
A game someone may not see is answered as one that does not exist.
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from bot.language.locales import N_
from bot.service.game_service import GameError
from bot.service.table import Table
from bot.service.visibility import Viewer
from bot.web.auth import COOKIE, CSRF_HEADER, BadToken, Person
from bot.web.bodies import NotJSON, TooLarge, parse_json, read_body, whole_id
from bot.web.context import Context, Refusal

BODY_LIMIT = 4096
NO_GAME = N_("There is no game #{game_id} you can see.")
TOO_LARGE = N_("That request is too large: at most {limit} bytes.")
NO_SERVER = N_("There is no server {guild_id} you can see.")
SIGN_IN = N_("Sign in first: `/tne web` in the game's channel gives you a personal link.")


def person_of(ctx: Context, request: web.Request, *, required: bool = False) -> Person | None:
    """The session's person; a forged or expired session is refused in words, none is None (or 401 if required)."""
    cookie = request.cookies.get(COOKIE)
    if cookie is None:
        if required:
            raise Refusal(401, SIGN_IN)
        return None
    try:
        return ctx.auth.person_of_session(cookie)
    except BadToken as exc:
        raise Refusal(401, str(exc)) from exc


def checked_person(ctx: Context, request: web.Request) -> Person:
    """The person behind a state-changing request: a session and its CSRF header, or a refusal."""
    person = person_of(ctx, request, required=True)
    assert person is not None
    if not ctx.auth.csrf_ok(request.cookies[COOKIE], request.headers.get(CSRF_HEADER)):
        raise Refusal(403, N_("This request lacks the {header} header of your session: reload the page."),
                      {"header": CSRF_HEADER})
    return person


async def viewer_of(ctx: Context, person: Person, guild_id: int | None) -> Viewer:
    """The web has no Discord member in hand: what the person may see is asked of the bot's guild cache."""
    return Viewer(person.user_id, None, await ctx.sight(guild_id, person.user_id))


def number(request: web.Request, key: str) -> int:
    """The path's game (or server) number; one too large for the database is answered as one that is not there."""
    raw = request.match_info[key]
    if not raw.isascii() or not raw.isdigit():
        raise Refusal(404, N_("There is no game {raw}: game numbers are whole numbers."), {"raw": repr(raw)})
    value = whole_id(raw)
    if value is None:
        if key == "guild":
            raise Refusal(404, NO_SERVER, {"guild_id": raw})
        raise Refusal(404, NO_GAME, {"game_id": raw})
    return value


async def table_for(ctx: Context, request: web.Request) -> tuple[Table, int | None]:
    """The game the path names as stored now, and the asker's seat in it (None: the public view), or a refusal."""
    game_id = number(request, "id")
    try:
        table = await ctx.service.current(game_id)
    except GameError:
        raise Refusal(404, NO_GAME, {"game_id": game_id}) from None
    person = person_of(ctx, request)
    token = request.query.get("s")
    if person is not None:
        seat = table.seat_of(person.user_id)
        if seat is not None:
            return table, seat
        viewer = await viewer_of(ctx, person, table.row.guild_id)
        if viewer.sees(table.row.channel_id, (p.user_id for p in table.players)):
            return table, None
    if token is not None:
        try:
            spectator = ctx.auth.spectator_of(token)
        except BadToken as exc:
            raise Refusal(401, str(exc)) from exc
        if spectator.game_id == table.id:
            return table, None
    if person is None and token is None:
        raise Refusal(401, SIGN_IN)
    raise Refusal(404, NO_GAME, {"game_id": game_id})


async def body_of(request: web.Request) -> dict[str, Any]:
    """The request's JSON object, at most BODY_LIMIT bytes, or a refusal in words."""
    try:
        body = parse_json(await read_body(request, BODY_LIMIT))
    except TooLarge:
        raise Refusal(413, TOO_LARGE, {"limit": BODY_LIMIT}) from None
    except NotJSON:
        raise Refusal(400, N_("That request is not JSON.")) from None
    if not isinstance(body, dict):
        raise Refusal(400, N_("That request must be a JSON object."))
    return body


def revision_of(body: dict[str, Any]) -> int:
    rev = body.get("revision")
    if not isinstance(rev, int) or isinstance(rev, bool):
        raise Refusal(400, N_("Say which revision of the game you saw: \"revision\" must be a whole number."))
    return rev
