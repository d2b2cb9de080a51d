"""`python -m play`: one game in the terminal, a person against computer players (or computers alone)."""

from __future__ import annotations

import argparse
import os
import random
import shlex
import shutil
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from bot.language import seat_names, words
from bot.language.engine_words import refusal
from bot.language.locales import ENGLISH, N_, Texts
from bot.language.move_words import to_notation
from bot.language.table_words import event_line
from bot.language.words import count
from engine import Game, IllegalMove
from engine.ai import HARD_BUDGET, LEVELS, choose_move
from engine.ai.hint import HINT_BUDGET
from engine.analysis import announced_points
from engine.record import HUMAN
from play import records, review
from play.arguments import Parser
from play.commands import command, command_words, help_words
from play.hints import Hints
from play.language import terminal_texts
from play.moves import listing
from play.prompts import awaited, commit_range, prompt, situation
from play.textboard import LEGEND, text_board, text_panel

PROG = "python -m play"
# The help: {tile} ... {treasure} are the move verbs and {moves} ... {quit} the commands, each in the words the
# player's language types (play/commands.py); English shows the notation.
HELP = N_("""\
actions:   {tile} <colour> <square> | {leader} <colour> <square> | {withdraw} <colour> | {pass}
           {catastrophe} <square> | {swap} <colour> ... (1 to 6 of your tiles)
decisions: {commit} <n> (or just the number) | {war} <colour> | {monument} <pair> <square> | {decline} | \
{treasure} <square>
commands:  {moves} [filter] (e.g. {moves} {leader}, {moves} {tile} {temple}, {moves} F7) | {undo} (take back your \
last action
           of this turn) | {hint} (the hard player's move for you, and why) | {board} | {help} | {quit}""")


class Quit(Exception):
    """The person asked to stop (quit, or the end of input)."""


@dataclass
class Picture:
    """Where the board picture goes after every move, if anywhere."""

    path: str | None
    t: Texts = ENGLISH

    def write(self, game: Game, seat: int | None) -> None:
        """Draw and write the board; a failure mid-game is reported once and pictures stop, the game goes on."""
        if not self.path:
            return
        try:
            from bot.language.picture_words import wording
            from render import render_board

            data = render_board(game.view(seat), words=wording(self.t.lang))
            with open(self.path, "wb") as fh:
                fh.write(data)
        except Exception as exc:  # the picture is a convenience: it never stops the game
            print(self.t.gettext("(the board picture could not be written to {file}: {reason}; no more pictures "
                                 "this game)").format(file=self.path, reason=reason(exc)), file=sys.stderr)
            self.path = None


def reason(exc: BaseException) -> str:
    return exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)


def levels_list(text: str, t: Texts = ENGLISH) -> list[str]:
    """'Hard,medium' -> ['hard', 'medium'] (any case); a level that does not exist is refused."""
    levels = [w.strip().lower() for w in text.split(",")]
    for lv in levels:
        if lv not in LEVELS:
            raise argparse.ArgumentTypeError(t.gettext("'{level}' is not a level: choose from {levels}").format(
                level=lv, levels=", ".join(LEVELS)))
    return levels


def parser(t: Texts = ENGLISH) -> argparse.ArgumentParser:
    """The command line's options, described in `t`'s language (option names and values stay as typed)."""
    ap = Parser(
        t, prog=PROG, description=t.gettext("Play Tigris & Euphrates in the terminal against computer players."),
        # i18n: moves are typed in notation (or in the words the bot accepts); {moves} and {help} are the commands
        # (play/commands.py) as the language types them
        epilog=t.gettext("Type moves in the usual notation (tile red F7, leader black G3, commit 2, ...); "
                         "'{moves}' lists the legal ones, '{help}' the rest.").format(**command_words(t)))
    ap.add_argument("--players", type=int, default=2, choices=(2, 3, 4),
                    help=t.gettext("how many seats (default 2)"))
    ap.add_argument("--levels", type=partial(levels_list, t=t), default=["medium"],
                    # i18n: the levels and 'medium' are typed as they are
                    help=t.gettext("computer levels for the other seats in order, comma-separated, any case "
                                   "({levels}); the last one repeats (default medium)").format(
                                       levels=", ".join(LEVELS)))
    ap.add_argument("--seat", type=int, default=0,
                    help=t.gettext("your seat, 0 to players-1 (default 0); -1 to watch the computers play each "
                                   "other"))
    ap.add_argument("--seed", type=int, default=None,
                    help=t.gettext("the game's seed: the same seed and the same moves give the same game "
                                   "(default: a random one, printed at the start)"))
    ap.add_argument("--board", default="standard", type=str.lower, choices=("standard", "advanced"))
    ap.add_argument("--budget", type=float, default=HARD_BUDGET,
                    help=t.gettext("seconds per decision for the hard level (default {seconds})").format(
                        seconds=f"{HARD_BUDGET:g}"))
    ap.add_argument("--png", metavar="PATH", default=None,
                    help=t.gettext("write the board picture to PATH after every move (default, or an empty PATH: no "
                                   "picture); with --review, a folder to write the review's pictures into"))
    ap.add_argument("--pause", type=float, default=0.0,
                    help=t.gettext("seconds to wait after each computer move"))
    ap.add_argument("--hint-budget", type=float, default=HINT_BUDGET,
                    help=t.gettext("seconds the hard player thinks for a hint (default {seconds})").format(
                        seconds=f"{HINT_BUDGET:g}"))
    ap.add_argument("--review", metavar="FILE", default=None,
                    help=t.gettext("print the review of the finished game in FILE (a complete tne-record/1): each "
                                   "player's accuracy, the chance to win over the game, the costliest moves and "
                                   "the better ones"))
    records.add_options(ap, t)
    return ap


