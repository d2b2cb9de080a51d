"""The web board's JSON endpoints (docs/web.md): each reads who asks, checks what they may see, and calls the same
`GameService` as the slash commands, so a refusal comes back in the same words and a change is followed as theirs
is (the service publishes it: open pages, computer seats, records); a handler answers only its request.

Who sees what: a seated player sees their own seat's view; anyone else who may view the game's channel (asked of
Discord through the composition root's `sight`) and anyone holding the game's spectator link sees the public view.
A game someone may not see is answered as one that does not exist.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Sequence
from typing import Any

from aiohttp import web

from bot.discord_front.play import decision_texts
from bot.discord_front.records import texts as records_texts
from bot.language import seat_names
from bot.language.clock_texts import clock_words
from bot.language.locales import ENGLISH, N_, SOURCE, Texts
from bot.language.table_words import event_line
from bot.records.export import StoredGame, record_text
from bot.records.ratings import player_key
from bot.service.desk import CHANGED
from bot.service.endings import Ending
from bot.service.game_service import GameError
from bot.service.table import Origin, Table
from bot.service.visibility import Sight, Viewer
from bot.storage.records import RatingRow
from bot.storage.rows import LIVE, GameStatus
from bot.web.auth import COOKIE, CSRF_HEADER, BadToken, Person
from bot.web.bodies import NotJSON, TooLarge, parse_json, read_body, whole_id
from bot.web.context import Context, Refusal, context_of
from bot.web.speech import choose, texts_of
from engine import Game, public_move
from engine.boards import BOARDS
from engine.squares import SQUARE_NAMES

BODY_LIMIT = 4096
LOG_LINES = 30
NO_GAME = N_("There is no game #{game_id} you can see.")
TOO_LARGE = N_("That request is too large: at most {limit} bytes.")
NO_SERVER = N_("There is no server {guild_id} you can see.")
SIGN_IN = N_("Sign in first: `/tne web` in the game's channel gives you a personal link.")


def routes() -> list[web.RouteDef]:
    return [
        web.get("/api/session", session),
        web.get("/api/boards", boards),
        web.get("/api/texts", texts),
        web.get("/api/games/{id}", game),
        web.get("/api/games/{id}/events", events),
        web.post("/api/games/{id}/moves", move),
        web.post("/api/games/{id}/undo", undo),
        web.get("/api/games/{id}/record", record),
        web.get("/api/games/{id}/replay", replay),
        web.get("/api/servers/{guild}/games", server_games),
        web.get("/api/servers/{guild}/history", server_history),
        web.get("/api/servers/{guild}/leaderboard", server_leaderboard),
    ]


# --- who is asking ------------------------------------------------------------------------------------------------

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


# --- what a person sees -------------------------------------------------------------------------------------------

def game_json(table: Table, you: int | None, now: float, t: Texts = ENGLISH) -> dict[str, Any]:
    """The game as seat `you` (None: a spectator) may see it, its words in `t`'s language; docs/web.md lists the
    keys. Moves stay in notation."""
    row, g = table.row, table.game
    active = row.status == GameStatus.ACTIVE and g is not None and not g.over
    to_move = g.to_move if active and g is not None else None
    mine = active and you is not None and to_move == you
    log = [{"n": m.n, "seat": m.seat, "move": public_move(m.move),
            "text": " ".join(event_line(e, t=t) for e in m.events if e.get("type") not in ("draw", "game_over"))}
           for m in table.moves[-LOG_LINES:]]
    return {
        "id": table.id, "revision": row.rev, "status": str(row.status), "board": row.board,
        "guild_id": str(row.guild_id) if row.guild_id is not None else None,
        # Each seat as the page's language names it ('Ordinateur (moyen)'): a computer's level is in its name.
        "names": seat_names.seat_names([p.name for p in table.players], [p.level for p in table.players], t),
        "kinds": [p.level if p.is_bot and p.level else "human" for p in table.players],
        "you": you,
        "view": g.view(you) if g is not None else None,
        "to_move": to_move,
        "pending": g.pending if active and g is not None else None,
        "describe": describe(table, you, t) if active and g is not None else None,
        "legal": [str(m) for m in g.legal_moves()] if mine and g is not None else [],
        "can_undo": bool(active and you is not None and g is not None and g.can_undo(you)),
        "clock": clock_words(row.clock, now, t=t) if active else None,
        "log": log,
        "standings": table.standings() if g is not None and row.status not in LIVE else None,
        "kingdoms": g.kingdoms() if g is not None else [],
    }


def describe(table: Table, you: int | None, t: Texts) -> str | None:
    """What is awaited, in words: the engine's English, or the bot's own words in another language."""
    assert table.game is not None
    if t.lang == SOURCE or not table.game.pending:
        return table.game.describe_pending()
    return decision_texts.decision_words(table, you, t=t)


def move_frames(board: str, scores: str, players: int, seed: int,
                moves: Sequence[tuple[int, str]]) -> list[dict[str, Any]]:
    """The spectator view before the first move and after each one (the replay's slider); CPU work, off the loop."""
    g = Game.new(players=players, seed=seed, board=board, options={"scores": scores})
    frames: list[dict[str, Any]] = [{"n": 0, "view": g.view(None), "move": None}]
    for n, (seat, played) in enumerate(moves, 1):
        g.play(played, seat=seat)
        frames.append({"n": n, "view": g.view(None), "move": public_move(played)})
    return frames


# --- the endpoints ------------------------------------------------------------------------------------------------

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


async def game(request: web.Request) -> web.Response:
    ctx = context_of(request)
    table, you = await table_for(ctx, request)
    return web.json_response(game_json(table, you, ctx.service.now(), texts_of(request, ctx.locales)))


async def events(request: web.Request) -> web.StreamResponse:
    """Server-sent events: `data: {"revision": n}` on every change, a comment every KEEPALIVE seconds. Each open
    stream holds a descriptor: beyond bot/web/limits.py's caps it is refused (429) and the page reads instead."""
    ctx = context_of(request)
    who = ctx.limits.who(request, ctx.auth)
    refused = ctx.limits.streams.take(who)
    if refused is not None:
        raise Refusal(429, *refused)
    try:
        table, _ = await table_for(ctx, request)
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream", "Cache-Control": "no-cache",
                                               "X-Accel-Buffering": "no"})
        await response.prepare(request)
        await _stream(ctx, request, table, response)
    finally:
        ctx.limits.streams.release(who)
    return response


