"""The records' commands: stats history, profile and leaderboard, replay, export and review."""

from __future__ import annotations

import asyncio
import io
import logging
import time
from typing import Any

import discord
from discord.utils import MISSING

from bot.discord_front.discord_sight import viewer_of
from bot.discord_front.front import Front, channel_of, guild_of
from bot.discord_front.interactions import NO_DMS, QUIET, guarded, made_at, private
from bot.discord_front.outbox_courier import TOKEN_LIFE
from bot.discord_front.pictures import ReplaysBusy
from bot.discord_front.records.review_texts import review_costliest, review_own, review_progress, review_summary
from bot.discord_front.records.texts import (
    export_caption,
    history_text,
    leaderboard_text,
    profile_text,
    replay_caption,
    replay_progress,
)
from bot.discord_front.views import history_view
from bot.language import refusals, seat_names
from bot.language import text as T
from bot.language.locales import ENGLISH, N_, Texts
from bot.records.export import StoredGame, record_text
from bot.records.reviews import Reviewed
from bot.service.game_service import GameError
from bot.service.visibility import Viewer
from render.review import ReviewPictures

log = logging.getLogger(__name__)


class RecordsHandlers(Front):
    """`/tne stats ...`, `replay`, `export` and `review`: they read the finished games' records."""

    @guarded()
    async def history(self, interaction: discord.Interaction) -> None:
        page = await self.records.history(guild_of(interaction), viewer=viewer_of(interaction))
        await interaction.response.send_message(history_text(page, t=self.interactions.texts_for(interaction)),
                                                view=history_view(page) or MISSING,
                                                ephemeral=True, allowed_mentions=QUIET)

    @guarded()
    async def profile(self, interaction: discord.Interaction, user: discord.abc.User | None) -> None:
        who = user or interaction.user
        view = await self.records.profile(guild_of(interaction), who.id, viewer_of(interaction))
        # Private: its chart shows games of channels that others here may not see.
        await interaction.response.send_message(profile_text(view, who.display_name,
                                                               t=self.interactions.texts_for(interaction)),
                                                ephemeral=True,
                                                allowed_mentions=QUIET)
        if view.profile is None:
            return
        await self.first_answers.wait()
        try:
            picture = await self.painter.profile(view.profile, T.plain(who.display_name) or "Player",
                                                 self.interactions.texts_for(interaction).lang)
        except Exception:
            log.exception("Could not draw the profile of %s", view.player)
            return  # the profile in words stands
        await interaction.edit_original_response(attachments=[picture])

    @guarded()
    async def leaderboard(self, interaction: discord.Interaction) -> None:
        board = await self.records.leaderboard(guild_of(interaction), interaction.user.id)
        t = await self.server_texts(interaction)  # the leaderboard is posted in the channel
        await interaction.response.send_message(leaderboard_text(board, t=t), allowed_mentions=QUIET)

    @guarded()
    async def replay(self, interaction: discord.Interaction, game_id: int | None) -> None:
        viewer = viewer_of(interaction)
        game = await self.records.game(guild_of(interaction), channel_of(interaction), game_id, finished=True,
                                       viewer=viewer)
        if not game.moves:
            raise GameError(N_("Game #{n} ended before anyone moved: there is nothing to replay."), n=game.id)
        if self.painter.replays_full():
            raise GameError(N_("Several replays are being drawn right now; ask again in a minute."))
        waiting = self.painter.replay_waiting()
        # Another channel's game is shown only to the one who asked: this channel may not see that one.
        hidden = viewer.elsewhere(game.channel_id or 0)
        # A progress only the asker sees is in their language; one in the channel in the server's.
        t = self.interactions.texts_for(interaction) if hidden else await self.server_texts(interaction)
        await interaction.response.send_message(replay_progress(game.id, waiting=waiting, t=t), ephemeral=hidden,
                                                allowed_mentions=QUIET)
        await self._draw_replay(interaction, game, t=t)

    @guarded()
    async def export(self, interaction: discord.Interaction, game_id: int | None) -> None:
        game = await self.records.game(guild_of(interaction), channel_of(interaction), game_id, finished=False,
                                       viewer=viewer_of(interaction))
        await interaction.response.defer(ephemeral=True, thinking=True)
        data = await self.painter.workers.run(record_text, game)  # replays every move: not on the loop
        file = discord.File(io.BytesIO(data.encode()), filename=f"game-{game.id}.tne.json")
        await interaction.followup.send(export_caption(game, t=self.interactions.texts_for(interaction)), file=file,
                                        ephemeral=True, allowed_mentions=QUIET)

    @guarded()
    async def review(self, interaction: discord.Interaction, game_id: int | None, mine: bool = False) -> None:
        """`/tne review [game] [private]`: the review in the channel, or with `private` the asker's own in full."""
        viewer = viewer_of(interaction)
        game = await self.reviews.game(interaction.guild_id, interaction.channel_id, game_id, viewer=viewer)
        seat = await self.reviews.seat_of(game, interaction.user.id) if mine else None
        with self.reviews.turn(interaction.user.id):  # a person who asks too much is refused here, before any post
            await self._review(interaction, game, seat, viewer)

    async def _review(self, interaction: discord.Interaction, game: StoredGame, seat: int | None,
                      viewer: Viewer) -> None:
        # Another channel's game is shown only to the one who asked, as a replay is; so is a player's own review.
        hidden = seat is not None or viewer.elsewhere(game.channel_id or 0)
        t = self.interactions.texts_for(interaction) if hidden else await self.server_texts(interaction)
        if interaction.response.is_done():  # deferred meanwhile (a slow database): that answer becomes the review
            await interaction.edit_original_response(content=review_progress(game.id, t=t))
        else:
            await interaction.response.send_message(review_progress(game.id, t=t), ephemeral=hidden,
                                                    allowed_mentions=QUIET)
        edits: list[asyncio.Task[Any]] = []
        last = [time.monotonic()]

        def progress(done: int, total: int) -> None:
            now = time.monotonic()
            if done >= total or now - last[0] < self.review_edit_every or (edits and not edits[-1].done()):
                return  # the end is followed at once by the review; one edit in flight at a time
            last[0] = now
            edits.append(asyncio.create_task(interaction.edit_original_response(
                content=review_progress(game.id, done, total, t=t))))

        try:
            reviewed = await self.reviews.review(interaction.guild_id or 0, game, progress)
        except GameError as exc:
            await asyncio.gather(*edits, return_exceptions=True)
            await interaction.edit_original_response(content=T.fit(refusals.said(exc, t)))
            return
        voice = self.interactions.texts_for(interaction) if hidden else await self.server_texts(interaction)
        pictures = await self._review_pictures(interaction, reviewed, voice.lang)
        await asyncio.gather(*edits, return_exceptions=True)  # a late progress edit must not land after the review
        await self._review_post(interaction, reviewed, seat, pictures, hidden)

    async def _review_pictures(self, interaction: discord.Interaction, reviewed: Reviewed,
                               lang: str) -> ReviewPictures | None:
        try:
            return await self.reviews.pictures(interaction.guild_id or 0, reviewed, lang)
        except Exception:
            log.exception("Could not draw the review of game %s", reviewed.game.id)
            return None  # the review in words stands

    async def _review_post(self, interaction: discord.Interaction, reviewed: Reviewed, seat: int | None,
                           pictures: ReviewPictures | None, hidden: bool) -> None:
        """The summary and chart in place of the progress message, then one message per player's costliest moves
        (Discord takes 10 pictures a message); with `seat`, that player's every move instead."""
        game_id = reviewed.game.id

        def files(seat: int) -> list[discord.File]:
            shown = pictures.of(seat) if pictures is not None else ()
            return [discord.File(io.BytesIO(p.data), filename=p.name) for p in shown]

        chart = [discord.File(io.BytesIO(pictures.chart.data), filename=pictures.chart.name)] if pictures else []
        # A public review speaks the server's language; one shown only to the asker, theirs.
        t = self.interactions.texts_for(interaction) if hidden else await self.server_texts(interaction)
        review, names = reviewed.review_in(t), reviewed.names_in(t)  # each seat named for this reader
        summary = review_summary(game_id, review, names, seat=seat, t=t)
        await self._review_say(interaction, summary, chart, hidden, edit=True)
        if seat is not None:
            own = self.interactions.texts_for(interaction)
            pages = review_own(reviewed.review_in(own), seat, t=own)
            for n, page in enumerate(pages):
                await self._review_say(interaction, page, files(seat) if n == 0 else [], hidden)
            return
        for player in review.players:
            if player.costliest:
                await self._review_say(interaction, review_costliest(review, player.seat, names, t=t),
                                       files(player.seat), hidden)

    async def _review_say(self, interaction: discord.Interaction, content: str, files: list[discord.File],
                          hidden: bool, *, edit: bool = False) -> None:
        """Through the interaction while its token works; a public review that outlived it (a long queue) goes to
        the channel instead. discord.py retries 429s and 5xx on both ways."""
        if hidden or time.time() - made_at(interaction) < TOKEN_LIFE:
            if edit:
                await interaction.edit_original_response(content=content, attachments=files)
            else:
                await interaction.followup.send(content, files=files or MISSING, ephemeral=hidden,
                                                allowed_mentions=QUIET)
            return
        channel = interaction.channel
        if isinstance(channel, discord.abc.Messageable):
            await channel.send(content, files=files or MISSING, allowed_mentions=QUIET)

    async def on_history_page(self, interaction: discord.Interaction, anchor: int, page: int) -> None:
        """A history page button, before or after a restart: the message shows that page."""
        if interaction.guild_id is None:
            await private(interaction, self.interactions.texts_for(interaction).gettext(NO_DMS))
            return
        await self._history_page(interaction, anchor, page)

    @guarded()
    async def _history_page(self, interaction: discord.Interaction, anchor: int, page: int) -> None:
        shown = await self.records.history(guild_of(interaction), page, anchor, viewer=viewer_of(interaction))
        t = self.interactions.texts_for(interaction)
        await interaction.response.edit_message(content=history_text(shown, t=t), view=history_view(shown))

    async def _draw_replay(self, interaction: discord.Interaction, game: Any, *, t: Texts = ENGLISH) -> None:
        """Draw in the replay worker, showing progress by editing the message, then attach the GIF."""
        edits: list[asyncio.Task[Any]] = []
        last = [time.monotonic()]

        def progress(done: int, total: int) -> None:
            now = time.monotonic()
            if done >= total or now - last[0] < self.replay_edit_every or (edits and not edits[-1].done()):
                return  # the last frame is followed at once by the GIF; one edit in flight at a time
            last[0] = now
            edits.append(asyncio.create_task(interaction.edit_original_response(
                content=replay_progress(game.id, done, total, t=t))))

        server = await self.server_texts(interaction)
        names = seat_names.seat_names(game.names, game.kinds, server)  # each seat told apart, in the pictures' words
        try:
            file, frames = await self.painter.replay(game, names, interaction.filesize_limit, progress,
                                                     lang=server.lang)
        except ReplaysBusy:
            text = t.gettext(N_("Several replays are being drawn right now; ask again in a minute."))
            file = None
        except ValueError:
            log.warning("The replay of game %s does not fit %d bytes", game.id, interaction.filesize_limit)
            text = t.gettext(N_("The replay of game #{n} is too long to fit in the file size this channel allows, "
                                "even drawn small. `/tne export` gives its record instead.")).format(n=game.id)
            file = None
        await asyncio.gather(*edits, return_exceptions=True)  # a late progress edit must not land after the GIF
        if file is None:
            await interaction.edit_original_response(content=text)
            return
        caption = replay_caption(game, frames, t=await self.server_texts(interaction))
        await interaction.edit_original_response(content=caption, attachments=[file])
