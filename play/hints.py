"""`hint` at the terminal: the hard player's move for the person's seat, from that seat's own view, counted per
seat for the game's record."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from bot.language.locales import ENGLISH, Texts
from engine import Game
from engine.ai.hint import hint
from engine.ai.phrases import say
from engine.record import Record


@dataclass
class Hints:
    """The hints asked in one game. `counts` stays None until the first hint (or a loaded record that had hints),
    so a game where nobody asked writes no `hints` key in its record."""

    players: int
    budget: float
    seed: int = 0
    counts: list[int] | None = field(default=None)

    @classmethod
    def for_game(cls, players: int, budget: float, seed: int, loaded: Record | None) -> Hints:
        """A loaded record's hint counts go on; a new game starts with none asked."""
        counts = list(loaded.hints) if loaded is not None and loaded.hints is not None else None
        return cls(players, budget, seed, counts)

    def give(self, game: Game, seat: int, announced: Sequence[Mapping[str, int]], t: Texts = ENGLISH) -> str:
        """The line printed for `hint`: the move and its reason in the terminal's language, drawn from the seat's own
        view only."""
        asked = len(game.move_stack)
        found = hint(game.view(seat), seat, seed=self.seed * 100003 + asked, budget=self.budget, announced=announced)
        if self.counts is None:
            self.counts = [0] * self.players
        self.counts[seat] += 1
        n = self.counts[seat]
        if t.lang == ENGLISH.lang:
            return f"hint ({n} used): {found.move} — {found.reason}"
        # i18n: {move} is in the game's notation, never translated
        return t.gettext("hint ({n} used): {move} — {reason}").format(
            n=n, move=found.move, reason=say(found.words, t.gettext, t.ngettext))

    def recorded(self) -> tuple[int, ...] | None:
        """What the record keeps: each seat's count, or None when nobody asked."""
        return tuple(self.counts) if self.counts is not None else None
