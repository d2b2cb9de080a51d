"""How every interaction is answered: once, within Discord's 3 seconds, refusals as private words.

A handler wrapped in `guarded` runs once per interaction id; a timer defers its answer privately at DEFER_AT after
the interaction was made (a slow database); under a burst, changes past BUSY in hand defer at once and wait their
turn. A change's public account is stored with the change in codes and values (bot/service/said.py): `deliver`
answers with it, worded by bot/discord_front/announcer.py, while the interaction can; otherwise the outbox
(bot/discord_front/outbox.py) words it and posts it in the channel.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar, cast

import discord
from discord import app_commands
from discord.utils import MISSING

from bot.discord_front.announcer import Announcer
from bot.discord_front.closed_note import closed_note, given_back, missing
from bot.discord_front.outbox import Outbox
from bot.discord_front.views import view_of
from bot.language import refusals
from bot.language import text as T
from bot.language.locales import N_, Locales, Texts
from bot.language.locales import load as load_locales
from bot.service.game_service import AlreadyDone, Changed, GameError, Origin, Played

log = logging.getLogger(__name__)

QUIET = T.NOBODY
NO_DMS = N_("Tigris & Euphrates is played in a server channel, not in direct messages.")
DEADLINE = 3.0  # Discord takes an interaction's first answer within this many seconds of its creation
DEFER_AT = 2.0  # a handler still busy (a slow database) this long after the interaction was made defers
# Past DEADLINE, the reply may still have reached Discord (a dropped connection): until this long after the
# interaction was made, only the reply's own handler delivers the announcement; then the outbox looks for it.
REPLY_HOLD = 5.0
# Changes (moves, undos, resignations) handled at once in one process. Under a burst the rest are acknowledged at
# once ("thinking...") and wait their turn, their announcements posted in the channel: answered in time, all of
# them, instead of all running together and many answering late (bench/bench_bot.py, burst).
BUSY = 32
IN_CHANNEL = N_("Done. The channel shows it in a moment.")
WENT_WRONG = N_("Something went wrong on my side. Check `/tne status` before trying again.")


async def private(interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
    """An ephemeral answer, as the first response or as a follow-up; it pings nobody."""
    kwargs.setdefault("allowed_mentions", QUIET)
    if interaction.response.is_done():
        await interaction.followup.send(T.fit(text), ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(T.fit(text), ephemeral=True, **kwargs)


def made_at(interaction: discord.Interaction) -> float:
    """When Discord made the interaction (from its id), as a Unix time."""
    return interaction.created_at.timestamp()


Remember = Callable[[int, str], Awaitable[None]]  # (user id, Discord's locale tag)
Saw = Callable[[int | None, str | None], Awaitable[None]]  # (server id, Discord's guess at its locale)


class FirstAnswers:
    """Interactions still owed their first answer. Pictures wait for them (briefly): under a burst, Discord's
    3-second deadline is on the first answer, while a picture a few milliseconds later harms nobody."""

    MAX_WAIT = 0.25

    SEEN = 10_000  # interaction ids remembered, to drop a copy Discord delivers twice (a RESUME replay)

    def __init__(self) -> None:
        self._seen: OrderedDict[int, None] = OrderedDict()
        self._owed: set[int] = set()
        self._none_owed = asyncio.Event()
        self._none_owed.set()
        self._locks: dict[int, asyncio.Lock] = {}

    def first_time(self, interaction: discord.Interaction) -> bool:
        """False for an interaction this process has handled already (the database refuses a second change by
        one interaction id in any process; this spares the copy's answer too)."""
        if interaction.id in self._seen:
            return False
        self._seen[interaction.id] = None
        if len(self._seen) > self.SEEN:
            self._seen.popitem(last=False)
        return True

    def begin(self, interaction: discord.Interaction) -> None:
        self._owed.add(interaction.id)
        self._none_owed.clear()
        self._locks.setdefault(interaction.id, asyncio.Lock())

    def answered(self, interaction: discord.Interaction) -> None:
        """The interaction had its first answer: waiters need not wait for it any more."""
        self._owed.discard(interaction.id)
        if not self._owed:
            self._none_owed.set()

    def end(self, interaction: discord.Interaction) -> None:
        self.answered(interaction)
        self._locks.pop(interaction.id, None)

    def lock(self, interaction: discord.Interaction) -> asyncio.Lock:
        """Orders the first answer between the handler and the timer that defers it."""
        return self._locks.setdefault(interaction.id, asyncio.Lock())

    async def wait(self) -> None:
        """Until every interaction in hand has had its first answer, or MAX_WAIT at most (no starving)."""
        if self._owed:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._none_owed.wait(), self.MAX_WAIT)


