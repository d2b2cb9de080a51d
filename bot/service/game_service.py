"""The game service: the one door every front end (Discord, the terminal, a web page) goes through.

Discord-free on purpose, so the rules of the table (who may do what, when) are tested without Discord. Each job
has its own module: the live tables and their locks (bot/service/tables.py), the lobby (bot/service/lobby.py), the
commands of a
running game (bot/service/moves.py), the clocks (bot/service/clock_steps.py), closings nobody asked for
(bot/service/closings.py), and
what they share, writing a change (bot/service/desk.py). Every change of a running game is one storage transaction with
its public account (in codes and values: bot/service/said.py) and its clock step (bot/storage/changes.py), so the outbox
(bot/discord_front/outbox.py) can never miss one; an interaction makes at most one change (its id is stored with it),
and a
command made before the game last changed is refused rather than applied to a game its sender never saw.

Once a change is committed and its game's lock let go, the service publishes what happened (bot/service/events.py) to
the parts that follow changes: every front end's change gets the same follow-ups, and answers only its caller.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable, Hashable

from bot.background import clocks
from bot.language.person_languages import PersonLanguages
from bot.language.server_languages import ServerLanguages
from bot.service.clock_steps import ClockSteps
from bot.service.closings import CHANNEL_GONE, GUILD_GONE, LOBBY_EXPIRED, Closings
from bot.service.desk import BUSY_PAUSES, CHANGED, LATE_AFTER, UNAVAILABLE, Desk
from bot.service.events import ClockEvent, Publisher
from bot.service.limits import Limits
from bot.service.lobby import MAX_LOBBIES, Lobby, Rematch
from bot.service.moves import MOVE_LIMIT, Moves
from bot.service.table import (
    BOT_USER_ID,
    AlreadyDone,
    Changed,
    GameError,
    Origin,
    Played,
    Table,
    turn_of,
)
from bot.service.tables import LiveTables
from bot.service.visibility import Viewer
from bot.storage import MoveRow, Storage
from engine import DYNASTIES

# The names front ends and tests have always taken from here.
__all__ = [
    "BOT_USER_ID", "BUSY_PAUSES", "CHANGED", "CHANNEL_GONE", "DYNASTIES", "GUILD_GONE", "LATE_AFTER", "LOBBY_EXPIRED",
    "MAX_LOBBIES", "MOVE_LIMIT", "UNAVAILABLE", "AlreadyDone", "Changed", "GameError", "GameService", "Origin",
    "Played", "Table", "turn_of",
]


class GameService:
    """Every change goes through here under the game's lock; each call is handed to the part that does it, and what
    it did is published (`publisher`) once the lock is let go."""

    def __init__(self, storage: Storage, *, seed_source: Callable[[], int] | None = None,
                 announcing: bool = False, now: clocks.Now | None = None,
                 caps: Limits | None = None, publisher: Publisher | None = None,
                 server_locale: Callable[[int], str | None] | None = None) -> None:
        """`announcing`: each change stores its account for the channel (the Discord front end delivers them; the
        terminal keeps none). `server_locale`: a server's locale as the front end last heard it (its guild cache),
        for posts in a server never seen through an interaction."""
        self.storage = storage
        self.tables = LiveTables(storage)
        # Caps: running games per person and per server; paused games' patience.
        self.desk = Desk(storage, self.tables, caps or Limits(), announcing, now or clocks.time_source(),
                         seed_source or (lambda: secrets.randbits(31)))
        self.lobby = Lobby(self.desk)
        self.moves = Moves(self.desk)
        self.person_languages = PersonLanguages(storage.clocks)  # what reminders are written in, person by person
        self.clocks = ClockSteps(self.desk, self.person_languages)
        self.closings = Closings(self.desk)
        self.publisher = publisher or Publisher()  # the parts that follow every change (bot/app.py subscribes them)
        self.languages = self.desk.languages = ServerLanguages(storage.servers, gateway=server_locale)

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

    # --- the live tables --------------------------------------------------------------------------------------

    def lock(self, game_id: Hashable) -> asyncio.Lock:
        return self.tables.lock(game_id)

    async def load(self, game_id: int) -> Table:
        return await self.tables.load(game_id)

    async def channel_table(self, channel_id: int, *, finished: bool = False) -> Table:
        return await self.tables.channel_table(channel_id, finished=finished)

    async def active_tables(self) -> list[Table]:
        return await self.tables.active_tables()

    async def current(self, game_id: int, rev: int | None = None) -> Table:
        return await self.tables.current(game_id, rev)

    async def server_tables(self, guild_id: int, viewer: Viewer | None = None) -> list[Table]:
        return await self.tables.server_tables(guild_id, viewer)

    async def game_in_guild(self, game_id: int, guild_id: int | None) -> Table:
        return await self.tables.game_in_guild(game_id, guild_id)

    # --- the lobby --------------------------------------------------------------------------------------------

    async def new_game(self, *, guild_id: int | None, channel_id: int, user_id: int, name: str, seats: int = 4,
                       board: str = "standard", scores: str = "hidden", clock: str = clocks.DEFAULT_CLOCK,
                       on_timeout: str = clocks.STANDIN, hints: str = "off") -> Table:
        """A new lobby; `hints` "on" opens a casual game (never rated) in which players may ask for hints."""
        return await self.lobby.new_game(guild_id=guild_id, channel_id=channel_id, user_id=user_id, name=name,
                                         seats=seats, board=board, scores=scores, clock=clock, on_timeout=on_timeout,
                                         hints=hints)

    async def rematch(self, *, guild_id: int | None, channel_id: int, user_id: int, name: str,
                      game_id: int | None = None, origin: Origin | None = None) -> Rematch:
        """A lobby playing a finished game of this channel again, and the players invited to accept; with nobody
        to ask (the others were computers) it starts at once."""
        rematch = await self.lobby.rematch(guild_id=guild_id, channel_id=channel_id, user_id=user_id, name=name,
                                           game_id=game_id)
        if self.lobby.rematch_ready(rematch.table):
            rematch.started = await self.start(rematch.table.id, user_id, origin=origin)
            rematch.table = rematch.started.table
        return rematch

    async def join(self, game_id: int, user_id: int, name: str) -> Table:
        """Take a seat; a rematch starts once every player it invited has accepted (its opening is posted)."""
        table = self._told(await self.lobby.join(game_id, user_id, name)).table
        if self.lobby.rematch_ready(table):
            table = (await self.start(game_id, table.row.host_id)).table
        return table

    async def leave(self, game_id: int, user_id: int) -> Table:
        return self._told(await self.lobby.leave(game_id, user_id)).table

    async def add_bot(self, game_id: int, user_id: int, level: str) -> Table:
        return self._told(await self.lobby.add_bot(game_id, user_id, level)).table

    async def start(self, game_id: int, user_id: int, *, origin: Origin | None = None) -> Changed:
        return self._told(await self.lobby.start(game_id, user_id, origin=origin))

    async def cancel(self, game_id: int, user_id: int) -> Table:
        return self._told(await self.lobby.cancel(game_id, user_id)).table

    # --- a running game ---------------------------------------------------------------------------------------

    async def play(self, game_id: int, move: str, *, user_id: int | None = None, seat: int | None = None,
                   rev: int | None = None, origin: Origin | None = None) -> Played:
        """One move by a person (user_id) or a computer seat (seat); what it did, its announcement included."""
        played = await self.moves.play(game_id, move, user_id=user_id, seat=seat, rev=rev, origin=origin)
        self.publisher.publish([played.event])
        return played

    async def undo(self, game_id: int, user_id: int, *, origin: Origin | None = None) -> tuple[Changed, MoveRow]:
        """Take back the person's last action; the change, and the move it took back."""
        done, undone = await self.moves.undo(game_id, user_id, origin=origin)
        return self._told(done), undone

    async def resign(self, game_id: int, user_id: int, *, origin: Origin | None = None) -> Changed:
        return self._told(await self.moves.resign(game_id, user_id, origin=origin))

    async def abandon(self, game_id: int, user_id: int, *, can_manage: bool, origin: Origin | None = None
                      ) -> Changed:
        return self._told(await self.moves.abandon(game_id, user_id, can_manage=can_manage, origin=origin))

    async def abandon_by_number(self, game_id: int, user_id: int, *, guild_id: int | None, can_manage: bool,
                                origin: Origin | None = None) -> Changed:
        """`/tne abandon game:<n>` from any channel of the game's server: the same rule as in its own channel."""
        await self.tables.game_in_guild(game_id, guild_id)
        return self._told(await self.moves.abandon(game_id, user_id, can_manage=can_manage, origin=origin))

    async def end_paused(self, game_id: int) -> Changed:
        return self._told(await self.moves.end_paused(game_id))

    async def set_away(self, game_id: int, user_id: int, away: bool, *, origin: Origin | None = None) -> Changed:
        return self._told(await self.moves.set_away(game_id, user_id, away, origin=origin))

    # --- clocks -----------------------------------------------------------------------------------------------

    async def clock_step(self, game_id: int, owner: str) -> ClockEvent | None:
        event = await self.clocks.clock_step(game_id, owner)
        self.publisher.publish([event])
        return event

    async def channel_closed(self, channel_id: int) -> list[int]:
        return await self.clocks.channel_closed(channel_id)

    async def channel_open(self, channel_id: int) -> list[int]:
        resumed = await self.clocks.channel_open(channel_id)
        self.publisher.publish(resumed)
        return [event.game_id for event in resumed]

    async def set_clock_choice(self, game_id: int, user_id: int, choice: str) -> Table:
        return self._told(await self.clocks.set_clock_choice(game_id, user_id, choice)).table

    async def set_notify(self, user_id: int, mode: str) -> None:
        await self.clocks.set_notify(user_id, mode)

    async def remember_language(self, user_id: int, locale: str | None) -> None:
        """The locale a person's Discord used now: reminders and direct messages to them are written in it."""
        await self.person_languages.remember(user_id, locale)

    # --- closings nobody asked for ----------------------------------------------------------------------------

    async def channel_gone(self, channel_id: int) -> list[int]:
        return self._closed(await self.closings.channel_gone(channel_id))

    async def guild_gone(self, guild_id: int) -> list[int]:
        return self._closed(await self.closings.guild_gone(guild_id))

    async def expire_lobbies(self, max_age: float) -> list[int]:
        return self._closed(await self.closings.expire_lobbies(max_age))

    # --- publishing -------------------------------------------------------------------------------------------

    def _told(self, done: Changed) -> Changed:
        """Publish a committed change (its game's lock is let go by now) and hand it back to the caller."""
        self.publisher.publish([done.event])
        return done

    def _closed(self, closed: list[Changed]) -> list[int]:
        self.publisher.publish(done.event for done in closed)
        return [done.table.id for done in closed]