async def _stream(ctx: Context, request: web.Request, table: Table, response: web.StreamResponse) -> None:
    """Write the game's revisions until the page goes or the server stops (the hub wakes the game's streams when
    a page of it has gone: bot/web/hub.py)."""
    signal, stream = ctx.hub.watch(table.id, table.row.channel_id, table.row.rev,
                                   lambda: request.transport is not None)
    try:
        seen = table.row.rev
        await response.write(f"data: {json.dumps({'revision': seen})}\n\n".encode())
        while not ctx.hub.stopping and request.transport is not None:
            changed = signal.changed
            if signal.revision == seen:
                try:
                    await asyncio.wait_for(changed.wait(), ctx.keepalive)
                except TimeoutError:
                    await response.write(b": still here\n\n")
                continue
            seen = signal.revision
            await response.write(f"data: {json.dumps({'revision': seen})}\n\n".encode())
    except (ConnectionResetError, ConnectionError):
        pass
    finally:
        ctx.hub.unwatch(table.id, stream)


async def move(request: web.Request) -> web.Response:
    ctx = context_of(request)
    person = checked_person(ctx, request)
    body = await body_of(request)
    text = body.get("move")
    if not isinstance(text, str) or not text.strip():
        raise Refusal(400, N_("Say which move: \"move\" must be a move in notation, like `tile red F7`."))
    rev = revision_of(body)
    table, _ = await table_for(ctx, request)
    await _fresh(ctx, table.id, rev)
    origin = Origin(made_at=time.time(), name=person.name)
    try:
        played = await ctx.service.play(table.id, text, user_id=person.user_id, rev=rev, origin=origin)
    except GameError as exc:
        await _fresh(ctx, table.id, rev)
        raise Refusal.of(400, exc) from exc
    note = ctx.closed(table.row.channel_id, texts_of(request, ctx.locales))  # the channel does not show it yet
    return web.json_response({"revision": played.table.row.rev, **({"note": note} if note else {})})


