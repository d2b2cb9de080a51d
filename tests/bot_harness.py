"""Offline Discord for the bot tests: real discord.py objects, a fake REST layer that records what is sent.

Interactions are built from Discord's own JSON payloads and fed to `ConnectionState.parse_interaction_create`,
exactly as the gateway would; every REST call (HTTPClient.request and the webhook adapter used for
interaction responses and follow-ups) is answered here with plausible JSON and recorded as a `Call`.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord
from discord.http import HTTPClient
from discord.webhook.async_ import AsyncWebhookAdapter

import render
from bot.client import TneBot
from bot.config import Config
from bot.language import text as T
from bot.storage import DEFAULT_POOL_SIZE
from tests.loopback.model import split_invisible

EPHEMERAL = 64
APP_ID = 900_000_000_000_000_001
GUILD_ID = 800_000_000_000_000_001
BOT_USER = {"id": str(APP_ID), "username": "tne", "discriminator": "0", "global_name": "T&E", "avatar": None,
            "bot": True}
ALL_PERMISSIONS = str((1 << 50) - 1)
PLAIN_PERMISSIONS = str(discord.Permissions(view_channel=True, send_messages=True, send_messages_in_threads=True,
                                            use_application_commands=True).value)


@dataclass
class Call:
    """One REST request the bot made."""

    method: str
    path: str
    payload: dict
    files: list[tuple[str, bytes]] = field(default_factory=list)
    kind: str = ""  # response, original_edit, followup, followup_edit, channel, channel_edit, other
    message_id: int | None = None
    interaction_id: int | None = None

    @property
    def data(self) -> dict:
        """The message part: an interaction callback wraps it in {"type", "data"}."""
        if self.kind == "response":
            return self.payload.get("data") or {}
        return self.payload

    @property
    def ephemeral(self) -> bool:
        return bool((self.data.get("flags") or 0) & EPHEMERAL)

    @property
    def content(self) -> str:
        """The words a person reads: the content without the invisible id it may end with
        (bot/discord_front/outbox_tag.py)."""
        return split_invisible(self.raw_content)[0]

    @property
    def raw_content(self) -> str:
        return self.data.get("content") or ""

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in iter_components(self.data.get("components") or []) if "custom_id" in c]

    def labels(self) -> list[str]:
        return [c.get("label") or "" for c in iter_components(self.data.get("components") or [])
                if "custom_id" in c]


def iter_components(components: list[dict]):
    for c in components:
        yield c
        yield from iter_components(c.get("components") or [])


@dataclass
class User:
    id: int
    name: str
    permissions: str = PLAIN_PERMISSIONS

    def user_json(self) -> dict:
        return {"id": str(self.id), "username": self.name.lower(), "discriminator": "0", "global_name": self.name,
                "avatar": None}

    def member_json(self) -> dict:
        return {"user": self.user_json(), "roles": [], "joined_at": "2026-01-01T00:00:00+00:00", "deaf": False,
                "mute": False, "flags": 0, "nick": None, "permissions": self.permissions}


def channel_json(channel_id: int) -> dict:
    return {"id": str(channel_id), "type": 0, "guild_id": str(GUILD_ID), "name": f"game-{channel_id}",
            "position": 0, "permission_overwrites": [], "nsfw": False, "parent_id": None}


def guild_json() -> dict:
    """The server as GUILD_CREATE gives it: @everyone may view and write; channels join as the tests use them."""
    everyone = {"id": str(GUILD_ID), "name": "@everyone", "permissions": PLAIN_PERMISSIONS, "position": 0,
                "color": 0, "hoist": False, "managed": False, "mentionable": False, "flags": 0}
    return {"id": str(GUILD_ID), "name": "Test server", "owner_id": "1", "roles": [everyone], "channels": [],
            "threads": [], "members": [], "member_count": 1, "features": [], "emojis": [], "stickers": [],
            "unavailable": False, "large": False, "preferred_locale": "en-US", "premium_tier": 0}


class FakeDiscord:
    """Patches discord.py's two REST entry points; keeps every message the bot created, with its state."""

    def __init__(self) -> None:
        self.calls: list[Call] = []
        self.messages: dict[int, dict] = {}
        self.originals: dict[str, int] = {}  # interaction token -> its response message id
        self._last_id = 0
        self.worker = 0  # 0..31
        self._saved: list[tuple[type, str, Any]] = []
        self.hold: asyncio.Event | None = None  # when set, callback responses wait for it (latency tests)
        self.on_call: Callable[[Call], None] | None = None
        self.dms: dict[int, int] = {}  # user id -> their direct-message channel with the bot

    def next_id(self) -> int:
        """A snowflake made now, as Discord's are: the bot reads an interaction's age from its id; `worker` (the
        snowflake's worker bits) keeps several fakes' ids apart, as Discord's workers do."""
        made = (int(time.time() * 1000) - discord.utils.DISCORD_EPOCH) << 22 | self.worker << 17
        self._last_id = max(self._last_id + 1, made)
        return self._last_id

    def install(self) -> None:
        fake = self

        async def http_request(http: HTTPClient, route: discord.http.Route, *, files=None, form=None, **kw):
            return await fake._http(route, files=files, form=form, **kw)

        async def webhook_request(adapter: AsyncWebhookAdapter, route: discord.http.Route, session=None, *,
                                  payload=None, multipart=None, files=None, **kw):
            return await fake._webhook(route, payload=payload, multipart=multipart, files=files)

        for cls, name, fn in ((HTTPClient, "request", http_request), (AsyncWebhookAdapter, "request",
                                                                         webhook_request)):
            self._saved.append((cls, name, getattr(cls, name)))
            setattr(cls, name, fn)

    def uninstall(self) -> None:
        for cls, name, fn in reversed(self._saved):
            setattr(cls, name, fn)
        self._saved.clear()

    # --- recording ---------------------------------------------------------------------------------------------

    @staticmethod
    def _unpack(payload: dict | None, multipart: list | None, files: list | None) -> tuple[dict, list]:
        if multipart:
            body = next((json.loads(p["value"]) for p in multipart if p.get("name") == "payload_json"), {})
        else:
            body = payload or {}
        blobs = []
        for f in files or []:
            f.reset()
            blobs.append((f.filename, f.fp.read()))
        return body, blobs

    def _record(self, call: Call) -> Call:
        self.calls.append(call)
        if self.on_call is not None:
            self.on_call(call)
        return call

    def _message(self, channel_id: int, data: dict, blobs: list, *, interaction_id: int | None = None) -> dict:
        mid = self.next_id()
        msg = {
            "id": str(mid), "channel_id": str(channel_id), "guild_id": str(GUILD_ID), "author": BOT_USER,
            "content": data.get("content") or "", "timestamp": "2026-01-01T00:00:00+00:00",
            "edited_timestamp": None, "tts": False, "mention_everyone": False, "mentions": [],
            "mention_roles": [], "attachments": [self._attachment(name) for name, _ in blobs], "embeds": [],
            "pinned": False, "type": 0 if interaction_id is None else 20, "flags": data.get("flags") or 0,
            "components": data.get("components") or [], "application_id": str(APP_ID),
        }
        self.messages[mid] = msg
        return msg

    def _attachment(self, name: str) -> dict:
        aid = self.next_id()
        return {"id": str(aid), "filename": name, "size": 1, "url": f"https://cdn.example/{aid}/{name}",
                "proxy_url": f"https://cdn.example/{aid}/{name}"}

    def _edit(self, mid: int, data: dict, blobs: list) -> dict:
        msg = self.messages[mid]
        for key in ("content", "components", "flags"):
            if key in data:
                msg[key] = data[key] if data[key] is not None else ([] if key == "components" else "")
        if "attachments" in data or blobs:
            msg["attachments"] = [self._attachment(name) for name, _ in blobs]
        msg["edited_timestamp"] = "2026-01-01T00:00:01+00:00"
        return msg

    async def _http(self, route: discord.http.Route, *, files=None, form=None, json=None, **kw) -> Any:
        body, blobs = self._unpack(json, form, files)
        method, path = route.method, route.path
        if path == "/users/@me":
            return BOT_USER
        if path == "/oauth2/applications/@me":
            return {"id": str(APP_ID), "name": "T&E", "description": "", "icon": None, "bot_public": True,
                    "bot_require_code_grant": False, "verify_key": "0" * 64, "owner": BOT_USER, "flags": 0}
        if method == "POST" and path == "/users/@me/channels":
            # A direct-message channel with one person (discord.py's create_dm); its messages are posted as any.
            user = int(body["recipient_id"])
            dm = self.dms.setdefault(user, self.next_id())
            self._record(Call(method, route.url, body, blobs, "other"))
            person = {"id": str(user), "username": f"user{user}", "discriminator": "0", "avatar": None,
                      "global_name": None}
            return {"id": str(dm), "type": 1, "last_message_id": None, "recipients": [person]}
        if method == "POST" and path == "/channels/{channel_id}/messages":
            msg = self._message(int(route.channel_id), body, blobs)
            self._record(Call(method, route.url, body, blobs, "channel", int(msg["id"])))
            return msg
        if method == "PATCH" and path == "/channels/{channel_id}/messages/{message_id}":
            mid = int(route.url.rsplit("/", 1)[1])
            self._record(Call(method, route.url, body, blobs, "channel_edit", mid))
            return self._edit(mid, body, blobs)
        if method == "PUT" and "/commands" in path:
            self._record(Call(method, route.url, body, blobs, "other"))
            return [dict(c, id=str(self.next_id()), application_id=str(APP_ID), version="1") for c in body]
        self._record(Call(method, route.url, body, blobs, "other"))
        return {}

    async def _webhook(self, route: discord.http.Route, *, payload=None, multipart=None, files=None) -> Any:
        body, blobs = self._unpack(payload, multipart, files)
        method, path, token = route.method, route.path, route.webhook_token
        channel_id = self.channels.get(token, 0)
        if path.endswith("/callback"):
            if self.hold is not None:
                await self.hold.wait()
            iid = int(route.webhook_id)
            call = Call(method, route.url, body, blobs, "response", interaction_id=iid)
            rtype = body.get("type")
            data = body.get("data") or {}
            if rtype == 4:
                msg = self._message(channel_id, data, blobs, interaction_id=iid)
                call.message_id = int(msg["id"])
                self.originals[token] = call.message_id
            elif rtype == 7:
                mid = self.components_pressed.get(token)
                call.message_id = mid
                if mid in self.messages:
                    self._edit(mid, data, blobs)
            self._record(call)
            resource = {"type": rtype}
            if call.message_id in self.messages:
                resource["message"] = self.messages[call.message_id]
            return {"interaction": {"id": str(iid), "type": 2, "response_message_id": str(call.message_id or 0),
                                    "response_message_loading": rtype == 5,
                                    "response_message_ephemeral": bool((data.get("flags") or 0) & EPHEMERAL)},
                    "resource": resource}
        if path.endswith("/messages/@original"):
            mid = self.originals.get(token)
            self._record(Call(method, route.url, body, blobs, "original_edit", mid))
            return self._edit(mid, body, blobs) if mid else {}
        if method == "POST" and path == "/webhooks/{webhook_id}/{webhook_token}":
            msg = self._message(channel_id, body, blobs)
            self._record(Call(method, route.url, body, blobs, "followup", int(msg["id"])))
            return msg
        if method == "PATCH" and "/messages/" in path:
            mid = int(route.url.rsplit("/", 1)[1].split("?")[0])
            self._record(Call(method, route.url, body, blobs, "followup_edit", mid))
            return self._edit(mid, body, blobs)
        self._record(Call(method, route.url, body, blobs, "other"))
        return {}

    # Filled by the Harness: which channel an interaction token belongs to, which message a press came from.
    channels: dict[str, int]
    components_pressed: dict[str, int]

    def public_calls(self) -> list[Call]:
        """Every message the channel can see (not ephemeral), including edits that add pictures."""
        out = []
        for c in self.calls:
            if c.kind == "other":
                continue
            if c.kind in ("original_edit", "followup_edit", "channel_edit") or (c.kind == "response"
                                                                               and c.payload.get("type") == 7):
                msg = self.messages.get(c.message_id or -1)
                if msg is not None and msg.get("flags", 0) & EPHEMERAL:
                    continue
                out.append(c)
            elif c.kind == "response" and c.payload.get("type") not in (4, 5):
                continue
            elif not c.ephemeral:
                out.append(c)
        return out


