"""The web board's figures (issue 30): `python -m bench.bench_web [--streams 500] [--idle 1000] [--only PART]`.

A real web server (SQLite, this process's loop, as the bot runs it) and one game. Parts:
- streams: N event streams on the game, a move through the service as a slash command makes it, the time until each
  stream got its event (median, p99); and the bytes of one page's first load.
- moves: a move made on the page (POST /api/games/<id>/moves) against one made by `GameService.play` as a slash
  command does, alternately: the time until acknowledged (the HTTP answer, or play's return) and until its
  announcement is stored for the channel (the outbox is told), median and p99.
- idle: N event streams opened by another process and left idle: this server process's memory growth (RSS) and the
  CPU seconds it spends over the idle time.
- page: a real headless Chromium (tests/browser.py's chrome()) loads a spectator's page with an empty cache: the time
  from navigation until the board's `data-revision` is set, median of the loads."""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp
from aiohttp import web

from bot.config import WebConfig
from bot.discord_front.outbox_herald import DiscordHerald
from bot.records.service import Records
from bot.service.events import Event, Publisher
from bot.service.game_service import GameService
from bot.service.table import Origin, Table
from bot.storage import Storage
from bot.web.auth import COOKIE, CSRF_HEADER, Auth, Person
from bot.web.context import Context
from bot.web.hub import Hub
from bot.web.limits import Caps
from bot.web.server import STATIC, make_app

SECRET = "b" * 40


PARTS = ("streams", "moves", "idle", "page")
ALICE, BOB = 10, 11


@dataclass
class Bench:
    """The running server, its service and one running game between Alice and Bob; `stored` is when each of the
    game's announcements was stored (perf_counter)."""

    service: GameService
    auth: Auth
    base: str
    table: Table
    token: str
    stored: list[float] = field(default_factory=list)


@asynccontextmanager
async def server(limit: int) -> AsyncIterator[Bench]:
    with tempfile.TemporaryDirectory() as folder:
        storage = await Storage.open(str(Path(folder) / "bench.sqlite3"))
        hub = Hub(storage.game_rev)
        stored: list[float] = []

        def told(event: Event) -> None:
            stored.append(time.perf_counter())
            hub.follow(event)

        service = GameService(storage, seed_source=lambda: 1, herald=DiscordHerald(), publisher=Publisher([told]))
        auth = Auth(SECRET)
        # Every request comes from one address or two people here: the per-person limit and the stream caps
        # (bot/web/limits.py) would refuse the crowd this measures.
        ctx = Context(service=service, auth=auth, config=WebConfig(port=0, url="http://bench", secret=SECRET),
                      hub=hub, records=Records(storage), caps=Caps(link=10**6, address=10**6, overall=10**6))
        ctx.limits.rate = limit
        runner = web.AppRunner(make_app(ctx), access_log=None)
        await runner.setup()
        await web.TCPSite(runner, "127.0.0.1", 0).start()
        host, port = runner.addresses[0][:2]
        await hub.start()
        table = await new_game(service)
        try:
            yield Bench(service, auth, f"http://{host}:{port}", table, auth.spectator(table.id, 2), stored)
        finally:
            await hub.stop()
            await runner.cleanup()
            await storage.close()


async def new_game(service: GameService) -> Table:
    table = await service.new_game(guild_id=1, channel_id=2, user_id=ALICE, name="A", seats=2)
    await service.join(table.id, BOB, "B")
    await service.start(table.id, ALICE)
    return await service.current(table.id)


