"""The game service: the one door every front end (Discord, the terminal, a web page) goes through.

Discord-free on purpose, so the rules of the table (who may do what, when) are tested without Discord. It is put
together from its parts, each in its own module, so a command goes straight to the code that does it: the live tables
and their locks (bot/service/tables.py), the lobby (bot/service/lobby.py), the commands of a running game
(bot/service/moves.py), the clocks (bot/service/clock_steps.py), closings nobody asked for (bot/service/closings.py);
what they share, and the one way a change is written, is the desk (bot/service/desk.py). Every change of a running
game is one storage transaction with its public account (in codes and values: bot/service/said.py) and its clock step
(bot/storage/changes.py), so the outbox can never miss one; an interaction makes at most one change (its id is stored
with it), and a command made before the game last changed is refused rather than applied to a game its sender never
saw.

Once a change is committed and its game's lock let go, the part publishes what happened (bot/service/events.py) to
the parts that follow changes: every front end's change gets the same follow-ups, and answers only its caller.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from bot.background import clocks
from bot.language.person_languages import PersonLanguages
from bot.language.server_languages import ServerLanguages
from bot.service.clock_steps import ClockSteps
from bot.service.closings import CHANNEL_GONE, GUILD_GONE, LOBBY_EXPIRED, Closings
from bot.service.desk import BUSY_PAUSES, CHANGED, LATE_AFTER, UNAVAILABLE, Desk
from bot.service.events import Publisher
from bot.service.limits import Limits
from bot.service.lobby import MAX_LOBBIES, Lobby, Rematch
from bot.service.moves import MOVE_LIMIT, Moves
from bot.service.table import BOT_USER_ID, AlreadyDone, Changed, GameError, Origin, Played, Table, turn_of
from bot.service.tables import LiveTables
from bot.storage import Storage
from engine import DYNASTIES

# The names front ends and tests have always taken from here.
__all__ = [
    "BOT_USER_ID", "BUSY_PAUSES", "CHANGED", "CHANNEL_GONE", "DYNASTIES", "GUILD_GONE", "LATE_AFTER", "LOBBY_EXPIRED",
    "MAX_LOBBIES", "MOVE_LIMIT", "UNAVAILABLE", "AlreadyDone", "Changed", "GameError", "GameService", "Origin",
    "Played", "Rematch", "Table", "turn_of",
]


class GameService(LiveTables, Lobby, Moves, ClockSteps, Closings):
    """The live tables and every change to them, each made under its game's lock and published (`publisher`) once
    the lock is let go."""

    def __init__(self, storage: Storage, *, seed_source: Callable[[], int] | None = None,
                 announcing: bool = False, now: clocks.Now | None = None,
                 caps: Limits | None = None, publisher: Publisher | None = None,
                 server_locale: Callable[[int], str | None] | None = None) -> None:
        """`announcing`: each change stores its account for the channel (the Discord front end delivers them; the
        terminal keeps none). `server_locale`: a server's locale as the front end last heard it (its guild cache),
        for posts in a server never seen through an interaction."""
        LiveTables.__init__(self, storage)
        self.publisher = publisher or Publisher()  # the parts that follow every change (bot/app.py subscribes them)
        self.languages = ServerLanguages(storage.servers, gateway=server_locale)
        # Caps: running games per person and per server; paused games' patience.
        self.desk = Desk(storage, self, caps or Limits(), announcing, now or clocks.time_source(),
                         seed_source or (lambda: secrets.randbits(31)), self.languages, self.publisher)
        self.person_languages = PersonLanguages(storage.clocks)  # what reminders are written in, person by person

    # What the front end and tests set after building the service lives on the desk, where every part reads it.

    @property
    def announcing(self) -> bool:
        return self.desk.announcing

    @announcing.setter
    def announcing(self, announcing: bool) -> None:
        self.desk.announcing = announcing

    @property
    def now(self) -> clocks.Now:
        return self.desk.now

    @now.setter
    def now(self, now: clocks.Now) -> None:
        self.desk.now = now

    @property
    def limits(self) -> Limits:
        return self.desk.limits

    @limits.setter
    def limits(self, caps: Limits) -> None:
        self.desk.limits = caps