class Harness:
    """One bot process (a TneBot logged in against FakeDiscord) and helpers to act as Discord users."""

    def __init__(self, fake: FakeDiscord, database: str, *, seed: int | Callable[[], int] = 1,
                 ai_delay: float = 0.0, render_processes: int = 0, ai_processes: int = 0,
                 database_pool: int = DEFAULT_POOL_SIZE) -> None:
        self.fake = fake
        fake.channels = getattr(fake, "channels", {})
        fake.components_pressed = getattr(fake, "components_pressed", {})
        seeds = seed if callable(seed) else itertools.count(seed).__next__
        # database: a SQLite path or any database URL (the `database` fixture gives one per back end).
        self.bot = TneBot(Config(token="test-token", database_url=database, database_pool=database_pool,
                                 ai_delay=ai_delay, render_processes=render_processes, ai_processes=ai_processes),
                          seed_source=seeds)

    async def start(self) -> Harness:
        await self.bot.login("test-token")  # the real login: static_login, application_info, setup_hook
        self.bot._connection.parse_guild_create(guild_json())  # the cache: channels, their overwrites, roles
        return self

    def known_channel(self, channel_id: int) -> None:
        """A channel used by a test and not set up otherwise is an ordinary one that everyone sees."""
        guild = self.bot.get_guild(GUILD_ID)
        if guild is not None and guild.get_channel_or_thread(channel_id) is None:
            self.bot._connection.parse_channel_create(channel_json(channel_id))

    async def close(self) -> None:
        await self.bot.close()

    @property
    def service(self):
        return self.bot.service

    def _base(self, user: User, channel_id: int, itype: int, data: dict, message: dict | None = None) -> dict:
        self.known_channel(channel_id)
        iid = self.fake.next_id()
        token = f"token-{iid}"
        self.fake.channels[token] = channel_id
        payload = {
            "id": str(iid), "application_id": str(APP_ID), "type": itype, "token": token, "version": 1,
            "guild_id": str(GUILD_ID), "channel_id": str(channel_id), "channel": channel_json(channel_id),
            "member": user.member_json(), "app_permissions": ALL_PERMISSIONS, "locale": "en-US",
            "guild_locale": "en-US", "attachment_size_limit": 8 << 20, "authorizing_integration_owners": {"0": "1"},
            "context": 0, "entitlements": [], "data": data,
        }
        if message is not None:
            payload["message"] = message
            self.fake.components_pressed[token] = int(message["id"])
        return payload

    def command_payload(self, user: User, channel_id: int, sub: str, **options: Any) -> dict:
        opts = []
        for name, value in options.items():
            kind = 4 if isinstance(value, int) and not isinstance(value, bool) else 3
            opts.append({"type": kind, "name": name, "value": value})
        group, _, leaf = sub.rpartition(" ")  # "settings clock": a subcommand of a group
        option = {"type": 1, "name": leaf, "options": opts}
        if group:
            option = {"type": 2, "name": group, "options": [option]}
        data = {"id": "1", "name": "tne", "type": 1, "options": [option]}
        return self._base(user, channel_id, 2, data)

    async def dispatch(self, *payloads: dict) -> list[Call]:
        """Feed interactions to the bot as the gateway would and wait until all they started is done."""
        start = len(self.fake.calls)
        before = asyncio.all_tasks()
        for p in payloads:
            self.bot._connection.parse_interaction_create(p)
        await self.settle(before)
        return self.fake.calls[start:]

    async def settle(self, before: set | None = None) -> None:
        before = before or set()
        me = asyncio.current_task()
        for _ in range(1000):
            await asyncio.sleep(0)
            pending = [t for t in asyncio.all_tasks() if t not in before and t is not me and not t.done()]
            if not pending:
                if self.bot.controller:
                    await self.bot.controller.idle()
                pending = [t for t in asyncio.all_tasks() if t not in before and t is not me and not t.done()]
                if not pending:
                    return
            await asyncio.gather(*pending, return_exceptions=True)
        raise RuntimeError("the bot never settled")

    async def command(self, user: User, channel_id: int, sub: str, **options: Any) -> list[Call]:
        return await self.dispatch(self.command_payload(user, channel_id, sub, **options))

    async def autocomplete(self, user: User, channel_id: int, current: str) -> list[str]:
        data = {"id": "1", "name": "tne", "type": 1, "options": [
            {"type": 1, "name": "move", "options": [{"type": 3, "name": "action", "value": current,
                                                    "focused": True}]}]}
        calls = await self.dispatch(self._base(user, channel_id, 4, data))
        (call,) = [c for c in calls if c.kind == "response"]
        assert call.payload["type"] == 8
        return [c["value"] for c in call.payload["data"]["choices"]]

    def press_payload(self, user: User, message_id: int, custom_id: str) -> dict:
        message = self.fake.messages[message_id]
        channel_id = int(message["channel_id"])
        data = {"custom_id": custom_id, "component_type": 2}
        return self._base(user, channel_id, 3, data, message=message)

    async def press(self, user: User, message_id: int, custom_id: str) -> list[Call]:
        return await self.dispatch(self.press_payload(user, message_id, custom_id))


