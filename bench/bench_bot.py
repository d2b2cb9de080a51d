"""Bot latency and throughput: interaction arrival -> first response -> board sent, in one or several processes.

Run: python -m bench.bench_bot [--database sqlite|postgresql] [--games 50] [--moves 500] [--rate 25]
                               [--processes N]

With `--processes N` (N > 1) N bot processes share the one database, as sharded processes do: each owns
games/N of the games, the phases start together in all of them, and the figures are over every process.

Interactions are real discord.py interactions built from gateway JSON (tests/bot_harness.py) and dispatched
through the real command tree; the REST layer is the offline fake, so the figures are the bot's own time
(parsing, locking, the database, the engine, Pillow pictures in workers), not the network's. With
`--database postgresql` a throw-away PostgreSQL server is started for the run (tests/pg.py) and removed after.

Phases: paced (moves arrive at --rate per second across random games), burst (one move in every game at the
same instant), sustained (every game always has its next move in flight: moves per second the process
handles, pictures included) and storage alone (the same through GameService.play, no Discord, no pictures).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import io
import logging
import multiprocessing
import os
import pstats
import random
import re
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from typing import Any

from bot.client import tune_collector
from bot.config import load_config
from bot.discord_front.interactions import IN_CHANNEL
from bot.service.limits import UNCAPPED
from bot.storage import DEFAULT_POOL_SIZE, Storage
from bot.storage import sqlite as sqlite_driver
from tests.bot_harness import FakeDiscord, Harness, User, ensure_render

TOKEN = re.compile(r"token-(\d+)")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def line(name: str, values: list[float]) -> str:
    if not values:
        return f"  {name:<22} n=0"
    ms = [v * 1000 for v in values]
    late = sum(1 for v in values if v > 3.0)
    return (f"  {name:<22} n={len(ms):<5} median {statistics.median(ms):7.1f} ms   p99 {pct(ms, 99):7.1f} ms   "
            f"max {max(ms):7.1f} ms" + (f"   {late} past 3 s" if late else ""))


class Clock:
    """Stamps, per interaction id, when it arrived, when it was first answered and when its board was sent.

    A board picture comes as an edit of the interaction's reply (through its token, or as a channel message edit
    of the reply's id), or, when the interaction was deferred (the bot busy), with the announcement
    the outbox posts in the channel or as an edit of it: that post is matched to the oldest deferred interaction of
    its channel still without one."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.arrived: dict[int, float] = {}
        self.first: dict[int, float] = {}
        self.board: dict[int, float] = {}
        self.done: dict[int, asyncio.Event] = {}
        self.channel_of: dict[int, int] = {}
        self.deferred: dict[int, list[int]] = {}  # channel -> its deferred interactions still without a post
        self.posted: dict[int, int] = {}  # message id (a reply, or a deferred one's channel post) -> interaction
        self.via_channel = 0  # boards that came in channel messages (posts or edits), not through the token
        self.deferred_total = 0  # interactions answered first with a deferral
        self.mine: set[int] = set()  # the channels of this process's games
        self.foreign: set[int] = set()  # messages this process posted for another process's games
        self.foreign_boards = 0  # boards this process delivered for another process's games
        fake.on_call = self.on_call

    def send(self, payload: dict) -> int:
        """Note an interaction as it arrives; its id."""
        iid = int(payload["id"])
        self.arrived[iid] = time.perf_counter()
        self.channel_of[iid] = int(payload["channel_id"])
        self.mine.add(self.channel_of[iid])
        return iid

    def on_call(self, call) -> None:
        now = time.perf_counter()
        iid: int | None
        if call.kind == "channel":
            channel = int(call.path.rsplit("/", 2)[-2])
            if channel not in self.mine:
                # Another process's game: its channel's lease came here (another process's outbox may deliver).
                self.foreign.add(call.message_id)
                self.foreign_boards += bool(call.files)
                return
            waiting = self.deferred.get(channel)
            if waiting:
                iid = waiting.pop(0)
                self.posted[call.message_id] = iid
                if call.files:  # the picture was drawn before the outbox posted: it came with the post
                    self._in_channel(iid, now)
            return
        if call.kind == "channel_edit":
            if call.message_id in self.foreign and call.files:
                self.foreign.discard(call.message_id)
                self.foreign_boards += 1
                return
            iid = self.posted.get(call.message_id)
            if iid is not None and call.files:
                self._in_channel(iid, now)
            return
        if call.kind == "response":
            iid = call.interaction_id
        else:
            m = TOKEN.search(call.path)
            iid = int(m.group(1)) if m else None
        if iid not in self.arrived:
            return
        if call.kind == "response" and call.payload.get("type") == 5 and iid not in self.first:
            self.deferred.setdefault(self.channel_of[iid], []).append(iid)
            self.deferred_total += 1
        if call.kind == "response" and call.message_id is not None:
            self.posted[call.message_id] = iid  # the reply itself: its picture may come as a channel edit too
        self.first.setdefault(iid, now)
        if call.files:
            self.board.setdefault(iid, now)
        # Done: its board, or a refusal (a private answer that is neither "thinking..." nor "the channel shows it").
        deferral = call.kind == "response" and call.payload.get("type") == 5
        refused = call.ephemeral and not deferral and call.content != IN_CHANNEL
        if (call.files or refused) and iid in self.done:
            self.done[iid].set()

    def _in_channel(self, iid: int, now: float) -> None:
        """The interaction's board came in a channel message (a post or an edit), not through its token."""
        if iid in self.board:
            return
        self.board[iid] = now
        self.via_channel += 1
        if iid in self.done:
            self.done[iid].set()

    def first_latencies(self) -> list[float]:
        return [self.first[i] - t for i, t in self.arrived.items() if i in self.first]

    def board_latencies(self) -> list[float]:
        return [self.board[i] - t for i, t in self.arrived.items() if i in self.board]


