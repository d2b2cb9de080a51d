"""The web board as a Discord Activity: its page, the OAuth2 code exchange, and the channel's game (docs/web.md).

The Embedded App SDK in the page asks Discord for a code; this server trades it at Discord's token endpoint for an
access token, reads who it belongs to, and starts that person's session. The channel the Activity runs in picks the
game, shown only to whoever may see that channel's game (bot/service/visibility.py).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import aiohttp
from aiohttp import web

from bot.language.locales import N_
from bot.language.locales import load as load_locales
from bot.service.table import GameError, Table
from bot.service.visibility import ChannelSight, Viewer
from bot.web.bodies import NotJSON, TooLarge, parse_json, read_body, whole_id
from bot.web.limits import TOO_MANY_SIGN_INS, Limits, address_key
from bot.web.speech import choose, texts_of

log = logging.getLogger(__name__)

STATIC = Path(__file__).parent / "static"
DEFAULT_API_BASE = "https://discord.com/api"
API_VERSION = 10
SESSION_COOKIE = "tne_session"
SESSION_DAYS = 7
MAX_BODY = 4096
MAX_CODE = 512  # Discord's codes are ~30 characters; anything far longer is not one
DISCORD_TIMEOUT = aiohttp.ClientTimeout(total=10)

BAD_CODE = N_("Discord did not accept that sign-in code (it may be used or expired). Close the Activity and launch "
              "it again.")
UNREACHABLE = N_("Could not reach Discord to sign you in. Try again in a moment.")
NO_GAME = N_("There is no game you can see in this channel. Open one with `/tne new`.")
SIGN_IN_FIRST = N_("Sign in first: launch the Activity from Discord.")


@dataclass(frozen=True)
class ActivitySettings:
    """What the Activity needs to know: the application (client) id, its OAuth2 secret, where Discord's API is."""

    client_id: str
    client_secret: str = field(repr=False)
    api_base: str | None = None  # DISCORD_API_BASE; None: Discord itself
    secure: bool = True  # the public URL is https: cookies are Secure and may cross into Discord's iframe

    @property
    def api(self) -> str:
        """The versioned REST base, as the bot's own client builds it."""
        base = (self.api_base or DEFAULT_API_BASE).rstrip("/")
        return base if re.search(r"/v\d+$", base) else f"{base}/v{API_VERSION}"


@dataclass(frozen=True)
class Person:
    """Who a session belongs to."""

    id: int
    name: str


class GameLookup(Protocol):
    async def channel_table(self, channel_id: int, *, finished: bool = False) -> Table: ...


class ActivityContext(Protocol):
    """What the web server hands the Activity's endpoints (bot/web/server.py builds it)."""

    @property
    def service(self) -> GameLookup: ...

    @property
    def activity(self) -> ActivitySettings: ...

    def start_session(self, user_id: int, name: str) -> str:
        """A new signed session for this Discord user: the `tne_session` cookie's value."""
        ...

    def session_person(self, request: web.Request) -> Person | None:
        """The person whose valid session cookie this request carries, if any."""
        ...

    async def sight(self, guild_id: int | None, user_id: int) -> ChannelSight:
        """What this person may see of each channel of a server (on Discord: their permissions there)."""
        ...


class DiscordRefused(Exception):
    """Discord answered the exchange with a refusal (bad, used or expired code; wrong secret)."""


class DiscordUnreachable(Exception):
    """Discord could not be asked (network, timeout, or its own 5xx)."""


def error(status: int, words: str, request: web.Request | None = None) -> web.Response:
    """A refusal in words: the English `words`, said in the requester's language when the request is given."""
    if request is not None:
        words = texts_of(request, load_locales()).gettext(words)
    return web.json_response({"error": words}, status=status)


async def exchange_code(settings: ActivitySettings, code: str) -> tuple[str, dict[str, Any]]:
    """Trade an authorization code for (access token, the user it belongs to), at Discord's OAuth2 endpoints."""
    form = {"client_id": settings.client_id, "client_secret": settings.client_secret,
            "grant_type": "authorization_code", "code": code}
    try:
        async with aiohttp.ClientSession(timeout=DISCORD_TIMEOUT) as http:
            async with http.post(f"{settings.api}/oauth2/token", data=form) as answer:
                token = await _json_answer(answer, "token")
            access = token.get("access_token")
            if not isinstance(access, str) or not access:
                raise DiscordUnreachable("the token answer has no access_token")
            headers = {"Authorization": f"Bearer {access}"}
            async with http.get(f"{settings.api}/users/@me", headers=headers) as answer:
                user = await _json_answer(answer, "user")
    except (aiohttp.ClientError, TimeoutError) as exc:
        raise DiscordUnreachable(str(exc) or type(exc).__name__) from exc
    if not str(user.get("id", "")).isdigit():
        raise DiscordUnreachable("the user answer has no id")
    return access, user


