"""The REST API the bot and discord.py use, answered as Discord answers: same JSON, same status codes and errors.

Routes are matched against templates (`/channels/{channel_id}/messages`); the template also names the rate-limit
bucket and its major parameter. Handlers raise `ApiError` (or validate.FormError) for Discord's error answers.
"""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import web

from tests.loopback import bot_access, validate
from tests.loopback.model import DM, EPHEMERAL, LOADING, SUPPRESS_NOTIFICATIONS, Attachment, Interaction, Message
from tests.loopback.validate import IS_COMPONENTS_V2

if TYPE_CHECKING:
    from tests.loopback.server import LoopbackDiscord

SUPPRESS_EMBEDS = 1 << 2
CREATE_FLAGS = SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | IS_COMPONENTS_V2
RESPONSE_FLAGS = CREATE_FLAGS | EPHEMERAL
MESSAGE_DEFAULT, MESSAGE_REPLY, MESSAGE_COMMAND = 0, 19, 20


class ApiError(Exception):
    """An error answer: HTTP status and Discord's {"message", "code"} body."""

    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.body = {"message": message, "code": code}


UNKNOWN_CHANNEL = (404, 10003, "Unknown Channel")
ENTRY_POINT = 4  # an application command of type PRIMARY_ENTRY_POINT
UNKNOWN_MESSAGE = (404, 10008, "Unknown Message")
UNKNOWN_MEMBER = (404, 10007, "Unknown Member")
UNKNOWN_USER = (404, 10013, "Unknown User")
UNKNOWN_WEBHOOK = (404, 10015, "Unknown Webhook")
UNKNOWN_INTERACTION = (404, 10062, "Unknown interaction")
ALREADY_ACKNOWLEDGED = (400, 40060, "Interaction has already been acknowledged.")
CANNOT_EDIT_OTHERS = (403, 50005, "Cannot edit a message authored by another user")
CANNOT_SEND_TO_USER = (403, 50007, "Cannot send messages to this user")
MISSING_PERMISSIONS = (403, 50013, "Missing Permissions")
INVALID_WEBHOOK_TOKEN = (401, 50027, "Invalid Webhook Token")


def fail(error: tuple[int, int, str]) -> ApiError:
    return ApiError(*error)


@dataclass
class FilePart:
    field: str
    filename: str
    data: bytes
    content_type: str | None


@dataclass
class Call:
    """One REST request as the handlers see it."""

    method: str
    path: str
    params: dict[str, str]
    query: dict[str, str]
    body: Any
    files: list[FilePart] = field(default_factory=list)
    authorization: str = ""  # the Authorization header: routes that take a user's Bearer token read it


@dataclass(frozen=True)
class Route:
    method: str
    template: str
    handler: Callable[[Call], Awaitable[tuple[int, Any]]]
    auth: bool = True  # interaction callbacks and webhook-token routes need no bot token
    bearer: bool = False  # a user's OAuth2 access token (Bearer) will do instead of the bot token
    regex: re.Pattern = field(init=False, compare=False)

    def __post_init__(self) -> None:
        pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(self.template))
        object.__setattr__(self, "regex", re.compile(f"^{pattern}$"))

    def major(self, params: dict[str, str]) -> str:
        """The top-level resource that splits the bucket (channel, guild, webhook + token, interaction + token)."""
        for keys in (("channel_id",), ("guild_id",), ("webhook_id", "webhook_token"),
                     ("interaction_id", "interaction_token")):
            if all(k in params for k in keys):
                return ":".join(params[k] for k in keys)
        return ""