def pictured(calls: list[Call], message_id: int | None) -> bool:
    """Whether a message got its picture: the outbox posts a text first and attaches the board by an edit."""
    return any(c.kind in ("channel_edit", "original_edit", "followup_edit") and c.message_id == message_id
               and c.files and c.files[0][1].startswith(b"\x89PNG") for c in calls)


def announced(calls: list[Call]) -> list[Call]:
    """The new public messages among the calls, in the order the channel received them (edits left out)."""
    return [c for c in calls if not c.ephemeral and (c.kind in ("channel", "followup")
                                                     or (c.kind == "response" and c.payload.get("type") == 4))]


def response(calls: list[Call]) -> Call:
    """The first response among the calls of one interaction."""
    return next(c for c in calls if c.kind == "response")


def find_button(fake: FakeDiscord, message_id: int, action: str) -> str:
    msg = fake.messages[message_id]
    for c in iter_components(msg.get("components") or []):
        cid = c.get("custom_id", "")
        if cid.split(":")[3:4] == [action]:
            return cid
    raise AssertionError(f"no {action} button on message {message_id}: {msg.get('components')}")


def ensure_render() -> None:
    """Use the real pictures; stand-ins only while the render package has not landed in this tree."""
    if all(hasattr(render, f) for f in ("render_board", "render_hand", "render_final")):
        return
    png = b"\x89PNG\r\n\x1a\n-stand-in"
    render.render_board = lambda view, *, names=None: png  # type: ignore[attr-defined]
    render.render_hand = lambda view, seat, *, name=None: png  # type: ignore[attr-defined]
    render.render_final = lambda position, standings, *, names=None: png  # type: ignore[attr-defined]


