"""What a public server needs held in check: running games per person and per server, and games nobody attends.

Discord-free and pure: the service asks these functions and refuses or pauses in its own words. A game in which
no person is present (every person's seat away or resigned) does not play itself: its computers and the stand-in
wait until someone comes back, and a game left waiting `paused_days` ends unrated (abandoned).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bot.language.locales import N_
from bot.storage.rows import PlayerRow

MAX_RUNNING_PER_PERSON = 5  # running games one person hosts, in all servers together
MAX_RUNNING_PER_SERVER = 50  # running games in one server
PAUSED_DAYS = 7.0  # a game where everyone is away ends (abandoned, unrated) after waiting this long

PAUSED = N_("Everyone is away: the game waits until someone comes back with `/tne back` or a move.")


@dataclass(frozen=True)
class Limits:
    """The caps a server operator may set (bot/config.py reads them from the environment)."""

    per_person: int = MAX_RUNNING_PER_PERSON
    per_server: int = MAX_RUNNING_PER_SERVER
    paused_days: float = PAUSED_DAYS

    @property
    def paused_seconds(self) -> float:
        return self.paused_days * 86_400.0


UNCAPPED = Limits(per_person=1_000_000, per_server=1_000_000)  # benchmarks and tests that fill one server


def present(players: Iterable[PlayerRow]) -> bool:
    """Whether a person still attends the game: some seat is a person's, neither resigned nor away."""
    return any(not p.is_bot and not p.away for p in players)


PERSON_CAP = N_("You already host {running} running games, the most one person may. Finish or abandon one of "
                "them before starting another.")
SERVER_CAP = N_("This server already has {running} running games, the most it may have at once. Try again when "
                "one of them has ended.")


def person_refusal(running: int, limits: Limits) -> str | None:
    """Why a person who hosts `running` running games may not open or start another one, or None."""
    if running < limits.per_person:
        return None
    return PERSON_CAP.format(running=running)


def server_refusal(running: int, limits: Limits) -> str | None:
    """Why this server, with `running` running games, takes no further one now, or None."""
    if running < limits.per_server:
        return None
    return SERVER_CAP.format(running=running)
