"""Soak: games with computer seats against the loopback Discord while faults are injected at random, then a restart.

    python -m bench.bench_soak [--minutes 10] [--games 20] [--seed 1]

The real bot runs as a process (`python -m bot`, worker processes for pictures and computer players) against the
loopback Discord-compatible server (tests/loopback). Scripted people play their seats (one or two per game, the
rest are easy computers); a new game opens in a channel when one ends. Every few seconds one fault is injected:
a 429 with a short or long retry_after on replies or channel posts, 500/503, a dropped connection (before or after
Discord acted), a held reply, a gateway outage (the missed interactions are replayed on RESUME), the database held
locked by a second connection, a SIGKILL of the bot (now and then between its commit and its reply), a SIGKILL of
a worker process. At the end the faults stop, the bot is restarted, and each channel is compared with the
database: what players saw against what was stored.

Prints: moves stored, moves announced (matched in order), announced twice, lost, unexpected messages, games stuck
at the end (a stored move not shown, or a computer to move that never moved). Target: 0 lost, 0 twice, 0 stuck.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import os
import random
import signal
import sqlite3
import tempfile
import time
from pathlib import Path

from bot.service.tables import replay
from bot.storage import Storage
from tests.loopback import LoopbackDiscord
from tests.loopback.model import Channel, User
from tests.loopback.process import BotProcesses
from tests.loopback.tne import ANNOUNCEMENT, MOVE, act, open_game

CALLBACK = "/interactions/*/*/callback"
POSTS = "/channels/*/messages"
EDITS = "/channels/*/messages/*"
FAULTS = ("reply_429_short", "reply_429_long", "post_429", "post_5xx", "edit_503", "drop_reply_after",
          "drop_post", "drop_post_after", "hold_reply", "gateway_outage", "database_locked", "kill_worker",
          "kill_bot", "kill_bot_between_commit_and_reply")


class Soak:
    def __init__(self, server: LoopbackDiscord, procs: BotProcesses, games: int, rng: random.Random) -> None:
        self.server = server
        self.rng = rng
        guild = server.add_guild()
        self.channels = [server.add_channel(guild, f"soak-{i}") for i in range(games)]
        self.people: dict[int, tuple[User, ...]] = {}
        for i, channel in enumerate(self.channels):
            count = 2 if i % 4 == 0 else 1
            self.people[channel.id] = tuple(server.add_user(f"P{i}-{k}") for k in range(count))
        self.bot = procs.make(env={"TNE_AI_DELAY": "0.3", "TNE_RENDER_PROCESSES": "1", "TNE_AI_PROCESSES": "1",
                                   "LOG_LEVEL": "WARNING"})
        self.injected: collections.Counter[str] = collections.Counter()
        self.games_opened = 0
        self.restarting = asyncio.Lock()

    async def open(self, channel: Channel) -> None:
        people = self.people[channel.id]
        computers = ("easy",) if len(people) == 2 else ("easy",) * (1 + self.games_opened % 2)
        await open_game(self.server, channel, people[0], joiners=people[1:], computers=computers, timeout=60)
        self.games_opened += 1

    async def status(self, channel: Channel) -> str | None:
        """The status of the channel's live game (lobby or active), None if it has none (read from the database)."""
        storage = await Storage.open(str(self.bot.db_path))
        try:
            game_id = await storage.live_game_id(channel.id)
            row = await storage.get_game(game_id) if game_id is not None else None
            return row.status if row is not None else None
        finally:
            await storage.close()

    async def play(self, channel: Channel, until: float) -> None:
        """The channel's people act whenever the newest announcement pings one of them."""
        rng = random.Random(self.rng.random())
        view = self.server.channel(channel)
        ours = {u.id: u for u in self.people[channel.id]}
        while time.monotonic() < until:
            try:
                status = await self.status(channel)
                if status is None:
                    await self.open(channel)
                    continue
                if status == "lobby":  # opening it met a fault: close it and open again
                    await self.server.slash(self.people[channel.id][0], channel, "tne abandon")
                    await asyncio.sleep(1.0)
                    continue
                last = view.last(ANNOUNCEMENT)
                shown = len(view.find(MOVE))
                person = next((ours[u] for u in last.pinged if u in ours), None)
                if person is not None:
                    await act(self.server, channel, person, last, rng, timeout=20)
                with contextlib.suppress(AssertionError):
                    await self.server.wait_for(lambda n=shown: len(view.find(MOVE)) > n, 15, "the next move")
            except Exception:  # a refusal, a reply lost to a fault, a restart: look again, as a person would
                await asyncio.sleep(1.0)

    async def faults(self, until: float) -> None:
        while time.monotonic() < until:
            await asyncio.sleep(self.rng.uniform(2.0, 6.0))
            kind = self.rng.choice(FAULTS)
            if kind.startswith("kill_bot") and self.injected["kill_bot"] + self.injected[
                    "kill_bot_between_commit_and_reply"] >= max(1, int((until - time.monotonic()) // 60) + 3):
                kind = "post_5xx"  # a few restarts are enough; most faults are Discord's
            self.injected[kind] += 1
            try:
                await self.inject(kind)
            except Exception as exc:
                print(f"  (fault {kind} could not be injected: {exc!r})")

    async def inject(self, kind: str) -> None:
        f, rng = self.server.faults, self.rng
        if kind == "reply_429_short":
            f.rate_limit("POST", CALLBACK, retry_after=0.5)
        elif kind == "reply_429_long":
            f.rate_limit("POST", CALLBACK, retry_after=4.0)
        elif kind == "post_429":
            f.rate_limit("POST", POSTS, retry_after=rng.uniform(0.5, 5.0))
        elif kind == "post_5xx":
            f.error("POST", POSTS, rng.choice([500, 502, 503]))
        elif kind == "edit_503":
            f.error("PATCH", EDITS, 503)
        elif kind == "drop_reply_after":
            f.drop("POST", CALLBACK, after=True)
        elif kind in ("drop_post", "drop_post_after"):
            f.drop("POST", POSTS, after=kind.endswith("after"))
        elif kind == "hold_reply":
            f.hold("POST", CALLBACK, seconds=rng.choice([1.0, 4.0]))
        elif kind == "gateway_outage":
            async with self.server.gateway.outage():
                await asyncio.sleep(rng.uniform(1.0, 4.0))
        elif kind == "database_locked":
            await asyncio.to_thread(hold_database, self.bot.db_path, rng.uniform(1.0, 7.0))
        elif kind == "kill_worker":
            workers = worker_pids(self.bot.pid)
            if workers:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(rng.choice(workers), signal.SIGKILL)
        elif kind == "kill_bot":
            async with self.restarting:
                await self.bot.restart(kill=True, timeout=60)
        elif kind == "kill_bot_between_commit_and_reply":
            rule = f.hold("POST", CALLBACK)
            try:
                await rule.wait_hits(1, timeout=20)
            except Exception:
                rule.remove()
                return
            async with self.restarting:
                await self.bot.kill()
                rule.release()
                rule.remove()
                await self.bot.start(timeout=60)

    async def settle(self, timeout: float) -> None:
        """Until every channel shows every stored move and no computer is to move, or `timeout`."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            report = await self.judge()
            if not report["stuck"] and not report["lost"]:
                return
            await asyncio.sleep(1.0)

    async def judge(self) -> dict:
        storage = await Storage.open(str(self.bot.db_path))
        totals = collections.Counter()
        try:
            for channel in self.channels:
                stored: list[str] = []
                waiting_on_computer = False
                game_ids = [r[0] for r in await storage.db.fetch(
                    "SELECT id FROM games WHERE channel_id = ? AND status <> 'lobby' AND status <> 'cancelled' "
                    "ORDER BY id", channel.id)]
                for gid in game_ids:
                    row = await storage.get_game(gid)
                    moves = await storage.moves(gid)
                    stored += [m.move for m in moves]
                    if row is not None and row.status == "active":
                        game = replay(row, moves)
                        waiting_on_computer = not game.over and row.players[game.to_move].is_bot
                shown = [MOVE.search(m.content).group(1) for m in self.server.channel(channel).find(MOVE)]
                contents = [m.content for m in self.server.channel(channel).find(MOVE)]
                matched = twice = unexpected = 0
                for i, move in enumerate(shown):
                    if matched < len(stored) and move == stored[matched]:
                        matched += 1
                    elif i > 0 and contents[i] == contents[i - 1]:
                        twice += 1
                    else:
                        unexpected += 1
                lost = len(stored) - matched
                totals.update(stored=len(stored), announced=matched, twice=twice, unexpected=unexpected, lost=lost,
                              stuck=int(bool(lost) or waiting_on_computer), games=len(game_ids))
        finally:
            await storage.close()
        return dict(totals)


def hold_database(path: Path, seconds: float) -> None:
    """A second connection takes SQLite's write lock and keeps it, as a backup or an admin's shell would."""
    db = sqlite3.connect(str(path), isolation_level=None, timeout=10)
    try:
        db.execute("BEGIN IMMEDIATE")
        time.sleep(seconds)
        db.execute("ROLLBACK")
    finally:
        db.close()


def worker_pids(bot_pid: int | None) -> list[int]:
    """The bot's pool worker processes (children of its forkserver, so grandchildren of the bot)."""
    if bot_pid is None:
        return []
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
    children = {pid for pid, parent in parents.items() if parent == bot_pid}
    return [pid for pid, parent in parents.items() if parent in children]


async def main(minutes: float, games: int, seed: int) -> dict:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        async with LoopbackDiscord() as server:
            procs = BotProcesses(server, Path(tmp))
            soak = Soak(server, procs, games, rng)
            try:
                await soak.bot.start(timeout=60)
                for channel in soak.channels:
                    await soak.open(channel)
                until = time.monotonic() + minutes * 60
                print(f"{games} games started; playing for {minutes:g} min with faults")
                await asyncio.gather(soak.faults(until), *(soak.play(c, until) for c in soak.channels))
                server.faults.clear()
                async with soak.restarting:
                    await soak.bot.restart(timeout=60)  # the end: a clean restart, then everything must show
                await soak.settle(90)
                report = await soak.judge()
            finally:
                await quiet(procs)
    report["faults"] = dict(soak.injected)
    report["games_opened"] = soak.games_opened
    return report


async def quiet(procs: BotProcesses) -> None:
    """Stop every bot process without printing its whole log."""
    for proc in procs.all:
        if proc.alive:
            with contextlib.suppress(Exception):
                await proc.stop(timeout=10)
        proc.reap_group()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.monotonic()
    result = asyncio.run(main(args.minutes, args.games, args.seed))
    print(f"soak: {args.games} channels, {result['games_opened']} games, {args.minutes:g} min of faults "
          f"({time.monotonic() - started:.0f} s in all)")
    print(f"faults injected: {sum(result['faults'].values())} "
          + ", ".join(f"{k} {v}" for k, v in sorted(result["faults"].items())))
    for key in ("stored", "announced", "twice", "lost", "unexpected", "stuck"):
        label = {"stored": "moves stored", "announced": "moves announced", "twice": "announced twice",
                 "lost": "lost", "unexpected": "unexpected messages", "stuck": "games stuck at the end"}[key]
        print(f"{label:>24}: {result.get(key, 0)}")
