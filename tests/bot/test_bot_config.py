"""Configuration, the entry point and the endpoint hooks; the token never shows up in logs or reprs."""

from __future__ import annotations

import logging

import discord
import pytest

from bot.__main__ import main
from bot.client import point_endpoints
from bot.config import Config, ConfigError, environment, load_config, read_env_file
from tests.bot_harness import ALICE, BOB, CHANNEL, Harness, open_game


def test_defaults_and_environment():
    c = load_config({})
    assert c.token is None and c.database_url == "sqlite:///tne.sqlite3" and c.log_level == "INFO"
    assert c.api_base is None and c.gateway_url is None
    c = load_config({"DISCORD_TOKEN": " abc ", "TNE_DB_PATH": "/tmp/x.db", "LOG_LEVEL": "debug",
                     "DISCORD_API_BASE": "http://proxy:8080/api/", "TNE_AI_DELAY": "0",
                     "TNE_RENDER_PROCESSES": "0"})
    assert c.token == "abc" and c.database_url == "sqlite:////tmp/x.db" and c.log_level == "DEBUG"
    assert c.api_base == "http://proxy:8080/api" and c.ai_delay == 0 and c.render_processes == 0
    assert "abc" not in repr(c)
    for bad in ({"LOG_LEVEL": "LOUD"}, {"TNE_AI_DELAY": "soon"}, {"TNE_RENDER_PROCESSES": "-1"}):
        with pytest.raises(ConfigError):
            load_config(bad)


def test_env_file_is_read_and_the_shell_wins(monkeypatch, tmp_path):
    env_file = tmp_path / ".env"
    env_file.write_text('# comment\n\nexport DISCORD_TOKEN="from-file"\nTNE_DB_PATH=games.db\nLOG_LEVEL=debug\n')
    assert read_env_file(str(env_file)) == {"DISCORD_TOKEN": "from-file", "TNE_DB_PATH": "games.db",
                                            "LOG_LEVEL": "debug"}
    assert read_env_file(str(tmp_path / "missing")) == {}
    monkeypatch.setenv("TNE_DB_PATH", "shell.db")
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    config = load_config(environment(str(env_file)))
    assert config.token == "from-file" and config.database_url == "sqlite:///shell.db" and config.log_level == "DEBUG"


def test_start_without_token_says_what_to_set(monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main([]) == 2
    err = capsys.readouterr().err
    assert "DISCORD_TOKEN is not set" in err and "developers/applications" in err


def test_endpoint_hooks(monkeypatch):
    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
    monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY",
                        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
    point_endpoints(Config(api_base="http://proxy:8080/api", gateway_url="ws://proxy:8081/"))
    assert discord.http.Route("GET", "/users/@me").url == "http://proxy:8080/api/v10/users/@me"
    assert str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY) == "ws://proxy:8081/"
    point_endpoints(Config(api_base="http://test/api/v10"))
    assert discord.http.Route("GET", "/gateway").url == "http://test/api/v10/gateway"
    point_endpoints(Config(api_base="http://vproxy"))
    assert discord.http.Route("GET", "/gateway").url == "http://vproxy/v10/gateway"


async def test_token_never_logged(fake, tmp_path, caplog):
    caplog.set_level(logging.DEBUG)
    harness = await Harness(fake, str(tmp_path / "t.sqlite3")).start()  # the login itself is logged too
    try:
        await open_game(harness, [ALICE, BOB])
        await harness.command(ALICE, CHANNEL, "status")
    finally:
        await harness.close()
    assert "logging in" in caplog.text
    assert "test-token" not in caplog.text
    assert "test-token" not in repr(harness.bot.config)


async def test_commands_are_synced_only_on_request(fake, tmp_path):
    plain = await Harness(fake, str(tmp_path / "a.sqlite3")).start()
    await plain.close()
    assert not [c for c in fake.calls if "/commands" in c.path]
    h = Harness(fake, str(tmp_path / "b.sqlite3"))
    h.bot.sync_on_start, h.bot.sync_guild = True, 77
    await h.start()
    await h.close()
    puts = [c for c in fake.calls if c.method == "PUT" and "/guilds/77/commands" in c.path]
    assert len(puts) == 1
    (group,) = puts[0].payload
    assert group["name"] == "tne" and group["contexts"] == [0]
    names = {o["name"] for o in group["options"]}
    assert names == {"new", "join", "leave", "start", "addbot", "move", "hand", "board", "status", "log", "undo",
                     "resign", "abandon", "help", "settings", "away", "back", "games", "hint",
                     "export", "replay", "review", "stats", "web", "rematch"}
    assert len(names) <= 25, "Discord allows 25 subcommands and groups under /tne"
