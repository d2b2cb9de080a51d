"""Turns interactions into service calls and service results into Discord messages.

Every handler answers within Discord's 3 seconds whatever the database does (a timer defers the answer
privately at DEFER_AT after the interaction was made; under a burst, changes past BUSY in hand defer at once and
wait their turn). A change's public account is stored with the change
(bot/service.py, worded by bot/outbox_herald.py); the interaction's reply delivers it while it can, otherwise
the outbox (bot/outbox.py) posts it in the channel. Pictures follow from the outbox; computer seats are played by
bot/seats.py, and their moves are announced by the outbox like every other change.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.utils import MISSING

import render
from bot import clocks
from bot import messages as M
from bot import text as T
from bot.autoplay import ai_available
from bot.clocks import ClockEvent, ClockKeeper
from bot.completion import suggestions
from bot.cooldown import Cooldown
from bot.discord_sight import viewer_of
from bot.outbox import Outbox
from bot.outbox_herald import view_of
from bot.pictures import Painter, ReplaysBusy
from bot.records.export import record_text
from bot.records.finisher import Finisher
from bot.records.service import Records
from bot.seats import ComputerSeats
from bot.service import AlreadyDone, GameError, GameService, Origin, Played, Table
from bot.storage.outbox import NewAnnouncement, Stored
from bot.storage.records import GameRecord
from bot.storage.rows import LIVE, GameStatus
from bot.views import Press, decision_view, hand_view, history_view, lobby_view, table_view
from bot.workers import Workers

log = logging.getLogger(__name__)

QUIET = T.NOBODY
NO_DMS = "Tigris & Euphrates is played in a server channel, not in direct messages."
DEADLINE = 3.0  # Discord takes an interaction's first answer within this many seconds of its creation
DEFER_AT = 2.0  # a handler still busy (a slow database) this long after the interaction was made defers
# Past DEADLINE, the reply may still have reached Discord (a dropped connection): until this long after the
# interaction was made, only the reply's own handler delivers the announcement; then the outbox looks for it.
REPLY_HOLD = 5.0
# Changes (moves, undos, resignations) handled at once in one process. Under a burst the rest are acknowledged at
# once ("thinking...") and wait their turn, their announcements posted in the channel: answered in time, all of
# them, instead of all running together and many answering late (bench/bench_bot.py, burst).
BUSY = 32
IN_CHANNEL = "Done. The channel shows it in a moment."


async def private(interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
    """An ephemeral answer, as the first response or as a follow-up; it pings nobody."""
    kwargs.setdefault("allowed_mentions", QUIET)
    if interaction.response.is_done():
        await interaction.followup.send(T.fit(text), ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(T.fit(text), ephemeral=True, **kwargs)


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


def made_at(interaction: discord.Interaction) -> float:
    """When Discord made the interaction (from its id), as a Unix time."""
    return interaction.created_at.timestamp()


class Controller:
    """The bot's behaviour behind the `/tne` commands and the buttons."""

    def __init__(self, client: discord.Client, service: GameService, *, painter: Painter | None = None,
                 thinkers: Workers | None = None, ai_delay: float = 1.5, ai_budget: float | None = None,
                 outbox: Outbox | None = None) -> None:
        self.client = client
        self.service = service
        self.outbox = outbox  # delivers every stored announcement the interaction did not deliver itself
        self.painter = painter or Painter()
        self.seats = ComputerSeats(service, self.announce, workers=thinkers, delay=ai_delay, budget=ai_budget)
        # A stand-in that took a seat is played at once (on_clock); one left unplayed (its process died, or this
        # one restarted) is found by the computer seats' sweep, like any computer seat nobody plays.
        self.clocks = ClockKeeper(service, self.on_clock)
        self.first_answers = FirstAnswers()
        self.boards = Cooldown()
        self.records = Records(service.storage)
        # A game's rating changes are stored in the transaction that records it, and the outbox posts them.
        self.finisher = Finisher(service.storage, announcement=self.rating_changes, stored=self._stored)
        self.replay_edit_every = 2.0  # seconds between two progress edits of a replay's message
        self._recording: set[asyncio.Task] = set()
        self._changing = asyncio.Semaphore(BUSY)

    # --- plumbing --------------------------------------------------------------------------------------------

    async def guarded(self, interaction: discord.Interaction, action: Callable[[], Awaitable[None]], *,
                      change: bool = False) -> None:
        """Run a handler; a refused request becomes a private answer and changes nothing. A handler still busy
        DEFER_AT seconds after the interaction was made (a locked database) defers privately first. A `change`
        (its answer given only through `deliver` or `private`) waits for one of BUSY places, deferring first if
        it must wait."""
        if not self.first_answers.first_time(interaction):
            log.info("Interaction %s was delivered again; handled once already", interaction.id)
            return
        self.first_answers.begin(interaction)
        timer = asyncio.create_task(self._defer_later(interaction), name=f"tne-defer-{interaction.id}")
        try:
            if change:
                if self._changing.locked():
                    await self._defer(interaction, f"{BUSY} changes in hand")
                async with self._changing:
                    await action()
            else:
                await action()
        except AlreadyDone:
            log.info("Interaction %s was delivered again; its change was made already", interaction.id)
        except GameError as exc:
            try:
                await private(interaction, str(exc))
            except discord.HTTPException as http:
                log.info("Could not tell %s why it was refused (%s): the interaction was too late",
                         interaction.id, http.status)
        finally:
            timer.cancel()
            self.first_answers.end(interaction)

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

    async def deliver(self, interaction: discord.Interaction, origin: Origin, *, tell: bool = True) -> None:
        """Answer with the stored announcement while the interaction can; else leave it to the outbox (which
        posts it in the channel) and, with `tell`, say so privately."""
        stored, notice = origin.announced, origin.notice
        if stored is None or notice is None:
            return
        if stored.reply:
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
                await private(interaction, IN_CHANNEL)
            except discord.HTTPException as exc:
                log.info("Could not tell interaction %s that the channel shows its change (%s)", interaction.id,
                         exc.status)

    async def _not_replied(self, announcement_id: int, channel_id: int, sure: bool, hold_until: float) -> None:
        if self.outbox is not None:
            await self.outbox.not_replied(announcement_id, channel_id, sure=sure, hold_until=hold_until)

    async def on_tree_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        """tree.on_error: log what went wrong and tell the user privately, whatever state the reply is in."""
        if isinstance(error, app_commands.CheckFailure):
            text = "You cannot use that here."
            if isinstance(error, app_commands.NoPrivateMessage):
                text = NO_DMS
        else:
            log.error("Command %s failed", interaction.command and interaction.command.qualified_name,
                      exc_info=error)
            text = "Something went wrong on my side. Check `/tne status` before trying again."
        try:
            await private(interaction, text)
        except discord.HTTPException:
            log.warning("Could not tell the user about the error")

    async def table_here(self, interaction: discord.Interaction, *, finished: bool = False,
                         stored: bool = False) -> Table:
        """This channel's game; `finished` lets read-only commands show the last ended game too. `stored`: as the
        database has it now, for what only looks (another process may have moved since memory saw the game)."""
        table = await self.service.channel_table(interaction.channel_id, finished=finished)
        return await self.service.current(table.id) if stored and table.row.status in LIVE else table

    async def publish(self, interaction: discord.Interaction, table: Table, post: M.Post) -> None:
        """Answer with a public message that reports no change (a board asked for): text at once, then the
        board picture once drawn."""
        snapshot = table.frozen()  # the table may move on while the picture is drawn
        await interaction.response.send_message(T.fit(post.text), view=table_view(table) or MISSING,
                                                allowed_mentions=T.mentions(post.pings))
        self.first_answers.answered(interaction)
        await self.first_answers.wait()
        board = await self._picture(snapshot) if snapshot.game is not None else None
        if board is not None:
            await interaction.edit_original_response(attachments=[board])

    async def _picture(self, table: Table) -> discord.File | None:
        """The board picture, or None if drawing failed: the move stands and its account is posted anyway."""
        try:
            return await self.painter.board(table, clock=self.clock_line(table))
        except Exception:
            log.exception("Could not draw the board of game %s", table.id)
            return None

    # --- lobby -----------------------------------------------------------------------------------------------

    async def new(self, interaction: discord.Interaction, seats: int, board: str, scores: str,
                  clock: str = clocks.DEFAULT_CLOCK, on_timeout: str = clocks.STANDIN) -> None:
        async def run() -> None:
            table = await self.service.new_game(
                guild_id=interaction.guild_id, channel_id=interaction.channel_id, user_id=interaction.user.id,
                name=interaction.user.display_name, seats=seats, board=board, scores=scores, clock=clock,
                on_timeout=on_timeout)
            await interaction.response.send_message(M.lobby_text(table), view=lobby_view(table),
                                                     allowed_mentions=QUIET)
        await self.guarded(interaction, run)

    async def _lobby_update(self, interaction: discord.Interaction, table: Table, note: str, *, edit: bool) -> None:
        text = T.fit(f"{note}\n\n{M.lobby_text(table)}")
        view = lobby_view(table) if table.row.status == GameStatus.LOBBY else None
        if edit:
            await interaction.response.edit_message(content=M.lobby_text(table), view=view)
        else:
            await interaction.response.send_message(text, view=view or MISSING, allowed_mentions=QUIET)

    async def join(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        async def run() -> None:
            gid = game_id if game_id is not None else (await self.table_here(interaction)).id
            table = await self.service.join(gid, interaction.user.id, interaction.user.display_name)
            await self._lobby_update(interaction, table, f"{T.name(interaction.user.display_name)} joins.",
                                     edit=game_id is not None)
        await self.guarded(interaction, run)

    async def leave(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        async def run() -> None:
            gid = game_id if game_id is not None else (await self.table_here(interaction)).id
            table = await self.service.leave(gid, interaction.user.id)
            await self._lobby_update(interaction, table, f"{T.name(interaction.user.display_name)} leaves.",
                                     edit=game_id is not None)
        await self.guarded(interaction, run)

    async def add_bot(self, interaction: discord.Interaction, level: str) -> None:
        async def run() -> None:
            if not ai_available():
                raise GameError("Computer players are not installed on this bot yet.")
            table = await self.table_here(interaction)
            table = await self.service.add_bot(table.id, interaction.user.id, level)
            article = "An" if level[:1] in "aeiou" else "A"
            # Words only: a second copy of the lobby's buttons would stay live after Start closed the first.
            await interaction.response.send_message(
                T.fit(f"{article} {level} computer player takes a seat.\n\n{M.lobby_text(table)}"),
                allowed_mentions=QUIET)
        await self.guarded(interaction, run)

    async def cancel(self, interaction: discord.Interaction, game_id: int) -> None:
        async def run() -> None:
            table = await self.service.cancel(game_id, interaction.user.id)
            await interaction.response.edit_message(content=M.lobby_text(table), view=None)
        await self.guarded(interaction, run)

    async def start(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        async def run() -> None:
            gid = game_id if game_id is not None else (await self.table_here(interaction)).id
            pressed = game_id is not None
            # Pressed on the lobby message: the answer closes its buttons, and the outbox posts the opening.
            origin = self.origin(interaction, reply=not pressed)
            table = await self.service.start(gid, interaction.user.id, origin=origin)
            try:
                if pressed:
                    await interaction.response.edit_message(content=M.lobby_text(table), view=None)
                else:
                    await self.deliver(interaction, origin)
            finally:
                self.kick(table.id)  # whatever became of the answer, a computer to move plays
        await self.guarded(interaction, run)

    # --- play ------------------------------------------------------------------------------------------------

    async def move(self, interaction: discord.Interaction, action: str) -> None:
        async def run() -> None:
            table = await self.table_here(interaction)
            origin = self.origin(interaction)
            played = await self.service.play(table.id, action, user_id=interaction.user.id, origin=origin)
            try:
                await self.deliver(interaction, origin)
                secret = M.swapped_privately(played.move)
                if secret is not None:  # the channel sees how many; only the swapper is told which
                    await private(interaction, secret)
            finally:
                self.kick(table.id)
                self.game_over(played.table)
        await self.guarded(interaction, run, change=True)

    async def autocomplete_move(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice]:
        """The caller's legal moves that match what is typed so far, or the kinds of move (see `suggestions`)."""
        if interaction.guild_id is None:
            return []
        try:
            table = await self.table_here(interaction, stored=True)
        except GameError:
            return []
        game = table.game
        seat = table.seat_of(interaction.user.id)
        if game is None or game.over or seat is None or game.to_move != seat:
            return []
        return [app_commands.Choice(name=name, value=value)
                for name, value in suggestions(game.legal_moves(), current)]

    async def undo(self, interaction: discord.Interaction) -> None:
        async def run() -> None:
            table = await self.table_here(interaction)
            origin = self.origin(interaction)
            await self.service.undo(table.id, interaction.user.id, origin=origin)
            await self.deliver(interaction, origin)
        await self.guarded(interaction, run, change=True)

    async def resign(self, interaction: discord.Interaction) -> None:
        async def run() -> None:
            table = await self.table_here(interaction)
            origin = self.origin(interaction)
            table = await self.service.resign(table.id, interaction.user.id, origin=origin)
            try:
                await self.deliver(interaction, origin)
            finally:
                self.kick(table.id)
                self.game_over(table)
        await self.guarded(interaction, run, change=True)

    async def abandon(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        if game_id is not None:
            await self.abandon_by_number(interaction, game_id)
            return

        async def run() -> None:
            table = await self.table_here(interaction)
            perms = interaction.permissions
            origin = self.origin(interaction)
            table = await self.service.abandon(table.id, interaction.user.id,
                                               can_manage=bool(perms and perms.manage_channels), origin=origin)
            try:
                await self.deliver(interaction, origin)
            finally:
                self.game_over(table)  # a player's abandoning a game under way is rated as their resignation
        await self.guarded(interaction, run, change=True)

    async def abandon_by_number(self, interaction: discord.Interaction, game_id: int) -> None:
        """`/tne abandon game:<n>` from any channel of the server; the game's own channel is told, the asker
        privately."""
        async def run() -> None:
            table = await self.service.game_in_guild(game_id, interaction.guild_id)
            here = interaction.channel_id == table.row.channel_id
            origin = self.origin(interaction, reply=here)
            await self.service.abandon_by_number(game_id, interaction.user.id, guild_id=interaction.guild_id,
                                                 can_manage=self._can_manage(interaction, table.row.channel_id),
                                                 origin=origin)
            if here:
                await self.deliver(interaction, origin)
            else:
                await private(interaction, f"Game #{game_id} in <#{table.row.channel_id}> is abandoned; its "
                                           "channel says so in a moment.")
        await self.guarded(interaction, run, change=True)

    @staticmethod
    def _can_manage(interaction: discord.Interaction, channel_id: int) -> bool:
        """Manage Channels in the game's channel: Discord's word where the command was made there, else the
        cached channel's permissions for the member (none known: no)."""
        perms = interaction.permissions
        if interaction.channel_id == channel_id:
            return bool(perms and perms.manage_channels)
        guild, user = interaction.guild, interaction.user
        channel = guild.get_channel_or_thread(channel_id) if guild is not None else None
        if channel is not None and isinstance(user, discord.Member):
            return channel.permissions_for(user).manage_channels
        return False

    # --- reading ---------------------------------------------------------------------------------------------

    async def hand(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        async def run() -> None:
            table = await (self.service.current(game_id) if game_id is not None
                           else self.table_here(interaction, stored=True))
            if table.game is None:
                raise GameError("The game has not started yet.")
            seat = table.seat_of(interaction.user.id)
            if seat is None:
                raise GameError("You are not playing in this game, so you have no hand.")
            view = hand_view(table, seat) or MISSING
            await interaction.response.send_message(M.hand_text(table, seat), view=view, ephemeral=True)
            self.first_answers.answered(interaction)
            await self.first_answers.wait()
            try:
                picture = await self.painter.hand(table, seat)
            except Exception:
                log.exception("Could not draw the hand of seat %s in game %s", seat, table.id)
                return  # the hand in words stands
            await interaction.edit_original_response(attachments=[picture])
        await self.guarded(interaction, run)

    async def board(self, interaction: discord.Interaction) -> None:
        async def run() -> None:
            table = await self.table_here(interaction, finished=True, stored=True)
            if table.game is None:
                raise GameError("The game has not started yet.")
            if self.boards.recent(interaction.channel_id):
                await self._private_board(interaction, table)
                return
            self.boards.mark(interaction.channel_id)
            await self.publish(interaction, table, M.board_caption(table))
        await self.guarded(interaction, run)

    async def _private_board(self, interaction: discord.Interaction, table: Table) -> None:
        """A board asked for again soon after one was posted here: shown only to the asker, not the channel."""
        caption = M.board_caption(table).text
        await private(interaction, f"{caption}\n-# The board was posted here moments ago, so this copy is only for "
                                   "you.")
        self.first_answers.answered(interaction)
        await self.first_answers.wait()
        picture = await self._picture(table.frozen())
        if picture is not None:
            await interaction.edit_original_response(attachments=[picture])

    async def status(self, interaction: discord.Interaction) -> None:
        async def run() -> None:
            table = await self.table_here(interaction, finished=True, stored=True)
            await private(interaction, M.status_text(table, self.service.now()))
        await self.guarded(interaction, run)

    async def log(self, interaction: discord.Interaction) -> None:
        async def run() -> None:
            table = await self.table_here(interaction, finished=True, stored=True)
            await private(interaction, M.log_text(table))
        await self.guarded(interaction, run)

    # --- buttons ---------------------------------------------------------------------------------------------

    async def on_button(self, interaction: discord.Interaction, press: Press) -> None:
        """Every persistent button lands here, before or after a restart."""
        try:
            if not await self._in_place(interaction, press):
                return
            handler = {
                "join": self.join, "leave": self.leave, "start": self.start, "cancel": self.cancel,
                "hand": self.hand,
            }.get(press.action)
            if handler is not None:
                await handler(interaction, press.game_id)
            elif press.action == "decide":
                await self.guarded(interaction, lambda: self._open_decision(interaction, press))
            elif press.action == "play":
                await self.guarded(interaction, lambda: self._play_button(interaction, press))
            else:
                await private(interaction, "That button is no longer in use.")
        except Exception:
            log.exception("Button %s failed", press.action)
            if not interaction.response.is_done():
                await private(interaction, "Something went wrong on my side. Check `/tne status` before trying again.")

    async def _in_place(self, interaction: discord.Interaction, press: Press) -> bool:
        """A press counts only in its game's own server and channel; anywhere else it is refused privately.

        Custom ids are plain text that anyone can craft, so the id alone never proves where a button was."""
        if interaction.guild_id is None:
            await private(interaction, NO_DMS)
            return False
        try:
            table = await self.service.load(press.game_id)
        except GameError as exc:
            await private(interaction, str(exc))
            return False
        if table.row.channel_id != interaction.channel_id or table.row.guild_id != interaction.guild_id:
            log.info("Refused a press for game %s from channel %s", press.game_id, interaction.channel_id)
            await private(interaction, "That button belongs to a game in another channel; it does nothing here.")
            return False
        return True

    async def _open_decision(self, interaction: discord.Interaction, press: Press) -> None:
        table = await self.service.load(press.game_id)
        game = table.game
        if table.row.status != GameStatus.ACTIVE or game is None or game.over:
            raise GameError("This game is over.")
        if press.rev != table.row.rev or not game.pending:
            raise GameError("That decision has already been made; look at the newest message.")
        seat = game.to_move
        if table.seat_of(interaction.user.id) != seat:
            raise GameError(f"This choice is not yours: {game.describe_pending()}.")
        await interaction.response.send_message(M.decision_text(table, seat), view=decision_view(table),
                                                ephemeral=True)

    async def _play_button(self, interaction: discord.Interaction, press: Press) -> None:
        # The press answers by closing its private panel; the outbox posts the move's account in the channel.
        origin = self.origin(interaction, reply=False)
        played = await self.service.play(press.game_id, press.move, user_id=interaction.user.id, rev=press.rev,
                                         origin=origin)
        try:
            await interaction.response.edit_message(content=f"You played `{played.move}`.", view=None)
        finally:
            self.kick(press.game_id)
            self.game_over(played.table)

    # --- computer seats (bot/seats.py plays them; the controller only posts their moves) ---------------------

    async def announce(self, played: Played) -> None:
        """A computer seat's move needs no post here (its announcement was stored with it and the outbox posts
        it); a move that ends the game gets it recorded."""
        self.game_over(played.table)

    def kick(self, game_id: int) -> None:
        """Make sure the game's computer seats play while one of them is to move."""
        self.seats.kick(game_id)

    async def resume(self) -> None:
        """After a start: computer seats that were to move carry on; a periodic sweep keeps it so. Clocks whose
        moment passed while the bot was down are handled by the keeper's first pass. Finished games not yet
        recorded (also those from before records were kept) are recorded in the background."""
        await self.seats.start()
        await self.clocks.start()
        await self.finisher.start()

    async def idle(self) -> None:
        """Wait until no computer seat is thinking, no finished game is being recorded and nothing is being
        delivered (tests and shutdown)."""
        await self.seats.idle()
        while self._recording:
            await asyncio.gather(*self._recording, return_exceptions=True)
        if self.outbox is not None:
            await self.outbox.idle()

    async def stop(self) -> None:
        await self.clocks.stop()
        await self.seats.stop()
        await self.finisher.stop()
        for task in list(self._recording):
            task.cancel()
        await asyncio.gather(*self._recording, return_exceptions=True)

    # --- records (bot/records: the finisher records each finished game; these commands read the records) -----

    def game_over(self, table: Table) -> None:
        """If this game has just ended, record it (statistics, ratings; the rating changes go to the outbox)."""
        if table.row.status != GameStatus.OVER:
            return
        task = asyncio.create_task(self._record(table.id), name=f"tne-record-{table.id}")
        self._recording.add(task)
        task.add_done_callback(self._recording.discard)

    async def _record(self, game_id: int) -> None:
        try:
            await self.finisher.ended(game_id)
        except Exception:
            log.exception("Could not record game %s now; the sweep records it later", game_id)

    def rating_changes(self, record: GameRecord) -> NewAnnouncement:
        """The announcement of a game's rating changes, stored with its record; the outbox posts it after the
        final standings (an earlier announcement of the same channel)."""
        post = M.rating_changes(record)
        return NewAnnouncement(channel_id=record.channel_id, kind="ratings", content=T.fit(post.text),
                               guild_id=record.guild_id, game_id=record.game_id, pings=list(post.pings),
                               created_at=time.time())

    def _stored(self, stored: Stored) -> None:
        if self.outbox is not None:
            self.outbox.stored(stored)

    async def export(self, interaction: discord.Interaction, game_id: int | None) -> None:
        async def run() -> None:
            game = await self.records.game(interaction.guild_id, interaction.channel_id, game_id, finished=False,
                                           viewer=viewer_of(interaction))
            await interaction.response.defer(ephemeral=True, thinking=True)
            data = await self.painter.workers.run(record_text, game)  # replays every move: not on the loop
            file = discord.File(io.BytesIO(data.encode()), filename=f"game-{game.id}.tne.json")
            await interaction.followup.send(M.export_caption(game), file=file, ephemeral=True,
                                            allowed_mentions=QUIET)
        await self.guarded(interaction, run)

    async def replay(self, interaction: discord.Interaction, game_id: int | None) -> None:
        async def run() -> None:
            viewer = viewer_of(interaction)
            game = await self.records.game(interaction.guild_id, interaction.channel_id, game_id, finished=True,
                                           viewer=viewer)
            if not game.moves:
                raise GameError(f"Game #{game.id} ended before anyone moved: there is nothing to replay.")
            if self.painter.replays_full():
                raise GameError("Several replays are being drawn right now; ask again in a minute.")
            waiting = self.painter.replay_waiting()
            # Another channel's game is shown only to the one who asked: this channel may not see that one.
            await interaction.response.send_message(M.replay_progress(game.id, waiting=waiting),
                                                     ephemeral=viewer.elsewhere(game.channel_id or 0),
                                                     allowed_mentions=QUIET)
            await self._draw_replay(interaction, game)
        await self.guarded(interaction, run)

    async def _draw_replay(self, interaction: discord.Interaction, game: Any) -> None:
        """Draw in the replay worker, showing progress by editing the message, then attach the GIF."""
        edits: list[asyncio.Task] = []
        last = [time.monotonic()]

        def progress(done: int, total: int) -> None:
            now = time.monotonic()
            if done >= total or now - last[0] < self.replay_edit_every or (edits and not edits[-1].done()):
                return  # the last frame is followed at once by the GIF; one edit in flight at a time
            last[0] = now
            edits.append(asyncio.create_task(interaction.edit_original_response(
                content=M.replay_progress(game.id, done, total))))

        names = [T.plain(n) or "Player" for n in game.names]
        try:
            file, frames = await self.painter.replay(game, names, interaction.filesize_limit, progress)
        except ReplaysBusy:
            text = "Several replays are being drawn right now; ask again in a minute."
            file = None
        except ValueError:
            log.warning("The replay of game %s does not fit %d bytes", game.id, interaction.filesize_limit)
            text = (f"The replay of game #{game.id} is too long to fit in the file size this channel allows, even "
                    "drawn small. `/tne export` gives its record instead.")
            file = None
        await asyncio.gather(*edits, return_exceptions=True)  # a late progress edit must not land after the GIF
        if file is None:
            await interaction.edit_original_response(content=text)
            return
        await interaction.edit_original_response(content=M.replay_caption(game, frames), attachments=[file])

    async def history(self, interaction: discord.Interaction) -> None:
        async def run() -> None:
            page = await self.records.history(interaction.guild_id, viewer=viewer_of(interaction))
            await interaction.response.send_message(M.history_text(page), view=history_view(page) or MISSING,
                                                     ephemeral=True, allowed_mentions=QUIET)
        await self.guarded(interaction, run)

    async def on_history_page(self, interaction: discord.Interaction, anchor: int, page: int) -> None:
        """A history page button, before or after a restart: the message shows that page."""
        if interaction.guild_id is None:
            await private(interaction, NO_DMS)
            return

        async def run() -> None:
            shown = await self.records.history(interaction.guild_id, page, anchor, viewer=viewer_of(interaction))
            await interaction.response.edit_message(content=M.history_text(shown), view=history_view(shown))
        await self.guarded(interaction, run)

    async def profile(self, interaction: discord.Interaction, user: discord.abc.User | None) -> None:
        async def run() -> None:
            who = user or interaction.user
            view = await self.records.profile(interaction.guild_id, who.id, viewer_of(interaction))
            # Private: its chart shows games of channels that others here may not see.
            await interaction.response.send_message(M.profile_text(view, who.display_name), ephemeral=True,
                                                     allowed_mentions=QUIET)
            if view.profile is None:
                return
            await self.first_answers.wait()
            try:
                picture = await self.painter.profile(view.profile, T.plain(who.display_name) or "Player")
            except Exception:
                log.exception("Could not draw the profile of %s", view.player)
                return  # the profile in words stands
            await interaction.edit_original_response(attachments=[picture])
        await self.guarded(interaction, run)

    async def leaderboard(self, interaction: discord.Interaction) -> None:
        async def run() -> None:
            board = await self.records.leaderboard(interaction.guild_id, interaction.user.id)
            await interaction.response.send_message(M.leaderboard_text(board), allowed_mentions=QUIET)
        await self.guarded(interaction, run)

    # --- clocks (bot/clocks.py keeps them; the controller says what they did) --------------------------------

    def clock_line(self, table: Table) -> render.ClockLine | None:
        """The board panel's clock: time left to whoever must act, and the seats a stand-in plays."""
        if table.row.status != GameStatus.ACTIVE or table.game is None or table.game.over:
            return None
        clock = table.row.clock
        return render.ClockLine(clocks.clock_words(clock, self.service.now()),
                                clocks.standin_seats(clock, table.players))

    async def on_clock(self, event: ClockEvent) -> None:
        """A clock did something: its notice is already stored with it (the outbox delivers it: a ping here, a
        direct message, or nothing, as the person chose); the stand-in that took a seat plays at once."""
        if event.kind == clocks.TIMED_OUT:
            self.kick(event.game_id)

    async def settings(self, interaction: discord.Interaction, clock: str) -> None:
        async def run() -> None:
            table = await self.table_here(interaction)
            table = await self.service.set_clock_choice(table.id, interaction.user.id, clock)
            await interaction.response.send_message(M.clock_changed(table, clock), allowed_mentions=QUIET)
        await self.guarded(interaction, run)

    async def notify(self, interaction: discord.Interaction, mode: str) -> None:
        async def run() -> None:
            await self.service.set_notify(interaction.user.id, mode)
            await private(interaction, M.NOTIFY_TEXT[mode])
        await self.guarded(interaction, run)

    async def away(self, interaction: discord.Interaction, away: bool) -> None:
        async def run() -> None:
            table = await self.table_here(interaction)
            origin = self.origin(interaction)
            await self.service.set_away(table.id, interaction.user.id, away, origin=origin)
            try:
                await self.deliver(interaction, origin)
            finally:
                self.kick(table.id)
        await self.guarded(interaction, run)

    async def games(self, interaction: discord.Interaction) -> None:
        async def run() -> None:
            tables = await self.service.server_tables(interaction.guild_id, viewer_of(interaction))
            await private(interaction, M.games_text(tables, self.service.now()))
        await self.guarded(interaction, run)

    async def turns(self, interaction: discord.Interaction) -> None:
        async def run() -> None:
            tables = await self.service.server_tables(interaction.guild_id, viewer_of(interaction))
            await private(interaction, M.turns_text(tables, interaction.user.id, self.service.now()))
        await self.guarded(interaction, run)
