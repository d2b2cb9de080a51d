"""`python -m tests.loopback`: the loopback Discord as its own process, with its control API under /_loopback/.

Prints one JSON line (where it listens, the token, the people and channels it made), then serves until Ctrl-C
or SIGTERM. Point a bot at it with DISCORD_API_BASE, DISCORD_GATEWAY_URL and DISCORD_TOKEN from that line.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import signal
import sys

from tests.loopback.control import Control
from tests.loopback.ratelimit import RateLimits
from tests.loopback.server import LoopbackDiscord


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tests.loopback", description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (default: a free one)")
    parser.add_argument("--token", default="loopback-token", help="the bot token it accepts")
    parser.add_argument("--users", default="Alice,Bob,Carol", help="people to create, comma-separated")
    parser.add_argument("--guilds", type=int, default=1, help="guilds to create, each with one channel")
    parser.add_argument("--shards", type=int, default=1, help="spread the guilds over this many shards")
    parser.add_argument("--deadline", type=float, default=3.0, help="seconds to answer an interaction")
    parser.add_argument("--relaxed", action="store_true", help="rate-limit headers, but limits nobody reaches")
    return parser.parse_args(argv)


async def serve(args: argparse.Namespace) -> None:
    server = LoopbackDiscord(token=args.token, interaction_deadline=args.deadline, port=args.port,
                             rate_limits=RateLimits.relaxed() if args.relaxed else RateLimits(),
                             recommended_shards=args.shards)
    await server.start(extra_routes=Control(server).install)
    users = {name: str(server.add_user(name).id) for name in filter(None, args.users.split(","))}
    guilds = []
    for i in range(args.guilds):
        guild = server.add_guild(f"Guild {i + 1}", shard=(i % args.shards, args.shards))
        guilds.append({"id": str(guild.id), "channel_id": str(server.add_channel(guild).id)})
    print(json.dumps({"api_base": server.api_base, "gateway_url": server.gateway_url, "token": server.token,
                      "control": f"{server.http_url}/_loopback", "users": users, "guilds": guilds}), flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        await server.stop()


def main(argv: list[str] | None = None) -> int:
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve(parse(argv)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
