"""Why a finished game was not rated (or not counted at all), as data: `NotRated` (a kind and its values) stored in
a record's note as a short code ('too_short:5:2', 'hints'), and `said`, the one way to say it. Discord-free.

`NotRated.parse` never raises: an unknown or damaged code reads as `UnratedKind.OTHER`. The endings migration in
bot/storage/schema.py turned the English notes older versions stored into these codes."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.language.locales import ENGLISH, N_, Texts


class UnratedKind(StrEnum):
    """Why a game's ratings did not move. The values are stored: never change one."""

    HINTS = "hints"  # played with hints on: a casual game
    TOO_SHORT = "too_short"  # ended early before every person took `least` turns; one took `took`
    ABANDONED = "abandoned"
    ONE_PLAYER = "one_player"  # every seat was one player's (computers of one level): nobody to measure against
    NO_MOVES = "no_moves"  # skipped: no move was played
    NO_STATS = "no_stats"  # skipped: its moves gave no statistics (the log says why)
    OTHER = "other"  # anything else the rating refused (the log says why)


@dataclass(frozen=True)
class NotRated:
    """A reason a game was not rated, with the turn counts of a game too short."""

    kind: UnratedKind
    least: int | None = None
    took: int | None = None

    def stored(self) -> str:
        """The stored form: 'kind', or 'too_short:least:took'."""
        if self.kind is UnratedKind.TOO_SHORT:
            return f"{self.kind.value}:{self.least or 0}:{self.took or 0}"
        return self.kind.value

    @classmethod
    def parse(cls, stored: str | None) -> NotRated:
        """The reason a stored code gives; an unknown, damaged or missing one reads as `UnratedKind.OTHER`."""
        kind_text, *values = (stored or "").split(":")
        try:
            kind = UnratedKind(kind_text)
        except ValueError:
            return cls(UnratedKind.OTHER)
        if kind is UnratedKind.TOO_SHORT:
            if len(values) == 2 and all(v.isascii() and v.isdigit() for v in values):
                return cls(kind, int(values[0]), int(values[1]))
            return cls(UnratedKind.OTHER)
        return cls(kind) if not values else cls(UnratedKind.OTHER)


OTHER = NotRated(UnratedKind.OTHER)


def too_short(least: int, took: int) -> NotRated:
    return NotRated(UnratedKind.TOO_SHORT, least, took)


_SAID = {
    UnratedKind.HINTS: N_("Played with hints: a casual game."),
    UnratedKind.ABANDONED: N_("Abandoned games do not count for ratings."),
    UnratedKind.ONE_PLAYER: N_("A game between seats of one player only tells nothing: nobody is rated."),
    UnratedKind.NO_MOVES: N_("No move was played."),
    UnratedKind.NO_STATS: N_("Its moves could not be counted."),
    UnratedKind.OTHER: N_("It could not be rated."),
}


def said(reason: NotRated, *, t: Texts = ENGLISH) -> str:
    """The reason in `t`'s language: 'Too short to be rated: every person must take at least 5 turns, and one
    took 2.'"""
    if reason.kind is UnratedKind.TOO_SHORT:
        return t.gettext("Too short to be rated: every person must take at least {least} turns, and one took "
                         "{took}.").format(least=reason.least, took=reason.took)
    return t.gettext(_SAID.get(reason.kind, _SAID[UnratedKind.OTHER]))