def options(argv: list[str] | None, t: Texts = ENGLISH) -> argparse.Namespace:
    """The command line, checked: every mistake is a usage error naming the option, before the game starts."""
    ap = parser(t)
    args = ap.parse_args(argv)
    if args.review:
        if args.replay or args.load or args.record:
            ap.error(t.gettext("argument --review: reviews a finished record; it plays no game, so --replay, --load "
                               "and --record do not go with it"))
        review.check_folder(ap, args.png, t)
        return args
    records.check(ap, args, t)
    if not (args.seat == -1 or 0 <= args.seat < args.players):
        ap.error(t.gettext("argument --seat: a {players}-player game has seats 0 to {last} (or -1 to watch the "
                           "computers play); {seat} is not one").format(
                               players=args.players, last=args.players - 1, seat=args.seat))
    computers = args.players - (args.seat != -1)
    if len(args.levels) > computers:
        ap.error(t.gettext("argument --levels: {levels} for {seats}").format(
            # Translators: the terminal: a count of computer levels
            levels=count(len(args.levels), "{n} level", "{n} levels", t),
            # Translators: the terminal: a count of seats computer players take
            seats=count(computers, "{n} computer seat", "{n} computer seats", t)))
    if args.budget <= 0:
        ap.error(t.gettext("argument --budget: seconds above 0, not {value}").format(value=f"{args.budget:g}"))
    if args.pause < 0:
        ap.error(t.gettext("argument --pause: seconds, 0 or more, not {value}").format(value=f"{args.pause:g}"))
    if args.hint_budget <= 0:
        ap.error(t.gettext("argument --hint-budget: seconds above 0, not {value}").format(
            value=f"{args.hint_budget:g}"))
    if args.seed is None:
        args.seed = random.SystemRandom().randrange(1, 1_000_000)
    if args.png:
        try:  # fail now, with a clear word, rather than after the first move
            with open(args.png, "ab"):
                pass
        except OSError as exc:
            ap.error(t.gettext("argument --png: cannot write {file}: {reason}").format(file=args.png,
                                                                                        reason=reason(exc)))
    return args


def help_text(t: Texts = ENGLISH) -> str:
    """The help, with the moves and commands in the words the player's language types."""
    return t.gettext(HELP).format(**help_words(t))


def show(game: Game, seat: int | None, t: Texts = ENGLISH) -> None:
    view = game.view(seat)
    print(text_board(view))
    print(text_panel(view, seat, t))


def war_previews(game: Game) -> dict[str, dict[str, Any]] | None:
    """For a war order, each war as it would open (who attacks, both strengths); None for any other moment."""
    p = game.pending
    if not p or p["kind"] != "war_order":
        return None
    out: dict[str, dict[str, Any]] = {}
    for colour in p["waiting"]:
        trial = game.copy(history=False)
        trial.play(f"war {colour}")
        if trial.pending is not None:
            out[str(colour)] = trial.pending
    return out


def shorthand(game: Game, seat: int, line: str) -> str:
    """What a bare answer means: '2' at a commitment is 'commit 2', 'red' at a war order is 'war red'."""
    p = game.pending
    if p and p["kind"] in ("revolt", "war") and line.isdigit():
        return f"commit {line}"
    if p and p["kind"] == "war_order" and line.lower() in p["waiting"]:
        return f"war {line.lower()}"
    return line


