"""The lobby's commands and buttons: new, rematch, join, leave, addbot, start, cancel, and abandon."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import discord
from discord.utils import MISSING

from bot.background import clocks
from bot.background.autoplay import ai_available
from bot.discord_front.discord_sight import viewer_of
from bot.discord_front.front import Front, channel_of, guild_of
from bot.discord_front.interactions import QUIET, Answer, changing, guarded, private
from bot.discord_front.lobby import notes as lobby_notes
from bot.discord_front.lobby.texts import lobby_text, rematch_text
from bot.discord_front.views import lobby_view
from bot.language import text as T
from bot.language.locales import N_, Texts
from bot.service.game_service import GameError, Origin, Table
from bot.service.visibility import NO_SUCH_GAME
from bot.storage.rows import GameStatus

log = logging.getLogger(__name__)


class LobbyHandlers(Front):
    """`/tne new`, `rematch`, `join`, `leave`, `addbot`, `start`, `abandon`, the lobby's buttons and Rematch."""

    @guarded()
    async def new(self, interaction: discord.Interaction, seats: int, board: str, scores: str,
                  clock: str = clocks.DEFAULT_CLOCK, on_timeout: str = clocks.STANDIN, hints: str = "off") -> None:
        self.may_act(interaction)
        table = await self.service.new_game(
            guild_id=guild_of(interaction), channel_id=channel_of(interaction), user_id=interaction.user.id,
            name=interaction.user.display_name, seats=seats, board=board, scores=scores, clock=clock,
            on_timeout=on_timeout, hints=hints)
        t = await self.server_texts(interaction)
        answer = await interaction.response.send_message(lobby_text(table, t=t), view=lobby_view(table, t=t),
                                                         allowed_mentions=QUIET)
        await self._keep_lobby(interaction, table, answer)

    @guarded()
    async def join(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        """`/tne join` or the lobby's Join (a rematch's Accept); the last to accept a rematch starts it."""
        self.may_act(interaction)
        gid = game_id if game_id is not None else (await self.table_here(interaction)).id
        table = await self.service.join(gid, interaction.user.id, interaction.user.display_name)
        try:
            await self._lobby_update(interaction, table,
                                     lambda t: lobby_notes.joins(interaction.user.display_name, t=t),
                                     edit=game_id is not None)
        finally:
            if table.row.status != GameStatus.LOBBY:
                await self._close_lobby(table.id)  # started: the outbox posts the opening

    @guarded(change=True)
    async def rematch(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        """`/tne rematch`, or the Rematch button under a finished game (`game_id`): the same seats, computers and
        options in a new lobby here; the other players are asked to accept."""
        self.may_act(interaction)
        origin = self.interactions.origin(interaction)
        rematch = await self.service.rematch(guild_id=guild_of(interaction), channel_id=channel_of(interaction),
                                             user_id=interaction.user.id, name=interaction.user.display_name,
                                             game_id=game_id, origin=origin)
        if rematch.started is not None:
            await self.interactions.deliver(interaction, origin, rematch.started)
            return
        t = await self.server_texts(interaction)
        answer = await interaction.response.send_message(
            rematch_text(rematch.table, rematch.invited, t=t), view=lobby_view(rematch.table, t=t),
            allowed_mentions=T.mentions(rematch.invited))
        await self._keep_lobby(interaction, rematch.table, answer)

    @guarded()
    async def leave(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        self.may_act(interaction)
        gid = game_id if game_id is not None else (await self.table_here(interaction)).id
        table = await self.service.leave(gid, interaction.user.id)
        await self._lobby_update(interaction, table, lambda t: lobby_notes.leaves(interaction.user.display_name, t=t),
                                 edit=game_id is not None)

    @guarded()
    async def addbot(self, interaction: discord.Interaction, level: str) -> None:
        self.may_act(interaction)
        if not ai_available():
            raise GameError(N_("Computer players are not installed on this bot yet."))
        table = await self.table_here(interaction)
        table = await self.service.add_bot(table.id, interaction.user.id, level)
        t = await self.server_texts(interaction)
        # Words only: a second copy of the lobby's buttons would stay live after Start closed the first.
        await interaction.response.send_message(
            T.fit(f"{lobby_notes.computer_seated(level, t=t)}\n\n{lobby_text(table, t=t)}"), allowed_mentions=QUIET)

    @guarded()
    async def start(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        self.may_act(interaction)
        gid = game_id if game_id is not None else (await self.table_here(interaction)).id
        pressed = game_id is not None
        # Pressed on the lobby message: the answer closes its buttons, and the outbox posts the opening.
        origin = self.interactions.origin(interaction, reply=not pressed)
        started = await self.service.start(gid, interaction.user.id, origin=origin)
        try:
            if pressed:
                t = await self.server_texts(interaction)
                await interaction.response.edit_message(content=lobby_text(started.table, t=t), view=None)
            else:
                await self.interactions.deliver(interaction, origin, started)
        finally:
            await self._close_lobby(started.table.id)

    @guarded()
    async def cancel(self, interaction: discord.Interaction, game_id: int) -> None:
        """The lobby's Cancel button (the host)."""
        self.may_act(interaction)
        table = await self.service.cancel(game_id, interaction.user.id)
        t = await self.server_texts(interaction)
        try:
            await interaction.response.edit_message(content=lobby_text(table, t=t), view=None)
        finally:
            await self._close_lobby(game_id)  # the lobby's other messages

    async def abandon(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        """`/tne abandon`: this channel's game, or with `game:<n>` that game of the server from any channel."""
        if game_id is None:
            await self._abandon_here(interaction)
        else:
            await self._abandon_by_number(interaction, game_id)

    @changing
    async def _abandon_here(self, interaction: discord.Interaction, origin: Origin) -> Answer:
        table = await self.acting_here(interaction)
        perms = interaction.permissions
        ended = await self.service.abandon(table.id, interaction.user.id,
                                           can_manage=bool(perms and perms.manage_channels), origin=origin)
        return Answer(ended, then=lambda: self._close_lobby(table.id))  # an abandoned lobby's buttons

    @guarded(change=True)
    async def _abandon_by_number(self, interaction: discord.Interaction, game_id: int) -> None:
        """The game's own channel is told, the asker privately."""
        table = await self.service.game_in_guild(game_id, interaction.guild_id)
        if not viewer_of(interaction).sees(table.row.channel_id, (p.user_id for p in table.players)):
            # Asked before who may abandon it: a game the asker may not see is one that does not exist.
            raise GameError(NO_SUCH_GAME, n=game_id)
        here = interaction.channel_id == table.row.channel_id
        if here:
            self.may_act(interaction)
        origin = self.interactions.origin(interaction, reply=here)
        ended = await self.service.abandon_by_number(game_id, interaction.user.id, guild_id=interaction.guild_id,
                                                     can_manage=self._can_manage(interaction, table.row.channel_id),
                                                     origin=origin)
        await self._close_lobby(game_id)
        if here:
            await self.interactions.deliver(interaction, origin, ended)
        else:
            await private(interaction, self.interactions.texts_for(interaction).gettext(
                "Game #{n} in {channel} is abandoned; its channel says so in a moment.").format(
                n=game_id, channel=f"<#{table.row.channel_id}>"))

    async def _lobby_update(self, interaction: discord.Interaction, table: Table, note: Callable[[Texts], str], *,
                            edit: bool) -> None:
        """`note` says who joined or left, in the server's language."""
        t = await self.server_texts(interaction)
        text = T.fit(f"{note(t)}\n\n{lobby_text(table, t=t)}")
        view = lobby_view(table, t=t) if table.row.status == GameStatus.LOBBY else None
        if edit:
            await interaction.response.edit_message(content=lobby_text(table, t=t), view=view)
        else:
            answer = await interaction.response.send_message(text, view=view or MISSING, allowed_mentions=QUIET)
            if view is not None:
                await self._keep_lobby(interaction, table, answer)

    async def _keep_lobby(self, interaction: discord.Interaction, table: Table, answer: Any) -> None:
        """Remember a message showing the lobby with its buttons, to close them once the lobby closes."""
        if self.lobby_messages is None:
            return
        try:
            message_id = getattr(answer, "message_id", None) or (await interaction.original_response()).id
            await self.lobby_messages.keep(table.id, table.row.channel_id, message_id)
        except Exception:
            log.exception("Could not keep the lobby message of game %s: its buttons stay after it closes", table.id)

    async def _close_lobby(self, game_id: int) -> None:
        """The buttons of a closed lobby's messages, at once (the lobby sweep closes what this leaves)."""
        if self.lobby_messages is None:
            return
        try:
            await self.lobby_messages.close(game_id)
        except Exception:
            log.exception("Could not close the lobby messages of game %s now; the lobby sweep will", game_id)
