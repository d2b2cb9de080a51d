"""Acting as people: slash commands, button presses and autocomplete, sent as Discord's gateway sends them.

Each returns a `Sent` handle to wait on what the bot answers. When the bot has synced its commands (PUT
.../commands), an invocation is checked against them as the Discord client checks it (names, option types,
choices, ranges, lengths, where the command may be used); `Refused` says what Discord would not send.
"""

from __future__ import annotations

import asyncio
import base64
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tests.loopback.bot_access import app_permissions
from tests.loopback.model import DM, WAIT, Channel, Interaction, Message, User
from tests.loopback.snowflakes import created_at

if TYPE_CHECKING:
    from tests.loopback.gateway import Session
    from tests.loopback.server import LoopbackDiscord

SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, BOOLEAN, NUMBER = 1, 2, 3, 4, 5, 10
CONTEXT_GUILD, CONTEXT_BOT_DM = 0, 1


class Refused(ValueError):
    """The Discord client would not send this interaction (it breaks the synced command's schema)."""


@dataclass
class Sent:
    """An interaction a person made, and what became of it."""

    server: LoopbackDiscord
    record: Interaction
    delivered: tuple[Session, int] | None = None  # (session, seq); None while pending or when no session took it

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def token(self) -> str:
        return self.record.token

    async def answered(self, timeout: float = WAIT) -> Interaction:
        """Until the bot's first answer (any callback type) was accepted."""
        return await self.server.wait_for(lambda: self.record if self.record.acknowledged else None, timeout,
                                          f"an answer to interaction {self.id} ({self._what()})")

    async def response(self, timeout: float = WAIT) -> Message:
        """The original response message once it shows something (a deferral completed, if it was deferred)."""
        def ready() -> Message | None:
            message = self.server.messages.get(self.record.original_id or 0)
            return message if message is not None and not message.loading else None
        return await self.server.wait_for(ready, timeout, f"the response to interaction {self.id} ({self._what()})")

    async def choices(self, timeout: float = WAIT) -> list[Any]:
        """The autocomplete values the bot offered."""
        await self.server.wait_for(lambda: self.record.choices is not None, timeout,
                                   f"autocomplete choices for interaction {self.id}")
        return [c["value"] for c in self.record.choices or []]

    def messages(self) -> list[Message]:
        """Every message made with this interaction's token (original response first, then follow-ups)."""
        ids = [self.record.original_id, *self.record.followups]
        return [self.server.messages[m] for m in ids if m in self.server.messages]

    async def message(self, predicate: Callable[[Message], bool], timeout: float = WAIT) -> Message:
        """Until one of this interaction's messages satisfies `predicate`."""
        def found() -> Message | None:
            return next((m for m in self.messages() if not m.deleted and predicate(m)), None)
        return await self.server.wait_for(found, timeout, f"a message of interaction {self.id} ({self._what()})")

    def _what(self) -> str:
        data = self.record.data
        return data.get("custom_id") or f"/{data.get('name')} {_path(data.get('options') or [])}".strip()


def _path(options: list[dict]) -> str:
    for o in options:
        if o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP):
            return f"{o['name']} {_path(o.get('options') or [])}".strip()
    return ""


def _token(iid: int) -> str:
    raw = f"interaction:{iid}:{secrets.token_urlsafe(48)}".encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _option_type(value: Any) -> int:
    if isinstance(value, bool):
        return BOOLEAN
    if isinstance(value, int):
        return INTEGER
    if isinstance(value, float):
        return NUMBER
    return STRING


