"""The web board's aiohttp application, run in the bot's own event loop, and its start and stop (docs/web.md).

The handlers' shared `Context` lives in bot/web/context.py, so bot/web/activity.py can use it without importing
this module round a circle. Every answer that is not a page is JSON; a refusal is `{"error": "<words>"}` with its
4xx status. Requests are counted against whoever verifies (bot/web/limits.py: a session's person, a spectator
link, else the address); beyond their allowance they are told to slow down (429) and nothing is done.
"""

from __future__ import annotations

import html
import logging
import os
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from aiohttp import web
from yarl import URL

from bot.language.locales import N_
from bot.service.game_service import GameError, GameService
from bot.service.visibility import ChannelSight
from bot.web import activity, api
from bot.web.activity import ActivitySettings
from bot.web.activity import Person as SignedIn
from bot.web.asking import BODY_LIMIT
from bot.web.auth import COOKIE, SESSION_LIFE, BadToken, Person
from bot.web.context import CONTEXT, Context, Refusal, context_of
from bot.web.speech import texts_of

log = logging.getLogger(__name__)

STATIC = Path(__file__).parent / "static"
def refusal(status: int, words: str) -> web.Response:
    return web.json_response({"error": words}, status=status)


@web.middleware
async def guard(request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
                ) -> web.StreamResponse:
    """Rate limit, then the handler; refusals and unknown paths answered in words, never a stack trace."""
    ctx = context_of(request)
    t = texts_of(request, ctx.locales)  # refusals in the requester's language
    if _counted(request) and not ctx.limits.allow(ctx.limits.who(request, ctx.auth)):
        return refusal(429, t.gettext(N_("Too many requests: slow down a little and try again in a second.")))
    try:
        return await handler(request)
    except Refusal as exc:
        answer = refusal(exc.status, exc.said_in(t))
        if exc.status == 429:
            answer.force_close()  # a refused stream's page comes back later: its descriptor is freed now
        return answer
    except web.HTTPException as exc:
        if exc.status < 400 or not request.path.startswith("/api/"):
            raise
        words = {404: N_("There is nothing here."), 405: N_("That method is not allowed here."),
                 413: N_("That request is too large.")}.get(exc.status)
        return refusal(exc.status, t.gettext(words) if words else exc.reason)


# The same for everyone and cheap to answer, like the page's own files: a crowd opening one game's link at once
# (each page fetches them) must not spend its allowance on them.
STATIC_DATA = ("/api/texts", "/api/boards")


def _counted(request: web.Request) -> bool:
    """Whether a request counts against its identity's rate: not the page and its files (its first load alone
    fetches more than RATE of them at once), not the static data, not a signed-out `/api/session`."""
    if request.method != "GET":
        return True
    if request.path.startswith(("/static/", "/g/", "/s/")) or request.path in (*STATIC_DATA, "/favicon.ico"):
        return False
    return not (request.path == "/api/session" and COOKIE not in request.cookies)


# Only Discord's Activity frames (and our own pages) may frame these pages: no other site can overlay them to trick
# a press (docs/web.md, Headers).
FRAME_ANCESTORS = "frame-ancestors 'self' https://discord.com https://*.discord.com https://*.discordsays.com"


async def protective_headers(request: web.Request, response: web.StreamResponse) -> None:
    """On every answer, the static files included: who may frame it, and no guessing of its content type."""
    response.headers.setdefault("Content-Security-Policy", FRAME_ANCESTORS)
    response.headers["X-Content-Type-Options"] = "nosniff"


SIGN_IN_PAGE = """<!doctype html><html lang="{lang}"><meta charset="utf-8">
<meta name="viewport" content="width=device-width"><title>Tigris &amp; Euphrates</title>
<form method="post" action="/auth"><p>{who}</p><p>{warning}</p>
<input type="hidden" name="t" value="{token}"><button>{button}</button></form>"""
SIGNS_IN_AS = N_("This link signs you in to the board as {name}.")
NOT_YOU = N_("If you are not {name}, close this page: the link was made for them, and opening the board would make "
             "you play as them.")
