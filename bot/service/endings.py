"""How a game or lobby ended, as data: `Ending` (a kind and its values) stored as a short code ('resigned:1',
'away:14'), and `said`, the one way to say it in a reader's language. Discord-free.

Every writer stores `Ending.stored()`; every reader parses with `Ending.parse` (which never raises: an unknown or
empty code reads as a game that ended, said as such) and says it with `said`. The endings migration in
bot/storage/schema.py turned the English sentences older versions stored into these codes."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from bot.language import seat_names, words
from bot.language.locales import ENGLISH, N_, Texts
from engine import DYNASTIES
from engine.outcome import Termination


class EndKind(StrEnum):
    """Why a game or lobby ended. The values are stored: never change one."""

    TREASURES = "treasures"  # the rules: only `count` treasures were left on the board
    BAG = "bag"  # the rules: the bag could not fill a draw
    RESIGNED = "resigned"  # `seat` resigned and fewer than two players were left
    RESIGNED_TO_COMPUTERS = "resigned_to_computers"  # `seat` resigned and only computers were left
    ABANDONED_BY = "abandoned_by"  # `seat`'s player abandoned a game that counted: their resignation
    ABANDONED = "abandoned"  # the host (or a manager) abandoned it
    AWAY = "away"  # every person was away for `count` days
    CHANNEL_DELETED = "channel_deleted"
    BOT_LEFT = "bot_left"  # the bot left the server
    NOT_STARTED = "not_started"  # a lobby nobody started in time
    CANCELLED = "cancelled"  # the host cancelled the lobby
    ENDED = "ended"  # unknown: nothing more is known than that it ended


_SEATED = {EndKind.RESIGNED, EndKind.RESIGNED_TO_COMPUTERS, EndKind.ABANDONED_BY}
_COUNTED = {EndKind.TREASURES, EndKind.AWAY}


@dataclass(frozen=True)
class Ending:
    """An ending: its kind, the seat it names (resignations), the number it gives (treasures left, days away)."""

    kind: EndKind
    seat: int | None = None
    count: float | None = None

    @property
    def resigner(self) -> int | None:
        """The seat whose resignation ended the game (the seat flag older games lack is known by it), or None."""
        return self.seat if self.kind in (EndKind.RESIGNED, EndKind.RESIGNED_TO_COMPUTERS) else None

    def stored(self) -> str:
        """The stored form: 'kind', or 'kind:seat' / 'kind:count' for the kinds that carry one."""
        value = self.seat if self.kind in _SEATED else self.count if self.kind in _COUNTED else None
        return self.kind.value if value is None else f"{self.kind.value}:{value:g}"

    @classmethod
    def parse(cls, stored: str | None) -> Ending:
        """The ending a stored code gives; an unknown, damaged or missing one reads as `EndKind.ENDED`."""
        kind_text, _, value_text = (stored or "").partition(":")
        try:
            kind = EndKind(kind_text)
        except ValueError:
            return UNKNOWN
        if kind in _SEATED:
            seat = _whole(value_text)
            return cls(kind, seat=seat) if seat is not None and 0 <= seat < len(DYNASTIES) else UNKNOWN
        if kind in _COUNTED:
            count = _number(value_text)
            return cls(kind, count=count) if count is not None else UNKNOWN
        return cls(kind) if not value_text else UNKNOWN


UNKNOWN = Ending(EndKind.ENDED)


def _whole(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() else None  # int() refuses some digits isdigit() allows


def _number(text: str) -> float | None:
    # Plain decimals only ('14', '0.5'): float() would also take '1_0', 'nan', '1e9' or other scripts' digits.
    parts = text.split(".")
    if len(parts) > 2 or not all(part.isascii() and part.isdigit() for part in parts):
        return None
    value = float(text)
    if not math.isfinite(value):
        return None
    return int(value) if value.is_integer() else value


def by_rules(termination: Termination, treasures_left: int) -> Ending:
    """The ending the rules gave (engine/outcome.py), with the treasures still on the board."""
    if termination is Termination.TREASURES:
        return Ending(EndKind.TREASURES, count=treasures_left)
    return Ending(EndKind.BAG)


def resigned(seat: int, *, only_computers_left: bool = False) -> Ending:
    return Ending(EndKind.RESIGNED_TO_COMPUTERS if only_computers_left else EndKind.RESIGNED, seat=seat)


def away(days: float) -> Ending:
    return Ending(EndKind.AWAY, count=days)


_PLAIN = {
    EndKind.BAG: N_("the bag could not fill a draw"),
    # Translators: why a game ended, after "The game is over:" (its host or a moderator abandoned it)
    EndKind.ABANDONED: N_("it was abandoned"),
    EndKind.CHANNEL_DELETED: N_("its channel was deleted"),
    EndKind.BOT_LEFT: N_("the bot left the server"),
    EndKind.NOT_STARTED: N_("nobody started it in time"),
    EndKind.CANCELLED: N_("the host cancelled it"),
    EndKind.ENDED: N_("the game ended"),
}
_BY_SEAT = {
    # Translators: why a game ended, after "The game is over:"; {who} is a player and their dynasty
    EndKind.RESIGNED: N_("{who} resigned"),
    EndKind.RESIGNED_TO_COMPUTERS: N_("{who} resigned and only computers were left"),
    # Translators: why a game ended: {who}, a player, abandoned it while it counted (a loss for them)
    EndKind.ABANDONED_BY: N_("{who} abandoned it"),
}


def _plural(count: float) -> int:
    # A whole count picks its form by the language's rule; a fraction of a day reads as the plural.
    return int(count) if float(count).is_integer() else 2


def summary_seats(summary: Sequence[Mapping[str, Any]]) -> tuple[list[str], list[str | None]]:
    """The seats' names and kinds (computer levels) from a record's summary (bot/records/finisher.py), for `said`."""
    seats = {int(s["seat"]): s for s in summary if isinstance(s.get("seat"), int) and 0 <= s["seat"] < len(DYNASTIES)}
    names: list[str] = []
    kinds: list[str | None] = []
    for seat in range(max(seats, default=-1) + 1):
        s = seats.get(seat, {})
        player = str(s.get("player") or "")
        # A summary's name tells two seats apart with their dynasty ('Alex (Bull)'), which `said` adds anyway.
        names.append(str(s.get("name") or "").removesuffix(f" ({DYNASTIES[seat].capitalize()})"))
        kinds.append(player.removeprefix("bot:") if player.startswith("bot:") else None)
    return names, kinds


def said(ending: Ending, names: Sequence[str] = (), kinds: Sequence[str | None] = (), *,
         t: Texts = ENGLISH) -> str:
    """The ending in `t`'s language, plain text (escape it where shown): 'Alice (Archer) resigned'. `names` and
    `kinds` are the table's seats (a person's name, a computer's level) to name the seat an ending names."""
    kind = ending.kind
    if kind in _BY_SEAT and ending.seat is not None:
        seat = ending.seat
        who = (seat_names.label(names[seat], kinds[seat] if seat < len(kinds) else None, seat, t)
               if seat < len(names) else words.dynasty(seat, t))
        return t.gettext(_BY_SEAT[kind]).format(who=who)
    if kind in _COUNTED and ending.count is not None:
        # Worked out first: inside the call, the catalogs' extractor would read `count` as words.count.
        amount, form = f"{ending.count:g}", _plural(ending.count)
        if kind is EndKind.TREASURES:
            return t.ngettext("only {n} treasure left on the board", "only {n} treasures left on the board",
                              form).format(n=amount)
        return t.ngettext("everyone was away for {n} day", "everyone was away for {n} days", form).format(n=amount)
    return t.gettext(_PLAIN.get(kind, _PLAIN[EndKind.ENDED]))