async def send(server: LoopbackDiscord, user: User, channel: Channel, itype: int, data: dict, *,
               message: Message | None = None, age: float = 0.0, delay: float = 0.0) -> Sent:
    """Create an interaction (made `age` seconds ago) and deliver it through the gateway (after `delay`)."""
    created = server.clock() - age
    iid = server.ids.next(at=created) if age else server.ids.next()
    guild = server.guilds.get(channel.guild_id or 0)
    record = Interaction(iid, _token(iid), itype, user.id, channel.id, guild.id if guild else None, data,
                         created=created if age else created_at(iid), message_id=message.id if message else None)
    payload: dict[str, Any] = {
        "id": str(iid), "application_id": str(server.app_id), "type": itype, "data": data, "token": record.token,
        "version": 1, "channel_id": str(channel.id), "app_permissions": str(app_permissions(server, channel)),
        "locale": "en-US", "entitlements": [], "attachment_size_limit": server.attachment_size_limit,
    }
    if guild is not None:
        member = guild.members[user.id]
        payload.update(guild_id=str(guild.id), guild_locale="en-US", context=CONTEXT_GUILD,
                       member=member.json(guild.created, with_permissions=True),
                       guild={"id": str(guild.id), "locale": "en-US", "features": []},
                       authorizing_integration_owners={"0": str(guild.id)},
                       channel=channel.json() | {"permissions": str(member.permissions)})
    else:
        payload.update(user=user.json(), context=CONTEXT_BOT_DM, authorizing_integration_owners={"0": str(user.id)},
                       channel=channel.json(server.users))
    if message is not None:
        payload["message"] = server.message_json(message)
    record.payload = payload
    server.interactions[iid] = record
    server.by_token[record.token] = record
    sent = Sent(server, record)

    async def deliver() -> None:
        sent.delivered = await server.gateway.dispatch("INTERACTION_CREATE", payload, guild_id=record.guild_id)
        if sent.delivered is not None:
            record.deliveries.append((sent.delivered[0].id, sent.delivered[1]))
        server.touch()

    if delay:
        async def later() -> None:
            await asyncio.sleep(delay)  # a delivery scheduled for later, not a test waiting blindly
            await deliver()
        server.spawn(later())
    else:
        await deliver()
    return sent


def _find_command(server: LoopbackDiscord, name: str, guild_id: int | None) -> dict | None:
    for key in (guild_id, None) if guild_id is not None else (None,):
        for command in server.commands.get(key, []):
            if command["name"] == name and command.get("type", 1) == 1:
                return command
    return None


def _check_context(command: dict, channel: Channel) -> None:
    in_dm = channel.type == DM
    contexts = command.get("contexts")
    if contexts is not None and (CONTEXT_BOT_DM if in_dm else CONTEXT_GUILD) not in contexts:
        raise Refused(f"/{command['name']} is not available {'in DMs' if in_dm else 'in servers'}")
    if in_dm and command.get("dm_permission") is False:
        raise Refused(f"/{command['name']} cannot be used in DMs")


def _check_option(schema: dict, value: Any, *, focused: bool) -> None:
    name, kind = schema["name"], schema["type"]
    actual = _option_type(value)
    if focused:
        if not schema.get("autocomplete"):
            raise Refused(f"option {name} has no autocomplete")
        return
    if actual != kind and not (kind == NUMBER and actual == INTEGER):
        raise Refused(f"option {name} takes type {kind}, not {value!r}")
    choices = schema.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise Refused(f"option {name} must be one of {[c['value'] for c in choices]}, not {value!r}")
    too_small = "min_value" in schema and value < schema["min_value"]
    if too_small or ("max_value" in schema and value > schema["max_value"]):
        raise Refused(f"option {name} must be within {schema.get('min_value')}..{schema.get('max_value')}")
    if kind == STRING and not schema.get("min_length", 0) <= len(value) <= schema.get("max_length", 6000):
        raise Refused(f"option {name} must be {schema.get('min_length', 0)}..{schema.get('max_length', 6000)} "
                      f"characters, not {len(value)}")


