"""What a change owes its channel, in codes and values (`Said`, bot/service/table.py): stored with the change,
worded by the front end when it is delivered (bot/discord_front/announcer.py), in the language of that moment.

The scene is the game as the change left it, so the words read as they would have then, whenever and by whichever
process they are delivered: the stored row, the engine's position, the moves (only the last with its events).
"""

from __future__ import annotations

from dataclasses import asdict, replace
from typing import Any

from bot.service.table import Said, Table
from bot.storage.rows import ClockRow, GameRow, MoveRow, PlayerRow
from engine import Game

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
    row = asdict(replace(table.row, snapshot=None))
    moves: list[list[Any]] = [[m.n, m.seat, m.user_id, m.move] for m in table.moves]
    last = asdict(table.moves[-1]) if table.moves else None
    return {"row": row, "position": table.game.position() if table.game is not None else None, "moves": moves,
            "last": last}


def table_of(scene: dict[str, Any]) -> Table:
    data = dict(scene["row"])
    clock = ClockRow(**data.pop("clock"))
    players = [PlayerRow(**p) for p in data.pop("players")]
    row = GameRow(**data, clock=clock, players=players)
    moves = [MoveRow(n, seat, user_id, move, []) for n, seat, user_id, move in scene["moves"]]
    if scene.get("last") is not None:
        moves[-1] = MoveRow(**scene["last"])
    game = Game.from_position(scene["position"]) if scene.get("position") is not None else None
    return Table(row, game, moves)