def sniff(data: bytes, declared: str | None) -> str | None:
    """The content type Discord reports for an upload (it looks at the bytes, not the declared type)."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if data.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if data.startswith((b"GIF87a", b"GIF89a")):
        return "image/gif"
    return declared if declared and declared != "application/octet-stream" else None


async def read_body(request: web.Request) -> tuple[Any, list[FilePart]]:
    """JSON, or multipart with payload_json and files[n]; malformed JSON is Discord's 50109."""
    if request.content_type.startswith("multipart/"):
        body: Any = {}
        files: list[FilePart] = []
        reader = await request.multipart()
        async for part in reader:
            if part.name == "payload_json":
                body = _json(await part.text())
            elif part.filename is not None or (part.name or "").startswith("file"):
                data = await part.read()
                files.append(FilePart(part.name or "", part.filename or "", bytes(data),
                                      part.headers.get("Content-Type")))
            else:
                body = body or {}
        return body, files
    raw = await request.read()
    if not raw:
        return None, []
    if request.content_type == "application/x-www-form-urlencoded":  # the OAuth2 token endpoint's form
        return dict(await request.post()), []
    return _json(raw.decode("utf-8", "replace")), []


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        raise validate.FormError({"message": "The request body contains invalid JSON.", "code": 50109}) from None


