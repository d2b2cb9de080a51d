"""The `/tne` commands and the buttons, one handler each, named as in the README's command table.

Each handler reads its options, calls the service and answers its own caller, nothing else: what follows a change
(computer seats, records, the outbox, web pages) hangs off the event the service publishes (bot/service/events.py). How
an
answer is given (once, in time, a refusal in private words, a change's stored announcement as the reply) is
bot/discord_front/interactions.py's. Every part a handler uses is
built by bot/app.py and handed to the Controller.
"""

from __future__ import annotations

import asyncio
import io
import logging
import time
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.utils import MISSING

import render
from bot.background import clocks
from bot.background.autoplay import ai_available
from bot.background.clocks import ClockKeeper
from bot.background.recording import Recorder
from bot.background.seats import ComputerSeats
from bot.discord_front import lobby_notes
from bot.discord_front import messages as M
from bot.discord_front.completion import suggestions
from bot.discord_front.cooldown import Cooldown
from bot.discord_front.discord_sight import viewer_of
from bot.discord_front.help_topics import help_answer
from bot.discord_front.interactions import NO_DMS, QUIET, WENT_WRONG, Interactions, guarded, made_at, private
from bot.discord_front.lobby_messages import LobbyMessages
from bot.discord_front.outbox_courier import TOKEN_LIFE
from bot.discord_front.outbox_herald import OPEN_BOARD
from bot.discord_front.pictures import Painter, ReplaysBusy
from bot.discord_front.views import Press, decision_view, games_view, hand_view, history_view, lobby_view, table_view
from bot.language import clock_texts, refusals, seat_names
from bot.language import text as T
from bot.language.locales import ENGLISH, N_, Texts
from bot.language.server_languages import language_set_text
from bot.records.export import StoredGame, record_text
from bot.records.reviews import Reviewed, Reviews
from bot.records.service import Records
from bot.service.game_service import GameError, GameService, Table
from bot.service.hints import Hints
from bot.service.table import Awaited
from bot.service.visibility import NO_SUCH_GAME, Viewer
from bot.storage.rows import LIVE, GameStatus
from bot.web.auth import Links, Person
from render.review import ReviewPictures

log = logging.getLogger(__name__)

CANNOT_VIEW = N_("You can no longer view this channel, so you cannot play or change its game.")
CANNOT_SEND = N_("You cannot send messages in this channel, so you cannot play or change its game.")


