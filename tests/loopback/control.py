"""A JSON control API under /_loopback/ for a loopback server running as its own process.

It offers over HTTP what tests call in process: build the world, act as people, read channels, add and remove
faults, break the gateway, move the clock. Every answer is JSON; a bad request is a 400 saying why.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from tests.loopback.driver import Refused, Sent
from tests.loopback.faults import Rule
from tests.loopback.model import Message, User
from tests.loopback.server import LoopbackDiscord

Handler = Callable[[web.Request], Awaitable[web.Response]]


def _ok(data: Any) -> web.Response:
    return web.json_response(data)


def message_view(m: Message) -> dict[str, Any]:
    return {"id": str(m.id), "content": m.content, "ephemeral": m.ephemeral, "loading": m.loading,
            "pinged": [str(u) for u in sorted(m.pinged)], "source": m.source,
            "attachments": [{"filename": a.filename, "size": len(a.data), "content_type": a.content_type}
                            for a in m.attachments],
            "buttons": [{"label": b.get("label"), "custom_id": b.get("custom_id"), "disabled": bool(b.get("disabled"))}
                        for b in m.buttons()]}


class Control:
    def __init__(self, server: LoopbackDiscord) -> None:
        self.server = server
        self.rules: dict[int, Rule] = {}
        self.sent: dict[int, Sent] = {}

    def install(self, app: web.Application) -> None:
        routes = [
            ("GET", "/_loopback/state", self.state),
            ("POST", "/_loopback/users", self.add_user),
            ("POST", "/_loopback/guilds", self.add_guild),
            ("POST", "/_loopback/channels", self.add_channel),
            ("POST", "/_loopback/slash", self.slash),
            ("POST", "/_loopback/press", self.press),
            ("POST", "/_loopback/autocomplete", self.autocomplete),
            ("GET", "/_loopback/interactions/{id}", self.interaction),
            ("GET", "/_loopback/channels/{id}", self.channel),
            ("POST", "/_loopback/faults", self.add_fault),
            ("DELETE", "/_loopback/faults/{id}", self.remove_fault),
            ("POST", "/_loopback/faults/{id}/release", self.release_fault),
            ("POST", "/_loopback/gateway/{action}", self.gateway),
            ("POST", "/_loopback/clock", self.clock),
        ]
        for method, path, handler in routes:
            app.router.add_route(method, path, self._guard(handler))

    @staticmethod
    def _guard(handler: Handler) -> Handler:
        async def run(request: web.Request) -> web.Response:
            try:
                return await handler(request)
            except (KeyError, ValueError, TypeError, LookupError, Refused, json.JSONDecodeError) as exc:
                return web.json_response({"error": f"{type(exc).__name__}: {exc}"}, status=400)
        return run

    def _user(self, raw: Any) -> User:
        return self.server.users[int(raw)]

    async def state(self, request: web.Request) -> web.Response:
        s = self.server
        return _ok({"api_base": s.api_base, "gateway_url": s.gateway_url, "token": s.token,
                    "application_id": str(s.app_id),
                    "users": [{"id": str(u.id), "name": u.name, "dms_open": u.dms_open} for u in s.users.values()
                              if not u.bot],
                    "guilds": [{"id": str(g.id), "name": g.name, "channels": [str(c) for c in g.channels]}
                               for g in s.guilds.values()],
                    "sessions": [{"id": x.id, "shard": x.shard, "connected": x.conn is not None, "ended": x.ended,
                                  "seq": x.seq} for x in s.gateway.sessions.values()]})

    async def add_user(self, request: web.Request) -> web.Response:
        body = await request.json()
        kwargs = {"permissions": int(body["permissions"])} if "permissions" in body else {}
        user = self.server.add_user(body["name"], dms_open=bool(body.get("dms_open", True)), **kwargs)
        return _ok({"id": str(user.id)})

    async def add_guild(self, request: web.Request) -> web.Response:
        body = await request.json()
        shard = tuple(body["shard"]) if body.get("shard") else None
        guild = self.server.add_guild(body.get("name", "Tigris Club"), shard=shard)  # type: ignore[arg-type]
        return _ok({"id": str(guild.id)})

    async def add_channel(self, request: web.Request) -> web.Response:
        body = await request.json()
        if "parent_id" in body:
            channel = self.server.add_thread(self.server.channels[int(body["parent_id"])], body.get("name", "game"))
        elif "dm_user_id" in body:
            channel = self.server.dm_channel(int(body["dm_user_id"]))
        else:
            channel = self.server.add_channel(self.server.guilds[int(body["guild_id"])], body.get("name", "tigris"))
        return _ok({"id": str(channel.id)})

    def _remember(self, sent: Sent) -> web.Response:
        self.sent[sent.id] = sent
        return _ok({"interaction_id": str(sent.id), "delivered": sent.delivered is not None})

    async def slash(self, request: web.Request) -> web.Response:
        body = await request.json()
        sent = await self.server.slash(self._user(body["user_id"]), self.server.channels[int(body["channel_id"])],
                                       body["command"], age=float(body.get("age", 0)),
                                       delay=float(body.get("delay", 0)), **body.get("options", {}))
        return self._remember(sent)

    async def press(self, request: web.Request) -> web.Response:
        body = await request.json()
        sent = await self.server.press(self._user(body["user_id"]), int(body["message_id"]), label=body.get("label"),
                                       custom_id=body.get("custom_id"), age=float(body.get("age", 0)))
        return self._remember(sent)

    async def autocomplete(self, request: web.Request) -> web.Response:
        body = await request.json()
        sent = await self.server.autocomplete(self._user(body["user_id"]),
                                              self.server.channels[int(body["channel_id"])], body["command"],
                                              body["option"], body.get("typed", ""), **body.get("options", {}))
        choices = await sent.choices(float(body.get("timeout", 5)))
        return _ok({"interaction_id": str(sent.id), "choices": choices})

    async def interaction(self, request: web.Request) -> web.Response:
        record = self.server.interactions[int(request.match_info["id"])]
        original = self.server.messages.get(record.original_id or 0)
        return _ok({"id": str(record.id), "response_type": record.response_type,
                    "original": message_view(original) if original else None,
                    "followups": [message_view(self.server.messages[m]) for m in record.followups]})

    async def channel(self, request: web.Request) -> web.Response:
        viewer = request.query.get("viewer")
        view = self.server.channel(int(request.match_info["id"]), self._user(viewer) if viewer else None)
        return _ok({"messages": [message_view(m) for m in view.messages()]})

    async def add_fault(self, request: web.Request) -> web.Response:
        body = await request.json()
        faults, kind = self.server.faults, body.pop("kind")
        method, pattern = body.pop("method"), body.pop("pattern")
        maker = {"rate_limit": faults.rate_limit, "error": faults.error, "drop": faults.drop,
                 "hold": faults.hold}[kind]
        rule = maker(method, pattern, **body)
        self.rules[id(rule)] = rule
        return _ok({"id": str(id(rule))})

    async def remove_fault(self, request: web.Request) -> web.Response:
        rule = self.rules.pop(int(request.match_info["id"]))
        rule.remove()
        return _ok({"hits": rule.hits})

    async def release_fault(self, request: web.Request) -> web.Response:
        rule = self.rules[int(request.match_info["id"])]
        rule.release()
        return _ok({"hits": rule.hits})

    async def gateway(self, request: web.Request) -> web.Response:
        body = await request.json() if request.can_read_body else {}
        gateway, action = self.server.gateway, request.match_info["action"]
        session = gateway.sessions[body["session_id"]] if body.get("session_id") else None
        if action == "close":
            await gateway.close(session, code=int(body.get("code", 4000)))
        elif action == "drop":
            gateway.drop(session)
        elif action == "down":
            gateway.down = True
            gateway.drop(session)
        elif action == "up":
            gateway.down = False
        elif action == "stop_acks":
            gateway.stop_acks(session)
        elif action == "resume_acks":
            gateway.resume_acks(session)
        elif action == "reconnect":
            await gateway.reconnect(session)
        elif action == "duplicate_next":
            gateway.duplicate_next(body.get("event", "INTERACTION_CREATE"), int(body.get("times", 1)))
        else:
            raise ValueError(f"unknown gateway action {action!r}")
        return _ok({"done": action})

    async def clock(self, request: web.Request) -> web.Response:
        body = await request.json()
        self.server.clock.advance(float(body["advance"]))
        return _ok({"offset": self.server.clock.offset})
