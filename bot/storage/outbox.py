"""The outbox queries: announcements stored with the change they report, and their delivery record.

An announcement is written by `insert_statement` inside the very transaction that makes the change (a move, a
start, an undo ...), so a change can never stand unannounced. Within a channel, announcements are delivered
in id order (the game row's lock or revision check orders the changes of one game, and a channel has one live
game). `hold_until`: while the interaction that made the change may still answer with the announcement itself,
nobody else delivers it; the database sets it only if nothing earlier in the channel is still undelivered, so a
reply never overtakes an older announcement.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from bot.storage.driver import Database
from bot.storage.leases import CHANNEL
from bot.storage.rows import Stored
from bot.storage.sql import Result, Statement

PENDING, SENT, FAILED = "pending", "sent", "failed"
REPLY, POSTED = "reply", "channel"  # how it was delivered: as the interaction's reply, or posted in the channel
NO_PICTURE, PICTURE_PENDING, PICTURE_DONE, PICTURE_FAILED = "none", "pending", "done", "failed"

_COLUMNS = ("id, game_id, rev, guild_id, channel_id, kind, content, pings, buttons, picture, interaction_id, "
            "reply_token, hold_until, created_at, state, message_id, via, sent_at, tries, next_try_at, last_error, "
            "picture_state, said")
_OPEN = f"(state = '{PENDING}' OR picture_state = '{PICTURE_PENDING}')"
_OPEN_A = f"(a.state = '{PENDING}' OR a.picture_state = '{PICTURE_PENDING}')"


@dataclass
class NewAnnouncement:
    """What a change owes its channel: what it says in codes and values (`said`, worded when it is delivered), or a
    message worded already (text, exact pings, buttons, the picture that follows)."""

    channel_id: int
    kind: str
    content: str
    guild_id: int | None = None
    game_id: int | None = None
    rev: int | None = None
    pings: list[int] = field(default_factory=list)
    buttons: list[dict[str, Any]] = field(default_factory=list)
    picture: dict[str, Any] | None = None
    interaction_id: int | None = None  # the interaction that made the change: a second one with it is refused
    reply_token: str | None = None  # with reply_until: the interaction may deliver it as its reply
    reply_until: float = 0.0
    created_at: float = 0.0
    said: dict[str, Any] | None = None  # bot/service/said.py's Said, stored


@dataclass
class Announcement:
    """An announcement as stored, with how far its delivery got."""

    id: int
    channel_id: int
    kind: str
    content: str
    created_at: float
    guild_id: int | None = None
    game_id: int | None = None
    rev: int | None = None
    pings: list[int] = field(default_factory=list)
    buttons: list[dict[str, Any]] = field(default_factory=list)
    picture: dict[str, Any] | None = None
    interaction_id: int | None = None
    reply_token: str | None = field(default=None, repr=False)
    hold_until: float = 0.0
    state: str = PENDING
    message_id: int | None = None
    via: str | None = None
    sent_at: float | None = None
    tries: int = 0
    next_try_at: float = 0.0
    last_error: str | None = None
    picture_state: str = NO_PICTURE
    said: dict[str, Any] | None = None  # what it says in codes and values, until the front end words it

    @property
    def nonce(self) -> str:
        """The channel post's nonce: one per announcement, so every retry of its post makes one message at most."""
        return f"tne-a{self.id}"


@dataclass(frozen=True)
class OpenItem:
    """One undelivered announcement (text or picture) in a channel, as the claim scan sees it."""

    channel_id: int
    id: int
    state: str
    ready_at: float
    owner: str | None
    expires: float | None


@dataclass(frozen=True)
class Owed:
    """An undelivered announcement as its channel's worker scans it: what is owed and when, not what it says."""

    id: int
    state: str
    picture_state: str
    hold_until: float
    next_try_at: float


