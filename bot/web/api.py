"""The web board's JSON endpoints (docs/web.md): each reads who asks (bot/web/asking.py), checks what they may
see, and calls the same `GameService` as the slash commands, so a refusal comes back in the same words and a change
is followed as theirs is (the service publishes it: open pages, computer seats, records); a handler answers only
its request. The handlers, by what they serve: page_api.py, game_api.py, moves_api.py, replay_api.py,
server_api.py.
"""

from __future__ import annotations

from aiohttp import web

from bot.web import game_api, hint_api, moves_api, page_api, replay_api, server_api, why_api


def routes() -> list[web.RouteDef]:
    return [
        web.get("/api/session", page_api.session),
        web.get("/api/boards", page_api.boards),
        web.get("/api/texts", page_api.texts),
        web.get("/api/games/{id}", game_api.game),
        web.get("/api/games/{id}/events", game_api.events),
        web.post("/api/games/{id}/moves", moves_api.move),
        web.post("/api/games/{id}/undo", moves_api.undo),
        web.post("/api/games/{id}/hint", hint_api.hint),
        web.get("/api/games/{id}/record", replay_api.record),
        web.get("/api/games/{id}/replay", replay_api.replay),
        web.get("/api/games/{id}/why", why_api.why),
        web.get("/api/servers/{guild}/games", server_api.server_games),
        web.get("/api/servers/{guild}/history", server_api.server_history),
        web.get("/api/servers/{guild}/leaderboard", server_api.server_leaderboard),
    ]