def last_message_with(fake: FakeDiscord, action: str, *, public: bool = True) -> tuple[int, str]:
    """The newest message carrying a button with this action: (message id, custom id)."""
    for mid in sorted(fake.messages, reverse=True):
        msg = fake.messages[mid]
        if public and msg.get("flags", 0) & EPHEMERAL:
            continue
        for c in iter_components(msg.get("components") or []):
            cid = c.get("custom_id", "")
            if cid.split(":")[3:4] == [action]:
                return mid, cid
    raise AssertionError(f"no message with a {action} button")


def buttons(fake: FakeDiscord, message_id: int) -> dict[str, str]:
    """label -> custom id of a message's buttons."""
    return {c.get("label", ""): c["custom_id"] for c in iter_components(fake.messages[message_id].get("components")
                                                                         or []) if "custom_id" in c}


CHANNEL = 4242
ALICE, BOB, CAROL, DAVE = User(1001, "Alice"), User(1002, "Bob"), User(1003, "Carol"), User(1004, "Dave")
PRIVATE_MARKERS = ("Your hand", "Tiles:", "Your points", "You hold")


def assert_nothing_private(fake: FakeDiscord, views: list[dict], *, scores: str = "hidden") -> None:
    for call in fake.public_calls():
        for marker in PRIVATE_MARKERS:
            assert marker not in call.content, call.content
        assert not any(name == "hand.png" for name, _ in call.files)
    for view in views:
        for p in view["players"]:
            assert p.get("hand") is None
            if scores == "hidden" and not view.get("over"):
                assert p.get("points") is None
        assert view.get("bag") is None and view.get("seed") is None


