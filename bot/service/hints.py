"""Hints in casual games (opened with hints on): the move our strongest computer player would make for the person
to act, with a line on why, thought in a worker from that person's own view only.

Discord-free, so every front end asks the same way: `question` says whether a hint may be asked now (a refusal in
words otherwise), `turn` holds the person's allowance (bot/service/allowance.py: one at a time, so many a while),
`answer`
thinks it in the analysis lane's workers (bot/background/workers.py: never the computer players'), then counts it for
that
seat, once per interaction, only if the game still waits on the same decision (bot/storage/hints.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from bot.background.autoplay import ai_available
from bot.background.workers import Workers
from bot.language.locales import N_
from bot.service.allowance import Allowance
from bot.service.game_service import GameService
from bot.service.table import Awaited, GameError, SeatLabel, Table
from bot.storage.hints import Counted
from bot.storage.rows import GameStatus
from engine.analysis import announced_points

log = logging.getLogger(__name__)

HINT_BUDGET = 3.0  # seconds of thought per hint (engine.ai.hint's own default)
NO_HINTS = N_("This game can be rated, so it has no hints: hints are for casual games opened with "
              "`/tne new hints:on`.")
STALE = N_("The game moved on while your hint was being worked out, so it was not counted. Ask again if you like.")
FAILED = N_("Your hint could not be worked out just now; nothing was counted. Try again in a moment.")


@dataclass(frozen=True)
class Question:
    """A hint that may be asked: whose, at which moment (revision), and what its thinker is given."""

    game_id: int
    guild_id: int | None
    seat: int
    rev: int
    move_count: int
    view: dict[str, Any]  # the seat's own view: never another hand
    announced: list[dict[str, int]]  # every seat's points by the table's public events, as computer players get


@dataclass(frozen=True)
class Answer:
    """A hint as told to the one who asked."""

    game_id: int
    seat: int
    move: str
    reason: str  # in English
    used: int  # hints this seat has used in the game, this one included
    words: tuple[Any, ...] = ()  # the reason for the reader's language (engine/ai/phrases.py)


def think(view: dict[str, Any], seat: int, seed: int, budget: float,
          announced: list[dict[str, int]]) -> tuple[str, str, tuple[Any, ...]]:
    """In a worker: the hint's move, its English reason and the reason's words (engine.ai.hint reads only `view`,
    the seat's own)."""
    from engine.ai.hint import hint  # imported late: the computer players are an optional part

    found = hint(view, seat, seed=seed, budget=budget, announced=announced)
    return str(found.move), found.reason, found.words


def question(table: Table, user_id: int) -> Question:
    """The hint this person may ask in this game now, or a GameError saying why not."""
    game = table.game
    if not table.row.hints:
        raise GameError(NO_HINTS)
    if table.row.status == GameStatus.LOBBY or game is None:
        raise GameError(N_("The game has not started yet."))
    if table.row.status != GameStatus.ACTIVE or game.over:
        raise GameError(N_("This game is over: hints are for a game being played."))
    seat = table.seat_of(user_id)
    if seat is None:
        raise GameError(N_("You are not playing in this game, so there is no hint for you."))
    to_move = game.to_move
    assert to_move is not None, "a running game always has a seat to act"
    if to_move != seat:
        if game.pending:
            raise GameError(N_("It is not your decision: {decision}. Ask for a hint when one is yours."),
                            decision=Awaited(table))
        raise GameError(N_("It is not your turn: {who} is to play. Ask for a hint on yours."),
                        who=SeatLabel(table, to_move))
    announced = announced_points((e for m in table.moves for e in m.events), game.players)
    return Question(table.id, table.row.guild_id, seat, table.row.rev, table.row.move_count, game.view(seat),
                    announced)


class Hints:
    """Thinks hints in the analysis lane's workers (its fair queue, apart from the computer players', so hints never
    slow a game's computer moves) and counts them; `budget` is the seconds each hint thinks (tests give little)."""

    def __init__(self, service: GameService, workers: Workers, *, budget: float = HINT_BUDGET,
                 timeout: float = 120.0, allowance: Allowance | None = None) -> None:
        self.service = service
        self.workers = workers
        self.budget = budget
        self.timeout = timeout  # a hint still waiting for a worker after this long has failed
        self.allowance = allowance or Allowance()  # shared with reviews: one person's analysis, both counted

    @contextlib.contextmanager
    def turn(self, user_id: int) -> Iterator[None]:
        """This person's allowance held while the block asks a hint; a GameError at once when they may not."""
        with self.allowance.turn(user_id):
            yield

    def question(self, table: Table, user_id: int) -> Question:
        if not ai_available():
            raise GameError(N_("Hints need the computer players, which are not installed on this bot."))
        return question(table, user_id)

    async def answer(self, q: Question, *, interaction_id: int | None = None) -> Answer:
        """Think the hint, then count it if the game still waits on the same decision; a GameError otherwise."""
        # One seed per moment: asking again differs only by what the time budget let the search reach.
        seed = zlib.crc32(f"hint:{q.game_id}:{q.rev}".encode())
        try:
            move, reason, words = await asyncio.wait_for(
                self.workers.run_fair(q.guild_id, q.game_id, think, q.view, q.seat, seed, self.budget, q.announced),
                self.timeout)
        except Exception as exc:
            log.exception("The hint for seat %s of game %s failed", q.seat, q.game_id)
            raise GameError(FAILED) from exc
        return await self._count(q, move, reason, words, interaction_id)

    async def _count(self, q: Question, move: str, reason: str, words: tuple[Any, ...],
                     interaction_id: int | None) -> Answer:
        storage, tables = self.service.storage, self.service
        # Under the game's lock, so the count in memory (the final announcement reads it) and in storage agree.
        async with tables.lock(q.game_id):
            counted = await storage.hints.count(q.game_id, q.rev, q.seat, q.move_count, move, interaction_id)
            if counted == Counted.STALE:
                raise GameError(STALE)
            table = tables.held.get(q.game_id)
            if table is not None and counted == Counted.COUNTED:
                player = table.row.players[q.seat]
                table.row.players[q.seat] = replace(player, hints=player.hints + 1)
            row = table.row if table is not None else await storage.get_game(q.game_id)
            used = row.players[q.seat].hints if row is not None else 1
        return Answer(q.game_id, q.seat, move, reason, used, words)
