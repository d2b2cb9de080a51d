"""Board, hand and final pictures, drawn off the event loop. Public pictures come from the spectator view only.

Drawing is CPU work that holds the GIL for much of its time, so with a burst of games a thread pool slows the
event loop (and so every first response). A process pool keeps the loop free; threads remain for tests and
one-core machines (TNE_RENDER_PROCESSES=0). A dead drawing process is replaced (bot/background/workers.py).

Each picture is drawn in a language, passed to the worker as its code ('de'): the worker reads the catalogs itself
(bot/language/picture_words.py), since a language's texts do not pickle. Public pictures speak the server's language,
private ones the asker's.
"""

from __future__ import annotations

import asyncio
import io
import itertools
import logging
import multiprocessing
import queue
from collections.abc import Callable
from typing import Any

import discord

import render
from bot.background.workers import Workers
from bot.discord_front.announcer import picture as public_picture
from bot.language.locales import load as load_locales
from bot.language.picture_words import wording
from bot.records.export import StoredGame, turn_frames
from bot.records.profiles import Profile
from bot.service.table import Table

log = logging.getLogger(__name__)

PROGRESS_EVERY = 5  # frames between two progress reports of a replay
PROGRESS_POLL = 0.25  # seconds between two looks at the progress queue
MAX_WAITING_REPLAYS = 4  # replays queued behind the one being drawn; more are refused for now


class ReplaysBusy(Exception):
    """Too many replays are waiting to be drawn; the person is asked to try again later."""


# Module-level so a process pool can pickle them by name; `render.*` is looked up at call time.
def draw_board(view: dict[str, Any], names: list[str], clock: render.ClockLine | None = None,
               lang: str = "en") -> bytes:
    return render.render_board(view, names=names, clock=clock, words=wording(lang))


def draw_final(view: dict[str, Any], standings: list[dict[str, Any]], names: list[str], lang: str = "en") -> bytes:
    return render.render_final(view, standings, names=names, words=wording(lang))


def draw_hand(view: dict[str, Any], seat: int, name: str, lang: str = "en") -> bytes:
    return render.render_hand(view, seat, name=name, words=wording(lang))


def draw_profile(profile: dict[str, Any], name: str, lang: str = "en") -> bytes:
    return render.render_profile(profile, name, words=wording(lang))


def draw_replay(game: StoredGame, names: list[str], max_bytes: int, progress: Any, job: int,
                lang: str = "en") -> tuple[bytes, int]:
    """(GIF, frames) of a stored game; `progress.put((job, done, total))` every few frames (a queue of the bot's)."""
    views, standings = turn_frames(game)

    def report(done: int, total: int) -> None:
        if done == total or done % PROGRESS_EVERY == 0:
            progress.put((job, done, total))

    return (render.render_replay(views, names, standings=standings, max_bytes=max_bytes, progress=report,
                                 words=wording(lang)), len(views))