def answered_privately(call: Call) -> bool:
    """A private answer in words (a refusal, a note): not the private "thinking…" a handler still busy after
    DEFER_AT gives first on a loaded machine, whose words follow."""
    return call.ephemeral and call.payload.get("type") != 5


async def open_game(h: Harness, users: list[User], channel: int = CHANNEL, **options) -> int:
    """/tne new by the first user, Join buttons for the others, Start by the host."""
    calls = await h.command(users[0], channel, "new", seats=len(users), **options)
    lobby = response(calls).message_id
    for u in users[1:]:
        _, join = last_message_with(h.fake, "join")
        calls = await h.press(u, lobby, join)
        assert not answered_privately(response(calls)), response(calls).content
    _, start = last_message_with(h.fake, "start")
    await h.press(users[0], lobby, start)
    table = await h.service.channel_table(channel)
    assert table.row.status == "active"
    return table.id


async def drive(h: Harness, users: list[User], game_id: int, rng: random.Random, *, channel: int = CHANNEL,
                limit: int = 3000) -> None:
    """Play to the end: actions through /tne move, decisions through the public and private buttons."""
    for _ in range(limit):
        table = await h.service.load(game_id)
        game = table.game
        if game.over or table.row.status != "active":
            return
        seat = game.to_move
        user = users[seat]
        before = table.row.move_count
        if game.pending:
            mid, decide = last_message_with(h.fake, "decide")
            calls = await h.press(user, mid, decide)
            panel = response(calls)
            assert panel.ephemeral
            choices = [c for c in panel.custom_ids() if ":play:" in c]
            assert len(choices) == min(25, len(game.legal_moves()))
            calls = await h.press(user, panel.message_id, rng.choice(choices))
        else:
            if before % 15 == 7:  # now and then a player looks at their hand, by command or button
                peek = await h.command(user, channel, "hand")
                mid, hand = last_message_with(h.fake, "hand")
                peek += await h.press(user, mid, hand)
                assert all(c.ephemeral or c.kind == "original_edit" for c in peek)
            calls = await h.command(user, channel, "move", action=rng.choice(game.legal_moves()))
        assert not [c for c in calls if answered_privately(c) and c.kind == "response" and "played" not in c.content], \
            [c.content for c in calls]
        assert (await h.service.load(game_id)).row.move_count == before + 1
    raise AssertionError("the game did not end")


