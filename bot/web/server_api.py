"""A server's pages: its games, its history of finished games and its leaderboard."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from bot.discord_front.records import texts as records_texts
from bot.language import seat_names
from bot.language.locales import N_
from bot.records.ratings import player_key
from bot.service.endings import Ending
from bot.service.game_service import GameError
from bot.service.visibility import Sight, Viewer
from bot.storage.records import RatingRow
from bot.storage.rows import GameStatus
from bot.web.asking import NO_SERVER, SIGN_IN, number, person_of, viewer_of
from bot.web.auth import BadToken
from bot.web.bodies import whole_id
from bot.web.context import Context, Refusal, context_of
from bot.web.speech import texts_of

SUMMARY_KEYS = ("seat", "name", "rank", "score", "resigned", "before", "after")


async def server_games(request: web.Request) -> web.Response:
    """The server's name and its lobbies and running games this person (or spectator link) may see, each with the
    address of its page: a person's own page, or for a spectator link the game's public link."""
    ctx = context_of(request)
    guild_id = number(request, "guild")
    viewer = await server_viewer(ctx, request, guild_id, links=True)
    person = person_of(ctx, request)
    own = person is not None and person.user_id == viewer.user_id
    t = texts_of(request, ctx.locales)
    tables = await ctx.service.server_tables(guild_id, viewer)
    return web.json_response({
        "server": {"id": str(guild_id), "name": ctx.server_name(guild_id)},
        "games": [{"id": t_.id, "status": str(t_.row.status), "board": t_.row.board,
                   "names": seat_names.seat_names([p.name for p in t_.players], [p.level for p in t_.players], t),
                   "channel_id": str(t_.row.channel_id), "you": t_.seat_of(person.user_id) if own and person else None,
                   "to_move": t_.to_move() if t_.row.status == GameStatus.ACTIVE else None,
                   "link": f"/g/{t_.id}" if own else f"/g/{t_.id}?s={ctx.auth.spectator(t_.id, t_.row.channel_id)}"}
                  for t_ in tables]})


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