class WriteTimer:
    """How long each storage write (a move) waited and ran, seen from the service; on SQLite also each group
    commit's time on the database thread and its size."""

    def __init__(self, store: Storage) -> None:
        self.times: list[float] = []
        self.groups: list[tuple[int, float]] = []
        real = store.add_move
        real_group = sqlite_driver._group

        def timed_group(conn, units):
            began = time.perf_counter()
            try:
                return real_group(conn, units)
            finally:
                self.groups.append((len(units), time.perf_counter() - began))

        sqlite_driver._group = timed_group

        async def timed(*args, **kwargs):
            began = time.perf_counter()
            try:
                return await real(*args, **kwargs)
            finally:
                self.times.append(time.perf_counter() - began)

        store.add_move = timed  # type: ignore[method-assign]


async def setup(h: Harness, games: int, warm_moves: int, rng: random.Random, *,
                first_channel: int = 10_000) -> list[tuple[int, int, list[User]]]:
    tables = []
    for g in range(games):
        channel = first_channel + g
        users = [User(channel * 10, f"P{2 * g}"), User(channel * 10 + 1, f"P{2 * g + 1}")]
        await h.command(users[0], channel, "new", seats=2)
        await h.command(users[1], channel, "join")
        await h.command(users[0], channel, "start")
        table = await h.service.channel_table(channel)
        if table.game is None:
            said = [c.payload for c in h.fake.calls[-6:]]
            raise RuntimeError(f"the game in channel {channel} did not start; the bot's last calls: {said}")
        for _ in range(warm_moves):  # boards with something on them; straight through the service for speed
            game = table.game
            if game.over:
                break
            await h.service.play(table.id, rng.choice(game.legal_moves()), user_id=users[game.to_move].id)
        tables.append((table.id, channel, users))
    return tables


async def move_payload(h: Harness, game_id: int, channel: int, users: list[User], rng: random.Random) -> dict | None:
    table = await h.service.load(game_id)
    game = table.game
    if game is None or game.over or table.row.status != "active":
        return None
    return h.command_payload(users[game.to_move], channel, "move", action=rng.choice(game.legal_moves()))


Phase = dict  # one process's figures of one phase: lists of seconds and counts, merged over processes


async def paced(h: Harness, fake: FakeDiscord, tables: list, moves: int, rate: float, rng: random.Random) -> Phase:
    clock = Clock(fake)
    before = asyncio.all_tasks()
    for _ in range(moves):
        game_id, channel, users = rng.choice(tables)
        payload = await move_payload(h, game_id, channel, users, rng)
        if payload is None:
            continue
        clock.send(payload)
        h.bot._connection.parse_interaction_create(payload)
        await asyncio.sleep(rng.expovariate(rate))
    await h.settle(before)
    return {"sent": len(clock.arrived), "first": clock.first_latencies(), "board": clock.board_latencies(),
            "deferred": clock.deferred_total, "via_channel": clock.via_channel}


async def burst(h: Harness, fake: FakeDiscord, tables: list, rng: random.Random, writes: WriteTimer,
                profiler: cProfile.Profile | None, ready: Callable[[], Awaitable[None]]) -> Phase:
    clock = Clock(fake)
    payloads = [p for p in [await move_payload(h, *t, rng) for t in tables] if p is not None]
    writes.times.clear()
    writes.groups.clear()
    await ready()  # every process sends its burst at the same moment
    before = asyncio.all_tasks()
    if profiler:
        profiler.enable()
    for p in payloads:
        clock.send(p)
        h.bot._connection.parse_interaction_create(p)
    await h.settle(before)
    if profiler:
        profiler.disable()
    return {"sent": len(payloads), "first": clock.first_latencies(), "board": clock.board_latencies(),
            "deferred": clock.deferred_total, "via_channel": clock.via_channel, "foreign": clock.foreign_boards,
            "writes": list(writes.times), "groups": list(writes.groups)}


