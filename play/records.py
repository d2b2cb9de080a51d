"""Game records at the terminal: `--record FILE` writes the game played, `--replay FILE` steps through a
record, `--load FILE` plays an unfinished complete record on against computer players."""

from __future__ import annotations

import argparse
import getpass
import os
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from bot.language import seat_names
from bot.language.locales import ENGLISH, N_, Texts
from bot.language.table_words import event_line
from bot.language.words import board, count
from engine import Game
from engine.names import seat_names as english_names
from engine.record import ABANDONED, HUMAN, RESIGNATION, Record, RecordError, RecordPlayer, check_result, read, write
from play.hints import Hints
from play.textboard import text_board, text_panel

SITE = "terminal"
# i18n: the person at the terminal, named as a seat ("You: score 12")
YOU = N_("You")
# What records the terminal wrote before named the person at it: read as the reader's own "You".
OLD_YOU = "You"


def add_options(ap: argparse.ArgumentParser, t: Texts = ENGLISH) -> None:
    """The record options of `python -m play`, described in `t`'s language."""
    ap.add_argument("--record", metavar="FILE", default=None,
                    help=t.gettext("write the game's complete record (tne-record/1) to FILE, kept up to date after "
                                   "every move"))
    ap.add_argument("--replay", metavar="FILE", default=None,
                    help=t.gettext("step through the record in FILE: the board after each move, Enter for the next, "
                                   "q to stop"))
    ap.add_argument("--to", metavar="N", type=int, default=None,
                    help=t.gettext("with --replay: go straight to the board after move N, then step on"))
    ap.add_argument("--load", metavar="FILE", default=None,
                    help=t.gettext("play on the unfinished complete record in FILE (you take --seat, computers the "
                                   "rest); every move is saved back to FILE unless --record names another file"))


def check(ap: argparse.ArgumentParser, args: argparse.Namespace, t: Texts = ENGLISH) -> None:
    """Usage errors for the record options; --load reads its record now and sets the players and board."""
    args.loaded = None
    if args.to is not None and not args.replay:
        ap.error(t.gettext("argument --to: only with --replay"))
    if args.replay and (args.load or args.record):
        ap.error(t.gettext("argument --replay: replays a record; it plays no game, so --load and --record do not go "
                           "with it"))
    if args.to is not None and args.to < 0:
        ap.error(t.gettext("argument --to: a move number, 0 or more, not {n}").format(n=args.to))
    if args.load:
        record = _read(ap, "--load", args.load, t)
        if not record.complete:
            ap.error(t.gettext("argument --load: {file} is a public record (no deal, no drawn colours): it cannot be "
                               "played on").format(file=args.load))
        if record.result is not None or record.termination is not None:
            ap.error(t.gettext("argument --load: the game in {file} is over; step through it with --replay").format(
                file=args.load))
        args.loaded = record
        args.players, args.board = len(record.players), record.board
        if not args.record:  # a game played on is kept where it was loaded from, as a saved game is
            args.record = args.load
    if args.record:
        try:  # fail now, with a clear word, rather than after the first move
            with open(args.record, "a", encoding="utf-8"):
                pass
        except OSError as exc:
            ap.error(t.gettext("argument --record: cannot write {file}: {reason}").format(
                file=args.record, reason=exc.strerror or exc))


def _read(ap: argparse.ArgumentParser, option: str, path: str, t: Texts = ENGLISH) -> Record:
    try:
        text = Path(path).read_bytes()
    except OSError as exc:
        ap.error(t.gettext("argument {option}: cannot read {path}: {reason}").format(
            option=option, path=path, reason=exc.strerror or exc))
    try:
        return read(text)
    except RecordError as exc:
        ap.error(f"argument {option}: {path}: {exc}")


def start(args: argparse.Namespace, t: Texts = ENGLISH) -> Game:
    """The game to play: a new one, or the loaded record replayed (the seed drives only the draws after it)."""
    record: Record | None = args.loaded
    if record is None:
        return Game.new(players=args.players, seed=args.seed, board=args.board)
    game = record.replay(seed=args.seed)
    print(t.gettext("loaded {file}: {moves} replayed; seed {seed} draws the tiles from here on").format(
        file=args.load, moves=count(len(record.moves), "{n} move", "{n} moves", t), seed=args.seed))
    if args.record == args.load:
        # i18n: --record FILE is the option as typed
        print(t.gettext("every move is saved back to {file} (--record FILE saves to another file instead)").format(
            file=args.load))
    return game


class Recorder:
    """Keeps `--record FILE` up to date: the whole record is rewritten after every move, atomically."""

    def __init__(self, args: argparse.Namespace, human: int | None, bots: dict[int, str],
                 hints: Hints | None = None, t: Texts = ENGLISH) -> None:
        self.path: str | None = args.record
        self.t = t
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
            print(self.t.gettext("(the record could not be written to {file}: {reason}; no more records this game)")
                  .format(file=self.path, reason=exc.strerror or exc), file=sys.stderr)
            self.path = None