class Interactions:
    """The answering that every handler shares: guards, deferrals, origins, replies and the outbox's hand-over."""

    def __init__(self, first_answers: FirstAnswers, outbox: Outbox | None = None, *, busy: int = BUSY,
                 locales: Locales | None = None, remember: Remember | None = None,
                 announcer: Announcer | None = None, saw: Saw | None = None) -> None:
        self.first_answers = first_answers
        self.announcer = announcer or Announcer()  # words the account a change answers with
        self.outbox = outbox  # delivers every stored announcement the interaction did not deliver itself
        self._changing = asyncio.Semaphore(busy)
        self.locales = locales or load_locales()  # every language's texts, read once (bot/language/locales.py)
        # The service's `remember_language`: each person's locale, for reminders and direct messages to them.
        self.remember = remember
        # The server languages' `saw`: Discord's guess at a server's language, for posts no interaction causes.
        self.saw = saw

    def texts_for(self, interaction: discord.Interaction) -> Texts:
        """The asker's language, for private answers: Discord's `locale` is the person's client, never the server."""
        return self.locales.for_tag(interaction.locale.value)

    async def guard(self, interaction: discord.Interaction, action: Callable[[], Awaitable[None]], *,
                    change: bool = False) -> None:
        """Run a handler; a refused request becomes a private answer and changes nothing. A handler still busy
        DEFER_AT seconds after the interaction was made (a locked database) defers privately first. A `change`
        (its answer given only through `deliver` or `private`) waits for one of BUSY places, deferring first if
        it must wait."""
        if not self.first_answers.first_time(interaction):
            log.info("Interaction %s was delivered again; handled once already", interaction.id)
            return
        self.first_answers.begin(interaction)
        await self._saw_server(interaction)
        timer = asyncio.create_task(self._defer_later(interaction), name=f"tne-defer-{interaction.id}")
        try:
            if change:
                if self._changing.locked():
                    await self._defer(interaction, f"{BUSY} changes in hand")
                async with self._changing:
                    await action()
            else:
                await action()
            await self._tell_if_closed(interaction)
        except AlreadyDone:
            log.info("Interaction %s was delivered again; its change was made already", interaction.id)
        except GameError as exc:
            try:
                # In the asker's language; a refusal the catalogs do not have reads in English.
                await private(interaction, refusals.said(exc, self.texts_for(interaction)))
            except discord.HTTPException as http:
                log.info("Could not tell %s why it was refused (%s): the interaction was too late",
                         interaction.id, http.status)
        finally:
            timer.cancel()
            self.first_answers.end(interaction)
            await self._remember_language(interaction)

    async def _tell_if_closed(self, interaction: discord.Interaction) -> None:
        """After the answer: if the bot cannot post in this channel (a post was refused there, or Discord says it
        lacks the permission), tell the person privately which permission to give back; if Discord says it may post
        again, the held posts are tried now. A failure here costs only the note."""
        if self.outbox is None or interaction.guild_id is None:
            return
        try:
            block = self.outbox.blocked(interaction.channel_id)
            allowed = interaction.app_permissions
            thread = isinstance(interaction.channel, discord.Thread)
            if given_back(allowed, block, thread=thread):
                await self.outbox.reopen(channel_id=interaction.channel_id)
                return
            names = missing(allowed, block, thread=thread)
            if names:
                await private(interaction, closed_note(names, self.texts_for(interaction),
                                                       self.outbox.timing.close_after))
        except discord.HTTPException as exc:
            log.info("Could not tell interaction %s that the channel is closed to the bot (%s)", interaction.id,
                     exc.status)
        except Exception:
            log.warning("Could not tell interaction %s about its closed channel", interaction.id, exc_info=True)

    async def _saw_server(self, interaction: discord.Interaction) -> None:
        """Before the answer: Discord's guess at the server's language, so the channel's posts speak it."""
        if self.saw is None or interaction.guild_id is None:
            return
        locale = interaction.guild_locale
        try:
            await self.saw(interaction.guild_id, locale.value if locale is not None else None)
        except Exception:
            log.warning("Could not note the language of server %s", interaction.guild_id, exc_info=True)

    async def _remember_language(self, interaction: discord.Interaction) -> None:
        """After the answer: the locale this person's Discord uses, for what is later sent to them alone. A
        storage failure costs only that (the next interaction tries again)."""
        if self.remember is None:
            return
        try:
            await self.remember(interaction.user.id, interaction.locale.value)
        except Exception:
            log.warning("Could not remember the language of user %s", interaction.user.id, exc_info=True)

    async def _defer_later(self, interaction: discord.Interaction) -> None:
        await asyncio.sleep(max(0.0, made_at(interaction) + DEFER_AT - time.time()))
        await self._defer(interaction, f"still busy after {DEFER_AT:.1f} s")

    async def _defer(self, interaction: discord.Interaction, why: str) -> None:
        """Acknowledge privately ("thinking..."): what the handler then says comes as a follow-up."""
        async with self.first_answers.lock(interaction):
            if interaction.response.is_done() or time.time() > made_at(interaction) + DEADLINE:
                return
            try:
                await interaction.response.defer(ephemeral=True, thinking=True)
                self.first_answers.answered(interaction)
                log.info("Interaction %s deferred: %s", interaction.id, why)
            except discord.HTTPException:
                log.warning("Could not defer interaction %s", interaction.id, exc_info=True)

    def origin(self, interaction: discord.Interaction, *, reply: bool = True) -> Origin:
        """Where a change comes from; with `reply`, the interaction's reply may be the change's announcement."""
        made = made_at(interaction)
        can_reply = reply and not interaction.response.is_done() and time.time() < made + DEADLINE - 0.2
        return Origin(interaction_id=interaction.id, made_at=made, name=interaction.user.display_name,
                      token=interaction.token if can_reply else None,
                      reply_until=made + REPLY_HOLD if can_reply else 0.0)

    async def answer(self, interaction: discord.Interaction, origin: Origin, answer: Answer | Changed | Played
                     ) -> None:
        """Answer a changing handler's interaction with the account of its change, then its private note."""
        answer = answer if isinstance(answer, Answer) else Answer(answer)
        try:
            await self.deliver(interaction, origin, answer.done)
            note = answer.note(t=self.texts_for(interaction)) if answer.note is not None else None
            if note is not None:
                await private(interaction, note)
        finally:
            if answer.then is not None:
                await answer.then()

    async def deliver(self, interaction: discord.Interaction, origin: Origin, done: Changed | Played, *,
                      tell: bool = True) -> None:
        """Answer with the announcement the service stored with the change (`done`) while the interaction can;
        else leave it to the outbox (which posts it in the channel) and, with `tell`, say so privately."""
        stored, said = done.announced, done.said
        if stored is None or said is None:
            return
        if stored.reply:
            notice = await self.announcer.answer(said, done.table.row.guild_id)
            made = made_at(interaction)
            async with self.first_answers.lock(interaction):
                if not interaction.response.is_done() and time.time() < made + DEADLINE:
                    view = view_of(notice.buttons) or MISSING
                    try:
                        answer = await asyncio.wait_for(
                            interaction.response.send_message(notice.content, view=view,
                                                              allowed_mentions=T.mentions(notice.pings)),
                            max(0.1, made + DEADLINE - time.time()))
                    except asyncio.CancelledError:
                        raise
                    except Exception as exc:
                        # A refusal means Discord made no reply; anything else (a timeout, a dropped connection,
                        # 5xx) may have made one: the outbox looks for it before posting.
                        sure = (isinstance(exc, discord.HTTPException) and 400 <= exc.status < 500
                                and exc.status != 429 and exc.code != 40060)
                        log.warning("The reply to interaction %s failed (%r); the outbox delivers its announcement",
                                    interaction.id, exc)
                        await self._not_replied(stored.id, stored.channel_id, sure, origin.reply_until)
                        return
                    self.first_answers.answered(interaction)
                    message_id = answer.message_id if answer is not None else None
                    if message_id is None:
                        message_id = (await interaction.original_response()).id
                    if self.outbox is not None:
                        await self.outbox.replied(stored.id, stored.channel_id, message_id,
                                                  picture=notice.picture is not None, token=origin.token)
                    return
            await self._not_replied(stored.id, stored.channel_id, True, 0.0)
        if tell:
            try:
                await private(interaction, self.texts_for(interaction).gettext(IN_CHANNEL))
            except discord.HTTPException as exc:
                log.info("Could not tell interaction %s that the channel shows its change (%s)", interaction.id,
                         exc.status)

    async def _not_replied(self, announcement_id: int, channel_id: int, sure: bool, hold_until: float) -> None:
        if self.outbox is not None:
            await self.outbox.not_replied(announcement_id, channel_id, sure=sure, hold_until=hold_until)

    async def attach_later(self, interaction: discord.Interaction,
                           draw: Callable[[], Awaitable[discord.File | None]]) -> None:
        """After the first answer (given): once every interaction in hand has had its own, draw the picture and
        add it to the answer; None (drawing failed) leaves the answer in words."""
        self.first_answers.answered(interaction)
        await self.first_answers.wait()
        picture = await draw()
        if picture is not None:
            await interaction.edit_original_response(attachments=[picture])

    async def on_tree_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        """tree.on_error: log what went wrong and tell the user privately, whatever state the reply is in."""
        if isinstance(error, app_commands.CheckFailure):
            text = N_("You cannot use that here.")
            if isinstance(error, app_commands.NoPrivateMessage):
                text = NO_DMS
        else:
            log.error("Command %s failed", interaction.command and interaction.command.qualified_name,
                      exc_info=error)
            text = WENT_WRONG
        try:
            await private(interaction, self.texts_for(interaction).gettext(text))
        except discord.HTTPException:
            log.warning("Could not tell the user about the error")