def command_data(server: LoopbackDiscord, channel: Channel, command: str, options: dict[str, Any],
                 focused: str | None = None) -> dict:
    """The `data` of an APPLICATION_COMMAND (or autocomplete) interaction for `/command [group] [sub]`."""
    words = command.lstrip("/").split()
    if not words:
        raise ValueError("no command name")
    synced = _find_command(server, words[0], channel.guild_id)
    schema_options: list[dict] | None = None
    if synced is not None:
        _check_context(synced, channel)
        schema_options = synced.get("options") or []
        for word in words[1:]:
            sub = next((o for o in schema_options if o["name"] == word
                        and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)), None)
            if sub is None:
                raise Refused(f"/{' '.join(words)}: there is no '{word}' here")
            schema_options = sub.get("options") or []
    leaf = []
    for name, value in options.items():
        is_focused = name == focused
        if schema_options is not None:
            schema = next((o for o in schema_options if o["name"] == name), None)
            if schema is None:
                raise Refused(f"/{' '.join(words)} has no option {name!r}")
            _check_option(schema, value, focused=is_focused)
            kind = schema["type"]
        else:
            kind = _option_type(value)
        option: dict[str, Any] = {"type": kind, "name": name, "value": value}
        if is_focused:
            option["focused"] = True
        leaf.append(option)
    if schema_options is not None and focused is None:
        missing = [o["name"] for o in schema_options if o.get("required") and o["name"] not in options]
        if missing:
            raise Refused(f"/{' '.join(words)} needs {', '.join(missing)}")
    nested: list[dict] = leaf
    for depth, word in reversed(list(enumerate(words[1:], start=1))):
        kind = SUB_COMMAND if depth == len(words) - 1 else SUB_COMMAND_GROUP
        nested = [{"type": kind, "name": word, "options": nested}]
    data: dict[str, Any] = {"id": synced["id"] if synced else str(_unsynced_id(server, words[0])),
                            "name": words[0], "type": 1, "options": nested}
    if synced is not None and synced.get("guild_id"):
        data["guild_id"] = synced["guild_id"]
    return data


def _unsynced_id(server: LoopbackDiscord, name: str) -> int:
    ids = server.unsynced_command_ids
    if name not in ids:
        ids[name] = server.ids.next()
    return ids[name]


async def slash(server: LoopbackDiscord, user: User, channel: Channel, command: str, options: dict[str, Any], *,
                age: float = 0.0, delay: float = 0.0) -> Sent:
    return await send(server, user, channel, 2, command_data(server, channel, command, options), age=age,
                      delay=delay)


async def autocomplete(server: LoopbackDiscord, user: User, channel: Channel, command: str, option: str, typed: str,
                       options: dict[str, Any]) -> Sent:
    data = command_data(server, channel, command, {**options, option: typed}, focused=option)
    return await send(server, user, channel, 4, data)


async def press(server: LoopbackDiscord, user: User, message: Message | int, *, label: str | None = None,
                custom_id: str | None = None, age: float = 0.0, delay: float = 0.0) -> Sent:
    """Press a button a person can see: on a public message, or on their own ephemeral one."""
    target = server.messages[message] if isinstance(message, int) else message
    if not target.visible_to(user.id):
        raise Refused(f"{user.name} cannot see message {target.id}, so cannot press its buttons")
    buttons = [b for b in target.buttons() if (label is None or b.get("label") == label)
               and (custom_id is None or b.get("custom_id") == custom_id)]
    if len(buttons) != 1:
        raise Refused(f"{len(buttons)} buttons match label={label!r} custom_id={custom_id!r} on message "
                      f"{target.id}; it has {target.labels()}")
    button = buttons[0]
    if button.get("disabled"):
        raise Refused(f"the button {button.get('label')!r} is disabled")
    if "custom_id" not in button:
        raise Refused(f"the button {button.get('label')!r} is a link")
    data = {"custom_id": button["custom_id"], "component_type": 2}
    return await send(server, user, server.channels[target.channel_id], 3, data, message=target, age=age,
                      delay=delay)
