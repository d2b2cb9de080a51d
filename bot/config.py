"""Settings read from the environment; the token is kept out of every repr and log line."""

from __future__ import annotations

import ipaddress
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.service.limits import MAX_RUNNING_PER_PERSON, MAX_RUNNING_PER_SERVER, PAUSED_DAYS, Limits
from bot.storage.driver import DEFAULT_POOL_SIZE
from bot.storage.url import URLError, parse_url

DEFAULT_DB_PATH = "tne.sqlite3"


class ConfigError(ValueError):
    """A setting is missing or malformed; the message says what to set."""


WEB_SECRET_LENGTH = 32  # TNE_WEB_SECRET's least length: HMAC keys shorter than this are guessable


@dataclass(frozen=True)
class WebConfig:
    """The web board's settings (docs/web.md); present only when TNE_WEB_PORT is set."""

    port: int
    url: str  # the public base URL, without a trailing slash
    secret: str = field(repr=False)
    host: str = "127.0.0.1"
    client_secret: str | None = field(default=None, repr=False)  # DISCORD_CLIENT_SECRET: the Activity is on
    # TNE_WEB_TRUSTED_PROXIES: the reverse proxies whose X-Forwarded-For names the visitor (bot/web/limits.py)
    trusted_proxies: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...] = ()

    @property
    def secure(self) -> bool:
        return self.url.startswith("https://")


@dataclass(frozen=True)
class Config:
    """Everything the bot reads from the environment."""

    token: str | None = field(default=None, repr=False)
    database_url: str = f"sqlite:///{DEFAULT_DB_PATH}"  # or a plain SQLite path, or postgresql://...
    database_pool: int = DEFAULT_POOL_SIZE  # PostgreSQL connections this process may open
    log_level: str = "INFO"
    api_base: str | None = None
    gateway_url: str | None = None
    ai_delay: float = 1.5
    ai_budget: float | None = None
    render_processes: int = 0
    ai_processes: int = 0
    analysis_processes: int = 0  # hints and reviews: a lane of workers of their own (bot/background/workers.py)
    shard_count: int | None = None  # None: as many gateway shards as Discord recommends, all in this process
    shard_ids: tuple[int, ...] | None = None  # None: every shard of shard_count
    limits: Limits = field(default_factory=Limits)  # caps on running games; patience with paused ones
    lobby_hours: float = 24.0  # a lobby nobody starts closes after this long (TNE_LOBBY_HOURS)
    # A channel the bot cannot post in for this long has its game's clock stopped until it can (TNE_CLOSED_MINUTES).
    closed_minutes: float = 10.0
    web: WebConfig | None = None  # the web board (TNE_WEB_PORT ...); None: off


def _float(env: Mapping[str, str], name: str, default: float | None) -> float | None:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError as exc:
        raise ConfigError(f"{name} must be a number of seconds, not {raw!r}.") from exc
    if value < 0:
        raise ConfigError(f"{name} must not be negative.")
    return value