async def undo(request: web.Request) -> web.Response:
    ctx = context_of(request)
    person = checked_person(ctx, request)
    rev = revision_of(await body_of(request))
    table, _ = await table_for(ctx, request)
    await _fresh(ctx, table.id, rev)
    try:
        after, _ = await ctx.service.undo(table.id, person.user_id, origin=Origin(made_at=time.time(),
                                                                                   name=person.name))
    except GameError as exc:
        await _fresh(ctx, table.id, rev)
        raise Refusal.of(400, exc) from exc
    return web.json_response({"revision": after.table.row.rev})


async def _fresh(ctx: Context, game_id: int, rev: int) -> None:
    """A request made on a revision the game has left is refused with the words for a changed game (409)."""
    if await ctx.service.storage.game_rev(game_id) != rev:
        raise Refusal(409, CHANGED)


async def _stored(ctx: Context, table: Table) -> StoredGame:
    row = table.row
    if row.status == GameStatus.LOBBY or row.seed is None:
        raise Refusal(404, N_("Game #{game_id} has not started yet."), {"game_id": table.id})
    try:
        return await ctx.records.game(row.guild_id or 0, row.channel_id, table.id, finished=False)
    except GameError as exc:
        raise Refusal.of(404, exc) from exc


async def record(request: web.Request) -> web.Response:
    ctx = context_of(request)
    table, _ = await table_for(ctx, request)
    stored = await _stored(ctx, table)
    text = await ctx.offload(record_text, stored)  # replays every move: not on the loop
    return web.Response(text=text, content_type="application/json")


async def replay(request: web.Request) -> web.Response:
    ctx = context_of(request)
    table, _ = await table_for(ctx, request)
    if table.row.status in LIVE:
        raise Refusal(409, N_("Game #{game_id} is still being played; its replay comes once it is over."),
                      {"game_id": table.id})
    g = await _stored(ctx, table)
    frames = await ctx.offload(move_frames, g.board, g.scores, len(g.names), g.seed, g.moves)
    return web.json_response({"frames": frames})


async def server_games(request: web.Request) -> web.Response:
    ctx = context_of(request)
    person = person_of(ctx, request, required=True)
    assert person is not None
    guild_id = number(request, "guild")
    viewer = await viewer_of(ctx, person, guild_id)
    tables = await ctx.service.server_tables(guild_id, viewer)
    return web.json_response({"games": [
        {"id": t.id, "status": str(t.row.status), "board": t.row.board, "names": t.names(),
         "channel_id": str(t.row.channel_id), "you": t.seat_of(person.user_id),
         "to_move": t.to_move() if t.row.status == GameStatus.ACTIVE else None} for t in tables]})


# --- a server's history and leaderboard ---------------------------------------------------------------------------

SUMMARY_KEYS = ("seat", "name", "rank", "score", "resigned", "before", "after")


def page_number(request: web.Request) -> int:
    """`?page=N` counted from 1 (absent: 1), as a 0-based page; anything else is refused in words."""
    raw = request.query.get("page", "1")
    if not raw.isascii() or not raw.isdigit() or len(raw) > 6 or int(raw) < 1:
        raise Refusal(400, N_("\"page\" must be a whole number from 1."))
    return int(raw) - 1