def blank_hint(game: Game, seat: int, t: Texts = ENGLISH) -> str:
    """What Enter alone gets: how to answer this prompt (no default is taken: every answer is a choice)."""
    asked = commit_range(game.view(seat), seat)
    if asked:
        colour, most = asked
        return t.gettext("Type how many {colour} tiles to commit, a number from 0 to {most}.").format(
            colour=words.colour(colour, t), most=most)
    # i18n: {moves}, {undo} and {help} are the commands as the language types them (play/commands.py)
    return t.gettext("Type a move ({moves} lists the legal ones), {undo}, or {help}.").format(**command_words(t))


def ask(game: Game, seat: int, give_hint: Callable[[], str] | None = None, t: Texts = ENGLISH) -> str | None:
    """Read a move from the person until it is legal; None after they took back an action (the game changed);
    `give_hint()` answers `hint`. Raises Quit when they stop."""
    view = game.view(seat)
    print(situation(view, seat, game.describe_pending(), game.legal_moves(), war_previews(game), t))
    while True:
        try:
            line = input(prompt(view, seat, t)).strip()
        except EOFError:
            print()
            raise Quit from None
        if not line:
            print(blank_hint(game, seat, t))
            continue
        typed = line.split()
        said = command(typed[0], t)  # a command in the player's words or in English: `züge`, `moves`
        alone = len(typed) == 1
        if said == "quit" and alone:
            raise Quit
        if said == "help" and alone:
            print(help_text(t))
        elif said == "hint" and alone and give_hint is not None:
            print(give_hint())
        elif said == "board" and alone:
            show(game, seat, t)
        elif said == "moves":  # a filter may use the player's words too: `moves plättchen rot`
            print(listing(game.legal_moves(), to_notation(" ".join(typed[1:])).split(),
                          shutil.get_terminal_size((100, 24)).columns, t))
        elif said == "undo" and alone:
            try:
                undone = game.undo(seat)
            except IllegalMove as exc:
                # Translators: the terminal: an undo refused, and why
                print(t.gettext("cannot undo: {reason}").format(reason=refused(exc, game, seat, t)))
                continue
            # Translators: the terminal: the move taken back, in the game's notation
            print(t.gettext("took back: {move}").format(move=undone))
            return None
        else:  # German and French move words read as notation, as in the bot: `plättchen rot F7` → `tile red F7`
            line = shorthand(game, seat, to_notation(line))
            try:
                game.copy().play(line, seat)
            except IllegalMove as exc:
                # Translators: the terminal: a move refused, and why
                print(t.gettext("illegal: {reason}").format(reason=refused(exc, game, seat, t)))
                continue
            return line


def refused(exc: IllegalMove, game: Game, seat: int, t: Texts = ENGLISH) -> str:
    """The engine's refusal in the terminal's language; a decision it names is said as the prompt says it."""
    said = awaited(game.view(seat), seat, game.describe_pending() if game.pending else None, war_previews(game), t)
    return refusal(exc, t=t, decision=said.rstrip(".") if said else None)


def hint_line(hints: Hints, recorder: records.Recorder, game: Game, seat: int,
              announced: Sequence[Mapping[str, int]], t: Texts = ENGLISH) -> str:
    """Answer `hint`: the hard player's move for the seat, counted and saved at once (even if the game is quit
    next)."""
    line = hints.give(game, seat, announced, t)
    recorder.write(game)
    return line


