"""Game records at the terminal: `--record FILE` writes the game played, `--replay FILE` steps through a
record, `--load FILE` plays an unfinished complete record on against computer players."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from engine import DYNASTIES, Game
from engine.record import ABANDONED, RESIGNATION, Record, RecordError, RecordPlayer, check_result, read, write
from play.hints import Hints
from play.textboard import text_board, text_panel

SITE = "terminal"


def add_options(ap: argparse.ArgumentParser) -> None:
    """The record options of `python -m play`."""
    ap.add_argument("--record", metavar="FILE", default=None,
                    help="write the game's complete record (tne-record/1) to FILE, kept up to date after every move")
    ap.add_argument("--replay", metavar="FILE", default=None,
                    help="step through the record in FILE: the board after each move, Enter for the next, q to stop")
    ap.add_argument("--to", metavar="N", type=int, default=None,
                    help="with --replay: go straight to the board after move N, then step on")
    ap.add_argument("--load", metavar="FILE", default=None,
                    help="play on the unfinished complete record in FILE (you take --seat, computers the rest); "
                         "every move is saved back to FILE unless --record names another file")


def check(ap: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Usage errors for the record options; --load reads its record now and sets the players and board."""
    args.loaded = None
    if args.to is not None and not args.replay:
        ap.error("argument --to: only with --replay")
    if args.replay and (args.load or args.record):
        ap.error("argument --replay: replays a record; it plays no game, so --load and --record do not go with it")
    if args.to is not None and args.to < 0:
        ap.error(f"argument --to: a move number, 0 or more, not {args.to}")
    if args.load:
        record = _read(ap, "--load", args.load)
        if not record.complete:
            ap.error(f"argument --load: {args.load} is a public record (no deal, no drawn colours): it cannot be "
                     "played on")
        if record.result is not None or record.termination is not None:
            ap.error(f"argument --load: the game in {args.load} is over; step through it with --replay")
        args.loaded = record
        args.players, args.board = len(record.players), record.board
        if not args.record:  # a game played on is kept where it was loaded from, as a saved game is
            args.record = args.load
    if args.record:
        try:  # fail now, with a clear word, rather than after the first move
            with open(args.record, "a", encoding="utf-8"):
                pass
        except OSError as exc:
            ap.error(f"argument --record: cannot write {args.record}: {exc.strerror or exc}")


def _read(ap: argparse.ArgumentParser, option: str, path: str) -> Record:
    try:
        text = Path(path).read_bytes()
    except OSError as exc:
        ap.error(f"argument {option}: cannot read {path}: {exc.strerror or exc}")
    try:
        return read(text)
    except RecordError as exc:
        ap.error(f"argument {option}: {path}: {exc}")


def start(args: argparse.Namespace) -> Game:
    """The game to play: a new one, or the loaded record replayed (the seed drives only the draws after it)."""
    record: Record | None = args.loaded
    if record is None:
        return Game.new(players=args.players, seed=args.seed, board=args.board)
    game = record.replay(seed=args.seed)
    print(f"loaded {args.load}: {len(record.moves)} moves replayed; seed {args.seed} draws the tiles from here on")
    if args.record == args.load:
        print(f"every move is saved back to {args.load} (--record FILE saves to another file instead)")
    return game


class Recorder:
    """Keeps `--record FILE` up to date: the whole record is rewritten after every move, atomically."""

    def __init__(self, args: argparse.Namespace, human: int | None, bots: dict[int, str],
                 hints: Hints | None = None) -> None:
        self.path: str | None = args.record
        self.hints = hints
        self.players = players(args.players, human, bots)
        loaded: Record | None = args.loaded
        # A game played on from a record keeps the date it started.
        self.date = loaded.date if loaded and loaded.date else datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")

    def write(self, game: Game) -> None:
        if not self.path:
            return
        counts = self.hints.recorded() if self.hints is not None else None
        text = write(game, self.players, date=self.date, site=SITE, hints=counts).dumps()
        folder = os.path.dirname(os.path.abspath(self.path))
        try:
            with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=folder, delete=False,
                                             suffix=".part") as fh:
                fh.write(text)
            os.replace(fh.name, self.path)
        except OSError as exc:
            print(f"(the record could not be written to {self.path}: {exc.strerror or exc}; no more records "
                  "this game)", file=sys.stderr)
            self.path = None


def players(count: int, human: int | None, bots: dict[int, str]) -> list[RecordPlayer]:
    """Each seat's player in the record: 'You' (human), or '<Level> computer' (its level), numbered from the
    second of a level on."""
    out = []
    for seat in range(count):
        if seat not in bots:
            out.append(RecordPlayer("You"))
            continue
        level = bots[seat]
        same = sum(1 for s in range(seat) if bots.get(s) == level)
        out.append(RecordPlayer(f"{level.capitalize()} computer" + (f" {same + 1}" if same else ""), level))
    return out


def replay(args: argparse.Namespace) -> int:
    """Step through a record: the board after each move, Enter for the next (at end of input, to the end).
    Returns the exit status: 0 done or stopped, 1 a record refused, 130 interrupted."""
    try:
        return _replay(args)
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130


def _replay(args: argparse.Namespace) -> int:
    try:
        record = read(Path(args.replay).read_bytes())
        game = record.start()
    except OSError as exc:
        print(f"cannot read {args.replay}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    except RecordError as exc:
        print(f"{args.replay}: {exc}", file=sys.stderr)
        return 1
    names = [f"{p.name} ({DYNASTIES[i]}, {p.kind})" for i, p in enumerate(record.players)]
    print(f"{args.replay}: {len(record.moves)} moves, {record.board} board"
          + (f", played {record.date}" if record.date else "") + (f" on {record.site}" if record.site else ""))
    print("players: " + ", ".join(f"seat {s} {n}" for s, n in enumerate(names)))
    target = args.to if args.to is not None else 0
    if target > len(record.moves):
        print(f"the record has {len(record.moves)} moves; --to {target} goes past its end", file=sys.stderr)
        return 1
    pausing = True
    if target == 0:
        _show(game)
    try:
        for n, played in enumerate(record.steps(game), 1):
            if n < target:
                continue
            print(f"move {n}: {names[played.seat]} plays {played.move}")
            for event in played.events:
                print("  " + event["text"])
            _show(game)
            if pausing and n < len(record.moves):
                try:
                    answer = input(f"[{n}/{len(record.moves)}] Enter for the next move, q to stop: ")
                except EOFError:
                    print()
                    pausing = False
                    continue
                if answer.strip().lower() in ("q", "quit"):
                    return 0
        check_result(record, game)
    except RecordError as exc:
        print(f"{args.replay}: {exc}", file=sys.stderr)
        return 1
    for r in record.resigned:
        print(f"{names[r.seat]} resigned after move {r.after}")
    if record.termination == ABANDONED:
        print(f"the game was abandoned after move {len(record.moves)}; it has no result")
    elif record.result is None:
        print(f"the record ends after move {len(record.moves)}; the game was not over")
    else:
        if record.termination == RESIGNATION:
            print(f"the game ended by resignation after move {len(record.moves)}")
        print("the result checks: the replayed standings are the record's")
        for st in sorted(record.result, key=lambda s: s["place"]):
            totals = " ".join(f"{c} {v}" for c, v in st["totals"].items())
            print(f"  {st['place']}. {names[st['seat']]}: score {st['score']}  ({totals})")
    return 0


def _show(game: Game) -> None:
    view = game.view(None)
    print(text_board(view))
    print(text_panel(view, None))