async def server_viewer(ctx: Context, request: web.Request, guild_id: int, *, links: bool) -> Viewer:
    """Whose eyes a server's pages are seen with: a session's person who may see some game of that server, or
    (when `links`) a spectator link of one of its games, which sees only the games of that link's channel."""
    missing = Refusal(404, NO_SERVER, {"guild_id": guild_id})
    person = person_of(ctx, request)
    if person is not None:
        viewer = await viewer_of(ctx, person, guild_id)
        if await sees_server(ctx, guild_id, viewer):
            return viewer
    token = request.query.get("s") if links else None
    if token is None:
        raise missing if person is not None else Refusal(401, SIGN_IN)
    try:
        spectator = ctx.auth.spectator_of(token)
    except BadToken as exc:
        raise Refusal(401, str(exc)) from exc
    try:
        table = await ctx.service.current(spectator.game_id)
    except GameError:
        raise missing from None
    if table.row.guild_id != guild_id:
        raise missing
    # Nobody's seat, looking at the link's channel only: Viewer.seen opens that channel and no other.
    return Viewer(-1, spectator.channel_id, lambda channel_id: Sight.NONE)


async def sees_server(ctx: Context, guild_id: int, viewer: Viewer) -> bool:
    """Whether the person may see anything of this server: a recorded game, a running one, or their own rating
    there (a server they know nothing of, or that does not exist, is answered alike)."""
    seen = viewer.seen(await ctx.records.store.record_channels(guild_id))
    if seen.open or seen.seated:
        return True
    if await ctx.records.store.rating(guild_id, player_key(viewer.user_id, None)) is not None:
        return True
    return bool(await ctx.service.server_tables(guild_id, viewer))


async def server_history(request: web.Request) -> web.Response:
    """A page of the server's finished games, as `/tne stats history` shows it to this person."""
    ctx = context_of(request)
    guild_id = number(request, "guild")
    page = page_number(request)
    raw_anchor = request.query.get("anchor")
    anchor = whole_id(raw_anchor)
    if raw_anchor is not None and anchor is None:
        raise Refusal(400, N_("\"anchor\" must be a whole number (the one a first page gave)."))
    viewer = await server_viewer(ctx, request, guild_id, links=True)
    shown = await ctx.records.history(guild_id, page, anchor, viewer=viewer)
    t = texts_of(request, ctx.locales)
    return web.json_response({
        "page": shown.page + 1, "pages": shown.pages, "total": shown.total, "anchor": shown.anchor,
        "games": [{"id": r.game_id, "board": r.board, "channel_id": str(r.channel_id), "outcome": r.outcome,
                   "started_at": r.started_at, "ended_at": r.ended_at, "ending": Ending.parse(r.end_reason).stored(),
                   "end_reason": records_texts.record_ending(r, t=t),
                   "moves": r.moves, "players": [{k: s.get(k) for k in SUMMARY_KEYS} for s in r.summary]}
                  for r in shown.records]})


def rating_json(rank: int, row: RatingRow) -> dict[str, Any]:
    return {"rank": rank, "name": row.name, "rating": row.rating, "games": row.games, "wins": row.wins,
            "computer": row.player.startswith("bot:"), "user_id": str(row.user_id) if row.user_id else None}


async def server_leaderboard(request: web.Request) -> web.Response:
    """The server's best rated players and the person's own rank, as `/tne stats leaderboard` shows them. Ratings
    are server-wide numbers, so they are shown to a signed-in person of the server, never to a spectator link."""
    ctx = context_of(request)
    guild_id = number(request, "guild")
    viewer = await server_viewer(ctx, request, guild_id, links=False)
    board = await ctx.records.leaderboard(guild_id, viewer.user_id)
    top, rank, previous = [], 0, None
    for i, row in enumerate(board.top):
        if row.rating != previous:  # equal ratings share a rank, as the slash command counts them
            rank, previous = i + 1, row.rating
        top.append(rating_json(rank, row))
    return web.json_response({"top": top, "rated": board.rated,
                              "me": rating_json(board.my_rank, board.me) if board.me is not None else None})