def read_env_file(path: str = ".env") -> dict[str, str]:
    """KEY=VALUE lines of a .env file (comments, blanks and `export ` prefixes allowed); {} if there is none."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except FileNotFoundError:
        return {}
    values = {}
    for line in lines:
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.removeprefix("export ").partition("=")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key.strip()] = value
    return values


def environment(path: str = ".env") -> dict[str, str]:
    """The process environment over the .env file: a variable set in the shell always wins."""
    return {**read_env_file(path), **os.environ}


def load_config(env: Mapping[str, str] | None = None) -> Config:
    """Read the settings (DISCORD_TOKEN, TNE_DATABASE_URL or TNE_DB_PATH, LOG_LEVEL, DISCORD_API_BASE, ...)."""
    env = os.environ if env is None else env
    level = env.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
    if level not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
        raise ConfigError(f"LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL, not {level!r}.")
    return Config(
        token=(env.get("DISCORD_TOKEN") or "").strip() or None,
        database_url=_database_url(env),
        database_pool=_positive(env, "TNE_DATABASE_POOL", DEFAULT_POOL_SIZE),
        log_level=level,
        api_base=(env.get("DISCORD_API_BASE") or "").strip().rstrip("/") or None,
        gateway_url=(env.get("DISCORD_GATEWAY_URL") or "").strip() or None,
        ai_delay=_float(env, "TNE_AI_DELAY", 1.5) or 0.0,
        ai_budget=_float(env, "TNE_AI_BUDGET", None),
        render_processes=_processes(env, "TNE_RENDER_PROCESSES", min(4, os.cpu_count() or 1)),
        ai_processes=_processes(env, "TNE_AI_PROCESSES", 1),
        analysis_processes=_processes(env, "TNE_ANALYSIS_PROCESSES", 1),
        limits=Limits(per_person=_positive(env, "TNE_MAX_GAMES_PER_PERSON", MAX_RUNNING_PER_PERSON),
                      per_server=_positive(env, "TNE_MAX_GAMES_PER_SERVER", MAX_RUNNING_PER_SERVER),
                      paused_days=_amount(env, "TNE_PAUSED_DAYS", PAUSED_DAYS, "days")),
        lobby_hours=_amount(env, "TNE_LOBBY_HOURS", 24.0, "hours"),
        closed_minutes=_amount(env, "TNE_CLOSED_MINUTES", 10.0, "minutes"),
        web=web_settings(env),
        **shard_settings(env.get("TNE_SHARD_COUNT", ""), env.get("TNE_SHARD_IDS", ""),
                         names=("TNE_SHARD_COUNT", "TNE_SHARD_IDS")),
    )


def shard_settings(count: str | None, ids: str | None, *,
                   names: tuple[str, str] = ("--shard-count", "--shard-ids")) -> dict[str, Any]:
    """`shard_count` and `shard_ids` from their texts ("4", "0,1"); ConfigError naming the setting if malformed."""
    count, ids = (count or "").strip(), (ids or "").strip()
    if not count:
        if ids:
            raise ConfigError(f"{names[1]} needs {names[0]}: how many shards the whole bot runs.")
        return {"shard_count": None, "shard_ids": None}
    if not _whole(count) or int(count) < 1:
        raise ConfigError(f"{names[0]} must be a whole number of at least 1, not {count!r}.")
    total = int(count)
    if not ids:
        return {"shard_count": total, "shard_ids": None}
    parts = [p.strip() for p in ids.split(",")]
    if not all(_whole(p) for p in parts):
        raise ConfigError(f"{names[1]} must be shard numbers separated by commas (e.g. 0,1), not {ids!r}.")
    numbers = tuple(sorted({int(p) for p in parts}))
    if numbers[-1] >= total:
        raise ConfigError(f"{names[1]}: shard {numbers[-1]} does not exist with {names[0]} {total} "
                          f"(shards are numbered 0 to {total - 1}).")
    return {"shard_count": total, "shard_ids": numbers}


def web_settings(env: Mapping[str, str]) -> WebConfig | None:
    """The web board's settings, or None when TNE_WEB_PORT is unset; a half-set configuration is one clear line."""
    port = env.get("TNE_WEB_PORT", "").strip()
    if not port:
        return None
    if not _whole(port) or not 1 <= int(port) <= 65535:
        raise ConfigError(f"TNE_WEB_PORT must be a port number from 1 to 65535, not {port!r}.")
    url = env.get("TNE_WEB_URL", "").strip().rstrip("/")
    if not url:
        raise ConfigError("TNE_WEB_PORT is set but TNE_WEB_URL is not: set the public address people reach the "
                          "board at (e.g. https://tne.example.org), or unset TNE_WEB_PORT.")
    if re.fullmatch(r"https?://[^\s/?#]+(/[^\s?#]*)?", url) is None:
        raise ConfigError(f"TNE_WEB_URL must be an http:// or https:// address such as https://tne.example.org, "
                          f"not {url!r}.")
    secret = env.get("TNE_WEB_SECRET", "").strip()
    if not secret:
        raise ConfigError("TNE_WEB_PORT is set but TNE_WEB_SECRET is not: set a random secret of at least "
                          f"{WEB_SECRET_LENGTH} characters (e.g. from `openssl rand -hex 32`).")
    if len(secret) < WEB_SECRET_LENGTH:
        # The secret itself is never repeated: only its length.
        raise ConfigError(f"TNE_WEB_SECRET is too short ({len(secret)} characters): use at least "
                          f"{WEB_SECRET_LENGTH} (e.g. from `openssl rand -hex 32`).")
    host = env.get("TNE_WEB_HOST", "").strip() or "127.0.0.1"
    client_secret = env.get("DISCORD_CLIENT_SECRET", "").strip() or None
    return WebConfig(port=int(port), url=url, secret=secret, host=host, client_secret=client_secret,
                     trusted_proxies=_networks(env, "TNE_WEB_TRUSTED_PROXIES"))


def _networks(env: Mapping[str, str], name: str) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    """A comma list of addresses and networks (`127.0.0.1, 10.0.0.0/8, ::1`); unset: none."""
    found = []
    for part in env.get(name, "").split(","):
        part = part.strip()
        if not part:
            continue
        try:
            found.append(ipaddress.ip_network(part, strict=False))
        except ValueError:
            raise ConfigError(f"{name} must list addresses or networks separated by commas (e.g. 127.0.0.1, "
                              f"10.0.0.0/8), not {part!r}.") from None
    return tuple(found)


def _amount(env: Mapping[str, str], name: str, default: float, unit: str) -> float:
    """A positive number of `unit` (hours, days), or the default when unset."""
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError as exc:
        raise ConfigError(f"{name} must be a number of {unit}, not {raw!r}.") from exc
    if not value > 0:
        raise ConfigError(f"{name} must be more than 0 {unit}, not {raw!r}.")
    return value


def _processes(env: Mapping[str, str], name: str, default: int) -> int:
    """A worker process count; by default none on a one-core machine, where processes only add overhead."""
    raw = env.get(name, "").strip()
    if not raw:
        return default if (os.cpu_count() or 1) > 1 else 0
    if not _whole(raw):
        raise ConfigError(f"{name} must be a whole number (0 = threads), not {raw!r}.")
    return int(raw)


def _database_url(env: Mapping[str, str]) -> str:
    """TNE_DATABASE_URL, else the older TNE_DB_PATH (a SQLite file), else tne.sqlite3 here."""
    url = env.get("TNE_DATABASE_URL", "").strip()
    if url:
        try:
            parse_url(url)
        except URLError as exc:
            raise ConfigError(f"TNE_DATABASE_URL: {exc}.") from exc
        return url
    path = env.get("TNE_DB_PATH", "").strip() or DEFAULT_DB_PATH
    return f"sqlite:///{path}"


def _positive(env: Mapping[str, str], name: str, default: int) -> int:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    if not _whole(raw) or int(raw) < 1:
        raise ConfigError(f"{name} must be a whole number of at least 1, not {raw!r}.")
    return int(raw)


def _whole(text: str) -> bool:
    """ASCII digits only: str.isdigit() also accepts '²', which int() then refuses."""
    return re.fullmatch(r"[0-9]+", text) is not None