async def sustained(h: Harness, fake: FakeDiscord, tables: list, seconds: float, rng: random.Random) -> Phase:
    """Every game keeps one move in flight: the next is sent when the previous one's board (or refusal) is out."""
    clock = Clock(fake)
    stop = time.perf_counter() + seconds
    done = 0

    async def play(game_id: int, channel: int, users: list[User]) -> None:
        nonlocal done
        while time.perf_counter() < stop:
            payload = await move_payload(h, game_id, channel, users, rng)
            if payload is None:
                return
            iid = int(payload["id"])
            clock.done[iid] = asyncio.Event()
            clock.send(payload)
            h.bot._connection.parse_interaction_create(payload)
            with contextlib.suppress(TimeoutError):  # a lost picture must not stop this game's loop
                await asyncio.wait_for(clock.done[iid].wait(), 30)
            if time.perf_counter() <= stop:
                done += 1

    before = asyncio.all_tasks()
    began = time.perf_counter()
    await asyncio.gather(*(play(*t) for t in tables))
    elapsed = min(time.perf_counter(), stop) - began
    await h.settle(before)
    return {"games": len(tables), "done": done, "elapsed": elapsed, "first": clock.first_latencies(),
            "board": clock.board_latencies()}


async def storage_alone(h: Harness, tables: list, seconds: float, rng: random.Random) -> Phase:
    """The service and the database without Discord or pictures: how many moves per second they store."""
    stop = time.perf_counter() + seconds
    done = 0

    async def play(game_id: int) -> None:
        nonlocal done
        while time.perf_counter() < stop:
            table = await h.service.load(game_id)
            game = table.game
            if game is None or game.over:
                return
            await h.service.play(game_id, rng.choice(game.legal_moves()), user_id=table.player(game.to_move).user_id)
            done += 1

    began = time.perf_counter()
    await asyncio.gather(*(play(t[0]) for t in tables))
    return {"games": len(tables), "done": done, "elapsed": time.perf_counter() - began}


def merge(parts: list[Phase]) -> Phase:
    """One phase's figures over every process: lists joined, counts summed, the longest elapsed time."""
    merged: Phase = {}
    for part in parts:
        for key, value in part.items():
            if key == "elapsed":
                merged[key] = max(merged.get(key, 0.0), value)
            elif isinstance(value, list):
                merged.setdefault(key, []).extend(value)
            else:
                merged[key] = merged.get(key, 0) + value
    return merged


def report(name: str, phase: Phase, args: argparse.Namespace) -> None:
    if name == "paced":
        print(f"paced: {phase['sent']} /tne move interactions at ~{args.rate:g}/s")
    elif name == "burst":
        print(f"burst: {phase['sent']} /tne move interactions arriving together")
    elif name == "sustained":
        print(f"sustained: {phase['games']} games, each with its next move in flight, for "
              f"{phase['elapsed']:.0f} s")
        print(f"  {phase['done'] / phase['elapsed']:.0f} moves/s (answered, board picture sent)")
    elif name == "storage":
        print(f"storage alone: {phase['done'] / phase['elapsed']:.0f} moves/s through GameService.play "
              f"({phase['games']} games at once, engine + database, no Discord, no pictures)")
        return
    print(line("first response", phase["first"]))
    print(line("board picture sent", phase["board"]))
    if phase.get("deferred"):
        print(f"  {phase['deferred']} deferred (acknowledged first: the process was busy) and announced in the "
              "channel by the outbox; "
              f"{phase['via_channel']} boards in all came in channel messages (posts or edits)")
    if phase.get("foreign"):
        print(f"  {phase['foreign']} boards were delivered by another process's outbox (its channel lease had moved "
              "there): sent, but not timed")
    if name == "burst":
        print(line("storage write (move)", phase["writes"]))
        if phase["groups"]:
            sizes = [n for n, _ in phase["groups"]]
            print(f"  sqlite group commits: {len(sizes)}, sizes {min(sizes)}-{max(sizes)} (median "
                  f"{statistics.median(sizes):g}), {sum(t for _, t in phase['groups']) * 1000:.0f} ms on the "
                  f"database thread in all")