# Translators: a link button that opens the web board
OPEN_BOARD = N_("Open the board")
CROSS_SITE = N_("This sign-in came from another site and was refused. Open your own link from `/tne web` yourself.")


def plain(status: int, words: str) -> web.Response:
    return web.Response(status=status, text=words, headers={"Cache-Control": "no-store"})


async def sign_in_page(request: web.Request) -> web.StreamResponse:
    """`GET /auth?t=<link token>`: a page that says whom the link signs in as and signs in when pressed. Link
    previews fetch a URL but never post a form, and nothing submits it by itself: a link someone else slipped to
    this person signs them in as nobody until they read whose it is and press."""
    ctx = context_of(request)
    t = texts_of(request, ctx.locales)
    token = request.query.get("t")
    try:
        person = ctx.auth.person_of_link(token)
    except BadToken as exc:
        return plain(401, t.gettext(str(exc)))
    name = f"<b>{html.escape(person.name)}</b>"
    page = SIGN_IN_PAGE.format(lang=t.lang, who=html.escape(t.gettext(SIGNS_IN_AS)).format(name=name),
                               warning=html.escape(t.gettext(NOT_YOU)).format(name=name),
                               token=html.escape(token or "", quote=True), button=html.escape(t.gettext(OPEN_BOARD)))
    # same-origin: the form's own post carries our Origin (no-referrer would make it "null"), no other site
    # learns the link from a Referer.
    return web.Response(text=page, content_type="text/html",
                        headers={"Cache-Control": "no-store", "Referrer-Policy": "same-origin"})


def cross_site(request: web.Request, url: str) -> bool:
    """Whether a browser sent this request from a page of another site (or origin): by Sec-Fetch-Site where the
    browser says it, and by Origin against the configured URL's and this request's own. A request with neither
    header comes from no browser page (a program), which cannot carry a visitor's cookies anyway."""
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None and site not in ("same-origin", "none"):
        return True
    origin = request.headers.get("Origin")
    if origin is None:
        return False
    allowed = {str(URL(url).origin()), f"{request.scheme}://{request.host}"}
    return origin not in allowed


async def sign_in(request: web.Request) -> web.StreamResponse:
    """`POST /auth` (t=<link token>): the link becomes a session cookie, once, and the person goes to their
    channel's game. A post from another site's page is refused: it would sign the visitor in as someone else."""
    ctx = context_of(request)
    t = texts_of(request, ctx.locales)
    if cross_site(request, ctx.config.url):
        log.debug("A cross-site sign-in was refused (Origin %r, Sec-Fetch-Site %r)", request.headers.get("Origin"),
                 request.headers.get("Sec-Fetch-Site"))
        return plain(403, t.gettext(CROSS_SITE))
    form = await request.post()
    try:
        person = await ctx.auth.redeem_link(str(form.get("t") or ""))
    except BadToken as exc:
        return plain(401, t.gettext(str(exc)))
    target = "/"
    if person.channel_id is not None:
        try:
            table = await ctx.service.channel_table(person.channel_id, finished=True)
            target = f"/g/{table.id}"
        except GameError:
            pass  # no game there yet: the front page says so
    response = web.HTTPFound(target)
    set_session(ctx, response, ctx.auth.session(person))
    raise response


def may_exchange(ctx: Context, request: web.Request) -> bool:
    """The Activity's sign-in allowance, by the address this server believes (trusted proxies included)."""
    return ctx.limits.may_exchange(ctx.limits.who(request, ctx.auth).address)


def set_session(ctx: Context, response: web.StreamResponse, token: str) -> None:
    """The session cookie: HttpOnly, SameSite=None (the Activity runs in Discord's iframe), Secure over https."""
    response.set_cookie(COOKIE, token, max_age=int(SESSION_LIFE), httponly=True, path="/",
                        secure=ctx.config.secure, samesite="None" if ctx.config.secure else "Lax")


async def index(request: web.Request) -> web.StreamResponse:
    page = STATIC / "index.html"
    if not page.is_file():
        return web.Response(status=503, text="The web board's page is not installed.")
    return web.FileResponse(page, headers={"Cache-Control": "no-cache"})


