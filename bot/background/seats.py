"""Computer seats: one task per game plays them while one is to move, and heals from any failure.

Discord-free: a move is thought in a worker (`Workers`) and played through the `GameService` pinned to the
revision it was thought at (so a person's undo or resignation always wins); the service publishes it like any
other change (bot/service/events.py), and a `publish` callback, when given, is handed it too. Whatever fails on the way
(a locked database, a dropped connection, a dead worker process, any exception) is logged and retried with backoff.

Several processes may share one database: a game's computer seats are played by the one process holding its
`seats` lease (bot/background/leases.py), so a turn is thought once. The process that made a change starts play at once
(`follow`, told of every change by the service); a sweep every few seconds asks the database which running games
wait for a computer (bot/storage/seats.py) and takes those nobody plays, also those of a process that died (its
lease lapsed).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import random
import zlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from bot.background.autoplay import pick_move
from bot.background.clocks import STANDIN_LEVEL, TIMED_OUT, stand_in_plays
from bot.background.leases import LeaseKeeper
from bot.background.workers import Workers
from bot.service.events import ClockEvent, Event
from bot.service.game_service import GameService
from bot.service.limits import present
from bot.service.table import GameError, Played, Table
from bot.storage.leases import SEATS, Leases
from bot.storage.rows import GameStatus
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
        base = min(self.most, self.first * 2.0 ** max(0, failures - 1))
        return base * random.uniform(0.5, 1.0)


@dataclass(frozen=True)
class Turn:
    """What a computer seat must answer: the moment (revision) it was asked, its own view and legal moves."""

    game_id: int
    seat: int
    level: str
    rev: int
    view: dict[str, Any]
    legal: list[str]
    announced: list[dict[str, int]] | None = None  # every seat's points by the public events so far
    guild_id: int | None = None  # the server, whose place in the computer players' fair queue the turn waits in


def computer_turn(table: Table) -> Turn | None:
    """The computer seat's turn (or the stand-in's, for a person), or None when the game is not running, a person
    is to act, or every person is away (the game waits for one to come back)."""
    game = table.game
    if table.row.status != GameStatus.ACTIVE or game is None or game.over:
        return None
    if not present(table.players):
        return None  # nobody attends: the game waits rather than play itself to the end
    seat = game.to_move
    if seat is None:
        return None
    player = table.player(seat)
    if player.is_bot:
        level = player.level or ""
    elif stand_in_plays(table.row.clock, player):
        level = STANDIN_LEVEL  # the person's clock ran out, or they are away: the stand-in plays their seat
    else:
        return None
    announced = announced_points((e for m in table.moves for e in m.events), game.players)
    return Turn(table.id, seat, level, table.row.rev, game.view(seat), [str(m) for m in game.legal_moves()], announced,
                table.row.guild_id)


class ComputerSeats:
    """Plays the computer seats (computer players, resigned people who play passively, the stand-in) of every game
    whose seats' lease this process holds."""

    def __init__(self, service: GameService, publish: Publish | None = None, *, workers: Workers | None = None,
                 delay: float = 1.5, budget: float | None = None, backoff: Backoff | None = None,
                 sweep_every: float = 5.0, post_attempts: int = 6, think_timeout: float = 300.0,
                 post_timeout: float = 120.0, keeper: LeaseKeeper | None = None,
                 serves: Callable[[int | None], bool] | None = None, orphaned_after: float = 10.0) -> None:
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
        # The process's leases (shared with the outbox, renewed together); a keeper of our own when none is given.
        self.keeper = keeper
        self._own_keeper: LeaseKeeper | None = None
        self._watched: LeaseKeeper | None = None
        # Whether this process serves a server (runs its shard). Its games' computers are played here, so that
        # the memory which answers its people is the one that moved; another process takes them only once they
        # are orphaned: their holder died, or nobody started them for `orphaned_after` seconds.
        self.serves = serves or (lambda guild_id: True)
        self.orphaned_after = orphaned_after
        self._adopted: set[int] = set()  # games of servers served elsewhere that the sweep found orphaned
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()  # games kicked while their task was finishing: it looks once more
        self._sweeper: asyncio.Task[None] | None = None

    def _leases(self) -> LeaseKeeper:
        keeper = self.keeper
        if keeper is None:
            keeper = self.keeper = self._own_keeper = LeaseKeeper(Leases(self.service.storage.db))
        if self._watched is not keeper:
            keeper.on_lost(self._lost)
            self._watched = keeper
        return keeper

    def _lost(self, key: tuple[str, int]) -> None:
        """Another process took a game's seats over (our renewal came too late): stop thinking for it."""
        kind, game_id = key
        task = self._tasks.get(game_id)
        if kind == SEATS and task is not None and not task.done():
            log.warning("Game %s's computer seats are played by another process now; stopping here", game_id)
            task.cancel()

    # --- starting play ---------------------------------------------------------------------------------------

    def follow(self, event: Event) -> None:
        """A change of a running game (by any front end, or a clock whose stand-in takes a seat): a computer seat
        that is to move now plays."""
        if not event.running or (isinstance(event, ClockEvent) and event.kind != TIMED_OUT):
            return  # a reminder hands no seat to anyone
        self.kick(event.game_id)

    def kick(self, game_id: int) -> None:
        """Make sure a task plays this game's computer seats while one of them is to move (it takes the game's
        lease first: if another process plays them, nothing more happens here)."""
        self._again.add(game_id)
        task = self._tasks.get(game_id)
        if task is None or task.done():
            task = asyncio.create_task(self._play(game_id), name=f"tne-computer-{game_id}")
            self._tasks[game_id] = task
            task.add_done_callback(functools.partial(self._finished, game_id))

    def _finished(self, game_id: int, task: asyncio.Task[None]) -> None:
        if self._tasks.get(game_id) is task:
            del self._tasks[game_id]
            self._adopted.discard(game_id)

    def playing(self) -> set[int]:
        """Games whose computer seats have a task now."""
        return {gid for gid, task in self._tasks.items() if not task.done()}

    async def sweep(self) -> list[int]:
        """Start play in every running game whose computer seat is to move, as the database says, unless it is
        played here already or by another live process; the games started."""
        keeper = self._leases()
        now = keeper.clock()
        started = []
        for waiting in await self.service.storage.seats.waiting():
            game_id = waiting.game_id
            if game_id in self.playing():
                continue
            if keeper.held_elsewhere(waiting.owner, waiting.expires):
                continue  # another process plays it and still renews its lease
            if waiting.owner is not None and waiting.owner != keeper.owner:
                orphaned = True  # its holder died (or hung past its lease): whoever looks first takes it over
            else:
                orphaned = now - waiting.since(now) >= self.orphaned_after
            if not (orphaned or self.serves(waiting.guild_id)):
                continue  # the process serving that server plays it (it was told at once)
            try:
                # Revision and clock as stored: a clock's step (the stand-in taking a seat, perhaps in a process
                # that died since) changes no revision, and memory that missed it would say a person is to act.
                table = await self.service.current(game_id)
            except GameError:
                continue  # gone meanwhile
            if computer_turn(table) is None:
                await self._waited_too_long(table, now)
                continue  # everyone is away, or a game from before clocks were kept with a person to act
            log.info("Computer seat of game %s was to move with nobody playing it: starting it", game_id)
            if not self.serves(waiting.guild_id):
                self._adopted.add(game_id)
            self.kick(game_id)
            started.append(game_id)
        return started

    async def _waited_too_long(self, table: Table, now: float) -> None:
        """End a game that has waited for one of its people longer than the limits allow (unrated, announced)."""
        limit = self.service.limits.paused_seconds
        if present(table.players) or now - (table.row.updated_at or now) < limit:
            return
        try:
            await self.service.end_paused(table.id)
        except GameError as exc:
            log.info("Game %s waited for its people too long but was not ended: %s", table.id, exc)

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
        self._adopted.clear()
        self._sweeper = None
        if self._own_keeper is not None:
            await self._own_keeper.close()  # a shared keeper is closed (and its leases handed back) by its owner

    # --- playing ---------------------------------------------------------------------------------------------

    async def _play(self, game_id: int) -> None:
        keeper = self._leases()
        failures = 0
        held = False
        while True:
            self._again.discard(game_id)
            try:
                if not held:
                    table = await self._table(game_id)
                    if table is not None and not (self.serves(table.row.guild_id) or game_id in self._adopted):
                        return  # served by another process (a clock ran out here): it plays, or the sweep adopts
                    if table is None or computer_turn(table) is None:
                        if game_id in self._again:
                            continue  # kicked while we looked: look again rather than leave a move unplayed
                        return  # as far as this process knows, a person is to act: no need to ask the database
                    if not await keeper.claim(SEATS, game_id):
                        log.debug("Game %s's computer seats are played by another process", game_id)
                        return  # its holder looks once more after handing the lease back
                    held = True
                turn = await self._turn(game_id)  # as stored: another process may have played before we held it
                if turn is None:
                    held = False
                    await keeper.release(SEATS, game_id)
                    # A person's move served by another process while we held the lease found it taken and left
                    # the game to us: look at what is stored once more now that the lease is free.
                    if game_id in self._again or await self._turn(game_id) is not None:
                        continue
                    return
                if self.delay:
                    await asyncio.sleep(self.delay)
                move = await self._think(turn)
                if not keeper.holds(SEATS, game_id, margin=0):
                    log.warning("Lost game %s's computer seats while thinking; its new holder plays", game_id)
                    return
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

    async def _table(self, game_id: int, *, fresh: bool = False) -> Table | None:
        """The game from memory or (`fresh`) as stored now; None when it is gone."""
        try:
            return await (self.service.current(game_id) if fresh else self.service.load(game_id))
        except GameError:
            return None

    async def _turn(self, game_id: int) -> Turn | None:
        """The computer's turn in this game as stored now."""
        table = await self._table(game_id, fresh=True)
        return computer_turn(table) if table is not None else None

    async def _think(self, turn: Turn) -> str:
        seed = zlib.crc32(f"{turn.game_id}:{turn.rev}".encode())
        think = functools.partial(pick_move, turn.view, turn.seat, turn.level, turn.legal, seed=seed,
                                  budget=self.budget, announced=turn.announced)
        # The wait for the server's turn in the fair queue counts against the think timeout as well.
        job = self.workers.run_fair(turn.guild_id, turn.game_id, think)
        return await asyncio.wait_for(job, self.think_timeout)

    async def _post(self, played: Played) -> None:
        """Hand the played move to `publish`, retrying failures with backoff; the move itself is stored."""
        if self.publish is None:
            return
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