def _row(r: Any) -> Announcement:
    return Announcement(
        id=r["id"], game_id=r["game_id"], rev=r["rev"], guild_id=r["guild_id"], channel_id=r["channel_id"],
        kind=r["kind"], content=r["content"], pings=json.loads(r["pings"]), buttons=json.loads(r["buttons"]),
        picture=json.loads(r["picture"]) if r["picture"] else None, interaction_id=r["interaction_id"],
        reply_token=r["reply_token"], hold_until=r["hold_until"], created_at=r["created_at"], state=r["state"],
        message_id=r["message_id"], via=r["via"], sent_at=r["sent_at"], tries=r["tries"],
        next_try_at=r["next_try_at"], last_error=r["last_error"], picture_state=r["picture_state"],
        said=json.loads(r["said"]) if r["said"] else None)


def insert_statement(new: NewAnnouncement) -> Statement:
    """The INSERT to run inside the change's own transaction; returns the id and whether the reply may deliver it
    (only when asked to, and only when nothing earlier in the channel is still undelivered)."""
    behind = f"EXISTS (SELECT 1 FROM announcements WHERE channel_id = ? AND state = '{PENDING}')"
    return Statement(
        "INSERT INTO announcements (game_id, rev, guild_id, channel_id, kind, content, pings, buttons, picture, "
        "said, interaction_id, reply_token, hold_until, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
        f"CASE WHEN {behind} THEN NULL ELSE CAST(? AS TEXT) END, "
        f"CASE WHEN {behind} THEN 0 ELSE CAST(? AS DOUBLE PRECISION) END, ?) RETURNING id, hold_until",
        (new.game_id, new.rev, new.guild_id, new.channel_id, new.kind, new.content, json.dumps(new.pings),
         json.dumps(new.buttons), json.dumps(new.picture) if new.picture is not None else None,
         json.dumps(new.said) if new.said is not None else None, new.interaction_id,
         new.channel_id, new.reply_token if new.reply_until else None,
         new.channel_id, new.reply_until if new.reply_token else 0.0, new.created_at))


def stored(result: Result, channel_id: int) -> Stored:
    """What `insert_statement` returned."""
    row = result.rows[0]
    return Stored(int(row[0]), channel_id, float(row[1]) > 0)


def drop_statement(channel_id: int, reason: str) -> Statement:
    """Give up everything still owed in a channel that is gone (deleted, or the bot left its server): texts and
    pictures alike, so nothing is posted there and nothing waits for it; for the transaction that closes its game."""
    return Statement(
        f"UPDATE announcements SET state = CASE WHEN state = '{PENDING}' THEN '{FAILED}' ELSE state END, "
        f"picture_state = CASE WHEN picture_state = '{PICTURE_PENDING}' THEN '{PICTURE_FAILED}' "
        "ELSE picture_state END, last_error = ?, hold_until = 0, reply_token = NULL, picture = NULL "
        f"WHERE channel_id = ? AND {_OPEN}", (reason[:500], channel_id))


