"""Signed tokens for the web board: a person's short-lived link, their session, and a game's spectator link.

A token is `<payload>.<signature>`: the payload is base64url JSON, the signature HMAC-SHA256 of it with the
operator's secret, compared in constant time. A token says who and what by itself; only the personal links already
used are kept (`UsedLinks`), so each signs in once.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.language.locales import N_

LINK_LIFE = 10 * 60.0  # a /tne web link becomes a session within this
SESSION_LIFE = 7 * 24 * 3600.0
COOKIE = "tne_session"
CSRF_HEADER = "X-TNE-CSRF"

LINK, SESSION, SPECTATOR = "link", "session", "spectator"


class BadToken(Exception):
    """A token that is forged, expired or of the wrong kind; the message says so in words."""


@dataclass(frozen=True)
class Person:
    """Who a link or session names: their Discord id, display name, and the server and channel they asked in."""

    user_id: int
    name: str
    guild_id: int | None = None
    channel_id: int | None = None


@dataclass(frozen=True)
class Spectator:
    """What a spectator link grants: the public view of one game."""

    game_id: int
    channel_id: int


class UsedLinks(Protocol):
    """Where used links are kept (bot/storage/web_links.py's UsedLinkStore in the bot)."""

    async def use(self, token: str, until: float, now: float) -> bool:
        """Mark the link used until `until`; False when it was used already."""
        ...


@dataclass
class UsedHere:
    """Used links kept in this object only: for a lone Auth (tests, tools); the bot keeps them in its database."""

    until: dict[str, float] = field(default_factory=dict)

    async def use(self, token: str, until: float, now: float) -> bool:
        self.until = {t: u for t, u in self.until.items() if u >= now}
        if token in self.until:
            return False
        self.until[token] = until
        return True


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Auth:
    """Makes and checks the web board's tokens with one secret (never logged: kept out of the repr)."""

    secret: str = field(repr=False)
    now: Callable[[], float] = time.time
    # Links already turned into sessions: a personal link signs in once, so one pasted somewhere by mistake cannot
    # sign in anyone else. The bot keeps them in its database (every shard, every restart: bot/app.py).
    used: UsedLinks = field(default_factory=lambda: UsedHere(), repr=False)

    def _sign(self, payload: dict[str, Any]) -> str:
        body = _b64(json.dumps(payload, separators=(",", ":"), sort_keys=True).encode())
        return f"{body}.{self._mac(body)}"

    def _mac(self, body: str) -> str:
        return _b64(hmac.new(self.secret.encode(), body.encode(), hashlib.sha256).digest())

    def _check(self, token: str | None, kind: str) -> dict[str, Any]:
        if not token or token.count(".") != 1 or len(token) > 2048:
            raise BadToken(N_("That link is not valid: ask for a new one with `/tne web`."))
        body, mac = token.split(".")
        if not secrets.compare_digest(mac.encode(), self._mac(body).encode()):
            raise BadToken(N_("That link is not valid: ask for a new one with `/tne web`."))
        try:
            payload = json.loads(_unb64(body))
        except (ValueError, binascii.Error) as exc:
            raise BadToken(N_("That link is not valid: ask for a new one with `/tne web`.")) from exc
        if not isinstance(payload, dict) or payload.get("k") != kind:
            raise BadToken(N_("That link is not valid: ask for a new one with `/tne web`."))
        expires = payload.get("exp")
        if expires is not None and self.now() > expires:
            if kind == SESSION:
                raise BadToken(N_("Your session has expired: get a new link with `/tne web`."))
            raise BadToken(N_("That link has expired (links last 10 minutes): ask for a new one with `/tne web`."))
        return payload

    # --- making ---------------------------------------------------------------------------------------------

    def link(self, person: Person) -> str:
        """The token of `/tne web`'s personal link: it becomes a session within LINK_LIFE."""
        return self._sign({"k": LINK, **_person(person), "exp": self.now() + LINK_LIFE,
                           "r": secrets.token_urlsafe(6)})

    def session(self, person: Person) -> str:
        """The session cookie's value for a person, valid SESSION_LIFE."""
        return self._sign({"k": SESSION, **_person(person), "exp": self.now() + SESSION_LIFE})

    def spectator(self, game_id: int, channel_id: int) -> str:
        """A game's public link token: it never expires, and shows only what the channel shows."""
        return self._sign({"k": SPECTATOR, "g": game_id, "c": channel_id})

    def csrf(self, session: str) -> str:
        """The header value every state-changing request carries: derived from the session, unknown to other
        sites (they cannot read the cookie nor our answers)."""
        return _b64(hmac.new(self.secret.encode(), b"csrf:" + session.encode(), hashlib.sha256).digest())[:32]

    # --- checking -------------------------------------------------------------------------------------------

    def person_of_link(self, token: str | None) -> Person:
        return _read_person(self._check(token, LINK))

    async def redeem_link(self, token: str | None) -> Person:
        """The link's person, once: a link already turned into a session is refused in words."""
        payload = self._check(token, LINK)
        person = _read_person(payload)
        now = self.now()
        assert token is not None  # _check refused a missing one
        if not await self.used.use(token, float(payload.get("exp") or now + LINK_LIFE), now):
            raise BadToken(N_("That link was used already: ask for a new one with `/tne web`."))
        return person

    def person_of_session(self, token: str | None) -> Person:
        return _read_person(self._check(token, SESSION))

    def spectator_of(self, token: str | None) -> Spectator:
        payload = self._check(token, SPECTATOR)
        try:
            return Spectator(int(payload["g"]), int(payload["c"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise BadToken(N_("That link is not valid.")) from exc

    def csrf_ok(self, session: str, header: str | None) -> bool:
        return header is not None and secrets.compare_digest(header.encode(), self.csrf(session).encode())


def _person(person: Person) -> dict[str, Any]:
    return {"u": str(person.user_id), "n": person.name, "gu": None if person.guild_id is None else str(person.guild_id),
            "c": None if person.channel_id is None else str(person.channel_id)}


def _read_person(payload: dict[str, Any]) -> Person:
    try:
        return Person(int(payload["u"]), str(payload["n"]),
                      None if payload.get("gu") is None else int(payload["gu"]),
                      None if payload.get("c") is None else int(payload["c"]))
    except (KeyError, TypeError, ValueError) as exc:
        raise BadToken(N_("That link is not valid: ask for a new one with `/tne web`.")) from exc


@dataclass(frozen=True)
class Links:
    """The web board's addresses for a front end to hand out: a person's sign-in link and a game's public one."""

    url: str  # TNE_WEB_URL, without a trailing slash
    auth: Auth

    def personal(self, person: Person) -> str:
        return f"{self.url}/auth?t={self.auth.link(person)}"

    def spectator(self, game_id: int, channel_id: int) -> str:
        return f"{self.url}/g/{game_id}?s={self.auth.spectator(game_id, channel_id)}"
