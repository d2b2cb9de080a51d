"""The game service: lobbies, moves, undo and endings, with a lock per game and optimistic revisions.

Discord-free on purpose, so the rules of the table (who may do what, when) are tested without Discord. Every
change of a running game stores its public account (what a `Herald` writes) in the change's own transaction,
so the outbox (bot/outbox.py) can never miss one; an interaction makes at most one change (its id is stored with
it), and a command made before the game last changed is refused rather than applied to a game its sender never saw.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
import weakref
from collections.abc import Awaitable, Callable, Hashable, Sequence
from dataclasses import dataclass, field, replace
from typing import Protocol, TypeVar

from bot import clocks, limits, ratings, text
from bot.autoplay import LEVELS
from bot.storage import (
    BusyError,
    DuplicateError,
    GameRow,
    MoveRow,
    PlayerRow,
    Result,
    StaleError,
    Statement,
    Storage,
    UnavailableError,
)
from bot.storage.clocks import NOTIFY_MODES, clock_row, set_away, set_clock, taken_back
from bot.storage.outbox import NewAnnouncement, Stored, drop_statement, insert_statement, stored
from bot.storage.rows import LIVE, ClockRow, GameStatus
from bot.storage.running import running_hosted, running_in_server
from bot.visibility import Viewer
from engine import BOARD_NAMES, DYNASTIES, Game, IllegalMove, canonical

log = logging.getLogger(__name__)

T = TypeVar("T")

BOT_USER_ID = 0  # computer seats have no Discord account
# At most this many open lobbies per person per server: enough to gather players in a few threads at once,
# few enough that nobody fills a server's channels with lobbies that never start.
MAX_LOBBIES = 3
MOVE_LIMIT = 100  # no move is longer than ~30 characters; anything past this is not worth reading back
# A database locked by someone else (BusyError) wrote nothing: the same write is tried again after these pauses.
BUSY_PAUSES = (0.2, 1.0)
CHANGED = "The game changed after you sent that; look at the newest message and try again."
# A command older than this is late (held by a gateway outage and replayed, or by a slow database): it is applied
# only if the game did not change after it was made.
LATE_AFTER = 2.0
UNAVAILABLE = "The game's storage cannot be reached just now; nothing was changed. Try again in a minute."
# Why a game closed without anyone asking (its end_reason); such closings are announced nowhere but the expiry.
CHANNEL_GONE = "its channel was deleted"
GUILD_GONE = "the bot left the server"
LOBBY_EXPIRED = "nobody started it in time"


def turn_of(game: Game) -> int | None:
    """Whose turn it is (the seat to act may be another one, answering a decision); None once over."""
    return None if game.over else game.view(None)["turn"]["player"]


class GameError(Exception):
    """A request the table refuses; the message is shown privately to the person who asked."""


class AlreadyDone(GameError):
    """This interaction already made its change (Discord delivered it twice): nothing more to do or say."""


@dataclass
class Table:
    """A game as the bot holds it: its stored row, the engine game (None in the lobby) and its moves."""

    row: GameRow
    game: Game | None = None
    moves: list[MoveRow] = field(default_factory=list)

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def players(self) -> list[PlayerRow]:
        return self.row.players

    def seat_of(self, user_id: int) -> int | None:
        """The seat a person plays (resigned seats excluded), or None."""
        for p in self.row.players:
            if p.user_id == user_id and not p.is_bot:
                return p.seat
        return None

    def player(self, seat: int) -> PlayerRow:
        return self.row.players[seat]

    def names(self) -> list[str]:
        """Players' names as plain text (pictures, button labels): cleaned, never escaped."""
        return [text.plain(p.name) or "Player" for p in self.row.players]

    def label(self, seat: int) -> str:
        """How messages name a seat: 'Name (Archer)', the name cleaned and escaped for message content."""
        return f"{text.name(self.row.players[seat].name)} ({DYNASTIES[seat].capitalize()})"

    def plain_label(self, seat: int) -> str:
        """The seat as stored sentences name it: cleaned, never escaped (each message escapes it once)."""
        return f"{self.names()[seat]} ({DYNASTIES[seat].capitalize()})"

    def to_move(self) -> int | None:
        return self.game.to_move if self.game is not None else None

    def standings(self) -> list[dict]:
        """Per seat, the rules' scoring with the table's ranking (NOTATION.md, the record's result): seats still
        playing are placed among themselves, resigned seats share the last place after them."""
        rows = self.game.standings() if self.game is not None else []
        gone = {p.seat for p in self.players if p.resigned}
        kept = [sorted(s["totals"].values()) for s in rows if s["seat"] not in gone]
        out = []
        for s in rows:
            key = sorted(s["totals"].values())  # the engine's tie-break: weakest colour first, then the next
            place = 1 + len(kept) if s["seat"] in gone else 1 + sum(1 for k in kept if k > key)
            out.append({**s, "place": place, "resigned": s["seat"] in gone})
        return out

    def frozen(self) -> Table:
        """A copy of this moment that later moves leave alone (engine games are never changed after a move:
        each move makes a new one)."""
        return Table(replace(self.row, players=list(self.row.players)), self.game, list(self.moves))


@dataclass
class Played:
    """One applied move and what it did; `table` is the game as that move left it (later moves leave it alone)."""

    table: Table
    seat: int
    move: str
    events: list[dict]
    n: int
    standin: bool = False  # played by the stand-in for a person whose clock ran out (or who is away)


@dataclass
class Notice:
    """A change's public account as the front end words it: text, who it pings, its buttons (custom ids and
    labels), and the public picture that follows (None: text only)."""

    kind: str
    content: str
    pings: list[int] = field(default_factory=list)
    buttons: list[dict] = field(default_factory=list)
    picture: dict | None = None


