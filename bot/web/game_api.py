"""The web board's game as a person may see it: `GET /api/games/<id>` and the stream of its revisions."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from aiohttp import web

from bot.discord_front.play import decision_texts
from bot.discord_front.play.texts import winner_line
from bot.language import seat_names
from bot.language.clock_texts import clock_words
from bot.language.locales import ENGLISH, Texts
from bot.language.table_words import ending, event_line
from bot.service.table import Table
from bot.storage.rows import LIVE, GameStatus
from bot.web.asking import table_for
from bot.web.context import Context, Refusal, context_of
from bot.web.speech import texts_of
from engine import public_move

LOG_LINES = 30


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
        "hints": bool(row.hints),  # a casual game opened with hints on: its players may ask for one
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
        "standings": standings(table) if g is not None and row.status not in LIVE else None,
        "headline": headline(table, t) if g is not None and row.status == GameStatus.OVER else None,
        "kingdoms": g.kingdoms() if g is not None else [],
    }


def standings(table: Table) -> list[dict[str, Any]]:
    """The table's standings, each seat with its own points by colour before treasures (`points`): the page shows
    what the treasures added, so a colour's total adds up."""
    assert table.game is not None
    return [{**s, "points": {c: (table.game.view(s["seat"])["players"][s["seat"]].get("points") or {}).get(c, 0)
                             for c in s["totals"]}} for s in table.standings()]


def headline(table: Table, t: Texts) -> str:
    """A finished game's headline: why it ended and who won, as the channel's final message says it (plain)."""
    said = t.gettext("**The game is over** ({reason}).").format(reason=ending(table, t=t))
    return f"{said} {winner_line(table, t=t)}".replace("**", "")


def describe(table: Table, you: int | None, t: Texts) -> str | None:
    """What is awaited, in words: the decision as the Discord table says it (bot/discord_front/play/decision_texts.py:
    who attacks whom, the strengths the conflict counts), plain text for the page."""
    assert table.game is not None
    if not table.game.pending:
        return table.game.describe_pending()
    return decision_texts.decision_words(table, you, t=t).replace("**", "").replace("`", "")


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
