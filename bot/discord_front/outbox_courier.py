"""The outbox's Discord side: posts an announcement in its channel, finds an interaction's reply, attaches the
board picture. Discord's failures become the outbox's kinds: `Retry` (may pass), `Blocked` (the bot may not post in
the channel now: held until it may), `Refused` (never will) and `Gone` (no such channel)."""

from __future__ import annotations

import asyncio
import datetime
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

import aiohttp
import discord
from discord.http import handle_message_parameters
from discord.utils import MISSING
from discord.webhook.async_ import async_context

from bot.discord_front.announcer import DIRECT
from bot.discord_front.outbox_contract import Blocked, Gone, Refused, Retry
from bot.discord_front.outbox_tag import tag_of, tagged
from bot.discord_front.pictures import Painter
from bot.discord_front.views import view_of
from bot.language import text as T
from bot.storage.outbox import REPLY, Announcement

log = logging.getLogger(__name__)
R = TypeVar("R")

# A call to Discord that takes longer than this is given up and judged as a failure that may pass (the post may
# still have been made: its nonce, or the search for it, keeps it single).
CALL_TIMEOUT = 30.0
TOKEN_LIFE = 14 * 60.0  # an interaction token works 15 minutes
SEARCH = 50  # how many recent messages of a channel are searched for an earlier post of an announcement
# Discord's clock and ours may differ by this much: a message stamped up to this long before its announcement was
# stored may still show it.
SKEW = 10.0
DM_TIMEOUT = 10.0  # a direct message not made within this counts as a failure that may pass
DM_TRIES = 3  # tries of a direct message that may yet pass (a few seconds apart) before the channel is pinged
UNKNOWN_CHANNEL = 10003
MISSING_ACCESS, MISSING_PERMISSIONS = 50001, 50013  # the bot cannot see the channel; it lacks a permission there
# What each call needs beside seeing the channel (discord.Permissions' names), named to whoever acts meanwhile.
POSTING = ("send_messages",)
PICTURING = ("attach_files",)
SEARCHING = ("read_message_history",)


def judged(exc: BaseException, needs: tuple[str, ...] = POSTING) -> Exception:
    """A Discord failure as the outbox sees it; `needs`: the permissions the call needs, if Discord says some is
    missing (a permission taken away passes once it is given back: held, not refused)."""
    if isinstance(exc, discord.RateLimited):
        return Retry(f"rate limited for {exc.retry_after:.1f} s", exc.retry_after)
    if isinstance(exc, discord.HTTPException):
        if exc.status == 429:
            return Retry("rate limited", getattr(exc, "retry_after", None))
        if exc.status >= 500:
            return Retry(f"Discord answered {exc.status}")
        if exc.code == UNKNOWN_CHANNEL:
            return Gone(f"the channel no longer exists ({exc.status} {exc.code})")
        if exc.status == 403 and exc.code == MISSING_ACCESS:
            return Blocked(f"the bot cannot see the channel ({exc.status} {exc.code})", ("view_channel",))
        if exc.status == 403 and exc.code == MISSING_PERMISSIONS:
            return Blocked(f"the bot lacks {', '.join(needs)} in the channel ({exc.status} {exc.code})", needs)
        return Refused(f"Discord refused it ({exc.status} {exc.code}: {exc.text[:200]})")
    if isinstance(exc, TimeoutError | aiohttp.ClientError | OSError):
        return Retry(f"no answer from Discord ({type(exc).__name__})")
    return exc if isinstance(exc, Exception) else Exception(repr(exc))