async def server_page(request: web.Request) -> web.StreamResponse:
    """`/s/<guild id>`: a server's history and leaderboard (the page asks the JSON endpoints who may see what)."""
    page = STATIC / "server.html"
    if not page.is_file():
        return web.Response(status=503, text="The web board's page is not installed.")
    return web.FileResponse(page, headers={"Cache-Control": "no-cache"})


async def favicon(request: web.Request) -> web.StreamResponse:
    """`/favicon.ico`: the board's icon (drawn by scripts/make_favicon.py), which browsers ask of every site."""
    return web.FileResponse(STATIC / "favicon.ico", headers={"Cache-Control": "public, max-age=86400"})


def make_app(ctx: Context, activity_settings: ActivitySettings | None = None) -> web.Application:
    """The whole application: the page, its JSON endpoints, and the Activity's when it is configured."""
    app = web.Application(middlewares=[guard], client_max_size=BODY_LIMIT)
    app[CONTEXT] = ctx
    app.on_response_prepare.append(protective_headers)
    app.add_routes([web.get("/", index), web.get("/g/{id}", index), web.get("/s/{guild}", server_page),
                    web.get("/favicon.ico", favicon),
                    web.get("/auth", sign_in_page), web.post("/auth", sign_in), *api.routes()])
    if STATIC.is_dir():
        app.router.add_static("/static/", STATIC)
    if activity_settings is not None:
        activity.add_routes(app, ActivityBridge(ctx, activity_settings), partial(may_exchange, ctx))
    return app


@dataclass
class ActivityBridge:
    """What the Activity's endpoints need (bot/web/activity.py's ActivityContext), from the web board's context."""

    ctx: Context
    activity: ActivitySettings

    @property
    def service(self) -> GameService:
        return self.ctx.service

    def start_session(self, user_id: int, name: str) -> str:
        return self.ctx.auth.session(Person(user_id, name))

    def session_person(self, request: web.Request) -> SignedIn | None:
        try:
            person = self.ctx.auth.person_of_session(request.cookies.get(COOKIE))
        except BadToken:
            return None
        return SignedIn(person.user_id, person.name)

    async def sight(self, guild_id: int | None, user_id: int) -> ChannelSight:
        return await self.ctx.sight(guild_id, user_id)


class WebListenError(Exception):
    """The web board's address cannot be listened on (the port is taken, the host is not this machine's)."""

    def __init__(self, host: str, port: int, reason: str) -> None:
        super().__init__(f"{host}:{port}: {reason}")
        self.host, self.port, self.reason = host, port, reason

    def line(self) -> str:
        """One line for the operator: which address, why, and the settings that choose another."""
        return (f"The web board cannot listen on {self.host}:{self.port} ({self.reason}). Another program may use "
                "that port: set TNE_WEB_PORT to a free one (TNE_WEB_HOST for the address), or stop the other program.")


class WebServer:
    """The web board running on the configured address, with its hub's poller."""

    def __init__(self, ctx: Context, activity_settings: ActivitySettings | None = None) -> None:
        self.ctx = ctx
        self.app = make_app(ctx, activity_settings)
        self.runner: web.AppRunner | None = None

    async def start(self) -> None:
        await self.ctx.hub.start()
        self.runner = web.AppRunner(self.app, access_log=None)  # access lines would carry the link tokens
        await self.runner.setup()
        host, port = self.ctx.config.host, self.ctx.config.port
        try:
            await web.TCPSite(self.runner, host, port).start()
        except OSError as exc:
            # Said as the web board's, not as Discord being out of reach (which an OSError would otherwise read as).
            raise WebListenError(host, port, os.strerror(exc.errno) if exc.errno else str(exc)) from exc
        log.info("The web board listens on %s:%d for %s", host, port, self.ctx.config.url)

    async def stop(self) -> None:
        await self.ctx.hub.stop()
        if self.runner is not None:
            await self.runner.cleanup()
            self.runner = None