def play(args: argparse.Namespace, t: Texts = ENGLISH) -> None:
    game = records.start(args, t)
    human = args.seat if args.seat >= 0 else None
    others = [s for s in range(args.players) if s != human]
    bots = {s: args.levels[min(k, len(args.levels) - 1)] for k, s in enumerate(others)}
    # Seats are named as the bot names them, in the terminal's language: 'Du', 'Computer (leicht, Stier)'.
    people, kinds = [t.gettext(records.YOU)] * args.players, [bots.get(s, HUMAN) for s in range(args.players)]
    names = seat_names.seat_names(people, kinds, t)
    labels = [seat_names.label(people[s], kinds[s], s, t) for s in range(args.players)]
    picture = Picture(args.png, t)
    hints = Hints.for_game(args.players, args.hint_budget, args.seed, args.loaded)
    recorder = records.Recorder(args, human, bots, hints, t)
    if not args.load:
        print(t.gettext("seed {seed}: {command} replays this game").format(
            seed=args.seed, command=f"{PROG} --seed {args.seed}"))
    # Translators: the terminal: the players of the game
    print(t.gettext("players: {players}").format(players=", ".join(
        # Translators: the terminal: a seat's number and its player's name
        t.gettext("seat {seat} {name}").format(seat=s + 1, name=n) for s, n in enumerate(labels))))
    print(t.gettext(LEGEND))
    print(help_text(t))
    show(game, human, t)
    picture.write(game, human)
    recorder.write(game)
    k, shown = 0, True
    # Every point is scored in public, so computers keep the totals as the table announced them; a loaded game's
    # totals so far are those its replayed record announced.
    announced = [dict(p["points"]) for p in game.position()["players"]]
    # The announced totals before each move, so an undo takes its points back too.
    before: list[list[dict[str, Any]]] = []
    while not game.over:
        seat = game.to_move
        assert seat is not None, "a game going on always has a seat to act"
        if seat == human:
            if not shown:  # the board once before each of the person's moves, not after every computer move
                show(game, human, t)
            asked = ask(game, seat, partial(hint_line, hints, recorder, game, seat, announced, t=t), t)
            if asked is None:  # an action taken back: the board, picture and record as they are now
                announced = before.pop() if before else [dict(p["points"]) for p in game.position()["players"]]
                shown = False
                picture.write(game, human)
                recorder.write(game)
                continue
            move = asked
        else:
            started = time.perf_counter()
            move = choose_move(game.view(seat), seat, bots[seat], seed=args.seed * 100003 + k, budget=args.budget,
                               announced=announced)
            # Translators: the terminal: a player's move, in the game's notation
            print(t.gettext("{name} plays: {move}").format(name=names[seat], move=move)
                  + f"   ({time.perf_counter() - started:.2f}s)")
        events = game.play(move, seat)
        before.append(announced)
        announced = announced_points(events, args.players, start=announced)
        for event in events:
            print("  " + event_line(event, t=t))
        k += 1
        shown = human is None
        if shown:
            show(game, human, t)
        picture.write(game, human)
        recorder.write(game)
        if seat != human and args.pause:
            time.sleep(args.pause)
    if not shown:
        show(game, human, t)
    # Translators: the terminal: the heading of the final standings
    print(t.gettext("final standings:"))
    for st in sorted(game.standings(), key=lambda s: s["place"]):
        totals = " ".join(f"{t.gettext(c)} {v}" for c, v in st["totals"].items())
        print(f"  {st['place']}. " + t.gettext("{name}: score {score}  ({totals})").format(
            name=names[st["seat"]], score=st["score"], totals=totals))
    counts = hints.recorded()
    if counts is not None:
        used = ", ".join(f"{names[s]} {n}" for s, n in enumerate(counts))
        # Translators: the terminal: how many hints each player used
        print(t.gettext("hints used: {counts}").format(counts=used))


def goodbye(args: argparse.Namespace, t: Texts = ENGLISH) -> str:
    """The last line after quitting: the seed, and the exact command that continues the game, if it was saved."""
    if not args.record:
        return t.gettext("bye (seed {seed}). This game was not saved; to be able to continue a game later, start it "
                         "with --record FILE.").format(seed=args.seed)
    command = [PROG, "--load", shlex.quote(args.record), "--seat", str(args.seat)]
    if args.levels != ["medium"]:
        command += ["--levels", ",".join(args.levels)]
    if args.budget != HARD_BUDGET:
        command += ["--budget", f"{args.budget:g}"]
    return t.gettext("bye (seed {seed}). To continue this game: {command}").format(seed=args.seed,
                                                                                    command=" ".join(command))


def main(argv: list[str] | None = None) -> int:
    """Run one game; returns the exit status (0 done or quit, 2 a usage error, 130 interrupted)."""
    t = terminal_texts()  # LC_ALL, LC_MESSAGES or LANG; English where we have no catalog
    args = options(argv, t)
    if args.review:
        return review.run(args.review, args.png, t=t)
    if args.replay:
        return records.replay(args, t)
    try:
        play(args, t)
    except Quit:
        print(goodbye(args, t))
    except KeyboardInterrupt:
        # Translators: the terminal: the game was stopped (Ctrl-C); the seed replays it
        print("\n" + t.gettext("interrupted (seed {seed})").format(seed=args.seed), file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. piped into head: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return 0
