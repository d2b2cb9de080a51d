"""Mentions as Discord resolves them: what the content mentions, filtered by `allowed_mentions`.

Defaults when `allowed_mentions` is absent: a regular message parses users, roles and everyone; interaction
responses and webhook messages parse users only. `parse` and an explicit `users` (or `roles`) list of the same
kind are mutually exclusive (a 50035 form error). Ids listed but absent from the content are ignored. Roles
notify only when mentionable (or the bot may mention everyone); @everyone/@here only with MENTION_EVERYONE.
Notifications happen when a message is created: an edit recomputes `mentions` but notifies nobody.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from tests.loopback.model import Guild, Mentions

USER = re.compile(r"<@!?(\d{1,20})>")
ROLE = re.compile(r"<@&(\d{1,20})>")
EVERYONE = re.compile(r"@(?:everyone|here)")
KINDS = ("users", "roles", "everyone")


def form_errors(allowed: object) -> dict | None:
    """The 50035 `errors` object for a malformed allowed_mentions, or None if it is acceptable."""
    if allowed is None:
        return None
    if not isinstance(allowed, dict):
        return {"allowed_mentions": {"_errors": [{"code": "DICT_TYPE_CONVERT",
                                                  "message": "Only dictionaries may be used in a DictType"}]}}
    parse = allowed.get("parse") or []
    errors: dict = {}
    for i, kind in enumerate(parse):
        if kind not in KINDS:
            errors.setdefault("parse", {})[str(i)] = {"_errors": [{"code": "BASE_TYPE_CHOICES",
                                                                 "message": f"Value must be one of {KINDS}."}]}
    for kind in ("users", "roles"):
        listed = allowed.get(kind) or []
        if kind in parse and listed:
            errors.setdefault("_errors", []).append({
                "code": "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                "message": f'parse:["{kind}"] and {kind}: [ids...] are mutually exclusive.'})
        if len(listed) > 100:
            errors.setdefault(kind, {})["_errors"] = [{"code": "BASE_TYPE_MAX_LENGTH",
                                                       "message": "Must be 100 or fewer in length."}]
    return {"allowed_mentions": errors} if errors else None


def _unique(ids: Iterable[str]) -> list[int]:
    out: list[int] = []
    for raw in ids:
        value = int(raw)
        if value not in out:
            out.append(value)
    return out


def resolve(content: str, allowed: dict | None, *, webhook: bool, guild: Guild | None, known_users: set[int],
            bot_mentions_everyone: bool) -> Mentions:
    """What a message with this content and allowed_mentions mentions (those shown highlighted)."""
    if allowed is None:
        parse = {"users"} if webhook else set(KINDS)
        only_users: set[int] | None = None
        only_roles: set[int] | None = None
    else:
        parse = set(allowed.get("parse") or [])
        only_users = {int(u) for u in allowed.get("users") or []}
        only_roles = {int(r) for r in allowed.get("roles") or []}
    users = [u for u in _unique(USER.findall(content)) if u in known_users]
    if "users" not in parse:
        users = [u for u in users if only_users and u in only_users]
    roles: list[int] = []
    if guild is not None:
        roles = [r for r in _unique(ROLE.findall(content)) if r in guild.roles and r != guild.id]
        if "roles" not in parse:
            roles = [r for r in roles if only_roles and r in only_roles]
        roles = [r for r in roles if guild.roles[r].mentionable or bot_mentions_everyone]
    everyone = bool(EVERYONE.search(content)) and "everyone" in parse and bot_mentions_everyone and guild is not None
    return Mentions(users=users, roles=roles, everyone=everyone)


def notified(mentions: Mentions, *, guild: Guild | None, audience: set[int], author_id: int) -> frozenset[int]:
    """The people a new public message with these mentions notifies (only those who can see the channel)."""
    people = set(mentions.users)
    if guild is not None:
        for member in guild.members.values():
            if mentions.everyone or set(member.roles) & set(mentions.roles):
                people.add(member.user.id)
    return frozenset(p for p in people if p in audience and p != author_id)