def figures(what: str, ms: list[float]) -> str:
    ms = sorted(ms)
    p99 = ms[max(0, -(-len(ms) * 99 // 100) - 1)]
    return f"{what}: median {statistics.median(ms):.1f} ms, p99 {p99:.1f} ms (n={len(ms)})"


async def live_streams(b: Bench, streams: int) -> None:
    table, token, base = b.table, b.token, b.base
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
        print(f"first page load: {await first_load(session, base, table.id, token)} bytes")
        got: list[float] = []
        ready = 0
        opened = asyncio.Event()

        async def stream() -> None:
            nonlocal ready
            async with session.get(f"{base}/api/games/{table.id}/events?s={token}") as answer:
                await answer.content.readline()  # the current revision
                await answer.content.readline()
                ready += 1
                if ready == streams:
                    opened.set()
                while True:
                    line = await answer.content.readline()
                    if line.startswith(b"data: "):
                        got.append(time.perf_counter())
                        return
        tasks = [asyncio.create_task(stream()) for _ in range(streams)]
        await asyncio.wait_for(opened.wait(), 120)
        table = await b.service.current(table.id)
        assert table.game is not None
        mover = [ALICE, BOB][table.game.to_move or 0]
        move = next(m for m in table.game.legal_moves() if m.startswith("tile"))
        start = time.perf_counter()
        await b.service.play(table.id, move, user_id=mover)
        await asyncio.wait_for(asyncio.gather(*tasks), 60)
        delays = sorted((t - start) * 1000 for t in got)
        print(figures(f"{streams} streams: event after a slash command's move", delays) +
              f", last {delays[-1]:.1f} ms")


async def moves(b: Bench, count: int) -> None:
    """Page moves and slash-command moves, alternately on one game (a new one when it ends)."""
    rng = random.Random(7)
    cookies = {uid: b.auth.session(Person(uid, name)) for uid, name in ((ALICE, "A"), (BOB, "B"))}
    acked: dict[str, list[float]] = {"page": [], "slash": []}
    announced: dict[str, list[float]] = {"page": [], "slash": []}
    table = b.table
    async with aiohttp.ClientSession() as session:
        for i in range(2 * count):
            table = await b.service.current(table.id)
            if table.game is None or table.game.over:
                table = await new_game(b.service)
            assert table.game is not None
            mover = [ALICE, BOB][table.game.to_move or 0]
            move = str(rng.choice(table.game.legal_moves()))
            how = "page" if i % 2 == 0 else "slash"
            told = len(b.stored)
            start = time.perf_counter()
            if how == "page":
                cookie = cookies[mover]
                async with session.post(f"{b.base}/api/games/{table.id}/moves",
                                        json={"move": move, "revision": table.row.rev},
                                        headers={"Cookie": f"{COOKIE}={cookie}",
                                                 CSRF_HEADER: b.auth.csrf(cookie)}) as answer:
                    assert answer.status == 200, await answer.text()
                    await answer.read()
            else:
                await b.service.play(table.id, move, user_id=mover, rev=table.row.rev,
                                     origin=Origin(made_at=time.time(), name="B"))
            done = time.perf_counter()
            while len(b.stored) == told:  # the announcement is stored in the move's own write: normally at once
                await asyncio.sleep(0.001)
            acked[how].append((done - start) * 1000)
            announced[how].append((b.stored[told] - start) * 1000)
    for how, words in (("page", "a move on the page"), ("slash", "a move by slash command (GameService.play)")):
        print(figures(f"{words}: acknowledged", acked[how]))
        print(figures(f"{words}: announcement stored", announced[how]))


def rss_kib() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def idle(b: Bench, streams: int, seconds: float) -> None:
    """N idle event streams opened by another process: this (the server's) process's memory and CPU."""
    await asyncio.sleep(1)
    before_rss = rss_kib()
    url = f"{b.base}/api/games/{b.table.id}/events?s={b.token}"
    child = await asyncio.create_subprocess_exec(sys.executable, "-m", "bench.bench_web", "--idle-client", url,
                                                 "--idle", str(streams), stdout=subprocess.PIPE)
    assert child.stdout is not None
    try:
        line = await asyncio.wait_for(child.stdout.readline(), 120)
        assert line.strip() == b"ready", line
        await asyncio.sleep(1)
        opened_rss = rss_kib()
        cpu = time.process_time()
        await asyncio.sleep(seconds)
        used = time.process_time() - cpu
        after_rss = rss_kib()
    finally:
        child.terminate()
        await child.wait()
    print(f"{streams} idle streams: RSS {before_rss / 1024:.1f} MiB before, {opened_rss / 1024:.1f} MiB opened "
          f"(+{(opened_rss - before_rss) / 1024:.1f} MiB, {(opened_rss - before_rss) / streams:.1f} KiB a stream), "
          f"{after_rss / 1024:.1f} MiB after {seconds:.0f} s idle; CPU {used:.2f} s over {seconds:.0f} s idle "
          f"({100 * used / seconds:.1f}% of a core)")


async def idle_client(url: str, streams: int) -> None:
    """The other process of `idle`: opens the streams, says `ready`, and reads them until it is ended."""
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
        answers = []
        for _ in range(streams):
            answers.append(await session.get(url))
        for answer in answers:
            await answer.content.readline()
        print("ready", flush=True)

        async def drain(answer: aiohttp.ClientResponse) -> None:
            while await answer.content.readline():
                pass
        await asyncio.gather(*(drain(a) for a in answers))


def page_loads(b: Bench, loads: int) -> None:
    """Blocking (Selenium): run in a thread while the server answers on the loop."""
    from selenium.webdriver.common.by import By

    from tests.browser import chrome
    driver = chrome()  # type: ignore[no-untyped-call]
    times = []
    try:
        for _ in range(loads):
            driver.execute_cdp_cmd("Network.clearBrowserCache", {})
            driver.get("about:blank")
            start = time.perf_counter()
            driver.get(f"{b.base}/g/{b.table.id}?s={b.token}")
            board = driver.find_element(By.ID, "board")
            deadline = start + 30
            while not board.get_attribute("data-revision"):
                if time.perf_counter() > deadline:
                    raise RuntimeError("the page never set data-revision")
                time.sleep(0.005)
            times.append((time.perf_counter() - start) * 1000)
    finally:
        driver.quit()
    print(figures(f"page interactive (navigation until data-revision is set, empty cache, {loads} loads)", times))


async def run(args: argparse.Namespace) -> None:
    parts = [args.only] if args.only else PARTS
    async with server(10 * max(args.streams, args.idle)) as b:
        if "streams" in parts:
            await live_streams(b, args.streams)
        if "moves" in parts:
            await moves(b, args.moves)
        if "idle" in parts:
            await idle(b, args.idle, args.idle_seconds)
        if "page" in parts:
            await asyncio.to_thread(page_loads, b, args.loads)


async def first_load(session: aiohttp.ClientSession, base: str, game_id: int, token: str) -> int:
    """Bytes a spectator's first visit transfers: the page, the scripts and styles it has, the game, the boards."""
    paths = [f"/g/{game_id}?s={token}", f"/api/games/{game_id}?s={token}", "/api/boards"]
    paths += [f"/static/{p.relative_to(STATIC)}" for p in sorted(STATIC.rglob("*"))
              if p.is_file() and p.suffix in (".js", ".css") and "vendor" not in p.parts]
    total = 0
    for path in paths:
        async with session.get(base + path) as answer:
            total += len(await answer.read())
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--streams", type=int, default=500)
    parser.add_argument("--moves", type=int, default=50, help="moves of each kind")
    parser.add_argument("--idle", type=int, default=1000, help="idle streams")
    parser.add_argument("--idle-seconds", type=float, default=30.0)
    parser.add_argument("--loads", type=int, default=5, help="page loads in Chromium")
    parser.add_argument("--only", choices=PARTS)
    parser.add_argument("--idle-client", metavar="URL", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.idle_client:
        asyncio.run(idle_client(args.idle_client, args.idle))
        return
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
