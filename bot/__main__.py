"""Entry point: `python -m bot` runs the bot; `python -m bot --sync` also publishes the slash commands."""

from __future__ import annotations

import argparse
import logging
import sys

import aiohttp
import discord

from bot.client import TneBot, point_endpoints
from bot.config import ConfigError, environment, load_config

MISSING_TOKEN = """DISCORD_TOKEN is not set.
Create an application at https://discord.com/developers/applications, add a bot, copy its token and run:
    export DISCORD_TOKEN=...        (or copy .env.example to .env and fill it in)
Optional: TNE_DB_PATH (default tne.sqlite3), LOG_LEVEL, DISCORD_API_BASE, DISCORD_GATEWAY_URL, TNE_AI_DELAY."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Tigris & Euphrates Discord bot")
    parser.add_argument("--sync", action="store_true",
                        help="publish the /tne commands to Discord (needed once, and after commands change)")
    parser.add_argument("--guild", type=int, metavar="ID",
                        help="with --sync: publish to this server only (shows at once; handy while testing)")
    args = parser.parse_args(argv)
    if args.guild and not args.sync:
        parser.error("--guild only makes sense with --sync")
    try:
        config = load_config(environment())
    except ConfigError as exc:
        print(f"Configuration error: {exc}", file=sys.stderr)
        return 2
    if not config.token:
        print(MISSING_TOKEN, file=sys.stderr)
        return 2
    logging.basicConfig(level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    point_endpoints(config)
    # The bot never joins voice: silence discord.py's start-up warnings about voice libraries.
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
    bot = TneBot(config, sync=args.sync, sync_guild=args.guild)
    try:
        # log_handler=None: logging is configured above; discord.py never logs the token itself.
        bot.run(config.token, log_handler=None)
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
