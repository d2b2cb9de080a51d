"""A stored game as a `tne-record/1` file and as the replay's frames. Pure and module-level: both replay the
game's moves (CPU work), so the bot runs them in its workers, never on the event loop."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot import text
from engine import Game
from engine.record import RecordPlayer, from_moves


@dataclass(frozen=True)
class StoredGame:
    """What a record or a replay needs of a stored game: plain values, so it travels to a worker process."""

    id: int
    board: str
    scores: str
    seed: int
    status: str
    names: tuple[str, ...]
    kinds: tuple[str, ...]  # "human" or the computer level, per seat
    moves: tuple[tuple[int, str], ...]  # (seat, move) in order
    started_at: float | None = None
    end_reason: str | None = None
    channel_id: int | None = None  # where it was played (who may see it depends on that channel)


def iso(epoch: float | None) -> str | None:
    """'2026-11-22T18:04:00Z' (the record's date format), or None."""
    if epoch is None:
        return None
    return dt.datetime.fromtimestamp(epoch, dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def record_text(game: StoredGame) -> str:
    """The game's record: complete (deal and every draw) once it has ended, public (draw counts only) while it
    runs. A running game's record holds nothing that the table has not seen."""
    players = [RecordPlayer(text.plain(name) or "Player", kind) for name, kind in zip(game.names, game.kinds,
                                                                                        strict=True)]
    live = game.status == "active"
    record = from_moves(game.board, {"scores": game.scores}, players, game.seed, list(game.moves), public=live,
                        date=iso(game.started_at), site="Discord", end=None if live else game.end_reason)
    return record.dumps()


def turn_frames(game: StoredGame) -> tuple[list[dict[str, Any]], list[dict[str, Any]] | None]:
    """The spectator view after each turn (one frame a turn; a turn cut short by the end counts too), and the
    final standings when the rules ended the game."""
    g = Game.new(players=len(game.names), seed=game.seed, board=game.board, options={"scores": game.scores})
    views: list[dict[str, Any]] = []
    pending = False
    for seat, move in game.moves:
        events = g.play(move, seat=seat)
        pending = True
        if any(e.get("type") in ("turn", "game_over") for e in events):
            views.append(g.view(None))
            pending = False
    if pending:
        views.append(g.view(None))
    return views, (g.standings() if g.over else None)


def turns(moves: Sequence[tuple[int, str, list[dict]]]) -> int:
    """How many turns (frames) the moves make, from their stored events (as `turn_frames` counts them)."""
    count, pending = 0, False
    for _, _, events in moves:
        pending = True
        if any(e.get("type") in ("turn", "game_over") for e in events):
            count, pending = count + 1, False
    return count + pending