class Answering(Protocol):
    """Whatever holds handlers: the shared answering they run under."""

    interactions: Interactions


H = TypeVar("H", bound=Answering)
P = ParamSpec("P")
Handler = Callable[Concatenate[H, discord.Interaction, P], Awaitable[None]]


@dataclass
class Answer:
    """What a changing handler hands back: the change to answer with, a private word for the asker after it (in
    their language; None: none), and what to do once answered."""

    done: Changed | Played
    note: Callable[..., str | None] | None = None  # called with `t=`, the asker's language
    then: Callable[[], Awaitable[None]] | None = None


Changing = Callable[Concatenate[H, discord.Interaction, Origin, P], Awaitable[Answer | Changed | Played]]


def changing(handler: Changing[H, P]) -> Handler[H, P]:
    """A handler that changes a game and is answered with that change's account: it runs under
    `Interactions.guard` (queued under a burst), is given the change's `Origin`, and the guard answers with what it
    hands back (`Interactions.answer`), so a change's whole round trip enters this module once."""
    @functools.wraps(handler)
    async def run(self: H, interaction: discord.Interaction, *args: P.args, **kwargs: P.kwargs) -> None:
        async def act() -> None:
            # Made once the change's turn comes (a burst queues it), when it is known whether the reply can carry it.
            origin = self.interactions.origin(interaction)
            await self.interactions.answer(interaction, origin, await handler(self, interaction, origin, *args,
                                                                              **kwargs))
        await self.interactions.guard(interaction, act, change=True)
    return cast(Handler[H, P], run)


def guarded(*, change: bool = False) -> Callable[[Handler[H, P]], Handler[H, P]]:
    """Make a handler method run under `Interactions.guard`: once per interaction, deferred when slow, a refusal
    answered privately; `change` for handlers that change a game (they queue under a burst)."""
    def wrap(handler: Handler[H, P]) -> Handler[H, P]:
        @functools.wraps(handler)
        async def run(self: H, interaction: discord.Interaction, *args: P.args, **kwargs: P.kwargs) -> None:
            await self.interactions.guard(interaction, lambda: handler(self, interaction, *args, **kwargs),
                                          change=change)
        return cast(Handler[H, P], run)  # functools.wraps' type keeps the parameter names mypy then compares
    return wrap
