"""The table's values, shared by the service and every front end: a game as the bot holds it (`Table`), what a
move did (`Played`) and what any other change did (`Changed`), what a change owes its channel (`Said`), who asked
(`Origin`), and the refusals.

A leaf: it imports the engine, plain row values and text cleaning, nothing of the service, so views, pictures,
accounts and seats can all use it without going round a circle.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from bot.language import text
from bot.service.events import Event, Moved
from bot.storage.rows import GameRow, MoveRow, PlayerRow, Stored
from engine import DYNASTIES, Game, IllegalMove
from engine.names import base_name, is_computer, seat_names

BOT_USER_ID = 0  # computer seats have no Discord account


def turn_of(game: Game) -> int | None:
    """Whose turn it is (the seat to act may be another one, answering a decision); None once over."""
    return None if game.over else game.view(None)["turn"]["player"]


class GameError(Exception):
    """A request the table refuses; the message is shown privately to the person who asked.

    `template` is the English text (marked with N_ for the catalogs) with `{name}` placeholders, `values` fill
    them: str() is the English text, bot/language/refusals.py says it in a reader's language."""

    plural: str | None = None  # an engine refusal's plural form (IllegalMove.plural), said by the value `n`

    def __init__(self, template: str = "", **values: object) -> None:
        self.template = template
        self.values = values
        super().__init__(template.format(**values) if values else template)

    def __reduce__(self) -> tuple[object, ...]:
        # Rebuilt from template and values when it crosses a process pool (a review's worker), not from str().
        return _remake, (type(self), self.template, self.values, self.plural)

    @classmethod
    def refusing(cls, exc: IllegalMove) -> GameError:
        """The engine's refusal of a move, kept as its template and values so it can be said in any language."""
        made = cls.__new__(cls)
        made.template, made.values, made.plural = exc.template, exc.values, exc.plural
        Exception.__init__(made, str(exc))  # the English as the engine says it (plural and choices included)
        return made


def _remake(cls: type[GameError], template: str, values: dict[str, object], plural: str | None = None) -> GameError:
    made = cls(template, **values) if plural is None else cls.refusing(IllegalMove((template, plural), **values))
    made.plural = plural
    return made


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
    def live(self) -> Game:
        """The engine game of a started table (ValueError for a lobby, which has none)."""
        if self.game is None:
            raise ValueError(f"game {self.row.id} has not started: it has no position")
        return self.game

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
        """Players' names as plain text (pictures, button labels): cleaned, never escaped; computers by their level,
        the dynasty added where two seats would read the same (engine/names.py; bot/language/seat_names.py in a
        language)."""
        players = self.row.players
        return seat_names([text.plain(p.name) or "Player" for p in players], [p.level for p in players])

    def label(self, seat: int) -> str:
        """How messages name a seat: 'Name (Archer)', 'Medium computer (Lion)', escaped for message content."""
        p = self.row.players[seat]
        name = base_name(p.name, p.level) if is_computer(p.level) else text.name(p.name)
        return f"{name} ({DYNASTIES[seat].capitalize()})"

    def plain_label(self, seat: int) -> str:
        """The seat as stored sentences name it: cleaned, never escaped (each message escapes it once)."""
        p = self.row.players[seat]
        return f"{base_name(text.plain(p.name), p.level)} ({DYNASTIES[seat].capitalize()})"

    def to_move(self) -> int | None:
        return self.game.to_move if self.game is not None else None

    def standings(self) -> list[dict[str, Any]]:
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


@dataclass(frozen=True)
class Awaited:
    """A refusal's value naming the decision a table awaits: the engine's English words as str(), said in a
    reader's language by bot/language/refusals.py."""

    table: Table

    def __str__(self) -> str:
        game = self.table.game
        return (game.describe_pending() or "") if game is not None else ""


@dataclass(frozen=True)
class SeatLabel:
    """A refusal's value naming a seat: 'Alice (Archer)' as str(), its dynasty said in a reader's language by
    bot/language/refusals.py (the stored name stays as it is)."""

    table: Table
    seat: int

    def __str__(self) -> str:
        return self.table.label(self.seat)


@dataclass(frozen=True)
class Said:
    """One change's account: its kind, its values (seats, moves, engine events, times: never words) and the game as
    the change left it (`scene`; None for accounts that need no game)."""

    kind: str
    values: dict[str, Any] = field(default_factory=dict)
    scene: dict[str, Any] | None = None

    def stored(self) -> dict[str, Any]:
        return {"kind": self.kind, "values": self.values, "scene": self.scene}

    @classmethod
    def from_stored(cls, data: dict[str, Any]) -> Said:
        return cls(data["kind"], dict(data.get("values") or {}), data.get("scene"))


@dataclass
class Played:
    """One applied move and what it did; `table` is the game as that move left it (later moves leave it alone)."""

    table: Table
    seat: int
    move: str
    events: list[dict[str, Any]]
    n: int
    standin: bool = False  # played by the stand-in for a person whose clock ran out (or who is away)
    announced: Stored | None = None  # the move's announcement as stored with it (None: none is kept)
    said: Said | None = None  # and what it says, in codes and values (bot/service/said.py)
    event: Moved | None = None  # what the service publishes of it (None: not committed yet)


@dataclass
class Changed:
    """A change the service committed: the game as it left it, what happened (published to the parts that follow
    changes), and its public account as stored with it (None: it had none); the interaction that made it may answer
    with that account."""

    table: Table
    event: Event
    announced: Stored | None = None
    said: Said | None = None


@dataclass
class Origin:
    """Who asked for a change and how: the interaction (a change is made once per interaction id), when it was
    made (if the game changed after that, a move or an undo is refused), the person's display name, and, while the
    interaction may answer with the announcement itself, its token and until when (`reply_until`)."""

    interaction_id: int | None = None
    made_at: float | None = None
    name: str = ""
    token: str | None = field(default=None, repr=False)
    reply_until: float = 0.0


E = TypeVar("E", bound=Event)


def about(after: Table) -> dict[str, Any]:
    """What every event says of its game, as the change leaves it (its revision, status, place)."""
    return {"game_id": after.id, "rev": after.row.rev, "channel_id": after.row.channel_id,
            "guild_id": after.row.guild_id, "status": after.row.status}


def stamped(event: E, stored: Stored | None) -> E:
    """The event with the id of the announcement stored with it, and whether its interaction answers with it."""
    if stored is None:
        return event
    return replace(event, announcement=stored.id, replying=stored.reply)


def changed(after: Table, event: Event, stored: Stored | None, said: Said | None) -> Changed:
    """What a committed change returns: the game as it left it, its event, its account as stored."""
    return Changed(after, stamped(event, stored), stored, said if stored is not None else None)