class OutboxStore:
    """Announcements on one database: reading what is owed, recording what was delivered."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def add(self, new: NewAnnouncement) -> Stored:
        """Store an announcement on its own (a change that has no transaction of its own)."""
        (result,) = await self.db.write(insert_statement(new))
        return stored(result, new.channel_id)

    async def get(self, announcement_id: int) -> Announcement | None:
        row = await self.db.fetchrow(f"SELECT {_COLUMNS} FROM announcements WHERE id = ?", announcement_id)
        return _row(row) if row is not None else None

    async def by_interaction(self, interaction_id: int) -> Announcement | None:
        """The announcement of the change an interaction made, if it made one."""
        row = await self.db.fetchrow(f"SELECT {_COLUMNS} FROM announcements WHERE interaction_id = ?",
                                     interaction_id)
        return _row(row) if row is not None else None

    async def of_game(self, game_id: int) -> list[Announcement]:
        rows = await self.db.fetch(f"SELECT {_COLUMNS} FROM announcements WHERE game_id = ? ORDER BY id", game_id)
        return [_row(r) for r in rows]

    async def open_in(self, channel_id: int) -> list[Announcement]:
        """A channel's announcements still owed a text or a picture, oldest first."""
        rows = await self.db.fetch(f"SELECT {_COLUMNS} FROM announcements WHERE channel_id = ? AND {_OPEN} "
                                   "ORDER BY id", channel_id)
        return [_row(r) for r in rows]

    async def owed_in(self, channel_id: int) -> list[Owed]:
        """A channel's announcements still owed a text or a picture, oldest first, without what they say: a channel
        that could not be posted in for hours owes hundreds, and its worker reads this list at every step."""
        rows = await self.db.fetch("SELECT id, state, picture_state, hold_until, next_try_at FROM announcements "
                                   f"WHERE channel_id = ? AND {_OPEN} ORDER BY id", channel_id)
        return [Owed(r[0], r[1], r[2], r[3], r[4]) for r in rows]

    async def open_items(self) -> list[OpenItem]:
        """Every undelivered text or picture with its channel's lease: what the claim scan chooses from."""
        rows = await self.db.fetch(
            "SELECT a.channel_id, a.id, a.state, a.hold_until, a.next_try_at, l.owner, l.expires "
            "FROM announcements a LEFT JOIN leases l ON l.kind = ? AND l.ref = a.channel_id "
            f"WHERE {_OPEN_A} "
            "ORDER BY a.channel_id, a.id", CHANNEL)
        return [OpenItem(r[0], r[1], r[2], max(r[3], r[4]) if r[2] == PENDING else r[4], r[5], r[6]) for r in rows]

    async def sent(self, announcement_id: int, message_id: int, via: str, now: float, *, picture: bool,
                   token: str | None) -> bool:
        """Record the delivery (once: False if it was already recorded); the picture is owed next, if any."""
        (result,) = await self.db.write(Statement(
            "UPDATE announcements SET state = ?, message_id = ?, via = ?, sent_at = ?, hold_until = 0, tries = 0, "
            "next_try_at = 0, last_error = NULL, picture_state = ?, reply_token = ? WHERE id = ? AND state = ?",
            (SENT, message_id, via, now, PICTURE_PENDING if picture else NO_PICTURE, token if picture else None,
             announcement_id, PENDING)))
        return result.rowcount == 1

    async def failed(self, announcement_id: int, reason: str) -> None:
        """Give up on the text: Discord refuses it for good (no access to the channel, the channel is gone)."""
        await self.db.write(Statement(
            "UPDATE announcements SET state = ?, last_error = ?, hold_until = 0, reply_token = NULL, picture = NULL "
            "WHERE id = ? AND state = ?", (FAILED, reason[:500], announcement_id, PENDING)))

    async def later(self, announcement_id: int, at: float, reason: str) -> None:
        """Try again at `at` (a text or a picture), counting the try."""
        await self.db.write(Statement(
            "UPDATE announcements SET tries = tries + 1, next_try_at = ?, last_error = ? WHERE id = ?",
            (at, reason[:500], announcement_id)))

    async def retry_now(self, channel_id: int) -> None:
        """Whatever a channel owes is due at once (the bot may post there again): its backoff is cut short."""
        await self.db.write(Statement(
            f"UPDATE announcements SET next_try_at = 0 WHERE channel_id = ? AND {_OPEN}", (channel_id,)))

    async def release(self, announcement_id: int) -> None:
        """The interaction will not deliver it after all: anyone may post it in the channel now."""
        await self.db.write(Statement(
            "UPDATE announcements SET hold_until = 0, reply_token = NULL WHERE id = ? AND state = ?",
            (announcement_id, PENDING)))

    async def picture_settled(self, announcement_id: int, state: str) -> None:
        """The picture was attached (done) or given up (failed); its description and the token are dropped."""
        await self.db.write(Statement(
            "UPDATE announcements SET picture_state = ?, picture = NULL, reply_token = NULL WHERE id = ? "
            "AND picture_state = ?", (state, announcement_id, PICTURE_PENDING)))

    async def release_if_drained(self, channel_id: int, owner: str) -> bool:
        """Hand the channel back if nothing is owed there any more; False (lease kept) if something new came."""
        (result,) = await self.db.write(Statement(
            "DELETE FROM leases WHERE kind = ? AND ref = ? AND owner = ? AND NOT EXISTS "
            f"(SELECT 1 FROM announcements WHERE channel_id = ? AND {_OPEN})",
            (CHANNEL, channel_id, owner, channel_id)))
        return result.rowcount == 1