async def run_part(args: argparse.Namespace, database: str, index: int = 0, processes: int = 1,
                   ready: Callable[[], Awaitable[None]] | None = None) -> dict[str, Phase]:
    """One bot process's share of the games through every phase; `ready` waits for the other processes."""
    async def alone() -> None:
        return None
    ready = ready or alone
    if args.log:
        logging.basicConfig(filename=f"{args.log}.{index}", level=logging.INFO,
                            format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    ensure_render()
    tune_collector()  # as `python -m bot` runs
    fake = FakeDiscord()
    fake.worker = index  # interaction ids unique across the processes, as Discord's are
    fake.install()
    rng = random.Random(7 + index)
    h = await Harness(fake, database, seed=1 + index * 100_000, render_processes=args.render_processes,
                      database_pool=args.pool).start()
    h.service.limits = UNCAPPED  # one test server holds every game of the bench
    phases: dict[str, Phase] = {}
    profiler = cProfile.Profile() if args.profile and index == 0 else None
    try:
        writes = WriteTimer(h.service.storage)
        games = args.games // processes + (1 if index < args.games % processes else 0)
        tables = await setup(h, games, args.warm, rng, first_channel=10_000 + index * 1_000_000)
        # The warm-up's announcements are posted by the outbox: let it finish before anything is timed.
        await h.bot.controller.idle()
        await ready()
        if args.moves:
            phases["paced"] = await paced(h, fake, tables, args.moves // processes, args.rate / processes, rng)
            await ready()
        phases["burst"] = await burst(h, fake, tables, rng, writes, profiler, ready)
        if args.sustain:
            await ready()
            phases["sustained"] = await sustained(h, fake, tables, args.sustain, rng)
            await ready()
            phases["storage"] = await storage_alone(h, tables, args.sustain, rng)
        fake.on_call = None
    finally:
        await h.close()
        fake.uninstall()
    if profiler:
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(25)
        print("\n".join(out.getvalue().splitlines()[:45]))
    return phases


def child(args: argparse.Namespace, database: str, index: int, barrier: Any, results: Any) -> None:
    """A bot process of a multi-process run: its figures go back to the parent through `results`."""
    async def ready() -> None:
        await asyncio.to_thread(barrier.wait)
    try:
        results.put((index, asyncio.run(run_part(args, database, index, args.processes, ready))))
    except BaseException as exc:
        barrier.abort()  # the others must not wait for a process that is gone
        results.put((index, f"{type(exc).__name__}: {exc}"))
        raise


def run(args: argparse.Namespace, database: str) -> None:
    how = f"{args.render_processes} render processes" if args.render_processes else "render threads"
    print(f"{args.database}: {args.games} games in progress ({args.warm} moves each played beforehand), "
          f"{args.processes} bot process(es), {os.cpu_count()} CPUs, {how} each")
    if args.processes == 1:
        phases = asyncio.run(run_part(args, database))
    else:
        context = multiprocessing.get_context("spawn")
        barrier, results = context.Barrier(args.processes), context.Queue()
        workers = [context.Process(target=child, args=(args, database, i, barrier, results), name=f"bot{i}")
                   for i in range(args.processes)]
        for worker in workers:
            worker.start()
        parts = [results.get() for _ in workers]
        for worker in workers:
            worker.join()
        failed = [f"bot process {i}: {part}" for i, part in parts if isinstance(part, str)]
        if failed:
            raise SystemExit("\n".join(failed))
        phases = {name: merge([part[name] for _, part in parts]) for name in parts[0][1]}
    for name, phase in phases.items():
        report(name, phase, args)


def with_database(kind: str, body: Callable[[str], None]) -> None:
    if kind == "postgresql":
        from tests.pg import PostgresServer

        server = PostgresServer().start()
        try:
            body(server.database())
        finally:
            server.stop()
        return
    with tempfile.TemporaryDirectory() as tmp:
        body(os.path.join(tmp, "bench.sqlite3"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--games", type=int, default=50, help="live games (the burst sends one move to each)")
    parser.add_argument("--moves", type=int, default=500, help="paced interactions to time (0 = no paced phase)")
    parser.add_argument("--rate", type=float, default=25.0, help="paced arrivals per second")
    parser.add_argument("--warm", type=int, default=40, help="moves played in each game before timing")
    parser.add_argument("--sustain", type=float, default=10.0, help="seconds of the sustained phases (0 = none)")
    parser.add_argument("--pool", type=int, default=DEFAULT_POOL_SIZE,
                        help="PostgreSQL connections (TNE_DATABASE_POOL)")
    parser.add_argument("--log", metavar="PATH", help="write each bot process's log to PATH.<process number>")
    parser.add_argument("--profile", action="store_true", help="print where the burst spends its time (cProfile)")
    parser.add_argument("--render-processes", type=int, default=load_config({}).render_processes,
                        help="render worker processes per bot process (0 = threads); default as the bot would run")
    parser.add_argument("--processes", type=int, default=1,
                        help="bot processes sharing the database, as sharded processes do (default 1)")
    args = parser.parse_args()
    if args.processes < 1:
        parser.error("--processes must be at least 1")
    with_database(args.database, lambda url: run(args, url))


if __name__ == "__main__":
    main()
