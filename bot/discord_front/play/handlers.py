"""The commands of play: move, hand, hint, board, web, status, log, undo, resign, away and back, games, and the
decision and move buttons."""

from __future__ import annotations

import functools
import logging

import discord
from discord import app_commands
from discord.utils import MISSING

import render
from bot.background import clocks
from bot.discord_front.completion import suggestions
from bot.discord_front.discord_sight import viewer_of
from bot.discord_front.front import Front, channel_of, guild_of
from bot.discord_front.interactions import NO_DMS, Answer, changing, guarded, private
from bot.discord_front.play.decision_texts import decision_text
from bot.discord_front.play.status_texts import (
    games_pages,
    hand_text,
    log_text,
    status_text,
    swapped_privately,
    turns_pages,
)
from bot.discord_front.play.texts import board_caption, hint_text, web_link
from bot.discord_front.views import OPEN_BOARD, Press, decision_view, games_view, hand_view, table_view
from bot.language import clock_texts
from bot.language import text as T
from bot.language.locales import ENGLISH, N_, Texts
from bot.service.game_service import Changed, GameError, Origin, Table
from bot.storage.rows import GameStatus
from bot.web.auth import Person

log = logging.getLogger(__name__)


class PlayHandlers(Front):
    """`/tne move` and the other commands of a game under way."""

    @changing
    async def move(self, interaction: discord.Interaction, origin: Origin, action: str) -> Answer:
        table = await self.acting_here(interaction)
        played = await self.service.play(table.id, action, user_id=interaction.user.id, origin=origin)
        # The channel sees how many tiles were swapped; only the swapper is told which.
        return Answer(played, note=functools.partial(swapped_privately, played.move))

    async def autocomplete_move(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
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
        mine = self.interactions.texts_for(interaction)  # named in the asker's words, values canonical
        return [app_commands.Choice(name=name, value=value)
                for name, value in suggestions([str(m) for m in game.legal_moves()], current, t=mine)]

    @guarded()
    async def hand(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        table = await (self.service.current(game_id) if game_id is not None
                       else self.table_here(interaction, stored=True))
        if table.game is None:
            raise GameError(N_("The game has not started yet."))
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise GameError(N_("You are not playing in this game, so you have no hand."))
        await interaction.response.send_message(hand_text(table, seat, t=self.interactions.texts_for(interaction)),
                                                view=hand_view(table, seat) or MISSING,
                                                ephemeral=True)

        async def draw() -> discord.File | None:
            try:
                return await self.painter.hand(table, seat, self.interactions.texts_for(interaction).lang)
            except Exception:
                log.exception("Could not draw the hand of seat %s in game %s", seat, table.id)
                return None  # the hand in words stands
        await self.interactions.attach_later(interaction, draw)

    @guarded()
    async def hint(self, interaction: discord.Interaction) -> None:
        """`/tne hint`: privately, the move our strongest computer player would make for the asker, and why."""
        table = await self.table_here(interaction, stored=True)
        question = self.hints.question(table, interaction.user.id)  # a refusal comes at once, before any thinking
        with self.hints.turn(interaction.user.id):  # so does one for a person who asks too much
            async with self.first_answers.lock(interaction):  # the guard's own deferral timer may be at it too
                if not interaction.response.is_done():
                    await interaction.response.defer(ephemeral=True, thinking=True)
            self.first_answers.answered(interaction)
            answer = await self.hints.answer(question, interaction_id=interaction.id)
        await private(interaction, hint_text(answer.move, answer.reason, answer.used, reason_words=answer.words,
                                               t=self.interactions.texts_for(interaction)))

    @guarded()
    async def board(self, interaction: discord.Interaction) -> None:
        table = await self.table_here(interaction, finished=True, stored=True)
        if table.game is None:
            raise GameError(N_("The game has not started yet."))
        if self.boards.recent(interaction.channel_id):
            await self._private_board(interaction, table)
            return
        self.boards.mark(interaction.channel_id)
        await self._public_board(interaction, table)

    @guarded()
    async def web(self, interaction: discord.Interaction) -> None:
        """A personal sign-in link to the web board, privately, and this channel's game's public link."""
        if self.links is None:
            raise GameError(N_("The web board is not turned on for this bot."))
        user = interaction.user
        person = Person(user.id, T.plain(user.display_name) or "Player", interaction.guild_id, interaction.channel_id)
        public = None
        try:
            table = await self.service.channel_table(channel_of(interaction), finished=True)
            public = self.links.spectator(table.id, table.row.channel_id)
        except GameError:
            pass  # no game here yet: the personal link alone
        await private(interaction, web_link(self.links.personal(person), public,
                                              t=self.interactions.texts_for(interaction)))

    def board_link(self, table: Table, *, t: Texts = ENGLISH) -> discord.ui.View | None:
        """The "Open the board" link button for a game's public link, when the web board is on."""
        if self.links is None:
            return None
        view = discord.ui.View(timeout=None)
        view.add_item(discord.ui.Button(label=t.gettext(OPEN_BOARD),
                                        url=self.links.spectator(table.id, table.row.channel_id)))
        return view

    @guarded()
    async def status(self, interaction: discord.Interaction) -> None:
        table = await self.table_here(interaction, finished=True, stored=True)
        await private(interaction, status_text(table, self.service.now(), t=self.interactions.texts_for(interaction)))

    @guarded()
    async def log(self, interaction: discord.Interaction) -> None:
        table = await self.table_here(interaction, finished=True, stored=True)
        await private(interaction, log_text(table, t=self.interactions.texts_for(interaction)))

    @changing
    async def undo(self, interaction: discord.Interaction, origin: Origin) -> Changed:
        table = await self.acting_here(interaction)
        undone, _ = await self.service.undo(table.id, interaction.user.id, origin=origin)
        return undone

    @changing
    async def resign(self, interaction: discord.Interaction, origin: Origin) -> Changed:
        table = await self.acting_here(interaction)
        return await self.service.resign(table.id, interaction.user.id, origin=origin)

    async def away(self, interaction: discord.Interaction) -> None:
        await self._set_away(interaction, True)

    async def back(self, interaction: discord.Interaction) -> None:
        await self._set_away(interaction, False)

    @changing
    async def _set_away(self, interaction: discord.Interaction, origin: Origin, away: bool) -> Changed:
        table = await self.acting_here(interaction)
        return await self.service.set_away(table.id, interaction.user.id, away, origin=origin)

    @guarded()
    async def games(self, interaction: discord.Interaction, mine: bool = False) -> None:
        """This server's games; `mine`: only those waiting for the asker (what `/tne turns` was). Privately, a page
        at a time, with Previous and Next when they do not fit one message."""
        pages = await self._games_pages(interaction, mine)
        t = self.interactions.texts_for(interaction)
        await private(interaction, pages[0], view=games_view(mine, 0, len(pages), t=t) or MISSING)

    async def on_games_page(self, interaction: discord.Interaction, mine: bool, page: int) -> None:
        """A `/tne games` page button, before or after a restart: the message shows that page, read afresh."""
        if interaction.guild_id is None:
            await private(interaction, self.interactions.texts_for(interaction).gettext(NO_DMS))
            return
        await self._games_page(interaction, mine, page)

    @guarded()
    async def _games_page(self, interaction: discord.Interaction, mine: bool, page: int) -> None:
        pages = await self._games_pages(interaction, mine)
        page = min(page, len(pages) - 1)  # games ended meanwhile: past the end shows the last page
        t = self.interactions.texts_for(interaction)
        await interaction.response.edit_message(content=pages[page], view=games_view(mine, page, len(pages), t=t))

    async def _games_pages(self, interaction: discord.Interaction, mine: bool) -> list[str]:
        """Every page of the games this person may see, in their language."""
        tables = await self.service.server_tables(guild_of(interaction), viewer_of(interaction))
        now = self.service.now()
        t = self.interactions.texts_for(interaction)
        return (turns_pages(tables, interaction.user.id, now, t=t) if mine
                else games_pages(tables, now, t=t))

    @guarded()
    async def _open_decision(self, interaction: discord.Interaction, press: Press) -> None:
        self.may_act(interaction)
        table, seat = await self.service.decision(press.game_id, interaction.user.id, press.rev)
        t = self.interactions.texts_for(interaction)
        await interaction.response.send_message(decision_text(table, seat, t=t), view=decision_view(table),
                                                ephemeral=True)

    @guarded()
    async def _play_button(self, interaction: discord.Interaction, press: Press) -> None:
        self.may_act(interaction)
        # The press answers by closing its private panel; the outbox posts the move's account in the channel.
        origin = self.interactions.origin(interaction, reply=False)
        played = await self.service.play(press.game_id, press.move, user_id=interaction.user.id, rev=press.rev,
                                         origin=origin)
        # Translators: a private answer to a move; {move} is in the game's notation (never translated)
        await interaction.response.edit_message(content=self.interactions.texts_for(interaction).gettext(
            "You played `{move}`.").format(move=played.move), view=None)

    async def _public_board(self, interaction: discord.Interaction, table: Table) -> None:
        """Answer with a public message that reports no change (a board asked for): text at once, then the
        board picture once drawn."""
        snapshot = table.frozen()  # the table may move on while the picture is drawn
        t = await self.server_texts(interaction)
        post = board_caption(table, t=t)
        view = with_link(table_view(table, activity=self.activity, t=t), self.board_link(table, t=t))
        await interaction.response.send_message(T.fit(post.text), view=view or MISSING,
                                                allowed_mentions=T.mentions(post.pings))

        async def draw() -> discord.File | None:
            return await self._picture(snapshot) if snapshot.game is not None else None
        await self.interactions.attach_later(interaction, draw)

    async def _private_board(self, interaction: discord.Interaction, table: Table) -> None:
        """A board asked for again soon after one was posted here: shown only to the asker, not the channel."""
        t = self.interactions.texts_for(interaction)
        caption = board_caption(table, t=t).text
        note = t.gettext("The board was posted here moments ago, so this copy is only for you.")
        await private(interaction, f"{caption}\n-# {note}", view=self.board_link(table, t=t) or MISSING)
        await self.interactions.attach_later(interaction, lambda: self._picture(table.frozen()))

    async def _picture(self, table: Table) -> discord.File | None:
        """The board picture, or None if drawing failed: the move stands and its account is posted anyway."""
        try:
            voice = await self.service.languages.texts(table.row.guild_id)
            return await self.painter.board(table, clock=self.clock_line(table, voice), lang=voice.lang)
        except Exception:
            log.exception("Could not draw the board of game %s", table.id)
            return None

    def clock_line(self, table: Table, t: Texts = ENGLISH) -> render.ClockLine | None:
        """The board panel's clock, in `t`'s language: time left to whoever must act, and the seats a stand-in
        plays."""
        if table.row.status != GameStatus.ACTIVE or table.game is None or table.game.over:
            return None
        clock = table.row.clock
        return render.ClockLine(clock_texts.clock_words(clock, self.service.now(), t=t),
                                clocks.standin_seats(clock, table.players))


def with_link(view: discord.ui.View | None, link: discord.ui.View | None) -> discord.ui.View | None:
    """The board's buttons with the web board's link button after them (either may be None)."""
    if link is None:
        return view
    if view is None:
        return link
    for item in link.children:
        view.add_item(item)
    return view
