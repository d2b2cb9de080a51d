"""What a change owes its channel, in codes and values (`Said`, bot/service/table.py): stored with the change,
worded by the front end when it is delivered (bot/discord_front/announcer.py), in the language of that moment.

The scene is the game as the change left it, so the words read as they would have then, whenever and by whichever
process they are delivered: the stored row, the spectator's view of the game (its standings once it has ended), the
moves in their public form (only the last with its events). Nothing in it is secret: no hand, hidden score, bag,
seed, or the tiles of a swap.
"""

from __future__ import annotations

import copy
from dataclasses import asdict, replace
from typing import Any, cast

from bot.service.table import Said, Table
from bot.storage.rows import ClockRow, GameRow, GameStatus, MoveRow, PlayerRow
from engine import Game, public_move

# The kinds of account, each a front end's way of saying one kind of change.
START, MOVE, UNDO, RESIGN, ABANDON, AWAY = "start", "move", "undo", "resign", "abandon", "away"
STAND_IN, REMINDER, DIRECT = "stand-in", "reminder", "reminder-dm"  # DIRECT: a reminder as a direct message
EXPIRED, RESUMED = "expired", "resumed"  # a lobby nobody started; a clock running again in a reopened channel


def account(kind: str, after: Table, /, **values: Any) -> Said:
    """The account of a change to a game, with `after`, the game as the change left it."""
    return Said(kind, values, scene_of(after))


def table_of_said(said: Said) -> Table:
    """The game as the change left it (ValueError for an account stored without one)."""
    if said.scene is None:
        raise ValueError(f"a {said.kind!r} account has no game")
    return table_of(said.scene)


def scene_of(table: Table) -> dict[str, Any]:
    """The game as the change left it, as anyone at the table may see it: no hand, hidden score, bag or seed."""
    row = asdict(replace(table.row, snapshot=None))
    moves: list[list[Any]] = [[m.n, m.seat, m.user_id, public_move(m.move)] for m in table.moves]
    last = asdict(replace(table.moves[-1], move=public_move(table.moves[-1].move))) if table.moves else None
    game = table.game
    seen = None
    if game is not None:
        ended = game.over or table.row.status != GameStatus.ACTIVE
        seen = {"view": game.view(None), "to_move": game.to_move, "described": game.describe_pending(),
                # The standings are public once the game has ended (hidden scores are shown then), never before.
                "standings": game.standings() if ended else None}
    return {"row": row, "seen": seen, "moves": moves, "last": last}


def table_of(scene: dict[str, Any]) -> Table:
    data = dict(scene["row"])
    clock = ClockRow(**data.pop("clock"))
    players = [PlayerRow(**p) for p in data.pop("players")]
    row = GameRow(**data, clock=clock, players=players)
    moves = [MoveRow(n, seat, user_id, move, []) for n, seat, user_id, move in scene["moves"]]
    if scene.get("last") is not None:
        moves[-1] = MoveRow(**scene["last"])
    seen = scene.get("seen")
    # The public part of Game's face is all an account is worded from; anything more fails loudly at delivery.
    game = cast(Game, Seen(**seen)) if seen is not None else None
    return Table(row, game, moves)


class Seen:
    """A game as anyone at the table sees it, answering what the words of an account ask of a game."""

    def __init__(self, view: dict[str, Any], to_move: int | None, described: str | None,
                 standings: list[dict[str, Any]] | None) -> None:
        self._view = view
        self.to_move = to_move
        self._described = described
        self._standings = standings

    @property
    def pending(self) -> dict[str, Any] | None:
        pending: dict[str, Any] | None = self._view.get("pending")
        return pending

    @property
    def over(self) -> bool:
        return bool(self._view.get("over"))

    def view(self, seat: int | None) -> dict[str, Any]:
        if seat is not None:
            raise ValueError("an account is worded from the public view only")
        return copy.deepcopy(self._view)

    def standings(self) -> list[dict[str, Any]]:
        if self._standings is None:
            raise ValueError("the standings of a game that goes on are not public")
        return self._standings

    def describe_pending(self) -> str | None:
        return self._described
