"""A game's record (`GET /api/games/<id>/record`) and a finished game's replay, frame by frame."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from aiohttp import web

from bot.language.locales import N_, Texts
from bot.language.table_words import event_line
from bot.records.export import StoredGame, record_text
from bot.service.game_service import GameError
from bot.service.table import Table
from bot.storage.rows import LIVE, GameStatus
from bot.web.asking import table_for
from bot.web.context import Context, Refusal, context_of
from bot.web.speech import texts_of
from engine import Game, public_move


def move_frames(board: str, scores: str, players: int, seed: int,
                moves: Sequence[tuple[int, str]]) -> list[dict[str, Any]]:
    """The spectator view before the first move and after each one (the replay's slider), with who made the move
    and its public events; CPU work, off the loop (perhaps in a worker process: plain values in and out)."""
    g = Game.new(players=players, seed=seed, board=board, options={"scores": scores})
    frames: list[dict[str, Any]] = [{"n": 0, "view": g.view(None), "move": None, "seat": None, "events": []}]
    for n, (seat, played) in enumerate(moves, 1):
        # As the live log says it (game_api.py): the draws are private, the game's end has its own headline.
        events = [e for e in g.play(played, seat=seat) if e.get("type") not in ("draw", "game_over")]
        frames.append({"n": n, "view": g.view(None), "move": public_move(played), "seat": seat, "events": events})
    return frames


def said(frames: list[dict[str, Any]], t: Texts) -> list[dict[str, Any]]:
    """Each frame with its move's log line in `t`'s language (`text`) instead of its events: the page's log follows
    the slider."""
    return [{**{k: v for k, v in f.items() if k != "events"},
             "text": " ".join(event_line(e, t=t) for e in f["events"]) if f["move"] else None} for f in frames]


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
    return web.json_response({"frames": said(frames, texts_of(request, ctx.locales))})