async def _json_answer(answer: aiohttp.ClientResponse, what: str) -> dict[str, Any]:
    if answer.status >= 500 or answer.status == 429:
        raise DiscordUnreachable(f"{what}: HTTP {answer.status}")
    if answer.status >= 400:
        raise DiscordRefused(f"{what}: HTTP {answer.status}")
    try:
        data = await answer.json(content_type=None)
    except ValueError as exc:
        raise DiscordUnreachable(f"{what}: not JSON") from exc
    if not isinstance(data, dict):
        raise DiscordUnreachable(f"{what}: not an object")
    return data


def display_name(user: dict[str, Any]) -> str:
    """The name Discord shows: the global display name, else the username."""
    for key in ("global_name", "username"):
        name = user.get(key)
        if isinstance(name, str) and name.strip():
            return name.strip()[:64]
    return "Player"


async def read_code(request: web.Request) -> str | web.Response:
    """The body's `code`, or the 4xx answer saying what is wrong with the body."""
    try:
        body = parse_json(await read_body(request, MAX_BODY))
    except TooLarge:
        return error(413, N_("That request is too large."), request)
    except NotJSON:
        return error(400, N_('Send JSON: {"code": "<the code from authorize>"}.'), request)
    code = body.get("code") if isinstance(body, dict) else None
    if not isinstance(code, str) or not code.strip():
        return error(400, N_('Send the code from authorize as {"code": "…"}.'), request)
    if len(code) > MAX_CODE or not code.isascii():
        return error(401, BAD_CODE, request)
    return code.strip()


# Whether a sign-in code from this request may be sent to Discord now (bot/web/limits.py's allowances).
MayExchange = Callable[[web.Request], bool]


def add_routes(app: web.Application, context: ActivityContext, may_exchange: MayExchange | None = None) -> None:
    """The Activity's page and endpoints; the server calls this when DISCORD_CLIENT_SECRET is set, with the
    exchange allowance of its limits (by default: the TCP peer's address and everyone's together)."""
    if may_exchange is None:
        own = Limits()
        may_exchange = lambda request: own.may_exchange(address_key(request.remote or "?"))  # noqa: E731

    async def page(request: web.Request) -> web.Response:
        html = (STATIC / "activity.html").read_text(encoding="utf-8")
        html = html.replace("{{client_id}}", context.activity.client_id)
        return web.Response(text=html, content_type="text/html", headers={"Cache-Control": "no-store"})

    async def token(request: web.Request) -> web.Response:
        code = await read_code(request)
        if isinstance(code, web.Response):
            return code
        if not may_exchange(request):  # each exchange is a call to Discord: a flood of them is not passed on
            return error(429, TOO_MANY_SIGN_INS, request)
        try:
            access, user = await exchange_code(context.activity, code)
        except DiscordRefused as exc:
            log.info("Activity sign-in refused by Discord: %s", exc)
            return error(401, BAD_CODE, request)
        except DiscordUnreachable as exc:
            log.warning("Activity sign-in: Discord unreachable: %s", exc)
            return error(502, UNREACHABLE, request)
        person = Person(int(user["id"]), display_name(user))
        # Discord's user carries the locale of the person's client: the page speaks it (docs/web.md, Languages).
        locale = user.get("locale") if isinstance(user.get("locale"), str) else None
        lang = choose(locale, load_locales().languages) if locale else None
        answer = web.json_response({"access_token": access, "user": {"id": str(person.id), "name": person.name},
                                    "lang": lang})
        settings = context.activity
        # Discord shows the Activity in a cross-site iframe: only a Secure, SameSite=None cookie reaches us there.
        answer.set_cookie(SESSION_COOKIE, context.start_session(person.id, person.name), max_age=SESSION_DAYS * 86400,
                          path="/", httponly=True, secure=settings.secure,
                          samesite="None" if settings.secure else "Lax")
        return answer

    async def channel_game(request: web.Request) -> web.Response:
        channel_id = whole_id(request.match_info["channel_id"])
        if channel_id is None:
            return error(404, NO_GAME, request)
        person = context.session_person(request)
        if person is None:
            return error(401, SIGN_IN_FIRST, request)
        try:
            table = await context.service.channel_table(channel_id)
        except GameError:
            return error(404, NO_GAME, request)
        # Not the channel the person is "in": the Activity's channel id comes from the page, so it proves nothing.
        viewer = Viewer(person.id, None, await context.sight(table.row.guild_id, person.id))
        if not viewer.sees(table.row.channel_id, [p.user_id for p in table.players]):
            # The same words as no game at all: a hidden game's existence stays hidden.
            return error(404, NO_GAME, request)
        return web.json_response({"id": table.id})

    @web.middleware
    async def launched_at_root(request: web.Request, handler: Any) -> web.StreamResponse:
        # Discord opens the Activity at its URL mapping's root with frame_id & co. in the query: that is our page.
        if request.method == "GET" and request.path == "/" and "frame_id" in request.query:
            return await page(request)
        response: web.StreamResponse = await handler(request)
        return response

    app.middlewares.append(launched_at_root)
    app.router.add_get("/activity", page)
    app.router.add_post("/api/activity/token", token)
    app.router.add_get("/api/channels/{channel_id}/game", channel_game)