class Painter:
    """Draws pictures in worker processes (or threads when `processes` is 0)."""

    def __init__(self, processes: int = 0) -> None:
        self.workers = Workers(processes, name="picture")
        # Replays take seconds: they get a worker of their own and are drawn one at a time, so a replay never
        # makes another game's board wait.
        self.replays = Workers(1 if processes > 0 else 0, name="replay")
        self._replay_turn = asyncio.Lock()
        self._waiting = 0
        self._jobs = itertools.count(1)
        self._manager: Any = None
        self._progress: Any = None

    async def start(self) -> None:
        """Start the worker processes now rather than on the first move."""
        await self.workers.start()

    def close(self) -> None:
        self.workers.close()
        self.replays.close()
        if self._manager is not None:
            self._manager.shutdown()
            self._manager = None

    async def board(self, table: Table, clock: render.ClockLine | None = None, lang: str = "en") -> discord.File:
        """The public board (or the final picture once the game is over) as an attachment; `clock`: the turn
        clock's line for the panel; `lang`: the server's language."""
        # Taken on the loop: the table may move on while the picture is drawn. The same public picture as the
        # outbox's: never the full position (hands, hidden points, a swap's colours), the final one once ended.
        picture = public_picture(table, t=load_locales().for_tag(lang))
        if picture is None:
            raise ValueError("a game that has not started has no board")
        if picture["kind"] == "final":
            png = await self.workers.run(draw_final, picture["view"], picture["standings"], picture["names"], lang)
        else:
            png = await self.workers.run(draw_board, picture["view"], picture["names"], clock, lang)
        return discord.File(io.BytesIO(png), filename=f"tne-{table.id}-{len(table.moves)}.png")

    async def public(self, picture: dict[str, Any], lang: str | None = None) -> discord.File:
        """A stored public picture (bot/discord_front/announcer.py `picture`): the board, or the final picture; in
        `lang`, else
        the language the picture was stored with (its "lang"), else English."""
        lang = lang or picture.get("lang") or "en"
        if picture["kind"] == "final":
            png = await self.workers.run(draw_final, picture["view"], picture["standings"], picture["names"], lang)
        else:
            clock = picture.get("clock")
            line = render.ClockLine(clock.get("text"), frozenset(clock.get("standins") or ())) if clock else None
            png = await self.workers.run(draw_board, picture["view"], picture["names"], line, lang)
        return discord.File(io.BytesIO(png), filename=f"tne-{picture['game_id']}-{picture['n']}.png")

    async def hand(self, table: Table, seat: int, lang: str = "en") -> discord.File:
        """A seat's private hand picture, in `lang` (the asker's); only ever sent in an ephemeral message."""
        if table.game is None:
            raise ValueError(f"game {table.id} has no hands yet")
        png = await self.workers.run(draw_hand, table.game.view(seat), seat, table.names()[seat], lang)
        return discord.File(io.BytesIO(png), filename="hand.png")

    async def profile(self, profile: Profile, name: str, lang: str = "en") -> discord.File:
        """A person's profile picture (totals, and points by source over their last games), in `lang`."""
        png = await self.workers.run(draw_profile, profile.picture(), name, lang)
        return discord.File(io.BytesIO(png), filename="profile.png")

    def replays_full(self) -> bool:
        """Whether the replay queue is full (a new replay would be refused)."""
        return self._waiting >= MAX_WAITING_REPLAYS

    def replay_waiting(self) -> bool:
        """Whether a replay is being drawn now (a new one would wait its turn)."""
        return self._replay_turn.locked()

    async def replay(self, game: StoredGame, names: list[str], max_bytes: int,
                     progress: Callable[[int, int], Any] | None = None, lang: str = "en") -> tuple[discord.File, int]:
        """The animated replay (at most `max_bytes`) and its frame count, in `lang`; `progress(done, total)` is called
        on the event loop as frames are drawn. ReplaysBusy when too many are waiting; ValueError when none fits."""
        if self._waiting >= MAX_WAITING_REPLAYS:
            raise ReplaysBusy
        self._waiting += 1
        try:
            await self._replay_turn.acquire()
        finally:
            self._waiting -= 1
        try:
            return await self._draw_replay(game, names, max_bytes, progress, lang)
        finally:
            self._replay_turn.release()

    async def _draw_replay(self, game: StoredGame, names: list[str], max_bytes: int,
                           progress: Callable[[int, int], Any] | None, lang: str = "en") -> tuple[discord.File, int]:
        reports = await self._progress_queue()
        job = next(self._jobs)
        task = asyncio.ensure_future(self.replays.run(draw_replay, game, names, max_bytes, reports, job, lang))
        while not task.done():
            await asyncio.wait({task}, timeout=PROGRESS_POLL)
            latest = await asyncio.to_thread(_latest, reports, job)
            if latest is not None and progress is not None and not task.done():
                progress(*latest)
        gif, frames = task.result()
        return discord.File(io.BytesIO(gif), filename=f"tne-{game.id}-replay.gif"), frames

    async def _progress_queue(self) -> Any:
        """Where the replay worker reports progress: a plain queue for threads, a managed one across processes."""
        if self._progress is None:
            if self.replays.processes == 0:
                self._progress = queue.Queue()
            else:
                self._manager = await asyncio.to_thread(multiprocessing.get_context("forkserver").Manager)
                self._progress = self._manager.Queue()
        return self._progress


def _latest(reports: Any, job: int) -> tuple[int, int] | None:
    """The newest (done, total) this job reported since the last look; older jobs' leftovers are dropped."""
    latest = None
    while True:
        try:
            tag, done, total = reports.get_nowait()
        except queue.Empty:
            return latest
        if tag == job:
            latest = (done, total)