class Herald(Protocol):
    """Words each change of a running game for its channel (bot/outbox_herald.py for Discord)."""

    def start(self, table: Table) -> Notice: ...

    def move(self, played: Played) -> Notice: ...

    def undo(self, table: Table, seat: int, move: str) -> Notice: ...

    def resign(self, table: Table, seat: int) -> Notice: ...

    def abandon(self, table: Table, who: str, seat: int | None = None) -> Notice:
        """`seat`: the abandoning player's, when the game counts as their resignation."""
        ...

    def clock(self, table: Table, event: clocks.ClockEvent, mode: str, now: float) -> Notice | None:
        """A clock's reminder or stand-in notice, as the person to act wants it told (`mode`: bot.storage.clocks
        NOTIFY_MODES); None when nothing is to be said."""
        ...

    def away(self, table: Table, seat: int, away: bool) -> Notice: ...


@dataclass
class Origin:
    """Who asked for a change and how: the interaction (a change is made once per interaction id), when it was
    made (if the game changed after that, a move or an undo is refused), the person's display name, and, while the
    interaction may answer with the announcement itself, its token and until when (`reply_until`).
    The service fills `announced` with the announcement it stored."""

    interaction_id: int | None = None
    made_at: float | None = None
    name: str = ""
    token: str | None = field(default=None, repr=False)
    reply_until: float = 0.0
    announced: Stored | None = None
    notice: Notice | None = None


