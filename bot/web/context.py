"""What the web board's handlers share (`Context`), built once by the composition root, and how they refuse.

A leaf of bot/web/: the server, the JSON endpoints and the Activity's endpoints all import it, and it imports none
of them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from bot.config import WebConfig
from bot.language import refusals
from bot.language.locales import Locales, Texts
from bot.language.locales import load as load_locales
from bot.records.service import Records
from bot.service.game_service import GameService
from bot.service.hints import Hints
from bot.service.table import GameError
from bot.service.visibility import ChannelSight, Sight
from bot.web.auth import Auth
from bot.web.hub import Hub
from bot.web.limits import Caps, Limits
from bot.web.page_texts import PageTexts

KEEPALIVE = 20.0  # seconds between an event stream's comment lines

# What a person may see of a server's channels (the composition root asks the bot's guild cache): (guild, user) ->
# channel id -> Sight.
PersonSight = Callable[[int | None, int], Awaitable[ChannelSight]]
Offload = Callable[..., Awaitable[Any]]


class Refusal(Exception):
    """A request refused: its HTTP status and the words a person reads. `words` is an English template (a catalog
    id) filled with `values`; `said_in` gives the words in the requester's language."""

    def __init__(self, status: int, words: str, values: Mapping[str, object] | None = None) -> None:
        self.template = words
        self.values = dict(values or {})
        english = words.format(**self.values) if self.values else words
        super().__init__(english)
        self.status = status
        self.words = english
        self.error: GameError | None = None

    @classmethod
    def of(cls, status: int, error: GameError) -> Refusal:
        """The service's refusal, said as the slash commands say it (bot/language/refusals.py)."""
        refusal = cls(status, str(error))
        refusal.error = error
        return refusal

    def said_in(self, t: Texts) -> str:
        if self.error is not None:
            return refusals.said(self.error, t)
        text = t.gettext(self.template)
        return text.format(**self.values) if self.values else text


async def nobody_sees(guild_id: int | None, user_id: int) -> ChannelSight:
    """Without Discord's guild cache, a person sees only the games they sit in."""
    return lambda channel_id: Sight.NONE


@dataclass
class Context:
    """What the handlers need, built once by the composition root (the Activity's handlers get it too)."""

    service: GameService
    auth: Auth
    config: WebConfig
    hub: Hub
    records: Records
    sight: PersonSight = nobody_sees
    offload: Offload = asyncio.to_thread  # blocking work (replaying a record) goes here, never on the loop
    caps: Caps | None = None  # how many live streams may be open (None: as this process's descriptors allow)
    limits: Limits = field(init=False)  # requests a second, streams and sign-ins (bot/web/limits.py)
    keepalive: float = KEEPALIVE
    locales: Locales = field(default_factory=load_locales)  # the requester's language answers refusals and texts
    page_texts: PageTexts = field(init=False)  # the pages' texts in each language, built once from `locales`
    # The note for a move in a channel the bot cannot post in (bot/discord_front/closed_note.py): channel, language ->
    # words.
    closed: Callable[[int, Texts], str | None] = lambda channel_id, t: None
    # A server's name as the bot's guild cache knows it (None: not known here; the page then shows its number).
    server_name: Callable[[int], str | None] = lambda guild_id: None
    hints: Hints | None = None  # the same hints as /tne hint (None: this board gives none)

    def __post_init__(self) -> None:
        self.page_texts = PageTexts.build(self.locales)
        self.limits = Limits(self.config.trusted_proxies, self.caps or Caps.for_process())


CONTEXT = web.AppKey("context", Context)


def context_of(request: web.Request) -> Context:
    return request.app[CONTEXT]