def seed_where_first(seat: int, players: int = 2) -> int:
    """The first deal seed whose game has `seat` to move first."""
    from engine import Game

    return next(s for s in itertools.count(1) if Game.new(players=players, seed=s).to_move == seat)


def find_conflict(players: int, seed: int, kind: str = "war", tries: int = 300) -> list[str]:
    """Moves from Game.new(players, seed) to a `kind` decision where both sides hold tiles to commit."""
    from engine import Game

    for k in range(tries):
        game, rng, moves = Game.new(players=players, seed=seed), random.Random(k), []
        while not game.over and len(moves) < 300:
            p = game.pending
            if p and p["kind"] == kind and p.get("attacker_commit") is None:
                hands = [pl["hand"][p["commit_colour"]] for pl in game.position()["players"]]
                if hands[p["attacker"]] >= 1 and hands[p["defender"]] >= 1:
                    return moves
            move = rng.choice(game.legal_moves())
            game.play(move)
            moves.append(move)
    raise AssertionError(f"no {kind} found")


async def play_moves(h: Harness, users: list[User], game_id: int, moves: list[str], channel: int = CHANNEL) -> None:
    """Play these moves through /tne move, each by the seat that must make it."""
    for move in moves:
        table = await h.service.load(game_id)
        before = len(table.moves)  # the live table: the move lengthens this very list
        calls = await h.command(users[table.game.to_move], channel, "move", action=move)
        # Judged by the game, not by the answer's form: on a loaded machine a move still busy after DEFER_AT is
        # answered "thinking…" privately first, and its account follows.
        played = await h.service.load(game_id)
        assert len(played.moves) == before + 1, [c.content for c in calls]


async def reach_conflict(h: Harness, users: list[User], kind: str = "war") -> int:
    """A new game of these two people, played through /tne move until a `kind` conflict awaits; its id."""
    game_id = await open_game(h, users)
    table = await h.service.load(game_id)
    await play_moves(h, users, game_id, find_conflict(2, table.row.seed, kind))
    return game_id


def forge(fake, channel: int, custom_id: str) -> int:
    """A message in `channel` carrying one button with this custom id (custom ids are text anyone can craft)."""
    mid = fake.next_id()
    fake.messages[mid] = {
        "id": str(mid), "channel_id": str(channel), "author": BOT_USER, "content": "", "type": 0, "flags": 0,
        "timestamp": "2026-01-01T00:00:00+00:00", "edited_timestamp": None, "tts": False, "mention_everyone": False,
        "mentions": [], "mention_roles": [], "attachments": [], "embeds": [], "pinned": False,
        "components": [{"type": 1, "components": [{"type": 2, "style": 2, "label": "x", "custom_id": custom_id}]}],
    }
    return mid


def assert_within_limits(fake: FakeDiscord) -> None:
    """Every message the bot sent fits Discord's limits: content 2000, labels 80, custom ids 100."""
    for call in fake.calls:
        assert len(call.content) <= T.CONTENT_LIMIT, (call.kind, len(call.content))
        for c in iter_components(call.data.get("components") or []):
            assert len(c.get("label") or "") <= T.LABEL_LIMIT, c
            assert len(c.get("custom_id") or "") <= 100, c