class GameService:
    """Owns storage access and the in-memory tables; every change goes through here under the game's lock."""

    def __init__(self, storage: Storage, *, seed_source: Callable[[], int] | None = None,
                 herald: Herald | None = None, now: clocks.Now | None = None,
                 caps: limits.Limits | None = None, announced: Callable[[Stored], None] | None = None) -> None:
        self.storage = storage
        self.limits = caps or limits.Limits()  # running games per person and per server; paused games' patience
        self.herald = herald  # None: changes are stored without announcements (the terminal, some tests)
        self.announced = announced  # told of every announcement stored (the outbox)
        self.now = now or clocks.time_source()  # clocks read time only through this, so tests can move it
        self._tables: dict[int, Table] = {}  # live games only: a game that ends is forgotten
        # A lock lives while someone holds or awaits it; then it goes by itself, so the map never grows.
        self._locks: weakref.WeakValueDictionary[Hashable, asyncio.Lock] = weakref.WeakValueDictionary()
        self._channels: dict[int, int] = {}  # channel -> its live game, saving a database read per command
        self._seed_source = seed_source or (lambda: secrets.randbits(31))

    def lock(self, game_id: Hashable) -> asyncio.Lock:
        """The lock that orders every change to one game (or to whatever else the key names)."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    # --- loading ---------------------------------------------------------------------------------------------

    async def load(self, game_id: int) -> Table:
        """The table for a game id, from memory or rebuilt from its snapshot."""
        table = self._tables.get(game_id)
        if table is not None:
            return table
        row = await self.storage.get_game(game_id)
        if row is None:
            raise GameError("That game does not exist any more.")
        table = Table(row)
        if row.status != GameStatus.LOBBY and row.seed is not None:  # a lobby closed unstarted has no game
            table.moves = await self.storage.moves(game_id)
            table.game = self._rebuild(row, table.moves)
        if row.status in LIVE:
            # Two loads may race across the awaits above: the first one cached wins, so there is one Table.
            table = self._tables.setdefault(game_id, table)
            self._channels[row.channel_id] = game_id
        return table

    def _rebuild(self, row: GameRow, moves: list[MoveRow]) -> Game:
        if row.snapshot is not None:
            return Game.from_position(row.snapshot)
        return self._replay(row, moves)

    @staticmethod
    def _replay(row: GameRow, moves: list[MoveRow]) -> Game:
        game = Game.new(players=len(row.players), seed=row.seed or 0, board=row.board,
                        options={"scores": row.scores})
        for m in moves:
            game.play(m.move, seat=m.seat)
        return game

    async def channel_table(self, channel_id: int, *, finished: bool = False) -> Table:
        """The lobby or running game of this channel, or a GameError saying there is none.

        With `finished`, for the read-only commands, the channel's last ended game will do when none is live."""
        game_id = self._channels.get(channel_id)
        if game_id is not None:
            table = await self.load(game_id)
            if table.row.status in LIVE:
                return table
            self._channels.pop(channel_id, None)
        game_id = await self.storage.live_game_id(channel_id)
        if game_id is None and finished:
            game_id = await self.storage.last_finished_game_id(channel_id)
        if game_id is None:
            raise GameError("There is no game in this channel. Open one with `/tne new`.")
        return await self.load(game_id)

    async def active_tables(self) -> list[Table]:
        return [await self.load(i) for i in await self.storage.active_game_ids()]

    async def current(self, game_id: int, rev: int | None = None) -> Table:
        """The table as stored now: read afresh when another process changed the game since memory saw it, its
        revision or its clock (a clock's step, such as the stand-in taking a seat, leaves the revision alone).
        `rev`: the stored revision when the caller has just read it; then only the revision is compared."""
        clock = None
        if rev is None:
            state = await self.storage.clocks.state(game_id)  # one row by primary key: cheap enough for every look
            if state is not None:
                rev, _, clock = state
        table = self._tables.get(game_id)
        if table is not None and rev == table.row.rev and (clock is None or clock == table.row.clock):
            return table  # memory is what is stored: an autocomplete need not wait for a move being made
        async with self.lock(game_id):
            table = self._tables.get(game_id)
            if table is not None and rev is not None and (
                    table.row.rev != rev or (clock is not None and table.row.clock != clock)):
                return await self._refresh(game_id)
            return await self.load(game_id)

    async def _behind(self, game_id: int, seen: int | None, exc: GameError) -> bool:
        """Whether a refusal may come from memory being behind the database (another process changed the game:
        a computer seat or the stand-in played, a clock ran out) rather than from the request itself. Memory is
        then read afresh. A storage failure whose outcome is unknown is never a reason to ask again."""
        if seen is None or isinstance(exc, AlreadyDone) or isinstance(exc.__cause__, (BusyError, UnavailableError)):
            return False
        stored = await self.storage.game_rev(game_id)
        if stored is None or stored == seen:
            return False
        log.info("Game %s was changed by another process (revision %d, memory had %d): reading it afresh and "
                 "trying again", game_id, stored, seen)
        await self.current(game_id, stored)
        return True

    async def _fresh(self, game_id: int, change: Callable[[], Awaitable[T]]) -> T:
        """Make a person's change; if it is refused while memory was behind the database, once more on the game
        as stored, so nobody is told "the game changed" for a change they did not race."""
        cached = self._tables.get(game_id)
        seen = cached.row.rev if cached is not None else None
        try:
            return await change()
        except GameError as exc:
            if not await self._behind(game_id, seen, exc):
                raise
        return await change()

    def _forget(self, game_id: int) -> None:
        self._tables.pop(game_id, None)

    def _ended(self, table: Table) -> None:
        """A game ended: nothing in memory keeps it any more."""
        self._forget(table.id)
        if self._channels.get(table.row.channel_id) == table.id:
            del self._channels[table.row.channel_id]

    async def _refresh(self, game_id: int) -> Table:
        self._forget(game_id)
        return await self.load(game_id)

    # --- lobby -----------------------------------------------------------------------------------------------

    async def new_game(self, *, guild_id: int | None, channel_id: int, user_id: int, name: str, seats: int = 4,
                       board: str = "standard", scores: str = "hidden", clock: str = clocks.DEFAULT_CLOCK,
                       on_timeout: str = clocks.STANDIN) -> Table:
        if clock not in clocks.CLOCKS:
            raise GameError(f"The clock is one of {', '.join(clocks.CLOCKS)}.")
        if on_timeout not in clocks.ON_TIMEOUT:
            raise GameError("When the clock runs out, the stand-in plays (standin) or the table waits (wait).")
        if not 2 <= seats <= 4:
            raise GameError("A game has 2, 3 or 4 seats.")
        if board not in BOARD_NAMES:
            raise GameError(f"The board is {' or '.join(BOARD_NAMES)}.")
        if scores not in ("hidden", "open"):
            raise GameError("Scores are hidden or open.")
        if await self.storage.live_game_id(channel_id) is not None:
            raise GameError("This channel already has a game. Finish or abandon it first, or open a thread.")
        # One person's lobbies in one server are counted and created one at a time, so two quick /tne new
        # in two channels cannot both slip under the limit.
        async with self.lock(("lobbies", guild_id, user_id)):
            lobbies = await self.storage.open_lobbies(guild_id, user_id)
            if len(lobbies) >= MAX_LOBBIES:
                where = ", ".join(f"<#{c}>" for c in lobbies)
                raise GameError(f"You already have {len(lobbies)} open lobbies in this server ({where}), the most "
                                "one person may have. Start one of them, or cancel one, before opening another.")
            await self._check_caps(guild_id, user_id)  # a lobby that could never start only fills a channel
            try:
                game_id = await self.storage.create_game(
                    guild_id=guild_id, channel_id=channel_id, host=PlayerRow(0, user_id, text.plain(name)),
                    seats=seats, board=board, scores=scores, clock=clock, on_timeout=on_timeout)
            except DuplicateError as exc:
                raise GameError("This channel already has a game. Finish or abandon it first, or open a thread."
                                ) from exc
        return await self.load(game_id)

    async def _write(self, table: Table, write: Callable[[list[Statement]], Awaitable[list[Result]] | Awaitable[None]],
                     retry: str = "try again", *, notice: Notice | None = None, origin: Origin | None = None,
                     clock: Sequence[Statement] = ()) -> list[Result]:
        """Run one storage transaction, with the change's announcement when there is one (`notice`) and the clock
        statements (`clock`, whose results it returns).

        A locked database (BusyError) wrote nothing: the same transaction is tried again after BUSY_PAUSES. If the
        game moved on under it, the cached table is dropped and the person told; a second change by one
        interaction (Discord delivered it twice) is AlreadyDone."""
        new = self._announcement(table, notice, origin) if notice is not None else None
        announcement = [insert_statement(new)] if new is not None else []
        also = [*announcement, *clock]
        for pause in (*BUSY_PAUSES, None):
            try:
                results = await write(also)
                break
            except BusyError as exc:
                if pause is None:
                    raise GameError("The game's storage is busy just now; nothing was changed. Try again in a "
                                    "moment.") from exc
                log.warning("Game %s: the database is locked; trying the same change again in %.1f s", table.id,
                            pause)
                await asyncio.sleep(pause)
            except StaleError as exc:
                self._forget(table.id)
                what = "lobby" if table.row.status == GameStatus.LOBBY else "game"
                raise GameError(f"The {what} changed meanwhile; {retry}.") from exc
            except DuplicateError as exc:
                if new is None or new.interaction_id is None:
                    raise
                raise AlreadyDone("That was done already.") from exc
            except UnavailableError as exc:
                self._forget(table.id)  # the outcome is unknown: read the game afresh next time
                raise GameError(UNAVAILABLE) from exc
        if new is not None and results:
            announced = stored(results[0], new.channel_id)
            if origin is not None:
                origin.announced, origin.notice = announced, notice
            if self.announced is not None:
                self.announced(announced)
        return list(results[len(announcement):]) if results else []

    def _announcement(self, after: Table, notice: Notice, origin: Origin | None) -> NewAnnouncement:
        """The stored form of a change's public account; `after` is the game as the change leaves it."""
        origin = origin or Origin()
        return NewAnnouncement(
            channel_id=after.row.channel_id, kind=notice.kind, content=notice.content, guild_id=after.row.guild_id,
            game_id=after.id, rev=after.row.rev, pings=list(notice.pings), buttons=notice.buttons,
            picture=notice.picture, interaction_id=origin.interaction_id, reply_token=origin.token,
            reply_until=origin.reply_until, created_at=time.time())

    @staticmethod
    def _in_time(table: Table, origin: Origin | None) -> None:
        """A late command (replayed after a gateway outage, held by a slow database) is applied only if nothing
        happened in its game since it was made; else the sender, who never saw that change, is refused."""
        if origin is None or origin.made_at is None:
            return
        if time.time() - origin.made_at > LATE_AFTER and (table.row.updated_at or 0) > origin.made_at:
            raise GameError(CHANGED)

    async def _lobby_change(self, table: Table, players: list[PlayerRow]) -> Table:
        await self._write(table, lambda _: self.storage.set_lobby(table.id, table.row.rev, players))
        return await self._refresh(table.id)

    def _lobby(self, table: Table) -> None:
        if table.row.status != GameStatus.LOBBY:
            raise GameError("This lobby is closed. `/tne new` opens another." if table.game is None
                            else "The game has already started.")

    async def join(self, game_id: int, user_id: int, name: str) -> Table:
        async with self.lock(game_id):
            table = await self.load(game_id)
            self._lobby(table)
            if table.seat_of(user_id) is not None:
                raise GameError("You are already in this game.")
            if len(table.players) >= table.row.seats:
                raise GameError(f"The game is full ({table.row.seats} seats).")
            seats = [*table.players, PlayerRow(len(table.players), user_id, text.plain(name))]
            return await self._lobby_change(table, seats)

    async def leave(self, game_id: int, user_id: int) -> Table:
        async with self.lock(game_id):
            table = await self.load(game_id)
            self._lobby(table)
            seat = table.seat_of(user_id)
            if seat is None:
                raise GameError("You are not in this game.")
            if user_id == table.row.host_id:
                raise GameError("The host cannot leave the lobby; press Cancel (or `/tne abandon`) to close it.")
            rest = [p for p in table.players if p.seat != seat]
            return await self._lobby_change(table, [PlayerRow(i, p.user_id, p.name, p.level) for i, p in
                                                     enumerate(rest)])

    async def add_bot(self, game_id: int, user_id: int, level: str) -> Table:
        async with self.lock(game_id):
            table = await self.load(game_id)
            self._lobby(table)
            if level not in LEVELS:
                raise GameError(f"The level is one of {', '.join(LEVELS)}.")
            if user_id != table.row.host_id:
                raise GameError("Only the host can seat computer players.")
            if len(table.players) >= table.row.seats:
                raise GameError(f"The game is full ({table.row.seats} seats).")
            count = sum(1 for p in table.players if p.is_bot) + 1
            name = f"{level.capitalize()} computer" + (f" {count}" if count > 1 else "")
            bot = PlayerRow(len(table.players), BOT_USER_ID, name, level)
            return await self._lobby_change(table, [*table.players, bot])

    async def start(self, game_id: int, user_id: int, *, origin: Origin | None = None) -> Table:
        async with self.lock(game_id):
            table = await self.load(game_id)
            self._lobby(table)
            if user_id != table.row.host_id:
                raise GameError("Only the host can start the game.")
            if len(table.players) < 2:
                raise GameError("At least two players must join before the game can start.")
            await self._check_caps(table.row.guild_id, user_id)
            seed = self._seed_source()
            game = Game.new(players=len(table.players), seed=seed, board=table.row.board,
                            options={"scores": table.row.scores})
            after = Table(replace(table.row, status=GameStatus.ACTIVE, seed=seed, rev=table.row.rev + 1, snapshot=None,
                                  players=list(table.players)), game, [])
            notice = self.herald.start(after) if self.herald else None
            first = game.to_move
            clock = [set_clock(table.id, clocks.begin(table.row.clock, first, self.now(), player=table.player(first),
                                                      turn=turn_of(game)))]
            await self._write(table, lambda also: self.storage.start_game(table.id, table.row.rev, seed,
                                                                          game.position(), also=also),
                              notice=notice, origin=origin, clock=clock)
            return await self._refresh(table.id)

    async def _check_caps(self, guild_id: int | None, host_id: int) -> None:
        """A GameError in words when this host, or this server, runs as many games as the caps allow."""
        refusal = (limits.person_refusal(await running_hosted(self.storage.db, host_id), self.limits)
                   or limits.server_refusal(await running_in_server(self.storage.db, guild_id), self.limits))
        if refusal is not None:
            raise GameError(refusal)

    async def cancel(self, game_id: int, user_id: int) -> Table:
        async with self.lock(game_id):
            table = await self.load(game_id)
            self._lobby(table)
            if user_id != table.row.host_id:
                raise GameError("Only the host can cancel the game.")
            await self._end(table, GameStatus.CANCELLED, "the host cancelled it", None)
            return table

    # --- play ------------------------------------------------------------------------------------------------

    def _running(self, table: Table) -> Game:
        if table.row.status == GameStatus.LOBBY:
            raise GameError("The game has not started yet.")
        if table.row.status != GameStatus.ACTIVE or table.game is None or table.game.over:
            raise GameError("This game is over.")
        return table.game

    @staticmethod
    def _player_seat(table: Table, user_id: int | None) -> int:
        """The seat a person plays in this game, or a GameError saying they play none."""
        seat = table.seat_of(user_id if user_id is not None else -1)
        if seat is None:
            raise GameError("You are not playing in this game.")
        return seat

    async def play(self, game_id: int, move: str, *, user_id: int | None = None, seat: int | None = None,
                   rev: int | None = None, origin: Origin | None = None) -> Played:
        """Apply one move by a person (user_id) or a computer seat (seat); `rev` pins a button to its moment."""
        def change() -> Awaitable[Played]:
            return self._play(game_id, move, user_id=user_id, seat=seat, rev=rev, origin=origin)
        if user_id is None:
            return await change()  # a computer seat pins its move to the moment it thought at: never again
        return await self._fresh(game_id, change)

    async def _play(self, game_id: int, move: str, *, user_id: int | None, seat: int | None, rev: int | None,
                    origin: Origin | None) -> Played:
        async with self.lock(game_id):
            table = await self.load(game_id)
            game = self._running(table)
            self._in_time(table, origin)
            if rev is not None and rev != table.row.rev:
                raise GameError("That button is out of date: the game has moved on. Use the newest message.")
            if len(move) > MOVE_LIMIT:
                raise GameError(f"“{text.quote(move)}” is not a move: moves are short, like `tile red F7`.")
            standin = False
            if seat is None:
                seat = self._player_seat(table, user_id)
            elif not table.player(seat).is_bot:
                # The stand-in plays a person's seat only while their clock has run out (or they are away): a
                # person who acted, or came back, meanwhile has taken it back.
                if not clocks.stand_in_plays(table.row.clock, table.player(seat)):
                    raise GameError("That seat's player has taken it back.")
                standin = True
            if game.to_move != seat:
                if game.pending:
                    raise GameError(f"It is not your move: {game.describe_pending()}.")
                raise GameError(f"It is not your turn: {table.label(game.to_move)} is to play.")
            trial = game.copy()
            try:
                events = trial.play(move, seat=seat)
            except IllegalMove as exc:
                raise GameError(str(exc)) from exc
            row = MoveRow(table.row.move_count, seat, user_id, canonical(move), events)
            reason = outcome.reason if (outcome := trial.outcome()) else None
            person = seat if user_id is not None else None
            clock, ticking = self._clock_change(table, trial, person)
            players = [replace(p, away=False, standins=0) if p.seat == person else p for p in table.players]
            after = Table(replace(table.row, rev=table.row.rev + 1, move_count=table.row.move_count + 1,
                                  snapshot=None, players=players, clock=ticking,
                                  status=GameStatus.OVER if trial.over else table.row.status,
                                  end_reason=reason if trial.over else table.row.end_reason),
                          trial, [*table.moves, row])
            played = Played(after, seat, row.move, events, row.n, standin)
            notice = self.herald.move(played) if self.herald else None
            results = await self._write(table, lambda also: self.storage.add_move(
                table.id, table.row.rev, row, trial.position(), over=trial.over, end_reason=reason, also=also),
                "look again and retry", notice=notice, origin=origin, clock=clock)
            self._clock_written(table, clock, results, person)
            table.game = trial
            table.moves.append(row)
            table.row.rev += 1
            table.row.move_count += 1
            table.row.updated_at = time.time()
            table.row.snapshot = None  # the engine game is the truth in memory; the row copy would only go stale
            if trial.over:
                table.row.status = GameStatus.OVER
                table.row.end_reason = reason
                self._ended(table)
            return Played(table.frozen(), seat, row.move, events, row.n, standin)

    async def undo(self, game_id: int, user_id: int, *, origin: Origin | None = None) -> tuple[Table, MoveRow]:
        return await self._fresh(game_id, lambda: self._undo(game_id, user_id, origin))

    async def _undo(self, game_id: int, user_id: int, origin: Origin | None) -> tuple[Table, MoveRow]:
        async with self.lock(game_id):
            table = await self.load(game_id)
            self._running(table)
            self._in_time(table, origin)
            seat = self._player_seat(table, user_id)
            if not table.moves:
                raise GameError("There is nothing to undo.")
            # The engine holds the rule and the position before the action (also in a stored snapshot), so
            # nothing is replayed from the seed.
            game = table.game.copy()
            try:
                undone = game.undo(seat)
            except IllegalMove as exc:
                raise GameError(str(exc)) from exc
            last = table.moves[-1]
            if str(undone) != last.move:
                log.error("Game %s: the engine undid %r but the last stored move is %r", table.id, str(undone),
                          last.move)
                raise GameError("That action cannot be undone.")
            clock, ticking = self._clock_change(table, game, seat)
            after = Table(replace(table.row, rev=table.row.rev + 1, move_count=table.row.move_count - 1,
                                  snapshot=None, players=list(table.players), clock=ticking), game, table.moves[:-1])
            notice = self.herald.undo(after, last.seat, last.move) if self.herald else None
            results = await self._write(table, lambda also: self.storage.drop_last_move(
                table.id, table.row.rev, last.n, game.position(), also=also), "look again and retry",
                notice=notice, origin=origin, clock=clock)
            self._clock_written(table, clock, results, seat)
            table.game = game
            table.moves.pop()
            table.row.rev += 1
            table.row.move_count -= 1
            table.row.updated_at = time.time()
            return table, last

    async def resign(self, game_id: int, user_id: int, *, origin: Origin | None = None) -> Table:
        """The seat plays on passively (pass, commit 0, decline); the game ends instead when fewer than two
        players, or only computers, would be left."""
        return await self._fresh(game_id, lambda: self._resign(game_id, user_id, origin))

    async def _resign(self, game_id: int, user_id: int, origin: Origin | None) -> Table:
        async with self.lock(game_id):
            table = await self.load(game_id)
            self._running(table)
            seat = self._player_seat(table, user_id)
            left = [p for p in table.players if not p.resigned and p.seat != seat]
            reason = None
            who = table.plain_label(seat)
            if len(left) < 2:
                reason = f"{who} resigned"
            elif all(p.is_bot for p in left):
                # Computers playing on for nobody would only fill the channel.
                reason = f"{who} resigned and only computers were left"
            if reason is not None:
                # Flagged here as in the stored row, so the announcement ranks the resigning seat last.
                gone = [replace(p, resigned=True) if p.seat == seat else p for p in table.players]
                after = Table(replace(table.row, status=GameStatus.OVER, end_reason=reason, rev=table.row.rev + 1,
                                      players=gone), table.game, table.moves)
                notice = self.herald.resign(after, seat) if self.herald else None
                await self._end(table, GameStatus.OVER, reason, notice, origin, resigned=seat)
                return table
            players = [replace(p, resigned=True, level="resigned") if p.seat == seat else p for p in table.players]
            after = Table(replace(table.row, rev=table.row.rev + 1, players=players), table.game, table.moves)
            notice = self.herald.resign(after, seat) if self.herald else None
            clock = []
            if table.row.clock.seat == seat:  # their turn now passes to the passive autoplayer, with no clock
                clock.append(set_clock(table.id, clocks.begin(table.row.clock, seat, self.now(), player=players[seat],
                                                              turn=table.row.clock.turn)))
            await self._write(table, lambda also: self.storage.resign_seat(table.id, table.row.rev, seat, also=also),
                              notice=notice, origin=origin, clock=clock)
            return await self._refresh(table.id)

    async def abandon(self, game_id: int, user_id: int, *, can_manage: bool, origin: Origin | None = None) -> Table:
        async with self.lock(game_id):
            table = await self.load(game_id)
            if table.row.status not in LIVE:
                raise GameError("This game is already over.")
            if user_id != table.row.host_id and not can_manage:
                raise GameError("Only the host or someone with Manage Channels can abandon the game.")
            seat = self._rated_abandoner(table, user_id)
            if seat is not None:
                # A player who abandons a game that would be rated does not escape its result: it ends as their
                # resignation (rated, they come last), not as an abandoned game that counts nowhere.
                reason = f"{table.plain_label(seat)} abandoned it"
                gone = [replace(p, resigned=True) if p.seat == seat else p for p in table.players]
                after = Table(replace(table.row, status=GameStatus.OVER, end_reason=reason, rev=table.row.rev + 1,
                                      players=gone), table.game, table.moves)
                who = (origin.name if origin is not None else "") or table.names()[seat]
                notice = self.herald.abandon(after, who, seat) if self.herald else None
                await self._end(table, GameStatus.OVER, reason, notice, origin, resigned=seat)
                return table
            after = Table(replace(table.row, status=GameStatus.ABANDONED, end_reason="it was abandoned",
                                  rev=table.row.rev + 1), table.game, table.moves)
            who = (origin.name if origin is not None else "") or "the host"
            notice = self.herald.abandon(after, who) if self.herald else None
            await self._end(table, GameStatus.ABANDONED, "it was abandoned", notice, origin)
            return table

    @staticmethod
    def _rated_abandoner(table: Table, user_id: int) -> int | None:
        """The seat of a person abandoning a running game that has had enough play to be rated, else None."""
        if table.row.status != GameStatus.ACTIVE or table.game is None:
            return None
        people = [p.level in (None, ratings.RESIGNED_LEVEL) and p.user_id != BOT_USER_ID for p in table.players]
        seat = next((p.seat for p in table.players if people[p.seat] and p.user_id == user_id), None)
        if seat is None or ratings.too_short(ratings.turns_taken(table.moves, len(people)), people) is not None:
            return None
        return seat

    async def end_paused(self, game_id: int) -> Table:
        """End, unrated, a game in which every person has been away too long (bot/limits.py); announced."""
        async with self.lock(game_id):
            table = await self.load(game_id)
            self._running(table)
            if limits.present(table.players):
                raise GameError("Someone came back to the game meanwhile.")
            days = f"{self.limits.paused_days:g}"
            reason = f"everyone was away for {days} days"
            after = Table(replace(table.row, status=GameStatus.ABANDONED, end_reason=reason, rev=table.row.rev + 1),
                          table.game, table.moves)
            notice = self.herald.abandon(after, "nobody") if self.herald else None
            if notice is not None:
                notice = replace(notice, content=f"Game #{table.id} has ended unrated: everyone was away for {days} "
                                                 "days, and nobody came back.")
            await self._end(table, GameStatus.ABANDONED, reason, notice)
            return table

    async def _end(self, table: Table, status: str, reason: str, notice: Notice | None,
                   origin: Origin | None = None, *, resigned: int | None = None) -> None:
        """`resigned`: the seat whose resignation ends the game, flagged in the same transaction."""
        await self._write(table, lambda also: self.storage.end_game(table.id, table.row.rev, status, reason,
                                                                    resigned=resigned, also=also),
                          notice=notice, origin=origin)
        if resigned is not None:
            table.row.players[resigned].resigned = True
        table.row.status = status
        table.row.end_reason = reason
        table.row.rev += 1
        self._ended(table)

    # --- clocks ----------------------------------------------------------------------------------------------

    def _clock_change(self, table: Table, game: Game, person: int | None) -> tuple[list[Statement], ClockRow]:
        """The clock statements for the same transaction as a change that leaves `game` behind (a new turn for
        whoever must act now, or, the same seat acting on, the person taking their seat back from the stand-in),
        and the clock as they will leave it."""
        clock, now = table.row.clock, self.now()
        seat = None if game.over else game.to_move
        turn = turn_of(game)
        out: list[Statement] = []
        if seat is not None and (seat, turn) == (clock.seat, clock.turn):
            if person != seat:
                return out, clock
            if clock.deadline is not None and clock.deadline <= now:
                # Their time had run out: acting, they take the seat back with a fresh clock for the rest of the
                # turn, so that walking off again cannot stall the table (the host's change still waits).
                present = replace(table.player(seat), away=False)
                fresh = replace(clocks.begin(replace(clock, next=None), seat, now, turn=turn, player=present),
                                next=clock.next)
                return [set_clock(table.id, fresh), set_away(table.id, seat, False)], fresh
            out.extend(taken_back(table.id, seat, now))
            return out, replace(clock, standin=False)
        player = table.player(seat) if seat is not None else None
        if player is not None and person == seat:
            player = replace(player, away=False)  # they just acted: whatever comes next for them is theirs
        fresh = clocks.begin(clock, seat, now, turn=turn, player=player)
        out.append(set_clock(table.id, fresh))
        if person is not None:
            out.append(set_away(table.id, person, False))
        return out, fresh

    @staticmethod
    def _clock_written(table: Table, statements: Sequence[Statement], results: object,
                       person: int | None) -> None:
        """Bring the table in memory up to what the clock statements stored."""
        for statement, result in zip(statements, results if isinstance(results, list) else [], strict=False):
            if isinstance(result, Result) and "RETURNING clock" in statement.sql and result.rows:
                table.row.clock = clock_row(result.rows[0])
        if person is not None:
            table.row.players = [replace(p, away=False, standins=0) if p.seat == person else p
                                 for p in table.row.players]

    async def clock_step(self, game_id: int, owner: str) -> clocks.ClockEvent | None:
        """Step a game's clock that `owner` claimed: a reminder, the stand-in taking the seat, or nothing yet;
        the new clock is stored (and the claim handed back) only if the game did not change meanwhile."""
        async with self.lock(game_id):
            state = await self.storage.clocks.state(game_id)
            if state is None or state[1] != GameStatus.ACTIVE:
                await self.storage.clocks.release(game_id, owner)
                return None
            rev, _, clock = state
            table = self._tables.get(game_id)
            if table is None or table.row.rev != rev:
                table = await self._refresh(game_id)
            table.row.clock = clock
            now = self.now()
            kind, after = clocks.step(clock, now)
            statements = [set_clock(game_id, after, rev=rev, owner=owner)]
            players = table.row.players
            event = None
            if kind is not None and clock.seat is not None:
                player = table.player(clock.seat)
                marked = False
                if kind == clocks.TIMED_OUT:
                    standins = player.standins + 1
                    marked = not player.away and standins >= clocks.AWAY_AFTER
                    changed = replace(player, away=player.away or marked, standins=standins)
                    players = [changed if p.seat == player.seat else p for p in players]
                    statements.append(set_away(game_id, player.seat, changed.away, standins))
                event = clocks.ClockEvent(game_id, kind, clock.seat, player.user_id, table.row.channel_id,
                                          table.row.guild_id, clock.deadline, marked_away=marked)
            # What the clock says is stored with the step itself (the outbox delivers it once): a reminder as the
            # person wants it, the stand-in's taking the seat always.
            new = None
            if event is not None and self.herald is not None:
                mode = await self.storage.clocks.notify(event.user_id)
                shown = Table(replace(table.row, clock=after, players=list(players)), table.game, table.moves)
                notice = self.herald.clock(shown, event, mode, now)
                if notice is not None and event.marked_away and not limits.present(players):
                    notice = replace(notice, content=f"{notice.content}\n{limits.PAUSED}")
                if notice is not None:
                    new = self._announcement(table, notice, None)
                    statements.insert(0, insert_statement(new))
            try:
                results = await self.storage.db.write(*statements)
            except StaleError:
                # The game moved (or another process took the claim) meanwhile: that change set the clock.
                self._forget(game_id)
                await self.storage.clocks.release(game_id, owner)
                return None
            table.row.clock = after
            table.row.players = players
            if event is not None and new is not None:
                announced = stored(results[0], new.channel_id)
                event = replace(event, announcement=announced.id)
                if self.announced is not None:
                    self.announced(announced)
            return event

    async def set_away(self, game_id: int, user_id: int, away: bool, *, origin: Origin | None = None) -> Table:
        """/tne away and /tne back: the stand-in plays the person's turns at once, or no longer (announced)."""
        return await self._fresh(game_id, lambda: self._set_away(game_id, user_id, away, origin))

    async def _set_away(self, game_id: int, user_id: int, away: bool, origin: Origin | None) -> Table:
        async with self.lock(game_id):
            table = await self.load(game_id)
            self._running(table)
            seat = self._player_seat(table, user_id)
            player = table.player(seat)
            clock = table.row.clock
            held = clock.seat == seat and clock.standin  # the stand-in plays this turn of theirs: back takes it
            if player.away == away and (away or not held):
                raise GameError("You are already marked away in this game." if away
                                else "You are not marked away in this game.")
            statements = [
                Statement("UPDATE games SET rev = rev + 1, updated_at = ? WHERE id = ? AND rev = ? AND status = ?",
                          (time.time(), game_id, table.row.rev, GameStatus.ACTIVE), expect=1),
                set_away(game_id, seat, away),
            ]
            if clock.seat == seat:
                # Their own turn now: the stand-in takes it at once, or hands it back with a fresh clock.
                statements.append(set_clock(game_id, clocks.begin(clock, seat, self.now(), turn=clock.turn,
                                                                  player=replace(player, away=away))))
            players = [replace(p, away=away, standins=0) if p.seat == seat else p for p in table.players]
            after = Table(replace(table.row, rev=table.row.rev + 1, players=players), table.game, table.moves)
            notice = self.herald.away(after, seat, away) if self.herald else None
            if notice is not None and away and not limits.present(players):
                notice = replace(notice, content=f"{notice.content}\n{limits.PAUSED}")
            # The announcement first: the outbox reads the first result as its id.
            await self._write(table, lambda also: self.storage.db.write(*also, *statements), notice=notice,
                              origin=origin)
            return await self._refresh(game_id)

    async def set_clock_choice(self, game_id: int, user_id: int, choice: str) -> Table:
        """/tne settings clock: the host changes the clock, in force from the next turn on."""
        if choice not in clocks.CLOCKS:
            raise GameError(f"The clock is one of {', '.join(clocks.CLOCKS)}.")
        async with self.lock(game_id):
            table = await self.load(game_id)
            if table.row.status not in LIVE:
                raise GameError("This game is over.")
            if user_id != table.row.host_id:
                raise GameError("Only the host can change the clock.")
            await self._write(table, lambda _: self.storage.clocks.set_next(game_id, choice,
                                                                            lobby=table.row.status == GameStatus.LOBBY))
            return await self._refresh(game_id)

    async def set_notify(self, user_id: int, mode: str) -> None:
        if mode not in NOTIFY_MODES:
            raise GameError(f"Notify is one of {', '.join(NOTIFY_MODES)}.")
        await self.storage.clocks.set_notify(user_id, mode)

    async def server_tables(self, guild_id: int, viewer: Viewer | None = None) -> list[Table]:
        """The lobbies and running games of one server that `viewer` may see (None: all, for tools) (/tne games,
        /tne turns)."""
        tables = []
        for game_id in await self.storage.clocks.live_games(guild_id):
            try:
                tables.append(await self.load(game_id))
            except GameError:
                continue  # ended meanwhile
        return [t for t in tables if t.row.status in LIVE
                and (viewer is None or viewer.sees(t.row.channel_id, (p.user_id for p in t.players)))]

    # --- lobbies and games that go away (bot/lifecycle.py expires lobbies; bot/client.py hears of deletions) ----

    async def abandon_by_number(self, game_id: int, user_id: int, *, guild_id: int | None, can_manage: bool,
                                origin: Origin | None = None) -> Table:
        """`/tne abandon game:<n>` from any channel of the game's server: the same rule as in its own channel."""
        await self.game_in_guild(game_id, guild_id)
        return await self.abandon(game_id, user_id, can_manage=can_manage, origin=origin)

    async def game_in_guild(self, game_id: int, guild_id: int | None) -> Table:
        """A game by its number, if it is one of this server's (a number from another server is not shown)."""
        try:
            table = await self.load(game_id)
        except GameError:
            table = None
        if table is None or table.row.guild_id != guild_id:
            raise GameError(f"There is no game #{game_id} in this server. `/tne games` lists them.")
        return table

    async def channel_gone(self, channel_id: int) -> list[int]:
        """A channel or thread was deleted: its lobby or game ends as abandoned, announced nowhere, and whatever
        was still owed there is dropped. The games it closed."""
        game_id = await self.storage.live_game_id(channel_id)
        if game_id is not None and await self._close_gone(game_id, CHANNEL_GONE):
            return [game_id]
        await self.storage.db.write(drop_statement(channel_id, CHANNEL_GONE))
        return []

    async def guild_gone(self, guild_id: int) -> list[int]:
        """The bot left a server (or was removed): every lobby and game there closes as `channel_gone` does."""
        return [game_id for game_id in await self.storage.live_game_ids_in_guild(guild_id)
                if await self._close_gone(game_id, GUILD_GONE)]

    async def _close_gone(self, game_id: int, reason: str) -> bool:
        async with self.lock(game_id):
            table = await self._refresh(game_id)  # as stored: another process may have changed it
            if table.row.status not in LIVE:
                return False
            drop = drop_statement(table.row.channel_id, reason)
            await self._write(table, lambda also: self.storage.end_game(
                table.id, table.row.rev, GameStatus.ABANDONED, reason, also=[*also, drop]))
            table.row.status, table.row.end_reason = GameStatus.ABANDONED, reason
            table.row.rev += 1
            self._ended(table)
            log.info("Game %s in channel %s closed: %s", game_id, table.row.channel_id, reason)
            return True

    async def expire_lobbies(self, max_age: float) -> list[int]:
        """Close every lobby opened more than `max_age` seconds ago and never started, with a note in its channel
        (if the channel is gone, the note is dropped on delivery). The lobbies closed."""
        closed = []
        for game_id in await self.storage.lobbies_opened_before(self.now() - max_age):
            async with self.lock(game_id):
                table = await self._refresh(game_id)
                if table.row.status != GameStatus.LOBBY:
                    continue
                notice = Notice("expired", lobby_expired_text(table.id, max_age))
                try:
                    await self._end(table, GameStatus.CANCELLED, LOBBY_EXPIRED, notice)
                except GameError as exc:
                    log.info("Lobby %s did not expire now (%s); the next sweep tries again", game_id, exc)
                    continue
            closed.append(game_id)
        return closed


def lobby_expired_text(game_id: int, max_age: float) -> str:
    """The note a lobby leaves in its channel when it expires."""
    hours, minutes = max_age / 3600, max_age / 60
    span = (f"{hours:g} hour{'' if hours == 1 else 's'}" if hours >= 1
            else f"{minutes:g} minute{'' if minutes == 1 else 's'}")
    return f"The lobby of game #{game_id} closed: nobody started it within {span}. `/tne new` opens another."