class Controller:
    """The bot's behaviour behind the `/tne` commands and the buttons.

    It also shows the background parts it works with (seats, clocks, the finisher, records) to whoever holds it:
    tests and benchmarks step them through `bot.controller`."""

    def __init__(self, service: GameService, interactions: Interactions, *, painter: Painter, seats: ComputerSeats,
                 clocks: ClockKeeper, recorder: Recorder, records: Records, boards: Cooldown | None = None,
                 links: Links | None = None, activity: bool = False, hints: Hints, reviews: Reviews,
                 lobby_messages: LobbyMessages | None = None) -> None:
        self.service = service
        self.interactions = interactions
        self.first_answers = interactions.first_answers
        self.painter = painter
        self.seats = seats
        self.clocks = clocks
        self.recorder = recorder
        self.finisher = recorder.finisher
        self.records = records
        self.boards = boards or Cooldown()
        self.activity = activity  # the operator set DISCORD_CLIENT_SECRET: boards carry "Play on the board"
        self.replay_edit_every = 2.0  # seconds between two progress edits of a replay's message
        self.links = links  # the web board's addresses; None: the web board is off
        # Hints and reviews think in the analysis lane, never in the computer players' workers (bot/app.py).
        self.hints = hints
        self.reviews = reviews
        self.review_edit_every = 2.0  # seconds between two progress edits of a review's message
        self.lobby_messages = lobby_messages  # lobby messages with live buttons, closed with their lobby

    # --- lobby -----------------------------------------------------------------------------------------------

    @guarded()
    async def new(self, interaction: discord.Interaction, seats: int, board: str, scores: str,
                  clock: str = clocks.DEFAULT_CLOCK, on_timeout: str = clocks.STANDIN, hints: str = "off") -> None:
        self.may_act(interaction)
        table = await self.service.new_game(
            guild_id=interaction.guild_id, channel_id=interaction.channel_id, user_id=interaction.user.id,
            name=interaction.user.display_name, seats=seats, board=board, scores=scores, clock=clock,
            on_timeout=on_timeout, hints=hints)
        t = await self.server_texts(interaction)
        answer = await interaction.response.send_message(M.lobby_text(table, t=t), view=lobby_view(table, t=t),
                                                         allowed_mentions=QUIET)
        await self._keep_lobby(interaction, table, answer)

    @guarded()
    async def join(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        self.may_act(interaction)
        gid = game_id if game_id is not None else (await self.table_here(interaction)).id
        table = await self.service.join(gid, interaction.user.id, interaction.user.display_name)
        await self._lobby_update(interaction, table, lambda t: lobby_notes.joins(interaction.user.display_name, t=t),
                                 edit=game_id is not None)

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
            T.fit(f"{lobby_notes.computer_seated(level, t=t)}\n\n{M.lobby_text(table, t=t)}"), allowed_mentions=QUIET)

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
                await interaction.response.edit_message(content=M.lobby_text(started.table, t=t), view=None)
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
            await interaction.response.edit_message(content=M.lobby_text(table, t=t), view=None)
        finally:
            await self._close_lobby(game_id)  # the lobby's other messages

    # --- play ------------------------------------------------------------------------------------------------

    @guarded(change=True)
    async def move(self, interaction: discord.Interaction, action: str) -> None:
        self.may_act(interaction)
        table = await self.table_here(interaction)
        origin = self.interactions.origin(interaction)
        played = await self.service.play(table.id, action, user_id=interaction.user.id, origin=origin)
        await self.interactions.deliver(interaction, origin, played)
        secret = M.swapped_privately(played.move, t=self.interactions.texts_for(interaction))
        if secret is not None:  # the channel sees how many; only the swapper is told which
            await private(interaction, secret)

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
        mine = self.interactions.texts_for(interaction)  # named in the asker's words, values canonical
        return [app_commands.Choice(name=name, value=value)
                for name, value in suggestions(game.legal_moves(), current, t=mine)]

    @guarded()
    async def hand(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        table = await (self.service.current(game_id) if game_id is not None
                       else self.table_here(interaction, stored=True))
        if table.game is None:
            raise GameError(N_("The game has not started yet."))
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise GameError(N_("You are not playing in this game, so you have no hand."))
        await interaction.response.send_message(M.hand_text(table, seat, t=self.interactions.texts_for(interaction)),
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
        await private(interaction, M.hint_text(answer.move, answer.reason, answer.used, reason_words=answer.words,
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
            table = await self.service.channel_table(interaction.channel_id, finished=True)
            public = self.links.spectator(table.id, table.row.channel_id)
        except GameError:
            pass  # no game here yet: the personal link alone
        await private(interaction, M.web_link(self.links.personal(person), public,
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
        await private(interaction, M.status_text(table, self.service.now(), t=self.interactions.texts_for(interaction)))

    @guarded()
    async def log(self, interaction: discord.Interaction) -> None:
        table = await self.table_here(interaction, finished=True, stored=True)
        await private(interaction, M.log_text(table, t=self.interactions.texts_for(interaction)))

    @guarded(change=True)
    async def undo(self, interaction: discord.Interaction) -> None:
        self.may_act(interaction)
        table = await self.table_here(interaction)
        origin = self.interactions.origin(interaction)
        undone, _ = await self.service.undo(table.id, interaction.user.id, origin=origin)
        await self.interactions.deliver(interaction, origin, undone)

    @guarded(change=True)
    async def resign(self, interaction: discord.Interaction) -> None:
        self.may_act(interaction)
        table = await self.table_here(interaction)
        origin = self.interactions.origin(interaction)
        resigned = await self.service.resign(table.id, interaction.user.id, origin=origin)
        await self.interactions.deliver(interaction, origin, resigned)

    async def abandon(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        """`/tne abandon`: this channel's game, or with `game:<n>` that game of the server from any channel."""
        if game_id is None:
            await self._abandon_here(interaction)
        else:
            await self._abandon_by_number(interaction, game_id)

    @guarded(change=True)
    async def _abandon_here(self, interaction: discord.Interaction) -> None:
        self.may_act(interaction)
        table = await self.table_here(interaction)
        perms = interaction.permissions
        origin = self.interactions.origin(interaction)
        ended = await self.service.abandon(table.id, interaction.user.id,
                                           can_manage=bool(perms and perms.manage_channels), origin=origin)
        try:
            await self.interactions.deliver(interaction, origin, ended)
        finally:
            await self._close_lobby(table.id)  # an abandoned lobby's buttons

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

    # --- play over days --------------------------------------------------------------------------------------

    @guarded()
    async def clock(self, interaction: discord.Interaction, clock: str) -> None:
        """`/tne settings clock` (what `/tne settings` was)."""
        self.may_act(interaction)
        table = await self.table_here(interaction)
        table = await self.service.set_clock_choice(table.id, interaction.user.id, clock)
        t = await self.server_texts(interaction)
        await interaction.response.send_message(M.clock_changed(table, clock, t=t), allowed_mentions=QUIET)

    @guarded()
    async def language(self, interaction: discord.Interaction, choice: str) -> None:
        """`/tne settings language`: the server's language for its public posts (Manage Server), said in it."""
        perms = interaction.permissions
        t = await self.service.languages.choose(interaction.guild_id, choice,
                                                can_manage=bool(perms and perms.manage_guild))
        await interaction.response.send_message(language_set_text(choice, t), allowed_mentions=QUIET)

    async def server_texts(self, interaction: discord.Interaction) -> Texts:
        """The server's language, for what the channel reads (its admins' choice, else Discord's guess)."""
        return await self.service.languages.texts(interaction.guild_id)

    async def saw(self, interaction: discord.Interaction) -> None:
        """Keep Discord's guess at the server's language (its `guild_locale`) for posts no interaction causes."""
        locale = interaction.guild_locale
        await self.service.languages.saw(interaction.guild_id, locale.value if locale is not None else None)

    @guarded()
    async def notify(self, interaction: discord.Interaction, mode: str) -> None:
        await self.service.set_notify(interaction.user.id, mode)
        await private(interaction, self.interactions.texts_for(interaction).gettext(M.NOTIFY_TEXT[mode]))

    async def away(self, interaction: discord.Interaction) -> None:
        await self._set_away(interaction, True)

    async def back(self, interaction: discord.Interaction) -> None:
        await self._set_away(interaction, False)

    @guarded()
    async def _set_away(self, interaction: discord.Interaction, away: bool) -> None:
        self.may_act(interaction)
        table = await self.table_here(interaction)
        origin = self.interactions.origin(interaction)
        changed = await self.service.set_away(table.id, interaction.user.id, away, origin=origin)
        await self.interactions.deliver(interaction, origin, changed)

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
        tables = await self.service.server_tables(interaction.guild_id, viewer_of(interaction))
        now = self.service.now()
        t = self.interactions.texts_for(interaction)
        return (M.turns_pages(tables, interaction.user.id, now, t=t) if mine
                else M.games_pages(tables, now, t=t))

    async def help(self, interaction: discord.Interaction, topic: str = "commands") -> None:
        """`/tne help [topic]`: the commands by default, the rules in brief (what `/tne rules` was), and more."""
        await private(interaction, help_answer(self.interactions.texts_for(interaction), topic))

    # --- records (bot/records: the finisher records each finished game; these commands read the records) -----

    @guarded()
    async def history(self, interaction: discord.Interaction) -> None:
        page = await self.records.history(interaction.guild_id, viewer=viewer_of(interaction))
        await interaction.response.send_message(M.history_text(page, t=self.interactions.texts_for(interaction)),
                                                view=history_view(page) or MISSING,
                                                ephemeral=True, allowed_mentions=QUIET)

    @guarded()
    async def profile(self, interaction: discord.Interaction, user: discord.abc.User | None) -> None:
        who = user or interaction.user
        view = await self.records.profile(interaction.guild_id, who.id, viewer_of(interaction))
        # Private: its chart shows games of channels that others here may not see.
        await interaction.response.send_message(M.profile_text(view, who.display_name,
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
        board = await self.records.leaderboard(interaction.guild_id, interaction.user.id)
        t = await self.server_texts(interaction)  # the leaderboard is posted in the channel
        await interaction.response.send_message(M.leaderboard_text(board, t=t), allowed_mentions=QUIET)

    @guarded()
    async def replay(self, interaction: discord.Interaction, game_id: int | None) -> None:
        viewer = viewer_of(interaction)
        game = await self.records.game(interaction.guild_id, interaction.channel_id, game_id, finished=True,
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
        await interaction.response.send_message(M.replay_progress(game.id, waiting=waiting, t=t), ephemeral=hidden,
                                                allowed_mentions=QUIET)
        await self._draw_replay(interaction, game, t=t)

    @guarded()
    async def export(self, interaction: discord.Interaction, game_id: int | None) -> None:
        game = await self.records.game(interaction.guild_id, interaction.channel_id, game_id, finished=False,
                                       viewer=viewer_of(interaction))
        await interaction.response.defer(ephemeral=True, thinking=True)
        data = await self.painter.workers.run(record_text, game)  # replays every move: not on the loop
        file = discord.File(io.BytesIO(data.encode()), filename=f"game-{game.id}.tne.json")
        await interaction.followup.send(M.export_caption(game, t=self.interactions.texts_for(interaction)), file=file,
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
            await interaction.edit_original_response(content=M.review_progress(game.id, t=t))
        else:
            await interaction.response.send_message(M.review_progress(game.id, t=t), ephemeral=hidden,
                                                    allowed_mentions=QUIET)
        edits: list[asyncio.Task] = []
        last = [time.monotonic()]

        def progress(done: int, total: int) -> None:
            now = time.monotonic()
            if done >= total or now - last[0] < self.review_edit_every or (edits and not edits[-1].done()):
                return  # the end is followed at once by the review; one edit in flight at a time
            last[0] = now
            edits.append(asyncio.create_task(interaction.edit_original_response(
                content=M.review_progress(game.id, done, total, t=t))))

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
        summary = M.review_summary(game_id, review, names, seat=seat, t=t)
        await self._review_say(interaction, summary, chart, hidden, edit=True)
        if seat is not None:
            own = self.interactions.texts_for(interaction)
            pages = M.review_own(reviewed.review_in(own), seat, t=own)
            for n, page in enumerate(pages):
                await self._review_say(interaction, page, files(seat) if n == 0 else [], hidden)
            return
        for player in review.players:
            if player.costliest:
                await self._review_say(interaction, M.review_costliest(review, player.seat, names, t=t),
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

    # --- buttons ---------------------------------------------------------------------------------------------

    async def on_button(self, interaction: discord.Interaction, press: Press) -> None:
        """Every persistent button lands here, before or after a restart."""
        await self.saw(interaction)
        try:
            if not await self._in_place(interaction, press):
                return
            by_game = {"join": self.join, "leave": self.leave, "start": self.start, "cancel": self.cancel,
                       "hand": self.hand}
            by_press = {"decide": self._open_decision, "play": self._play_button, "activity": self._launch_activity}
            if press.action in by_game:
                await by_game[press.action](interaction, press.game_id)
            elif press.action in by_press:
                await by_press[press.action](interaction, press)
            else:
                await private(interaction, self.interactions.texts_for(interaction).gettext(
                    N_("That button is no longer in use.")))
        except Exception:
            log.exception("Button %s failed", press.action)
            if not interaction.response.is_done():
                await private(interaction, self.interactions.texts_for(interaction).gettext(WENT_WRONG))

    async def _launch_activity(self, interaction: discord.Interaction, press: Press) -> None:
        """"Play on the board": Discord opens the Activity in this channel, where the channel picks the game."""
        if not self.activity:
            await private(interaction, self.interactions.texts_for(interaction).gettext(
                "The web board is not turned on for this bot."))
            return
        await interaction.response.launch_activity()

    async def on_history_page(self, interaction: discord.Interaction, anchor: int, page: int) -> None:
        """A history page button, before or after a restart: the message shows that page."""
        if interaction.guild_id is None:
            await private(interaction, self.interactions.texts_for(interaction).gettext(NO_DMS))
            return
        await self._history_page(interaction, anchor, page)

    @guarded()
    async def _history_page(self, interaction: discord.Interaction, anchor: int, page: int) -> None:
        shown = await self.records.history(interaction.guild_id, page, anchor, viewer=viewer_of(interaction))
        t = self.interactions.texts_for(interaction)
        await interaction.response.edit_message(content=M.history_text(shown, t=t), view=history_view(shown))

    async def _in_place(self, interaction: discord.Interaction, press: Press) -> bool:
        """A press counts only in its game's own server and channel; anywhere else it is refused privately.

        Custom ids are plain text that anyone can craft, so the id alone never proves where a button was."""
        if interaction.guild_id is None:
            await private(interaction, self.interactions.texts_for(interaction).gettext(NO_DMS))
            return False
        try:
            table = await self.service.load(press.game_id)
        except GameError as exc:
            await private(interaction, refusals.said(exc, self.interactions.texts_for(interaction)))
            return False
        if table.row.channel_id != interaction.channel_id or table.row.guild_id != interaction.guild_id:
            log.info("Refused a press for game %s from channel %s", press.game_id, interaction.channel_id)
            await private(interaction, self.interactions.texts_for(interaction).gettext(
                N_("That button belongs to a game in another channel; it does nothing here.")))
            return False
        return True

    @guarded()
    async def _open_decision(self, interaction: discord.Interaction, press: Press) -> None:
        self.may_act(interaction)
        table = await self.service.load(press.game_id)
        game = table.game
        if table.row.status != GameStatus.ACTIVE or game is None or game.over:
            raise GameError(N_("This game is over."))
        if press.rev != table.row.rev or not game.pending:
            raise GameError(N_("That decision has already been made; look at the newest message."))
        seat = game.to_move
        if table.seat_of(interaction.user.id) != seat:
            raise GameError(N_("This choice is not yours: {decision}."), decision=Awaited(table))
        t = self.interactions.texts_for(interaction)
        await interaction.response.send_message(M.decision_text(table, seat, t=t), view=decision_view(table),
                                                ephemeral=True)

    @guarded()
    async def _play_button(self, interaction: discord.Interaction, press: Press) -> None:
        self.may_act(interaction)
        # The press answers by closing its private panel; the outbox posts the move's account in the channel.
        origin = self.interactions.origin(interaction, reply=False)
        played = await self.service.play(press.game_id, press.move, user_id=interaction.user.id, rev=press.rev,
                                         origin=origin)
        await interaction.response.edit_message(content=self.interactions.texts_for(interaction).gettext(
            "You played `{move}`.").format(move=played.move), view=None)

    # --- shared steps ----------------------------------------------------------------------------------------

    async def table_here(self, interaction: discord.Interaction, *, finished: bool = False,
                         stored: bool = False) -> Table:
        """This channel's game; `finished` lets read-only commands show the last ended game too. `stored`: as the
        database has it now, for what only looks (another process may have moved since memory saw the game)."""
        table = await self.service.channel_table(interaction.channel_id, finished=finished)
        return await self.service.current(table.id) if stored and table.row.status in LIVE else table

    async def _lobby_update(self, interaction: discord.Interaction, table: Table, note: Callable[[Texts], str], *,
                            edit: bool) -> None:
        """`note` says who joined or left, in the server's language."""
        t = await self.server_texts(interaction)
        text = T.fit(f"{note(t)}\n\n{M.lobby_text(table, t=t)}")
        view = lobby_view(table, t=t) if table.row.status == GameStatus.LOBBY else None
        if edit:
            await interaction.response.edit_message(content=M.lobby_text(table, t=t), view=view)
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

    @staticmethod
    def may_act(interaction: discord.Interaction) -> None:
        """A GameError in words for someone who may no longer take part in this channel: Discord's own word on them
        here (`interaction.permissions`), View Channel and Send Messages (in a thread, Send Messages in Threads).
        A command that changes a game asks it first: a command can reach the bot from a channel its sender lost."""
        perms = interaction.permissions
        if not perms.view_channel:
            raise GameError(CANNOT_VIEW)
        threaded = isinstance(interaction.channel, discord.Thread)
        if not (perms.send_messages_in_threads if threaded else perms.send_messages):
            raise GameError(CANNOT_SEND)

    async def _public_board(self, interaction: discord.Interaction, table: Table) -> None:
        """Answer with a public message that reports no change (a board asked for): text at once, then the
        board picture once drawn."""
        snapshot = table.frozen()  # the table may move on while the picture is drawn
        t = await self.server_texts(interaction)
        post = M.board_caption(table, t=t)
        view = with_link(table_view(table, activity=self.activity, t=t), self.board_link(table, t=t))
        await interaction.response.send_message(T.fit(post.text), view=view or MISSING,
                                                allowed_mentions=T.mentions(post.pings))

        async def draw() -> discord.File | None:
            return await self._picture(snapshot) if snapshot.game is not None else None
        await self.interactions.attach_later(interaction, draw)

    async def _private_board(self, interaction: discord.Interaction, table: Table) -> None:
        """A board asked for again soon after one was posted here: shown only to the asker, not the channel."""
        t = self.interactions.texts_for(interaction)
        caption = M.board_caption(table, t=t).text
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

    async def _draw_replay(self, interaction: discord.Interaction, game: Any, *, t: Texts = ENGLISH) -> None:
        """Draw in the replay worker, showing progress by editing the message, then attach the GIF."""
        edits: list[asyncio.Task] = []
        last = [time.monotonic()]

        def progress(done: int, total: int) -> None:
            now = time.monotonic()
            if done >= total or now - last[0] < self.replay_edit_every or (edits and not edits[-1].done()):
                return  # the last frame is followed at once by the GIF; one edit in flight at a time
            last[0] = now
            edits.append(asyncio.create_task(interaction.edit_original_response(
                content=M.replay_progress(game.id, done, total, t=t))))

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
        caption = M.replay_caption(game, frames, t=await self.server_texts(interaction))
        await interaction.edit_original_response(content=caption, attachments=[file])

    # --- the background parts ---------------------------------------------------------------------------------

    def kick(self, game_id: int) -> None:
        """Make sure the game's computer seats play while one of them is to move (tests and benchmarks that change
        a game behind the service's back; every change through it is followed by the seats)."""
        self.seats.kick(game_id)

    async def idle(self) -> None:
        """Wait until no computer seat is thinking, no finished game is being recorded and nothing is being
        delivered (tests and shutdown)."""
        await self.seats.idle()
        await self.recorder.idle()
        if self.interactions.outbox is not None:
            await self.interactions.outbox.idle()


def with_link(view: discord.ui.View | None, link: discord.ui.View | None) -> discord.ui.View | None:
    """The board's buttons with the web board's link button after them (either may be None)."""
    if link is None:
        return view
    if view is None:
        return link
    for item in link.children:
        view.add_item(item)
    return view