class Rest:
    """The handlers, over the server's state."""

    def __init__(self, server: LoopbackDiscord) -> None:
        self.s = server
        self.routes = [
            Route("GET", "/users/@me", self.get_me, bearer=True),
            Route("GET", "/users/{user_id}", self.get_user),
            Route("POST", "/users/@me/channels", self.create_dm),
            Route("GET", "/oauth2/applications/@me", self.get_application),
            Route("POST", "/oauth2/token", self.oauth_token, auth=False),
            Route("GET", "/applications/@me", self.get_application),
            Route("GET", "/gateway", self.get_gateway, auth=False),
            Route("GET", "/gateway/bot", self.get_gateway_bot),
            Route("GET", "/applications/{application_id}/commands", self.get_commands),
            Route("PUT", "/applications/{application_id}/commands", self.put_commands),
            Route("GET", "/applications/{application_id}/guilds/{guild_id}/commands", self.get_commands),
            Route("PUT", "/applications/{application_id}/guilds/{guild_id}/commands", self.put_commands),
            Route("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member),
            Route("GET", "/channels/{channel_id}", self.get_channel),
            Route("GET", "/channels/{channel_id}/messages", self.list_messages),
            Route("POST", "/channels/{channel_id}/messages", self.create_message),
            Route("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message),
            Route("PATCH", "/channels/{channel_id}/messages/{message_id}", self.edit_message),
            Route("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message),
            Route("POST", "/interactions/{interaction_id}/{interaction_token}/callback", self.callback, auth=False),
            Route("POST", "/webhooks/{webhook_id}/{webhook_token}", self.followup, auth=False),
            Route("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", self.get_webhook_message,
                  auth=False),
            Route("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", self.edit_webhook_message,
                  auth=False),
            Route("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
                  self.delete_webhook_message, auth=False),
        ]

    def match(self, method: str, path: str) -> tuple[Route | None, dict[str, str], bool]:
        """(route, params, path_known): path_known without a route means the method is not allowed."""
        known = False
        for route in self.routes:
            found = route.regex.match(path)
            if found is None:
                continue
            known = True
            if route.method == method:
                return route, found.groupdict(), True
        return None, {}, known

    # --- small helpers -----------------------------------------------------------------------------------------

    def _channel(self, call: Call):
        channel = self.s.channels.get(int(call.params["channel_id"])) if call.params["channel_id"].isdigit() else None
        if channel is None:
            raise fail(UNKNOWN_CHANNEL)
        if (refused := bot_access.refusal(channel, call.method, call.path, len(call.files))) is not None:
            raise fail(refused)  # the bot's permissions there taken away (tests/loopback/bot_access.py)
        return channel

    def _message_json(self, message: Message) -> dict:
        return self.s.message_json(message)

    # --- users, application, gateway, commands -----------------------------------------------------------------

    async def get_me(self, call: Call) -> tuple[int, Any]:
        if call.authorization.startswith("Bearer "):
            user = self.s.users[self.s.access_tokens[call.authorization.removeprefix("Bearer ")]]
            return 200, user.json() | {"locale": "en-US", "flags": 0, "premium_type": 0, "mfa_enabled": False}
        return 200, self.s.bot_user.json() | {"verified": True, "mfa_enabled": False, "flags": 0}

    async def oauth_token(self, call: Call) -> tuple[int, Any]:
        """The authorization-code grant, answered as Discord's OAuth2 endpoint does (RFC 6749 error bodies)."""
        form = call.body if isinstance(call.body, dict) else {}
        if form.get("client_id") != str(self.s.app_id) or form.get("client_secret") != self.s.client_secret:
            return 401, {"error": "invalid_client"}
        if form.get("grant_type") != "authorization_code":
            return 400, {"error": "unsupported_grant_type"}
        user_id = self.s.oauth_codes.pop(str(form.get("code", "")), None)  # a code is good once
        if user_id is None:
            return 400, {"error": "invalid_grant", "error_description": 'Invalid "code" in request.'}
        access = self.s.issue_access_token(user_id)
        return 200, {"access_token": access, "token_type": "Bearer", "expires_in": 604800,
                     "refresh_token": f"refresh-{access}", "scope": "identify"}

    async def get_user(self, call: Call) -> tuple[int, Any]:
        user = self.s.users.get(int(call.params["user_id"])) if call.params["user_id"].isdigit() else None
        if user is None:
            raise fail(UNKNOWN_USER)
        return 200, user.json()

    async def get_member(self, call: Call) -> tuple[int, Any]:
        """GET Guild Member: the bot has no members intent, so this is how it learns someone's roles."""
        raw_guild, raw_user = call.params["guild_id"], call.params["user_id"]
        guild = self.s.guilds.get(int(raw_guild)) if raw_guild.isdigit() else None
        member = guild.members.get(int(raw_user)) if guild is not None and raw_user.isdigit() else None
        if guild is None or member is None:
            raise fail(UNKNOWN_MEMBER)
        return 200, member.json(guild.created)

    async def get_application(self, call: Call) -> tuple[int, Any]:
        owner = self.s.owner
        return 200, {"id": str(self.s.app_id), "name": self.s.bot_user.name, "icon": None, "description": "",
                     "summary": "", "rpc_origins": [], "bot_public": True, "bot_require_code_grant": False,
                     "verify_key": "0" * 64, "owner": owner.json(), "team": None, "flags": 0,
                     "interactions_endpoint_url": None, "bot": self.s.bot_user.json()}

    async def get_gateway(self, call: Call) -> tuple[int, Any]:
        return 200, {"url": self.s.gateway_url}

    async def get_gateway_bot(self, call: Call) -> tuple[int, Any]:
        started = self.s.gateway.count("identify")
        return 200, {"url": self.s.gateway_url, "shards": self.s.recommended_shards,
                     "session_start_limit": {"total": 1000, "remaining": max(1000 - started, 0),
                                             "reset_after": 86_400_000, "max_concurrency": 1}}

    def _commands_key(self, call: Call) -> int | None:
        if call.params["application_id"] != str(self.s.app_id):
            raise ApiError(403, 50001, "Missing Access")
        return int(call.params["guild_id"]) if "guild_id" in call.params else None

    async def get_commands(self, call: Call) -> tuple[int, Any]:
        return 200, self.s.commands.get(self._commands_key(call), [])

    async def put_commands(self, call: Call) -> tuple[int, Any]:
        guild_id = self._commands_key(call)
        if not isinstance(call.body, list):
            raise validate.invalid_form({"_errors": [{"code": "LIST_TYPE_CONVERT", "message": "Must be a list."}]})
        stored = []
        errors: dict[str, Any] = {}
        for i, command in enumerate(call.body):
            name = command.get("name") or ""
            if not re.fullmatch(r"[-_\w]{1,32}", name) or name != name.lower():
                errors[str(i)] = {"name": {"_errors": [{"code": "APPLICATION_COMMAND_INVALID_NAME",
                                                          "message": "Command name is invalid"}]}}
            previous = next((c for c in self.s.commands.get(guild_id, []) if c["name"] == name), None)
            command_id = previous["id"] if previous else str(self.s.ids.next())
            entry = dict(command, id=command_id, application_id=str(self.s.app_id), version=str(self.s.ids.next()))
            if guild_id is not None:
                entry["guild_id"] = str(guild_id)
            stored.append(entry)
        if errors:
            raise validate.invalid_form(errors)
        # An app with an Activity has an Entry Point command (type 4, made by the developer portal); as Discord
        # does, a bulk overwrite that leaves it out is refused and changes nothing.
        sent = {(c.get("id"), c.get("name")) for c in call.body}
        for kept in self.s.commands.get(guild_id, []):
            if kept.get("type") == ENTRY_POINT and not any(kept["id"] == i or kept["name"] == n for i, n in sent):
                raise ApiError(400, 50240, "You cannot remove this app's Entry Point command in a bulk update "
                                           "operation")
        self.s.commands[guild_id] = stored
        return 200, stored

    # --- channels and messages ---------------------------------------------------------------------------------

    async def get_channel(self, call: Call) -> tuple[int, Any]:
        return 200, self._channel(call).json(self.s.users)

    async def create_dm(self, call: Call) -> tuple[int, Any]:
        raw = str((call.body or {}).get("recipient_id", ""))
        user = self.s.users.get(int(raw)) if raw.isdigit() else None
        if user is None:
            raise fail(UNKNOWN_USER)
        return 200, self.s.dm_channel(user.id).json(self.s.users)

    def _visible(self, channel_id: int, raw_id: str) -> Message:
        message = self.s.messages.get(int(raw_id)) if raw_id.isdigit() else None
        if message is None or message.channel_id != channel_id or message.deleted or message.ephemeral:
            raise fail(UNKNOWN_MESSAGE)
        return message

    async def list_messages(self, call: Call) -> tuple[int, Any]:
        channel = self._channel(call)
        try:
            limit = int(call.query.get("limit", 50))
        except ValueError:
            limit = 0
        if not 1 <= limit <= 100:
            raise validate.invalid_form({"limit": {"_errors": [{"code": "NUMBER_TYPE_MAX",
                                                                "message": "int value should be <= 100 and >= 1."}]}})
        shown = [m for m in self.s.channel_messages(channel.id) if not m.deleted and not m.ephemeral]
        if "before" in call.query:
            shown = [m for m in shown if m.id < int(call.query["before"])][-limit:]
        elif "after" in call.query:
            shown = [m for m in shown if m.id > int(call.query["after"])][:limit]
        elif "around" in call.query:
            pivot = int(call.query["around"])
            before = [m for m in shown if m.id < pivot][-(limit // 2):] if limit > 1 else []
            rest = [m for m in shown if m.id >= pivot][: limit - len(before)]
            shown = before + rest
        else:
            shown = shown[-limit:]
        return 200, [self._message_json(m) for m in reversed(shown)]

    async def get_message(self, call: Call) -> tuple[int, Any]:
        channel = self._channel(call)
        return 200, self._message_json(self._visible(channel.id, call.params["message_id"]))

    async def create_message(self, call: Call) -> tuple[int, Any]:
        channel = self._channel(call)
        body = call.body if isinstance(call.body, dict) else {}
        self.s.check_upload(call.files)
        validate.check_message(body, creating=True, files=len(call.files))
        if channel.type == DM:
            recipient = self.s.users.get(channel.recipient_id or 0)
            if recipient is None or not recipient.dms_open:
                raise fail(CANNOT_SEND_TO_USER)
        elif not channel.bot_can_send:
            raise fail(MISSING_PERMISSIONS)
        nonce = body.get("nonce")
        if nonce is not None and body.get("enforce_nonce"):
            earlier = self.s.nonce_message(channel.id, nonce)
            if earlier is not None:
                return 200, self.s.message_json(earlier, with_nonce=True)
        message = await self.s.create_message(channel.id, body, call.files, source="channel", webhook=False,
                                              type=MESSAGE_DEFAULT, flags=(body.get("flags") or 0) & CREATE_FLAGS)
        if nonce is not None:
            self.s.remember_nonce(channel.id, nonce, message)
        return 200, self.s.message_json(message, with_nonce=True)

    async def edit_message(self, call: Call) -> tuple[int, Any]:
        channel = self._channel(call)
        message = self._visible(channel.id, call.params["message_id"])
        if message.author.id != self.s.bot_user.id:
            raise fail(CANNOT_EDIT_OTHERS)
        body = call.body if isinstance(call.body, dict) else {}
        self.s.check_upload(call.files)
        await self.s.edit_message(message, body, call.files, webhook=False)
        return 200, self._message_json(message)

    async def delete_message(self, call: Call) -> tuple[int, Any]:
        channel = self._channel(call)
        message = self._visible(channel.id, call.params["message_id"])
        await self.s.delete_message(message)
        return 204, None

    # --- interactions ------------------------------------------------------------------------------------------

    def _interaction(self, call: Call) -> Interaction:
        raw = call.params["interaction_id"]
        interaction = self.s.interactions.get(int(raw)) if raw.isdigit() else None
        if interaction is None or interaction.token != call.params["interaction_token"]:
            raise fail(UNKNOWN_INTERACTION)
        return interaction

    async def callback(self, call: Call) -> tuple[int, Any]:
        interaction = self._interaction(call)
        if interaction.acknowledged:
            raise fail(ALREADY_ACKNOWLEDGED)
        if self.s.clock() - interaction.created > self.s.interaction_deadline:
            raise fail(UNKNOWN_INTERACTION)  # the 3-second deadline passed: the token is no longer valid
        body = call.body if isinstance(call.body, dict) else {}
        rtype = body.get("type")
        data = body.get("data") or {}
        allowed = {1: (1,), 4: (2, 3, 5), 5: (2, 3, 5), 6: (3, 5), 7: (3, 5), 8: (4,), 9: (2, 3), 12: (2, 3, 5)}
        if rtype not in allowed:
            raise validate.invalid_form({"type": {"_errors": [{"code": "BASE_TYPE_CHOICES",
                                                               "message": "Value must be one of (1, 4, 5, 6, 7, 8, 9, "
                                                                          "10, 12)."}]}})
        if interaction.type not in allowed[rtype]:
            raise validate.invalid_form({"type": {"_errors": [{
                "code": "INTERACTION_RESPONSE_TYPE_INVALID",
                "message": f"Callback type {rtype} is not valid for interaction type {interaction.type}."}]}})
        self.s.check_upload(call.files)
        message: Message | None = None
        if rtype == 4:
            validate.check_message(data, creating=True, files=len(call.files), prefix="data")
            kind = MESSAGE_COMMAND if interaction.type == 2 else MESSAGE_REPLY
            message = await self.s.create_message(
                interaction.channel_id, data, call.files, source="response", webhook=True, type=kind,
                flags=(data.get("flags") or 0) & RESPONSE_FLAGS, interaction=interaction,
                reference_id=interaction.message_id if interaction.type == 3 else None)
            interaction.original_id = message.id
        elif rtype == 5:
            kind = MESSAGE_COMMAND if interaction.type == 2 else MESSAGE_REPLY
            message = await self.s.create_message(
                interaction.channel_id, {}, [], source="response", webhook=True, type=kind,
                flags=LOADING | ((data.get("flags") or 0) & EPHEMERAL), interaction=interaction,
                reference_id=interaction.message_id if interaction.type == 3 else None)
            interaction.original_id = message.id
        elif rtype in (6, 7):
            interaction.original_id = interaction.message_id
            if rtype == 7:
                source = self.s.messages.get(interaction.message_id or 0)
                if source is None or source.deleted:
                    raise fail(UNKNOWN_MESSAGE)
                validate.check_message(data, creating=False, files=len(call.files), prefix="data")
                await self.s.edit_message(source, data, call.files, webhook=True)
                message = source
        elif rtype == 8:
            choices = data.get("choices") or []
            validate.check_choices(choices)
            interaction.choices = choices
        elif rtype == 9:
            interaction.modal = data
        elif rtype == 12:
            # LAUNCH_ACTIVITY: Discord opens the app's Activity in the interaction's channel; no message.
            where = f"{interaction.guild_id or 0}-{interaction.channel_id}"
            interaction.activity_instance_id = f"i-{interaction.id}-gc-{where}"
        self.s.acknowledge(interaction, rtype)
        if call.query.get("with_response", "").lower() not in ("1", "true"):
            return 204, None
        result: dict[str, Any] = {"interaction": {
            "id": str(interaction.id), "type": interaction.type,
            "activity_instance_id": interaction.activity_instance_id,
            "response_message_id": str(message.id) if message else None,
            "response_message_loading": rtype == 5,
            "response_message_ephemeral": bool(message and message.ephemeral)}, "resource": {"type": rtype}}
        if message is not None:
            result["resource"]["message"] = self._message_json(message)
        if interaction.activity_instance_id is not None:
            result["resource"]["activity_instance"] = {"id": interaction.activity_instance_id}
        return 200, result

    def _by_token(self, call: Call) -> Interaction:
        if call.params["webhook_id"] != str(self.s.app_id):
            raise fail(UNKNOWN_WEBHOOK)
        interaction = self.s.by_token.get(call.params["webhook_token"])
        if interaction is None or self.s.clock() - interaction.created > self.s.token_lifetime:
            raise fail(INVALID_WEBHOOK_TOKEN)  # tokens are valid for 15 minutes
        if not interaction.acknowledged:
            raise fail(UNKNOWN_WEBHOOK)
        return interaction

    def _token_message(self, interaction: Interaction, raw: str) -> Message:
        mid = interaction.original_id if raw == "@original" else (int(raw) if raw.isdigit() else None)
        owned = [interaction.original_id, *interaction.followups]
        message = self.s.messages.get(mid or 0)
        if message is None or mid not in owned or message.deleted:
            raise fail(UNKNOWN_MESSAGE)
        return message

    async def followup(self, call: Call) -> tuple[int, Any]:
        interaction = self._by_token(call)
        body = call.body if isinstance(call.body, dict) else {}
        self.s.check_upload(call.files)
        original = self.s.messages.get(interaction.original_id or 0)
        if interaction.response_type == 5 and original is not None and original.loading and not interaction.followups:
            # Discord's backwards-compatible rule: the first follow-up after a deferral edits the loading message.
            validate.check_message(body, creating=True, files=len(call.files))
            await self.s.edit_message(original, body, call.files, webhook=True)
            return 200, self._message_json(original)
        validate.check_message(body, creating=True, files=len(call.files))
        message = await self.s.create_message(
            interaction.channel_id, body, call.files, source="followup", webhook=True, type=MESSAGE_DEFAULT,
            flags=(body.get("flags") or 0) & RESPONSE_FLAGS, interaction=interaction)
        interaction.followups.append(message.id)
        self.s.touch()
        return 200, self._message_json(message)

    async def get_webhook_message(self, call: Call) -> tuple[int, Any]:
        interaction = self._by_token(call)
        return 200, self._message_json(self._token_message(interaction, call.params["message_id"]))

    async def edit_webhook_message(self, call: Call) -> tuple[int, Any]:
        interaction = self._by_token(call)
        message = self._token_message(interaction, call.params["message_id"])
        body = call.body if isinstance(call.body, dict) else {}
        self.s.check_upload(call.files)
        validate.check_message(body, creating=False, files=len(call.files))
        await self.s.edit_message(message, body, call.files, webhook=True)
        return 200, self._message_json(message)

    async def delete_webhook_message(self, call: Call) -> tuple[int, Any]:
        interaction = self._by_token(call)
        await self.s.delete_message(self._token_message(interaction, call.params["message_id"]))
        return 204, None


def attachments_from(body: dict, files: list[FilePart], new_id: Callable[[], int]) -> list[Attachment]:
    """The uploaded files as attachments, named as the body's `attachments` entries say (by their index id)."""
    by_index: dict[int, FilePart] = {}
    for n, part in enumerate(files):
        found = re.fullmatch(r"files\[(\d+)\]", part.field)
        by_index[int(found.group(1)) if found else n] = part
    described = {int(a["id"]): a for a in body.get("attachments") or [] if str(a.get("id", "")).isdigit()
                 and int(a["id"]) in by_index}
    out = []
    for index, part in sorted(by_index.items()):
        meta = described.get(index, {})
        out.append(Attachment(new_id(), meta.get("filename") or part.filename, part.data,
                              sniff(part.data, part.content_type), meta.get("description")))
    return out
