"""Turns interactions into service calls and service results into Discord messages.

Every handler answers within a few milliseconds (text first); pictures and computer moves run in workers off the
event loop and arrive as an edit or a follow-up. Computer seats are played by bot/seats.py; the controller only
posts their moves (`announce`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.utils import MISSING

from bot import messages as M
from bot import text as T
from bot.autoplay import ai_available
from bot.completion import matching_moves
from bot.cooldown import Cooldown
from bot.pictures import Painter
from bot.seats import ComputerSeats, PostRefused
from bot.service import GameError, GameService, Played, Table
from bot.views import Press, decision_view, hand_view, lobby_view, table_view
from bot.workers import Workers

log = logging.getLogger(__name__)

QUIET = T.NOBODY
NO_DMS = "Tigris & Euphrates is played in a server channel, not in direct messages."


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
    POLL = 0.002

    def __init__(self) -> None:
        self._owed: dict[int, discord.Interaction] = {}

    def begin(self, interaction: discord.Interaction) -> None:
        self._owed[interaction.id] = interaction

    def end(self, interaction: discord.Interaction) -> None:
        self._owed.pop(interaction.id, None)

    def _still_owed(self) -> bool:
        for iid in [i for i, it in self._owed.items() if it.response.is_done()]:
            del self._owed[iid]
        return bool(self._owed)

    async def wait(self) -> None:
        """Until every interaction in hand has had its first answer, or MAX_WAIT at most (no starving)."""
        deadline = asyncio.get_running_loop().time() + self.MAX_WAIT
        while self._still_owed() and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(self.POLL)


def moment_nonce(table: Table) -> str:
    """A message nonce naming this game at this revision (Discord allows 25 characters)."""
    return f"tne{table.id}.{table.row.rev}"[:25]


class Controller:
    """The bot's behaviour behind the `/tne` commands and the buttons."""

    def __init__(self, client: discord.Client, service: GameService, *, painter: Painter | None = None,
                 thinkers: Workers | None = None, ai_delay: float = 1.5, ai_budget: float | None = None) -> None:
        self.client = client
        self.service = service
        self.painter = painter or Painter()
        self.seats = ComputerSeats(service, self.announce, workers=thinkers, delay=ai_delay, budget=ai_budget)
        self.first_answers = FirstAnswers()
        self.boards = Cooldown()

    # --- plumbing --------------------------------------------------------------------------------------------

    async def guarded(self, interaction: discord.Interaction, action: Callable[[], Awaitable[None]]) -> None:
        """Run a handler; a refused request becomes a private answer and changes nothing."""
        self.first_answers.begin(interaction)
        try:
            await action()
        except GameError as exc:
            await private(interaction, str(exc))
        finally:
            self.first_answers.end(interaction)

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

    async def table_here(self, interaction: discord.Interaction, *, finished: bool = False) -> Table:
        """This channel's game; `finished` lets read-only commands show the last ended game too."""
        return await self.service.channel_table(interaction.channel_id, finished=finished)

    async def publish(self, interaction: discord.Interaction | None, table: Table, post: M.Post) -> None:
        """Post a public game message: text (pinging exactly post.pings) at once, the board picture once drawn."""
        game = table.game  # captured now: the table may move on while the picture is drawn
        view = table_view(table) or MISSING
        mentions = T.mentions(post.pings)
        text = T.fit(post.text)
        snapshot = Table(table.row, game, list(table.moves))
        want_picture = game is not None
        if interaction is not None and not interaction.response.is_done():
            await interaction.response.send_message(text, view=view, allowed_mentions=mentions)
            await self.first_answers.wait()
            board = await self._picture(snapshot) if want_picture else None
            if board is not None:
                await interaction.edit_original_response(attachments=[board])
            return
        await self.first_answers.wait()
        board = await self._picture(snapshot) if want_picture else None
        kwargs: dict[str, Any] = {"file": board} if board is not None else {}
        if interaction is None:
            channel = self.client.get_partial_messageable(table.row.channel_id, guild_id=table.row.guild_id)
            # One nonce per game moment (Discord enforces it for a few minutes): a retried post after a lost
            # answer returns the message already made instead of posting it twice.
            await channel.send(text, view=view, allowed_mentions=mentions, nonce=moment_nonce(table), **kwargs)
        else:
            await interaction.followup.send(text, view=view, allowed_mentions=mentions, **kwargs)

    async def _picture(self, table: Table) -> discord.File | None:
        """The board picture, or None if drawing failed: the move stands and its account is posted anyway."""
        try:
            return await self.painter.board(table)
        except Exception:
            log.exception("Could not draw the board of game %s", table.id)
            return None

    # --- lobby -----------------------------------------------------------------------------------------------

    async def new(self, interaction: discord.Interaction, seats: int, board: str, scores: str) -> None:
        async def run() -> None:
            table = await self.service.new_game(
                guild_id=interaction.guild_id, channel_id=interaction.channel_id, user_id=interaction.user.id,
                name=interaction.user.display_name, seats=seats, board=board, scores=scores)
            await interaction.response.send_message(M.lobby_text(table), view=lobby_view(table),
                                                     allowed_mentions=QUIET)
        await self.guarded(interaction, run)

    async def _lobby_update(self, interaction: discord.Interaction, table: Table, note: str, *, edit: bool) -> None:
        text = T.fit(f"{note}\n\n{M.lobby_text(table)}")
        view = lobby_view(table) if table.row.status == "lobby" else None
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
            await self._lobby_update(interaction, table, f"A {level} computer player takes a seat.", edit=False)
        await self.guarded(interaction, run)

    async def cancel(self, interaction: discord.Interaction, game_id: int) -> None:
        async def run() -> None:
            table = await self.service.cancel(game_id, interaction.user.id)
            await interaction.response.edit_message(content=M.lobby_text(table), view=None)
        await self.guarded(interaction, run)

    async def start(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        async def run() -> None:
            gid = game_id if game_id is not None else (await self.table_here(interaction)).id
            table = await self.service.start(gid, interaction.user.id)
            try:
                if game_id is not None:  # pressed on the lobby message: close its buttons, then post the game
                    await interaction.response.edit_message(content=M.lobby_text(table), view=None)
                await self.publish(interaction, table, M.opening(table))
            finally:
                self.kick(table.id)  # whatever became of the post, a computer to move plays
        await self.guarded(interaction, run)

    # --- play ------------------------------------------------------------------------------------------------

    async def move(self, interaction: discord.Interaction, action: str) -> None:
        async def run() -> None:
            table = await self.table_here(interaction)
            played = await self.service.play(table.id, action, user_id=interaction.user.id)
            try:
                await self.publish(interaction, played.table, M.account(played))
            finally:
                self.kick(table.id)
        await self.guarded(interaction, run)

    async def autocomplete_move(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice]:
        """The caller's legal moves that match what is typed so far (see `matching_moves`)."""
        if interaction.guild_id is None:
            return []
        try:
            table = await self.table_here(interaction)
        except GameError:
            return []
        game = table.game
        seat = table.seat_of(interaction.user.id)
        if game is None or game.over or seat is None or game.to_move != seat:
            return []
        return [app_commands.Choice(name=m, value=m) for m in matching_moves(game.legal_moves(), current)]

    async def undo(self, interaction: discord.Interaction) -> None:
        async def run() -> None:
            table = await self.table_here(interaction)
            table, undone = await self.service.undo(table.id, interaction.user.id)
            await self.publish(interaction, table, M.takeback(table, undone.seat, undone.move))
        await self.guarded(interaction, run)

    async def resign(self, interaction: discord.Interaction) -> None:
        async def run() -> None:
            table = await self.table_here(interaction)
            seat = table.seat_of(interaction.user.id)
            table = await self.service.resign(table.id, interaction.user.id)
            label = table.label(seat) if seat is not None else T.name(interaction.user.display_name)
            post = M.resignation(table, label)
            if table.row.status != "active":
                await interaction.response.send_message(post.text, allowed_mentions=QUIET)
                return
            try:
                await self.publish(interaction, table, post)
            finally:
                self.kick(table.id)
        await self.guarded(interaction, run)

    async def abandon(self, interaction: discord.Interaction) -> None:
        async def run() -> None:
            table = await self.table_here(interaction)
            perms = interaction.permissions
            table = await self.service.abandon(table.id, interaction.user.id,
                                               can_manage=bool(perms and perms.manage_channels))
            await interaction.response.send_message(
                f"Game #{table.id} was abandoned by {T.name(interaction.user.display_name)}.", allowed_mentions=QUIET)
        await self.guarded(interaction, run)

    # --- reading ---------------------------------------------------------------------------------------------

    async def hand(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        async def run() -> None:
            table = await (self.service.load(game_id) if game_id is not None else self.table_here(interaction))
            if table.game is None:
                raise GameError("The game has not started yet.")
            seat = table.seat_of(interaction.user.id)
            if seat is None:
                raise GameError("You are not playing in this game, so you have no hand.")
            view = hand_view(table, seat) or MISSING
            await interaction.response.send_message(M.hand_text(table, seat), view=view, ephemeral=True)
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
            table = await self.table_here(interaction, finished=True)
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
        await self.first_answers.wait()
        picture = await self._picture(table.frozen())
        if picture is not None:
            await interaction.edit_original_response(attachments=[picture])

    async def status(self, interaction: discord.Interaction) -> None:
        async def run() -> None:
            table = await self.table_here(interaction, finished=True)
            await private(interaction, M.status_text(table))
        await self.guarded(interaction, run)

    async def log(self, interaction: discord.Interaction) -> None:
        async def run() -> None:
            table = await self.table_here(interaction, finished=True)
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
        if table.row.status != "active" or game is None or game.over:
            raise GameError("This game is over.")
        if press.rev != table.row.rev or not game.pending:
            raise GameError("That decision has already been made; look at the newest message.")
        seat = game.to_move
        if table.seat_of(interaction.user.id) != seat:
            raise GameError(f"This choice is not yours: {game.describe_pending()}.")
        await interaction.response.send_message(M.decision_text(table, seat), view=decision_view(table),
                                                ephemeral=True)

    async def _play_button(self, interaction: discord.Interaction, press: Press) -> None:
        played = await self.service.play(press.game_id, press.move, user_id=interaction.user.id, rev=press.rev)
        try:
            await interaction.response.edit_message(content=f"You played `{played.move}`.", view=None)
            await self.publish(interaction, played.table, M.account(played))
        finally:
            self.kick(press.game_id)

    # --- computer seats (bot/seats.py plays them; the controller only posts their moves) ---------------------

    async def announce(self, played: Played) -> None:
        """Post a computer seat's move in its channel; a refusal that retrying cannot fix is PostRefused."""
        try:
            await self.publish(None, played.table, M.account(played))
        except discord.HTTPException as exc:
            if 400 <= exc.status < 500 and exc.status != 429:
                raise PostRefused(f"Discord refused the post ({exc.status})") from exc
            raise

    def kick(self, game_id: int) -> None:
        """Make sure the game's computer seats play while one of them is to move."""
        self.seats.kick(game_id)

    async def resume(self) -> None:
        """After a start: computer seats that were to move carry on; a periodic sweep keeps it so."""
        await self.seats.start()

    async def idle(self) -> None:
        """Wait until no computer seat is thinking (tests and shutdown)."""
        await self.seats.idle()

    async def stop(self) -> None:
        await self.seats.stop()