class DiscordCourier:
    """Delivers announcements through a logged-in discord.py client."""

    def __init__(self, client: discord.Client, painter: Painter, *,
                 before_picture: Callable[[], Awaitable[None]] | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        self.client = client
        self.painter = painter
        self.before_picture = before_picture  # lets first answers of a burst go before pictures
        self.clock = clock

    def _channel(self, a: Announcement) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(a.channel_id, guild_id=a.guild_id)

    def _webhook(self, token: str) -> discord.Webhook:
        return discord.Webhook.partial(self.client.application_id or 0, token, client=self.client)

    async def _call(self, call: Awaitable[R], needs: tuple[str, ...] = POSTING) -> R:
        try:
            return await asyncio.wait_for(call, CALL_TIMEOUT)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            raise judged(exc, needs) from exc

    async def _edit_reply(self, token: str, picture: discord.File) -> None:
        """Attach the picture to the interaction's reply (PATCH .../messages/@original), as discord.py's own
        `Interaction.edit_original_response` does, for a token kept in the database."""
        http = self.client.http
        with handle_message_parameters(attachments=[picture]) as params:
            await async_context.get().edit_original_interaction_response(
                self.client.application_id or 0, token, session=http._HTTPClient__session,  # type: ignore[attr-defined]
                proxy=http.proxy, proxy_auth=http.proxy_auth, payload=params.payload, multipart=params.multipart,
                files=params.files)

    async def find_reply(self, a: Announcement) -> int | None:
        if not a.reply_token:
            return None
        http = self.client.http
        # discord.py's own call for GET .../messages/@original (as InteractionResponse makes it).
        adapter = async_context.get()
        try:
            data = await self._call(adapter.get_original_interaction_response(
                self.client.application_id or 0, a.reply_token, session=http._HTTPClient__session,  # type: ignore[attr-defined]
                proxy=http.proxy, proxy_auth=http.proxy_auth))
        except Refused:
            return None  # no reply was made (or the token is gone)
        if not isinstance(data, dict) or "id" not in data:
            return None
        return int(data["id"]) if data.get("content") == a.content else None

    async def find_post(self, a: Announcement) -> int | None:
        """The post of this announcement, if an earlier try made one: a message of ours carrying its id
        (bot/discord_front/outbox_tag.py), never matched by its words, which repeat (a computer's `leader blue F4`
        twice)."""
        me = self.client.user.id if self.client.user else None

        async def search() -> int | None:
            after = datetime.datetime.fromtimestamp(a.created_at - SKEW, tz=datetime.UTC)
            async for message in self._channel(a).history(limit=SEARCH, after=after):
                if message.author.id == me and tag_of(message.content) == a.id:
                    return message.id
            return None

        try:
            return await self._call(search(), SEARCHING)
        except Blocked as exc:
            if "view_channel" in exc.missing:
                raise
            return None  # the channel's history is closed to the bot (Discord shows none then): the nonce must do

    async def post(self, a: Announcement) -> int:
        if a.kind == DIRECT and a.pings:
            sent = await self._direct(a)
            if sent is not None:
                return sent
        view = view_of(a.buttons) or MISSING
        # The nonce (discord.py adds enforce_nonce): a retry within Discord's window returns the first message.
        message = await self._call(self._channel(a).send(tagged(a.content, a.id), view=view,
                                                         allowed_mentions=T.mentions(a.pings), nonce=a.nonce))
        return message.id

    async def _direct(self, a: Announcement) -> int | None:
        """A reminder as a direct message with a link to the game; None when it cannot be sent (DMs closed to the
        bot, any other failure): then it is posted in the game's channel like any reminder."""
        link = f"https://discord.com/channels/{a.guild_id or '@me'}/{a.channel_id}"

        async def send() -> discord.Message:
            dm = await self.client.create_dm(discord.Object(a.pings[0]))
            # The announcement's nonce, as for channel posts: a retry after a lost answer makes no second DM.
            return await dm.send(T.fit(f"{a.content}\n{link}"), allowed_mentions=T.NOBODY, nonce=a.nonce)

        # Reminders share the channel's queue, so a DM that keeps failing must not hold back the channel's
        # announcements: a refusal (DMs closed, 403) goes to the channel at once, a failure that may pass (5xx, no
        # answer, a lost answer: the nonce keeps a retry single) is tried DM_TRIES times in all, then the same.
        try:
            message = await asyncio.wait_for(send(), DM_TIMEOUT)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            why = judged(exc)
            if isinstance(why, Retry) and a.tries + 1 < DM_TRIES:
                raise why from exc
            log.info("Reminder %s could not go as a direct message (%s); pinging in the channel instead", a.id, why)
            return None
        return message.id

    async def attach_picture(self, a: Announcement) -> bool:
        if a.picture is None or a.message_id is None:
            return True
        if self.before_picture is not None:
            await self.before_picture()
        picture = await self.painter.public(a.picture)
        if a.via == REPLY and a.reply_token and self.clock() - a.created_at < TOKEN_LIFE:
            await self._call(self._edit_reply(a.reply_token, picture), PICTURING)
            return False
        await self._call(self._channel(a).get_partial_message(a.message_id).edit(attachments=[picture]), PICTURING)
        return True
