"""LoopbackDiscord: a Discord-compatible REST + gateway server on 127.0.0.1, with fault injection.

It holds the world (users, guilds, channels, messages, interactions), answers the REST API and the gateway as
Discord does, and lets a test build the world, act as people (tests/loopback/driver.py), break things
(`faults`, `gateway`) and wait for what the bot does (`wait_for`), never by sleeping.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
import struct
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from aiohttp import web

from tests.loopback import driver, mentions, validate
from tests.loopback.channels import ChannelView
from tests.loopback.faults import Faults, Rule, matches
from tests.loopback.gateway import DIRECT_MESSAGES, GUILD_MESSAGES, Gateway
from tests.loopback.model import (
    DM,
    EPHEMERAL,
    LOADING,
    PLAIN_PERMISSIONS,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    SUPPRESS_NOTIFICATIONS,
    TEXT,
    WAIT,
    Channel,
    Guild,
    Interaction,
    Member,
    Message,
    Role,
    User,
    iso,
    split_invisible,
)
from tests.loopback.ratelimit import Limiter, RateLimits
from tests.loopback.rest import ApiError, Call, FilePart, Rest, attachments_from, read_body
from tests.loopback.snowflakes import Clock, Snowflakes

log = logging.getLogger(__name__)
T = TypeVar("T")

APP_ID = 900_000_000_000_000_001
BOT_PERMISSIONS = PLAIN_PERMISSIONS | (1 << 14) | (1 << 15) | (1 << 18)  # + embed links, attach files, ext. emoji
SERVER_ERROR_BODIES = {
    500: ("application/json", json.dumps({"message": "500: Internal Server Error", "code": 0})),
    502: ("text/html", "<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1>"
                       "</center><hr><center>cloudflare</center></body></html>"),
    503: ("text/plain", "upstream connect error or disconnect/reset before headers. reset reason: overflow"),
    504: ("text/html", "<html><head><title>504 Gateway Time-out</title></head><body><center><h1>504 Gateway "
                       "Time-out</h1></center><hr><center>cloudflare</center></body></html>"),
}


@dataclass
class RequestRecord:
    """One REST request and what became of it."""

    n: int
    method: str
    path: str
    query: dict[str, str]
    body: Any
    files: list[FilePart]
    at: float
    status: int | None = None  # None: no answer (still in flight, or the connection was dropped)
    # answered, fault (an injected 429/5xx), dropped (never performed: cut, or the client left while it was
    # held), lost (performed, but the client never got the answer)
    outcome: str = "pending"
    answer: Any = None

    @property
    def done(self) -> bool:
        return self.outcome != "pending"


@dataclass(eq=False, repr=False)
class LoopbackDiscord:
    """The server. Construct, `await start()`, point the bot at `api_base` and `gateway_url`, `await stop()`."""

    token: str = "loopback-token"
    client_secret: str = "loopback-client-secret"  # the application's OAuth2 secret (DISCORD_CLIENT_SECRET)
    interaction_deadline: float = 3.0  # seconds from an interaction's creation to its first answer
    token_lifetime: float = 900.0  # interaction tokens: follow-ups and edits for 15 minutes
    nonce_window: float = 120.0  # Discord: "checked for uniqueness in the past few minutes"
    rate_limits: RateLimits = field(default_factory=RateLimits)
    heartbeat_interval: float = 41.25
    resume_window: float = 120.0
    recommended_shards: int = 1
    attachment_size_limit: int = 10 * 1024 * 1024
    bot_permissions: int = BOT_PERMISSIONS
    clock: Clock = field(default_factory=Clock)
    port: int = 0  # 0: a free port, known after start()

    def __post_init__(self) -> None:
        self.ids = Snowflakes(self.clock)
        self.app_id = APP_ID
        self.bot_user = User(APP_ID, "T&E", bot=True)
        self.owner = User(self.ids.next(), "Owner")
        self.users: dict[int, User] = {self.bot_user.id: self.bot_user}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.interactions: dict[int, Interaction] = {}
        self.by_token: dict[str, Interaction] = {}
        self.commands: dict[int | None, list[dict]] = {}  # guild id (None = global) -> synced commands
        self.requests: list[RequestRecord] = []
        self.faults = Faults()
        self.gateway = Gateway(self, heartbeat_interval=self.heartbeat_interval, resume_window=self.resume_window)
        self.limiter = Limiter(self.rate_limits, self.clock)
        self.rest = Rest(self)
        self._by_channel: dict[int, list[int]] = {}
        self._dms: dict[int, int] = {}
        self._nonces: dict[tuple[int, str], tuple[int, float]] = {}
        self._member_permissions: dict[int, int] = {}
        self._changed = asyncio.Event()
        self._tasks: set[asyncio.Task] = set()
        self._runner: web.AppRunner | None = None
        self.oauth_codes: dict[str, int] = {}  # authorization code -> user id, until exchanged once
        self.access_tokens: dict[str, int] = {}  # OAuth2 access token -> user id
        self.unsynced_command_ids: dict[str, int] = {}  # command ids the driver made up before any sync

    def __repr__(self) -> str:
        return f"<LoopbackDiscord {self.http_url if self.port else '(not started)'}>"

    # --- lifecycle ---------------------------------------------------------------------------------------------

    async def start(self, *, extra_routes: Callable[[web.Application], None] | None = None) -> LoopbackDiscord:
        """Listen on 127.0.0.1 (`port`, or a free one); `extra_routes` adds more (the control API)."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/gateway-resume", self.gateway.handle)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._attachment)
        app.router.add_route("*", "/api/v{version:[0-9]+}/{tail:.*}", self._rest)
        if extra_routes is not None:
            extra_routes(app)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", self.port)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self.faults.clear()
        await self.gateway.shutdown()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> LoopbackDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def http_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """For DISCORD_API_BASE (the bot appends /v10)."""
        return f"{self.http_url}/api"

    @property
    def gateway_url(self) -> str:
        """For DISCORD_GATEWAY_URL."""
        return f"ws://127.0.0.1:{self.port}/gateway"

    @property
    def resume_gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway-resume"

    def bot_env(self) -> dict[str, str]:
        """The environment that points `python -m bot` here."""
        return {"DISCORD_TOKEN": self.token, "DISCORD_API_BASE": self.api_base,
                "DISCORD_GATEWAY_URL": self.gateway_url}

    # --- waiting -----------------------------------------------------------------------------------------------

    def touch(self) -> None:
        """Something changed: wake every waiter to look again."""
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    async def wait_for(self, predicate: Callable[[], T], timeout: float = WAIT, what: str = "") -> T:
        """Until `predicate()` is truthy (looked at after every change); returns its value. Never sleeps blindly."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = predicate()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise AssertionError(f"waited {timeout} s for {what or getattr(predicate, '__name__', 'it')}\n"
                                     f"{self.describe()}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), remaining)

    def describe(self, last: int = 25) -> str:
        """The last requests and every channel's transcript: what a failing test prints."""
        lines = ["Last requests:"]
        for r in self.requests[-last:]:
            lines.append(f"  {r.method} {r.path} -> {r.status} ({r.outcome})")
        for cid in self._by_channel:
            lines.append(self.channel(cid).transcript())
        return "\n".join(lines)

    def spawn(self, coro: Any) -> asyncio.Task:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # --- OAuth2 (the Activity's sign-in) --------------------------------------------------------------------

    def authorize(self, user: User) -> str:
        """A one-time authorization code for `user`, as the Discord client hands an Activity's AUTHORIZE."""
        code = f"code{self.ids.next()}"
        self.oauth_codes[code] = user.id
        return code

    def issue_access_token(self, user_id: int) -> str:
        token = f"access{self.ids.next()}"
        self.access_tokens[token] = user_id
        return token

    # --- building the world ------------------------------------------------------------------------------------

    def add_user(self, name: str, *, permissions: int = PLAIN_PERMISSIONS, dms_open: bool = True) -> User:
        """A person; a member of every guild, with these permissions in its channels."""
        user = User(self.ids.next(), name, dms_open=dms_open)
        self.users[user.id] = user
        self._member_permissions[user.id] = permissions
        for guild in self.guilds.values():
            guild.members[user.id] = Member(user, permissions=permissions)
        return user

    def set_dms(self, user: User, *, open: bool) -> None:
        """A person's "allow direct messages" switch; closed, the bot's DMs to them fail with 50007."""
        user.dms_open = open

    def add_guild(self, name: str = "Tigris Club", *, shard: tuple[int, int] | None = None) -> Guild:
        """A guild with every person as a member; `shard=(id, count)` picks an id routed to that shard."""
        gid = self.ids.with_shard(*shard) if shard else self.ids.next()
        guild = Guild(gid, name, self.owner.id, self.clock())
        guild.roles[gid] = Role(gid, "@everyone", PLAIN_PERMISSIONS)
        guild.members[self.bot_user.id] = Member(self.bot_user, permissions=self.bot_permissions)
        for uid, perms in self._member_permissions.items():
            guild.members[uid] = Member(self.users[uid], permissions=perms)
        self.guilds[gid] = guild
        if self.gateway.route(gid) is not None:
            self.spawn(self.gateway.dispatch("GUILD_CREATE", self.guild_json(guild), guild_id=gid))
        return guild

    def add_role(self, guild: Guild, name: str, *, members: tuple[User, ...] = (), mentionable: bool = False) -> Role:
        role = Role(self.ids.next(), name, mentionable=mentionable)
        guild.roles[role.id] = role
        for user in members:
            guild.members[user.id].roles.append(role.id)
        return role

    def add_channel(self, guild: Guild, name: str = "tigris", *, overwrites: tuple[dict, ...] = ()) -> Channel:
        """A text channel; `overwrites` (model.overwrite) limit who may view it, as Discord's do."""
        channel = Channel(self.ids.next(), TEXT, name, guild_id=guild.id, overwrites=list(overwrites))
        self.channels[channel.id] = channel
        guild.channels.append(channel.id)
        self._by_channel[channel.id] = []
        return channel

    def add_thread(self, parent: Channel, name: str = "game", *, private: bool = False) -> Channel:
        thread = Channel(self.ids.next(), PRIVATE_THREAD if private else PUBLIC_THREAD, name,
                         guild_id=parent.guild_id, parent_id=parent.id, owner_id=self.owner.id)
        self.channels[thread.id] = thread
        self.guilds[parent.guild_id or 0].channels.append(thread.id)
        self._by_channel[thread.id] = []
        return thread

    async def delete_channel(self, channel: Channel) -> None:
        """Someone deletes a channel or thread: REST calls to it answer 10003 from now on, and the gateway sends
        CHANNEL_DELETE (THREAD_DELETE for a thread). A channel's threads go with it, with no event of their own.
        What it showed stays readable through `channel()` for the test."""
        gone = [channel.id] + [c.id for c in self.channels.values() if c.parent_id == channel.id]
        guild = self.guilds.get(channel.guild_id or 0)
        for cid in gone:
            self.channels.pop(cid, None)
            if guild is not None and cid in guild.channels:
                guild.channels.remove(cid)
        self.touch()
        if channel.is_thread:
            data = {"id": str(channel.id), "guild_id": str(channel.guild_id), "parent_id": str(channel.parent_id),
                    "type": channel.type}
            await self.gateway.dispatch("THREAD_DELETE", data, guild_id=channel.guild_id)
        else:
            await self.gateway.dispatch("CHANNEL_DELETE", channel.json(self.users), guild_id=channel.guild_id)

    async def remove_bot(self, guild: Guild, *, outage: bool = False) -> None:
        """The bot is removed from a guild (GUILD_DELETE without `unavailable`); with `outage`, the guild only
        becomes unavailable (`unavailable: true`), as in a Discord outage, and stays as it was."""
        if outage:
            await self.gateway.dispatch("GUILD_DELETE", {"id": str(guild.id), "unavailable": True}, guild_id=guild.id)
            return
        for cid in list(guild.channels):
            self.channels.pop(cid, None)
        self.guilds.pop(guild.id, None)
        self.touch()
        await self.gateway.dispatch("GUILD_DELETE", {"id": str(guild.id)}, guild_id=guild.id)

    def dm_channel(self, user_id: int) -> Channel:
        """The DM channel between the bot and this person (made on first use, as POST /users/@me/channels does)."""
        cid = self._dms.get(user_id)
        if cid is None:
            channel = Channel(self.ids.next(), DM, "", recipient_id=user_id)
            self.channels[channel.id] = channel
            self._by_channel[channel.id] = []
            cid = self._dms[user_id] = channel.id
        return self.channels[cid]

    def member(self, guild: Guild, user: User) -> Member:
        return guild.members[user.id]

    def guild_json(self, guild: Guild) -> dict[str, Any]:
        """GUILD_CREATE's payload (the bot's own member only: no members intent)."""
        channels = [self.channels[c] for c in guild.channels]
        return {
            "id": str(guild.id), "name": guild.name, "icon": None, "splash": None, "discovery_splash": None,
            "owner_id": str(guild.owner_id), "afk_channel_id": None, "afk_timeout": 300, "verification_level": 0,
            "default_message_notifications": 1, "explicit_content_filter": 0,
            "roles": [r.json(i) for i, r in enumerate(guild.roles.values())], "emojis": [], "stickers": [],
            "features": [], "mfa_level": 0, "application_id": None, "system_channel_id": None,
            "system_channel_flags": 0, "rules_channel_id": None, "vanity_url_code": None, "description": None,
            "banner": None, "premium_tier": 0, "premium_subscription_count": 0, "preferred_locale": "en-US",
            "public_updates_channel_id": None, "nsfw_level": 0, "premium_progress_bar_enabled": False,
            "joined_at": iso(guild.created), "large": False, "unavailable": False,
            "member_count": len(guild.members), "voice_states": [], "presences": [], "stage_instances": [],
            "guild_scheduled_events": [], "soundboard_sounds": [],
            "members": [guild.members[self.bot_user.id].json(guild.created)],
            "channels": [c.json() for c in channels if not c.is_thread],
            "threads": [c.json() for c in channels if c.is_thread],
        }

    # --- acting as people (see driver.py) ----------------------------------------------------------------------

    async def slash(self, user: User, channel: Channel, command: str, *, age: float = 0.0, delay: float = 0.0,
                    **options: Any) -> driver.Sent:
        """`/command sub` with options, as `user` in `channel` (a text channel, thread or DM)."""
        return await driver.slash(self, user, channel, command, options, age=age, delay=delay)

    async def press(self, user: User, message: Message | int, *, label: str | None = None,
                    custom_id: str | None = None, age: float = 0.0, delay: float = 0.0) -> driver.Sent:
        """Press a button of a message (by its label, or its custom id), as `user`."""
        return await driver.press(self, user, message, label=label, custom_id=custom_id, age=age, delay=delay)

    async def autocomplete(self, user: User, channel: Channel, command: str, option: str, typed: str,
                           **options: Any) -> driver.Sent:
        """Type `typed` into `option` of `/command`; `await sent.choices()` is what Discord would list."""
        return await driver.autocomplete(self, user, channel, command, option, typed, options)

    # --- what people see ---------------------------------------------------------------------------------------

    def channel(self, channel: Channel | int, viewer: User | None = None) -> ChannelView:
        cid = channel if isinstance(channel, int) else channel.id
        return ChannelView(self, cid, viewer.id if viewer else None)

    def dms(self, user: User) -> ChannelView:
        """The bot's direct messages to this person, as they see them."""
        return ChannelView(self, self.dm_channel(user.id).id, user.id)

    def channel_messages(self, channel_id: int) -> list[Message]:
        return [self.messages[m] for m in self._by_channel.get(channel_id, [])]

    def message_json(self, message: Message, *, with_nonce: bool = False) -> dict[str, Any]:
        channel = self.channels.get(message.channel_id)
        return message.json(self.http_url, self.users, channel.guild_id if channel else None, with_nonce=with_nonce)

    def requests_to(self, method: str, pattern: str) -> list[RequestRecord]:
        return [r for r in self.requests if r.method == method and matches(pattern, r.path)]

    # --- messages (used by the REST handlers) ------------------------------------------------------------------

    def check_upload(self, files: list[FilePart]) -> None:
        if len(files) > 10:
            raise validate.invalid_form({"files": {"_errors": [{"code": "BASE_TYPE_MAX_LENGTH",
                                                                "message": "Must be 10 or fewer in length."}]}})
        if any(len(f.data) > self.attachment_size_limit for f in files):
            raise ApiError(413, 40005, "Request entity too large")

    def _mentions(self, channel_id: int, content: str, allowed: dict | None, *, webhook: bool) -> Any:
        channel = self.channels[channel_id]
        guild = self.guilds.get(channel.guild_id or 0)
        bot_everyone = bool(self.bot_permissions & (1 << 17)) and guild is not None
        return mentions.resolve(content, allowed, webhook=webhook, guild=guild, known_users=set(self.users),
                                bot_mentions_everyone=bot_everyone)

    async def create_message(self, channel_id: int, body: dict, files: list[FilePart], *, source: str,
                             webhook: bool, type: int, flags: int, interaction: Interaction | None = None,
                             reference_id: int | None = None) -> Message:
        channel = self.channels[channel_id]
        content = body.get("content") or ""
        found = self._mentions(channel_id, content, body.get("allowed_mentions"), webhook=webhook)
        quiet = flags & (EPHEMERAL | LOADING | SUPPRESS_NOTIFICATIONS)
        guild = self.guilds.get(channel.guild_id or 0)
        audience = set(guild.members) if guild is not None else {channel.recipient_id or 0}  # who sees the channel
        pinged = frozenset() if quiet else mentions.notified(found, guild=guild, audience=audience,
                                                             author_id=self.bot_user.id)
        words, hidden = split_invisible(content)
        message = Message(
            id=self.ids.next(), channel_id=channel_id, author=self.bot_user, content=words, hidden=hidden, flags=flags,
            components=body.get("components") or [], embeds=body.get("embeds") or [],
            attachments=attachments_from(body, files, self.ids.next), type=type, nonce=body.get("nonce"),
            source=source, interaction_id=interaction.id if interaction else None,
            interaction_user=interaction.user_id if interaction else None, reference_id=reference_id,
            mentions=found, pinged=pinged, created=self.clock())
        self.messages[message.id] = message
        self._by_channel.setdefault(channel_id, []).append(message.id)
        self.touch()
        if not message.ephemeral:
            await self.gateway.dispatch("MESSAGE_CREATE", self.message_json(message, with_nonce=True),
                                        guild_id=channel.guild_id,
                                        intent=DIRECT_MESSAGES if channel.type == DM else GUILD_MESSAGES)
        return message

    async def edit_message(self, message: Message, body: dict, files: list[FilePart], *, webhook: bool) -> None:
        """PATCH semantics: fields present replace; files are appended unless `attachments` says what stays."""
        content, hidden = ((message.content, message.hidden) if "content" not in body
                           else split_invisible(body["content"] or ""))
        components = message.components if "components" not in body else (body["components"] or [])
        embeds = message.embeds if "embeds" not in body else (body["embeds"] or [])
        new = attachments_from(body, files, self.ids.next)
        if "attachments" in body:
            keep = {str(a.get("id")) for a in body["attachments"] or []}
            attachments = [a for a in message.attachments if str(a.id) in keep] + new
        else:
            attachments = message.attachments + new
        if not (content or embeds or components or attachments):
            raise validate.FormError({"message": "Cannot send an empty message", "code": 50006})
        if content != message.content:
            message.revisions.append(message.content)
        message.content, message.components, message.embeds, message.attachments = (content, components, embeds,
                                                                                     attachments)
        message.hidden = hidden
        message.mentions = self._mentions(message.channel_id, content, body.get("allowed_mentions"),
                                          webhook=webhook)
        if message.loading:
            message.flags &= ~LOADING  # the deferred response is complete now
        else:
            message.edited_at = self.clock()
        self.touch()
        channel = self.channels[message.channel_id]
        if not message.ephemeral:
            await self.gateway.dispatch("MESSAGE_UPDATE", self.message_json(message), guild_id=channel.guild_id,
                                        intent=DIRECT_MESSAGES if channel.type == DM else GUILD_MESSAGES)

    async def delete_message(self, message: Message) -> None:
        message.deleted = True
        self.touch()
        channel = self.channels[message.channel_id]
        if not message.ephemeral:
            data = {"id": str(message.id), "channel_id": str(channel.id)}
            if channel.guild_id:
                data["guild_id"] = str(channel.guild_id)
            await self.gateway.dispatch("MESSAGE_DELETE", data, guild_id=channel.guild_id,
                                        intent=DIRECT_MESSAGES if channel.type == DM else GUILD_MESSAGES)

    def nonce_message(self, channel_id: int, nonce: str | int) -> Message | None:
        """The message created here with this nonce within the window, if any (enforce_nonce)."""
        found = self._nonces.get((channel_id, str(nonce)))
        if found is None or self.clock() - found[1] > self.nonce_window:
            return None
        message = self.messages[found[0]]
        return None if message.deleted else message

    def remember_nonce(self, channel_id: int, nonce: str | int, message: Message) -> None:
        self._nonces.setdefault((channel_id, str(nonce)), (message.id, self.clock()))

    def acknowledge(self, interaction: Interaction, response_type: int) -> None:
        interaction.response_type = response_type
        interaction.responded = self.clock()
        self.touch()

    # --- HTTP --------------------------------------------------------------------------------------------------

    async def _attachment(self, request: web.Request) -> web.Response:
        for message in self.channel_messages(int(request.match_info["channel_id"])):
            for a in message.attachments:
                if str(a.id) == request.match_info["attachment_id"]:
                    return web.Response(body=a.data, content_type=a.content_type or "application/octet-stream")
        return web.Response(status=404, text="Not Found")

    def _answer(self, record: RequestRecord, status: int, payload: Any, headers: dict[str, str],
                outcome: str = "answered") -> web.Response:
        record.status, record.answer, record.outcome = status, payload, outcome
        self.touch()
        headers = {"Via": "1.1 google", **headers}
        if status == 204 or payload is None:
            return web.Response(status=status, headers=headers)
        return web.Response(status=status, body=json.dumps(payload).encode(),
                            headers={**headers, "Content-Type": "application/json"})

    def _fault_answer(self, record: RequestRecord, rule: Rule, headers: dict[str, str]) -> web.Response:
        if rule.kind == "rate_limit":
            if rule.scope == "global":
                headers = {"X-RateLimit-Global": "true"}
            else:
                headers = {**headers, "X-RateLimit-Remaining": "0" if rule.scope == "user" else
                           headers.get("X-RateLimit-Remaining", "1"),
                           "X-RateLimit-Reset-After": f"{rule.retry_after:.3f}"}
            headers.update({"Retry-After": str(max(1, round(rule.retry_after))), "X-RateLimit-Scope": rule.scope})
            message = "The resource is being rate limited." if rule.scope == "shared" else "You are being rate limited."
            return self._answer(record, 429, {"message": message, "retry_after": rule.retry_after,
                                              "global": rule.scope == "global"}, headers, "fault")
        content_type, text = SERVER_ERROR_BODIES[rule.status]
        record.status, record.answer, record.outcome = rule.status, text, "fault"
        self.touch()
        return web.Response(status=rule.status, text=text, content_type=content_type, headers={"Via": "1.1 google"})

    def _drop(self, request: web.Request, record: RequestRecord, rule: Rule, outcome: str) -> web.Response:
        record.outcome = outcome
        self.touch()
        transport = request.transport
        if transport is not None:
            sock = transport.get_extra_info("socket")
            if rule.reset and sock is not None:
                with contextlib.suppress(OSError):
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            transport.abort()
        return web.Response(status=500)  # never reaches the client: the connection is gone

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        path, method = "/" + request.match_info["tail"], request.method
        record = RequestRecord(len(self.requests), method, path, dict(request.query), None, [], self.clock())
        self.requests.append(record)
        try:
            record.body, record.files = await read_body(request)
        except validate.FormError as exc:
            return self._answer(record, 400, exc.body, {})
        route, params, known = self.rest.match(method, path)
        if route is None:
            status = 405 if known else 404
            text = "Method Not Allowed" if known else "Not Found"
            return self._answer(record, status, {"message": f"{status}: {text}", "code": 0}, {})
        authorization = request.headers.get("Authorization", "")
        user_token = (route.bearer and authorization.startswith("Bearer ")
                      and authorization.removeprefix("Bearer ") in self.access_tokens)
        if route.auth and authorization != f"Bot {self.token}" and not user_token:
            return self._answer(record, 401, {"message": "401: Unauthorized", "code": 0}, {})
        major = route.major(params)
        rule = self.faults.take(method, path)
        if rule is not None and not rule.after:
            if rule.kind == "drop":
                return self._drop(request, record, rule, "dropped")
            if rule.kind == "hold":
                await rule.held()
                if request.transport is None or request.transport.is_closing():
                    record.outcome = "dropped"  # the client went away while its request was held: never arrived
                    self.touch()
                    return web.Response(status=499)
            else:
                return self._fault_answer(record, rule, self.limiter.headers_for(method, route.template, major))
        headers, limited = self.limiter.take(method, path, route.template, major)
        if limited is not None:
            return self._answer(record, 429, limited, headers, "fault")
        try:
            status, payload = await route.handler(Call(method, path, params, record.query, record.body, record.files,
                                                           authorization if user_token else ""))
        except ApiError as exc:
            status, payload = exc.status, exc.body
        except validate.FormError as exc:
            status, payload = 400, exc.body
        if rule is not None and rule.after:
            if rule.kind == "drop":
                record.status, record.answer = status, payload
                return self._drop(request, record, rule, "lost")
            await rule.held()
        return self._answer(record, status, payload, headers)
