"""What every part of the service shares (storage, the live tables, time, the caps) and the one way a change is
written: with its account (bot/service/said.py), retried while the database is locked, refused when the game moved on.
What a committed change did comes back as a value (`Changed`, with its event: the service publishes it).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from bot.background.clocks import Now
from bot.language.locales import ENGLISH, N_, Texts
from bot.language.server_languages import ServerLanguages
from bot.service import limits
from bot.service.endings import Ending
from bot.service.events import Ended, Event, Publisher
from bot.service.said import account
from bot.service.table import AlreadyDone, Changed, GameError, Origin, Said, Table, about, changed
from bot.service.tables import LiveTables
from bot.storage import BusyError, DuplicateError, StaleError, Storage, UnavailableError, changes
from bot.storage.changes import Change, Committed
from bot.storage.outbox import NewAnnouncement
from bot.storage.rows import GameStatus
from engine import Game

log = logging.getLogger(__name__)

# A database locked by someone else (BusyError) wrote nothing: the same write is tried again after these pauses.
BUSY_PAUSES = (0.2, 1.0)
CHANGED = N_("The game changed after you sent that; look at the newest message and try again.")
OUT_OF_DATE = N_("That button is out of date: the game has moved on. Use the newest message.")
DECIDED = N_("That decision has already been made; look at the newest message.")
# A command older than this is late (held by a gateway outage and replayed, or by a slow database): it is applied
# only if the game did not change after it was made.
LATE_AFTER = 2.0
UNAVAILABLE = N_("The game's storage cannot be reached just now; nothing was changed. Try again in a minute.")
# What a refused change asks of the person (Desk.commit's `retry`), and the whole sentence for each case.
TRY_AGAIN = "try again"
LOOK_AGAIN = "look again and retry"
_MEANWHILE = {  # (a lobby, look again)
    (True, False): N_("The lobby changed meanwhile; try again."),
    (True, True): N_("The lobby changed meanwhile; look again and retry."),
    (False, False): N_("The game changed meanwhile; try again."),
    (False, True): N_("The game changed meanwhile; look again and retry."),
}

E = TypeVar("E", bound=Event)


@dataclass
class Desk:
    """The service's shared parts."""

    storage: Storage
    tables: LiveTables
    limits: limits.Limits
    announcing: bool  # False: changes are stored without accounts for a channel (the terminal, some tests)
    now: Now  # clocks read time only through this, so tests can move it
    seed_source: Callable[[], int]
    languages: ServerLanguages | None = None  # each server's language for its public posts (None: English)
    publisher: Publisher = field(default_factory=Publisher)  # the parts that follow every change (bot/app.py)

    async def voice(self, table: Table) -> Texts:
        """The language the table's public posts speak: its server's."""
        return await self.languages.texts(table.row.guild_id) if self.languages is not None else ENGLISH

    def account(self, kind: str, after: Table, /, **values: Any) -> Said | None:
        """The account a change of a game owes its channel (bot/service/said.py), None when nothing is announced."""
        return account(kind, after, **values) if self.announcing else None

    async def commit(self, table: Table, change: Change, retry: str = TRY_AGAIN, *, said: Said | None = None,
                     origin: Origin | None = None) -> Committed:
        """Run one storage transaction, with the change's account when it has one (`said`).

        A locked database (BusyError) wrote nothing: the same transaction is tried again after BUSY_PAUSES. If the
        game moved on under it, the cached table is dropped and the person told; a second change by one
        interaction (Discord delivered it twice) is AlreadyDone. What was stored comes back: nothing is told here
        (the service publishes the change's event once the game's lock is let go)."""
        new = announcement(table, said, origin) if said is not None else None
        for pause in (*BUSY_PAUSES, None):
            try:
                committed = await self.storage.changes.write(change, new)
                break
            except BusyError as exc:
                if pause is None:
                    raise GameError(N_("The game's storage is busy just now; nothing was changed. Try again in a "
                                       "moment.")) from exc
                log.warning("Game %s: the database is locked; trying the same change again in %.1f s", table.id,
                            pause)
                await asyncio.sleep(pause)
            except StaleError as exc:
                self.tables.forget(table.id)
                raise GameError(_MEANWHILE[table.row.status == GameStatus.LOBBY, retry == LOOK_AGAIN]) from exc
            except DuplicateError as exc:
                if new is None or new.interaction_id is None:
                    raise
                raise AlreadyDone("That was done already.") from exc
            except UnavailableError as exc:
                self.tables.forget(table.id)  # the outcome is unknown: read the game afresh next time
                raise GameError(UNAVAILABLE) from exc
        return committed

    async def end(self, table: Table, status: str, ending: Ending, said: Said | None,
                  origin: Origin | None = None, *, resigned: int | None = None, gone_channel: int | None = None,
                  event: Event | None = None) -> Changed:
        """Close a lobby or game. `resigned`: the seat whose resignation ends it, flagged in the same transaction;
        `gone_channel`: its channel is gone, and whatever was owed there is given up with it. `event`: what
        happened, when it is more than `Ended` (a resignation)."""
        reason = ending.stored()
        committed = await self.commit(table, changes.End(table.id, table.row.rev, status, reason, resigned,
                                                         gone_channel), said=said, origin=origin)
        if resigned is not None:
            table.row.players[resigned].resigned = True
        table.row.status = status
        table.row.end_reason = reason
        table.row.rev += 1
        self.tables.ended(table)
        happened = event or Ended(**about(table), seat=resigned, by=origin.name if origin is not None else "")
        return changed(table, happened, committed.announced, said)


def announcement(table: Table, said: Said, origin: Origin | None) -> NewAnnouncement:
    """The stored form of a change's public account, in codes and values: worded when it is delivered."""
    origin = origin or Origin()
    return NewAnnouncement(
        channel_id=table.row.channel_id, kind=said.kind, content="", guild_id=table.row.guild_id,
        game_id=table.id, rev=table.row.rev, said=said.stored(), interaction_id=origin.interaction_id,
        reply_token=origin.token, reply_until=origin.reply_until, created_at=time.time())


class Stale(GameError):
    """A request made on a revision the game has left (a button of an older message, a web page behind)."""


def pinned(table: Table, rev: int | None, refusal: str = OUT_OF_DATE) -> None:
    """The one check of a request's revision (`rev`, None: not pinned) against the game's: Stale when it moved on.
    The database checks the same when the change is written (`Desk.commit`), for whatever changed meanwhile."""
    if rev is not None and rev != table.row.rev:
        raise Stale(refusal)


def in_time(table: Table, origin: Origin | None) -> None:
    """A late command (replayed after a gateway outage, held by a slow database) is applied only if nothing
    happened in its game since it was made; else the sender, who never saw that change, is refused."""
    if origin is None or origin.made_at is None:
        return
    if time.time() - origin.made_at > LATE_AFTER and (table.row.updated_at or 0) > origin.made_at:
        raise GameError(CHANGED)


def running(table: Table) -> Game:
    """The engine game of a running table, or a GameError saying why there is none to play."""
    if table.row.status == GameStatus.LOBBY:
        raise GameError(N_("The game has not started yet."))
    if table.row.status != GameStatus.ACTIVE or table.game is None or table.game.over:
        raise GameError(N_("This game is over."))
    return table.game


def player_seat(table: Table, user_id: int | None) -> int:
    """The seat a person plays in this game, or a GameError saying they play none."""
    seat = table.seat_of(user_id if user_id is not None else -1)
    if seat is None:
        raise GameError(N_("You are not playing in this game."))
    return seat
