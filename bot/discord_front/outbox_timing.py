"""How patient the outbox (bot/discord_front/outbox.py) is: its scans, retries, leases and closed channels."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.background.backoff import Backoff


@dataclass(frozen=True)
class Timing:
    """How patient the outbox is; tests shorten these."""

    scan_every: float = 1.0  # look for work left by others (a dead process, another process's stored change)
    nonce_window: float = 60.0  # a repeated post within this of the change is deduplicated by its nonce
    token_life: float = 14 * 60.0  # an interaction token works 15 minutes: look for the reply only before that
    picture_tries: int = 4
    backoff: Backoff = field(default_factory=lambda: Backoff(first=0.5, most=30.0))
    stop_grace: float = 5.0  # at shutdown: how long deliveries under way may take to finish
    # A drained channel's lease is kept this long before it is handed back, so a busy channel costs no claim and
    # no release per announcement (0: hand back at once). Another process's announcement there waits for our scan.
    linger: float = 10.0
    # A channel closed to the bot this long pauses its game (the clock stops) until a post gets through again.
    close_after: float = 600.0
