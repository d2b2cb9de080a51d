"""Entry point: `python -m bot` runs the bot (`--sync` also publishes the slash commands);
`python -m bot migrate-db --from URL --to URL` copies every game to another database."""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import logging
import signal
import sys

import aiohttp
import discord

from bot import log_repeats
from bot.client import TneBot, point_endpoints, tune_collector
from bot.config import ConfigError, environment, load_config, shard_settings
from bot.storage import Storage, StorageError, URLError, parse_url
from bot.storage.copy import copy_database
from bot.web.server import WebListenError

MISSING_TOKEN = """DISCORD_TOKEN is not set.
Create an application at https://discord.com/developers/applications, add a bot, copy its token and run:
    export DISCORD_TOKEN=...        (or copy .env.example to .env and fill it in)
Optional settings (.env.example explains each):
    TNE_DATABASE_URL    where games are stored: sqlite:///tne.sqlite3 (the default) or postgresql://user@host/db
    TNE_DB_PATH         older form of the same: a SQLite file path
    TNE_DATABASE_POOL   PostgreSQL connections per process (default 10)
    LOG_LEVEL           DEBUG, INFO (default), WARNING, ERROR or CRITICAL
    DISCORD_API_BASE, DISCORD_GATEWAY_URL    a proxy or Discord-compatible test server
    TNE_AI_DELAY        seconds a computer player waits before posting (default 1.5)
    TNE_AI_BUDGET       seconds the hard computer player may think per move (default 1)
    TNE_RENDER_PROCESSES, TNE_AI_PROCESSES   worker processes for pictures and computer players
    TNE_ANALYSIS_PROCESSES   worker processes for hints and reviews, apart from the computer players' (default 1)
    TNE_SHARD_COUNT, TNE_SHARD_IDS   gateway shards of the whole bot and those this process runs
    TNE_MAX_GAMES_PER_PERSON, TNE_MAX_GAMES_PER_SERVER   running games a host / a server may have (5, 50)
    TNE_PAUSED_DAYS     days a game where everyone is away waits before it ends unrated (default 7)
    TNE_LOBBY_HOURS     hours a lobby nobody starts stays open (default 24)
    TNE_CLOSED_MINUTES  minutes a channel the bot cannot post in plays on before its game's clock stops (default 10)
    TNE_WEB_PORT, TNE_WEB_HOST, TNE_WEB_URL, TNE_WEB_SECRET   the web board (off unless the port is set)
    TNE_WEB_TRUSTED_PROXIES   reverse proxies whose X-Forwarded-For names the visitor (default: none believed)
    DISCORD_CLIENT_SECRET   the web board as a Discord Activity
Publish the /tne commands once (and again when they change) with: python -m bot --sync"""

# How long start-up may spend finding out whether the database can be used.
DATABASE_CHECK_SECONDS = 15.0


async def check_database(url: str, pool_size: int) -> None:
    """Open the database (migrating it) and close it again: StorageError, in one line, if it is unusable."""
    try:
        store = await asyncio.wait_for(Storage.open(url, pool_size=pool_size), DATABASE_CHECK_SECONDS)
    except TimeoutError as exc:
        raise StorageError(f"no answer within {DATABASE_CHECK_SECONDS:g} s", where=str(parse_url(url))) from exc
    await store.close()


def migrate_db(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot migrate-db",
        description="Copy every table (games, seats, moves, and any added later) from one database to another, "
                    "keeping ids, then check the copy (row counts and a SHA-256 per table).")
    parser.add_argument("--from", dest="source", required=True, metavar="URL",
                        help="the database to copy: sqlite:///tne.sqlite3 or postgresql://user@host/db")
    parser.add_argument("--to", dest="target", required=True, metavar="URL", help="the database to fill")
    parser.add_argument("--replace", action="store_true",
                        help="empty the target first if it already holds games (otherwise it is refused)")
    args = parser.parse_args(argv)
    for url in (args.source, args.target):
        try:
            parse_url(url)
        except URLError as exc:
            parser.error(str(exc))
    try:
        asyncio.run(copy_database(args.source, args.target, replace=args.replace))
    except StorageError as exc:
        print(f"migrate-db: {exc.line()}", file=sys.stderr)
        return 1
    return 0


def _as_sigint(signum: int, frame: object) -> None:
    logging.getLogger(__name__).info("SIGTERM: shutting down")
    signal.raise_signal(signal.SIGINT)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["migrate-db"]:
        return migrate_db(argv[1:])
    parser = argparse.ArgumentParser(prog="python -m bot", description="Tigris & Euphrates Discord bot",
                                     epilog="python -m bot migrate-db --help: copy the games to another database")
    parser.add_argument("--sync", action="store_true",
                        help="publish the /tne commands to Discord (needed once, and after commands change)")
    parser.add_argument("--guild", type=int, metavar="ID",
                        help="with --sync: publish to this server only (shows at once; handy while testing)")
    parser.add_argument("--shard-count", metavar="N",
                        help="gateway shards of the whole bot (all processes together; default: as Discord "
                             "recommends, all in this process); overrides TNE_SHARD_COUNT")
    parser.add_argument("--shard-ids", metavar="I,J",
                        help="the shards this process runs, e.g. 0,1 (default: all); overrides TNE_SHARD_IDS")
    args = parser.parse_args(argv)
    if args.guild and not args.sync:
        parser.error("--guild only makes sense with --sync")
    try:
        config = load_config(environment())
        if args.shard_count is not None or args.shard_ids is not None:
            config = dataclasses.replace(config, **shard_settings(args.shard_count, args.shard_ids))
    except ConfigError as exc:
        print(f"Configuration error: {exc}", file=sys.stderr)
        return 2
    if not config.token:
        print(MISSING_TOKEN, file=sys.stderr)
        return 2
    logging.basicConfig(level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log_repeats.install()  # a fault in a tight loop (out of descriptors, say) is one line and a count, not a flood
    try:
        # Before Discord is contacted: an unusable database must stop the process at once, in one line.
        asyncio.run(check_database(config.database_url, config.database_pool))
    except StorageError as exc:
        print(exc.line(), file=sys.stderr)
        return 1
    point_endpoints(config)
    tune_collector()
    # The bot never joins voice: silence discord.py's start-up warnings about voice libraries.
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
    # systemd and docker stop a service with SIGTERM: shut down exactly as on Ctrl-C (discord.py closes the
    # gateway with 1000, the bot hands back its leases, finishes deliveries briefly and closes storage).
    signal.signal(signal.SIGTERM, _as_sigint)
    bot = TneBot(config, sync=args.sync, sync_guild=args.guild)
    try:
        # log_handler=None: logging is configured above; discord.py never logs the token itself.
        bot.run(config.token, log_handler=None)
    except StorageError as exc:
        print(exc.line(), file=sys.stderr)
        return 1
    except WebListenError as exc:
        print(exc.line(), file=sys.stderr)
        return 1
    except discord.LoginFailure:
        print("Discord refused the token: check DISCORD_TOKEN (Developer Portal -> Bot -> Reset Token).",
              file=sys.stderr)
        return 1
    except (OSError, aiohttp.ClientError) as exc:
        print(f"Could not reach Discord ({exc}). Check the network, DISCORD_API_BASE and DISCORD_GATEWAY_URL.",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
