"""A stored game as a `tne-record/1` file and as the replay's frames. Pure and module-level: both replay the
game's moves (CPU work), so the bot runs them in its workers, never on the event loop."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.language import text
from bot.service import endings
from bot.service.endings import Ending
from engine import Game
from engine.names import seat_names
from engine.record import ABANDONED, RESIGNATION, RecordPlayer, Resignation, rebuild, write

PASSIVE = ("pass", "commit 0", "decline")  # what the table plays for a seat that resigned


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
    resigned: tuple[int, ...] = ()  # seats flagged resigned, the one whose resignation ended the game included
    ender: int | None = None  # the seat whose resignation ended the game (it made no move after)
    people: tuple[bool, ...] = ()  # per move: made by the seat's person (not a computer, stand-in or autoplayer)
    channel_id: int | None = None  # where it was played (who may see it depends on that channel)
    hints: tuple[int, ...] | None = None  # per seat, the hints each used, in a game opened with hints on


def iso(epoch: float | None) -> str | None:
    """'2026-11-22T18:04:00Z' (the record's date format), or None."""
    if epoch is None:
        return None
    return dt.datetime.fromtimestamp(epoch, dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def record_text(game: StoredGame) -> str:
    """The game's record: complete (deal, every draw, swapped colours) once it has ended, public (draw counts,
    swaps face down) while it runs. A running game's record holds nothing that the table has not seen; an ended
    one says how it ended (rules, resignation or abandoned), who resigned when, and the hints each seat used."""
    # Each seat told apart (engine/names.py): 'Medium computer (Lion)', where older games stored 'Medium computer 2'.
    names = seat_names([text.plain(name) or "Player" for name in game.names], game.kinds)
    players = [RecordPlayer(name, kind) for name, kind in zip(names, game.kinds, strict=True)]
    live = game.status == "active"
    played = rebuild(game.board, {"scores": game.scores}, len(players), game.seed, list(game.moves))
    resigned = resignations(game)
    termination = None
    if game.status == "abandoned":
        termination = ABANDONED
    elif game.status == "over" and not played.over and resigned:
        termination = RESIGNATION
    # The record's "end" is its words in English (NOTATION.md): said from the stored ending.
    end = endings.said(Ending.parse(game.end_reason), game.names, game.kinds) if game.end_reason else None
    record = write(played, players, public=live, date=iso(game.started_at), site="Discord",
                   end=None if live else end, termination=termination, resigned=resigned,
                   hints=None if live else game.hints)  # the counts are told once the game has ended
    return record.dumps()


def resignations(game: StoredGame) -> list[Resignation]:
    """Who resigned, after how many moves. The bot keeps no move number for a resignation: the seat that ended
    the game resigned after the last move; another, after the last move of its own that the table did not play
    for it (a passive move by nobody's hand)."""
    ender = game.ender
    if ender is None and game.status == "over":
        seat = Ending.parse(game.end_reason).resigner  # games stored before the seat was flagged
        if seat is not None and seat < len(game.names):
            ender = seat
    out = []
    for seat in sorted({*game.resigned, *([ender] if ender is not None else [])}):
        if seat == ender:
            out.append(Resignation(seat, len(game.moves)))
            continue
        own = [n for n, (s, move) in enumerate(game.moves, 1)
               if s == seat and (move not in PASSIVE or (n <= len(game.people) and game.people[n - 1]))]
        out.append(Resignation(seat, max(own, default=0)))
    return out


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
    return views, ([dict(s) for s in g.standings()] if g.over else None)


def turns(moves: Sequence[tuple[int, str, list[dict[str, Any]]]]) -> int:
    """How many turns (frames) the moves make, from their stored events (as `turn_frames` counts them)."""
    count, pending = 0, False
    for _, _, events in moves:
        pending = True
        if any(e.get("type") in ("turn", "game_over") for e in events):
            count, pending = count + 1, False
    return count + pending