def person() -> str:
    """The person's name in a record: their login name, the same to every reader of the file in any language."""
    try:
        return getpass.getuser() or "?"
    except (OSError, KeyError, ImportError):  # no login name in this environment
        return "?"


def players(count: int, human: int | None, bots: dict[int, str], name: str | None = None) -> list[RecordPlayer]:
    """Each seat's player in the record: the person by `name` (their login name), a computer by its level (its kind),
    told apart by the dynasty where two seats share a level ('Easy computer (Lion)'). No word of the terminal's
    language is stored: a reader names each seat in theirs from its kind and dynasty (`names`)."""
    kinds = [bots.get(seat, HUMAN) for seat in range(count)]
    told = english_names([person() if name is None else name] * count, kinds)
    return [RecordPlayer(said, kind) for said, kind in zip(told, kinds, strict=True)]


def names(record: Record, t: Texts = ENGLISH) -> list[str]:
    """Each seat of a record as the reader's language names it, with its dynasty: 'alice (Bogenschütze)',
    'Computer (schwer, Stier)'; the 'You' of records written before reads as the reader's own word."""
    people = [t.gettext(YOU) if p.name == OLD_YOU and p.kind == HUMAN and record.site == SITE else p.name
              for p in record.players]
    return [seat_names.label(name, p.kind, seat, t) for seat, (name, p) in enumerate(zip(people, record.players,
                                                                                           strict=True))]


def replay(args: argparse.Namespace, t: Texts = ENGLISH) -> int:
    """Step through a record: the board after each move, Enter for the next (at end of input, to the end).
    Returns the exit status: 0 done or stopped, 1 a record refused, 130 interrupted."""
    try:
        return _replay(args, t)
    except KeyboardInterrupt:
        # Translators: the terminal: the replay was stopped (Ctrl-C)
        print("\n" + t.gettext("interrupted"), file=sys.stderr)
        return 130


def _replay(args: argparse.Namespace, t: Texts) -> int:
    try:
        record = read(Path(args.replay).read_bytes())
        game = record.start()
    except OSError as exc:
        print(t.gettext("cannot read {path}: {reason}").format(path=args.replay, reason=exc.strerror or exc),
              file=sys.stderr)
        return 1
    except RecordError as exc:
        print(f"{args.replay}: {exc}", file=sys.stderr)
        return 1
    said = names(record, t)
    moves = count(len(record.moves), "{n} move", "{n} moves", t)
    print(t.gettext("{file}: {moves}, {board} board").format(file=args.replay, moves=moves,
                                                              board=board(record.board, t))
          # Translators: the terminal: when a recorded game was played (mind the leading comma)
          + (t.gettext(", played {date}").format(date=record.date) if record.date else "")
          # Translators: the terminal: where a recorded game was played (mind the leading space)
          + (t.gettext(" on {site}").format(site=record.site) if record.site else ""))
    print(t.gettext("players: {players}").format(players=", ".join(
        t.gettext("seat {seat} {name}").format(seat=s + 1, name=n) for s, n in enumerate(said))))
    target = args.to if args.to is not None else 0
    if target > len(record.moves):
        print(t.gettext("the record has {moves}; --to {n} goes past its end").format(moves=moves, n=target),
              file=sys.stderr)
        return 1
    pausing = True
    if target == 0:
        _show(game, t)
    try:
        for n, played in enumerate(record.steps(game), 1):
            if n < target:
                continue
            print(t.gettext("move {n}: {name} plays {move}").format(n=n, name=said[played.seat], move=played.move))
            for event in played.events:
                print("  " + event_line(event, t=t))
            _show(game, t)
            if pausing and n < len(record.moves):
                try:
                    # i18n: q is typed as it is, in every language
                    answer = input(t.gettext("[{n}/{total}] Enter for the next move, q to stop: ").format(
                        n=n, total=len(record.moves)))
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
    last = len(record.moves)
    for r in record.resigned:
        print(t.gettext("{name} resigned after move {n}").format(name=said[r.seat], n=r.after))
    if record.termination == ABANDONED:
        print(t.gettext("the game was abandoned after move {n}; it has no result").format(n=last))
    elif record.result is None:
        print(t.gettext("the record ends after move {n}; the game was not over").format(n=last))
    else:
        if record.termination == RESIGNATION:
            print(t.gettext("the game ended by resignation after move {n}").format(n=last))
        print(t.gettext("the result checks: the replayed standings are the record's"))
        for st in sorted(record.result, key=lambda s: s["place"]):
            totals = " ".join(f"{t.gettext(c)} {v}" for c, v in st["totals"].items())
            print(f"  {st['place']}. " + t.gettext("{name}: score {score}  ({totals})").format(
                name=said[st["seat"]], score=st["score"], totals=totals))
    return 0


def _show(game: Game, t: Texts = ENGLISH) -> None:
    view = game.view(None)
    print(text_board(view))
    print(text_panel(view, None, t))
