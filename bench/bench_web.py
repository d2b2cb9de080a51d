"""The web board's live updates: `python -m bench.bench_web [--streams 500]`.

Opens N event streams on one game of a real web server (SQLite, this process's loop, as the bot runs it), makes a
move through the service as a slash command would, and times until each stream got its event: median and p99. Also
the bytes of one page's first load (the page, its scripts and styles when installed, the game and the boards)."""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

import aiohttp
from aiohttp import web

from bot.config import WebConfig
from bot.outbox_herald import DiscordHerald
from bot.records.service import Records
from bot.service import GameService
from bot.storage import Storage
from bot.web.auth import Auth
from bot.web.context import Context, RateLimit
from bot.web.hub import Hub
from bot.web.server import STATIC, make_app

SECRET = "b" * 40


async def run(streams: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        storage = await Storage.open(str(Path(folder) / "bench.sqlite3"))
        hub = Hub(storage.game_rev)
        service = GameService(storage, seed_source=lambda: 1, herald=DiscordHerald(), announced=hub.told)
        auth = Auth(SECRET)
        # Every stream comes from one address here: the per-person limit would refuse the crowd.
        ctx = Context(service=service, auth=auth, config=WebConfig(port=0, url="http://bench", secret=SECRET),
                      hub=hub, records=Records(storage), limiter=RateLimit(rate=10 * streams))
        runner = web.AppRunner(make_app(ctx), access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        host, port = runner.addresses[0][:2]
        base = f"http://{host}:{port}"
        await hub.start()
        table = await service.new_game(guild_id=1, channel_id=2, user_id=10, name="A", seats=2)
        await service.join(table.id, 11, "B")
        await service.start(table.id, 10)
        table = await service.current(table.id)
        token = auth.spectator(table.id, 2)
        try:
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
                mover = [10, 11][table.game.to_move]
                move = next(m for m in table.game.legal_moves() if m.startswith("tile"))
                start = time.perf_counter()
                await service.play(table.id, move, user_id=mover)
                await asyncio.wait_for(asyncio.gather(*tasks), 60)
                delays = sorted((t - start) * 1000 for t in got)
                p99 = delays[max(0, int(len(delays) * 0.99) - 1)]
                print(f"{streams} streams: event after the move median {statistics.median(delays):.1f} ms, "
                      f"p99 {p99:.1f} ms, last {delays[-1]:.1f} ms")
        finally:
            await hub.stop()
            await runner.cleanup()
            await storage.close()


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
    asyncio.run(run(parser.parse_args().streams))


if __name__ == "__main__":
    main()
