"""Computer seats: one task per game plays them while one is to move, and heals from any failure.

Discord-free: a move is thought in a worker (`Workers`), played through the `GameService` pinned to the
revision it was thought at (so a person's undo or resignation always wins), and handed to a `publish` callback
that the front end provides (the Discord controller posts it; a terminal could print it). Whatever fails on the
way (a locked database, a dropped connection, a dead worker process, any exception) is logged and retried with
backoff; a periodic sweep restarts play in every game whose computer seat is to move and has no task, so a
game never waits forever on a computer.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import random
import zlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.autoplay import pick_move
from bot.clocks import STANDIN_LEVEL, stand_in_plays
from bot.service import GameError, GameService, Played, Table
from bot.storage.rows import GameStatus
from bot.workers import Workers
from engine.analysis import announced_points

log = logging.getLogger(__name__)

Publish = Callable[[Played], Awaitable[None]]


class PostRefused(Exception):
    """Raised by a publish callback when posting can never succeed (no access to the channel, ...): not retried."""


@dataclass(frozen=True)
class Backoff:
    """Waits between retries: doubling from `first` up to `most` seconds, each with jitter so that games that
    failed together (one locked database) do not all retry at the same instant."""

    first: float = 1.0
    most: float = 60.0

    def delay(self, failures: int) -> float:
        base = min(self.most, self.first * 2 ** max(0, failures - 1))
        return base * random.uniform(0.5, 1.0)


@dataclass(frozen=True)
class Turn:
    """What a computer seat must answer: the moment (revision) it was asked, its own view and legal moves."""

    game_id: int
    seat: int
    level: str
    rev: int
    view: dict
    legal: list[str]
    announced: list[dict[str, int]] | None = None  # every seat's points by the public events so far


def computer_turn(table: Table) -> Turn | None:
    """The computer seat's turn (or the stand-in's, for a person), or None when the game is not running or a
    person is to act."""
    game = table.game
    if table.row.status != GameStatus.ACTIVE or game is None or game.over:
        return None
    seat = game.to_move
    player = table.player(seat)
    if player.is_bot:
        level = player.level or ""
    elif stand_in_plays(table.row.clock, player):
        level = STANDIN_LEVEL  # the person's clock ran out, or they are away: the stand-in plays their seat
    else:
        return None
    announced = announced_points((e for m in table.moves for e in m.events), game.players)
    return Turn(table.id, seat, level, table.row.rev, game.view(seat), game.legal_moves(), announced)


class ComputerSeats:
    """Plays every game's computer seats (computer players and resigned people, who play passively)."""

    def __init__(self, service: GameService, publish: Publish, *, workers: Workers | None = None,
                 delay: float = 1.5, budget: float | None = None, backoff: Backoff | None = None,
                 sweep_every: float = 30.0, post_attempts: int = 6, think_timeout: float = 300.0,
                 post_timeout: float = 120.0) -> None:
        self.service = service
        self.publish = publish
        self.workers = workers or Workers(0, name="computer")
        self.delay = delay  # lets people follow the computer's moves
        self.budget = budget
        self.backoff = backoff or Backoff()
        self.sweep_every = sweep_every
        self.post_attempts = post_attempts
        self.think_timeout = think_timeout
        self.post_timeout = post_timeout
        self._tasks: dict[int, asyncio.Task] = {}
        self._again: set[int] = set()  # games kicked while their task was finishing: it looks once more
        self._sweeper: asyncio.Task | None = None

    # --- starting play ---------------------------------------------------------------------------------------

    def kick(self, game_id: int) -> None:
        """Make sure a task plays this game's computer seats while one of them is to move."""
        self._again.add(game_id)
        task = self._tasks.get(game_id)
        if task is None or task.done():
            task = asyncio.create_task(self._play(game_id), name=f"tne-computer-{game_id}")
            self._tasks[game_id] = task
            task.add_done_callback(lambda t, gid=game_id: self._finished(gid, t))

    def _finished(self, game_id: int, task: asyncio.Task) -> None:
        if self._tasks.get(game_id) is task:
            del self._tasks[game_id]

    def playing(self) -> set[int]:
        """Games whose computer seats have a task now."""
        return {gid for gid, task in self._tasks.items() if not task.done()}

    async def sweep(self) -> list[int]:
        """Start play in every running game whose computer seat is to move and has no task; the games started."""
        started = []
        for table in await self.service.active_tables():
            if table.id not in self.playing() and computer_turn(table) is not None:
                log.info("Computer seat of game %s was to move with nobody playing it: starting it", table.id)
                self.kick(table.id)
                started.append(table.id)
        return started

    async def start(self) -> None:
        """At start-up: play every computer seat that is to move, then sweep every `sweep_every` seconds."""
        try:
            await self.sweep()
        except Exception:
            log.exception("Could not look for waiting computer seats at start; the sweep will try again")
        if self._sweeper is None or self._sweeper.done():
            self._sweeper = asyncio.create_task(self._sweeping(), name="tne-computer-sweep")

    async def _sweeping(self) -> None:
        while True:
            await asyncio.sleep(self.sweep_every)
            try:
                await self.sweep()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("The sweep for waiting computer seats failed; next try in %.0f s", self.sweep_every)

    async def idle(self) -> None:
        """Wait until no computer seat is playing (tests and shutdown)."""
        while True:
            pending = [t for t in self._tasks.values() if not t.done()]
            if not pending:
                return
            await asyncio.gather(*pending, return_exceptions=True)

    async def stop(self) -> None:
        tasks = [*self._tasks.values(), *([self._sweeper] if self._sweeper else [])]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks.clear()
        self._again.clear()
        self._sweeper = None

    # --- playing ---------------------------------------------------------------------------------------------

    async def _play(self, game_id: int) -> None:
        failures = 0
        while True:
            self._again.discard(game_id)
            try:
                turn = await self._turn(game_id)
                if turn is None:
                    if game_id in self._again:
                        continue  # kicked while we looked: look again rather than leave a move unplayed
                    return
                if self.delay:
                    await asyncio.sleep(self.delay)
                move = await self._think(turn)
                try:
                    played = await self.service.play(game_id, move, seat=turn.seat, rev=turn.rev)
                except GameError as exc:
                    # Someone undid, resigned or moved meanwhile: never play at a stale moment; look again.
                    log.info("Computer move %r in game %s not played: %s", move, game_id, exc)
                    failures += 1
                    await asyncio.sleep(self.backoff.delay(failures) if failures > 1 else 0)
                    continue
                failures = 0
                await self._post(played)
            except asyncio.CancelledError:
                raise
            except Exception:
                failures += 1
                wait = self.backoff.delay(failures)
                log.exception("Computer seat of game %s failed (%d in a row); trying again in %.1f s",
                              game_id, failures, wait)
                await asyncio.sleep(wait)

    async def _turn(self, game_id: int) -> Turn | None:
        try:
            table = await self.service.load(game_id)
        except GameError:
            return None  # the game is gone
        return computer_turn(table)

    async def _think(self, turn: Turn) -> str:
        seed = zlib.crc32(f"{turn.game_id}:{turn.rev}".encode())
        job = self.workers.run(functools.partial(pick_move, turn.view, turn.seat, turn.level, turn.legal, seed=seed,
                                                 budget=self.budget, announced=turn.announced))
        return await asyncio.wait_for(job, self.think_timeout)

    async def _post(self, played: Played) -> None:
        """Hand the played move to the front end, retrying failures with backoff; the move itself is stored."""
        for attempt in range(1, self.post_attempts + 1):
            try:
                await asyncio.wait_for(self.publish(played), self.post_timeout)
                return
            except asyncio.CancelledError:
                raise
            except PostRefused:
                log.warning("Move %d of game %s cannot be announced", played.n + 1, played.table.id, exc_info=True)
                return
            except Exception:
                if attempt == self.post_attempts:
                    log.exception("Gave up announcing move %d of game %s after %d tries", played.n + 1,
                                  played.table.id, attempt)
                    return
                wait = self.backoff.delay(attempt)
                log.warning("Announcing move %d of game %s failed (try %d); again in %.1f s", played.n + 1,
                            played.table.id, attempt, wait, exc_info=True)
                await asyncio.sleep(wait)
