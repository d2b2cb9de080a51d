"""`python -m play --review FILE`: a finished game's review in the terminal — each player's accuracy and counts,
the chance to win as a line of bars, and each player's costliest moves with the better move and why."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from bot.language import engine_words, numbers
from bot.language.locales import ENGLISH, N_, Texts
from bot.language.seat_names import named_review
from bot.language.words import board, count
from engine.ai.review import MoveReview, Review, ReviewError, review
from engine.record import Record, RecordError, read
from play import records

BARS = "▁▂▃▄▅▆▇█"
GRAPH_WIDTH = 60


def sparkline(chances: Sequence[float], width: int = GRAPH_WIDTH) -> str:
    """Chances (0..1) as one bar a column, at most `width` columns: each column is the mean of its moves."""
    if not chances:
        return ""
    columns = min(width, len(chances))
    out = []
    for c in range(columns):
        part = chances[c * len(chances) // columns:(c + 1) * len(chances) // columns]
        mean = sum(part) / len(part)
        out.append(BARS[min(len(BARS) - 1, max(0, int(mean * len(BARS))))])
    return "".join(out)


def percent(chance: float, t: Texts = ENGLISH) -> str:
    """'46%', '46 %' in German and French."""
    return numbers.percent(chance, t)


def loss_text(loss: float, t: Texts = ENGLISH) -> str:
    """A loss of final margin: '−2.5 points', '−2,5 Punkte'."""
    return "−" + numbers.points(loss, t)


# A reviewed move's label (engine/ai/review.py) as the costly line names it, in lower case mid-line.
LABELS = {
    # Translators: a reviewed move's label, in lower case mid-line (the terminal): a small loss
    "inaccuracy": N_("inaccuracy"),
    # Translators: a reviewed move's label, mid-line: a clear loss
    "mistake": N_("mistake"),
    # Translators: a reviewed move's label, mid-line: a large loss
    "blunder": N_("blunder"),
}


def move_line(mv: MoveReview, *, t: Texts = ENGLISH) -> str:
    """'move 23: tile red F7 played, tile red G7 was better (−6.5 points, blunder): the reason'. Moves stay in notation;
    the reason is said in the terminal's language from the engine's words (its English text for a review without)."""
    said = (t.gettext("move {n}: {played} played, {best} was better ({loss}, {label})") if mv.label
            else t.gettext("move {n}: {played} played, {best} was better ({loss})"))
    line = said.format(n=mv.index + 1, played=mv.played, best=mv.best, loss=loss_text(mv.loss, t),
                       label=t.gettext(LABELS.get(mv.label, mv.label)) if mv.label else "")
    reason = engine_words.reason(mv.reason, mv.words, t=t)
    # Translators: the terminal: a reviewed move's line, then why
    return t.gettext("{line}: {reason}").format(line=line, reason=reason) if reason else line


def review_text(record: Record, rv: Review, title: str, *, t: Texts = ENGLISH) -> str:
    """The whole review as the terminal prints it."""
    names = records.names(record, t)
    # The reasons name seats as the record did: said as `names` says them.
    rv = named_review(rv, [p.name for p in record.players], [p.kind for p in record.players], names)
    width = max(len(n) for n in names)
    lines = [t.gettext("Review of {title}: {moves}, {players}, {board} board").format(
        title=title, moves=count(len(record.moves), "{n} move", "{n} moves", t),
        # Translators: the terminal: a count of a game's players
        players=count(len(record.players), "{n} player", "{n} players", t), board=board(record.board, t))]
    if record.result is not None:
        winners = [names[r["seat"]] for r in record.result if r.get("place") == 1]
        # Translators: a reviewed game's winner, {names} one player's name (the terminal)
        said = (t.gettext("winner: {names}") if len(winners) == 1
                # Translators: a reviewed game's winners, tied for first: {names} their names
                else t.gettext("shared win: {names}"))
        lines.append(said.format(names=", ".join(winners)))
    points = len(rv.curve)
    per = max(1, -(-points // GRAPH_WIDTH))
    lines.append("")
    lines.append(t.gettext("Chance to win over the game (▁ 0% … █ 100%; a bar is {moves}), start → end:").format(
        moves=count(per, "{n} move", "{n} moves", t)))
    for seat, name in enumerate(names):
        chances = [point[seat] for point in rv.curve]
        lines.append(f"  {name:<{width}}  {sparkline(chances)}  {percent(chances[0], t)} → {percent(chances[-1], t)}")
    decided = rv.decided
    if decided is not None:
        lines.append(t.gettext("The game was decided by move {n}: from there {name}'s chance to win stayed above "
                               "98%.").format(n=decided[0] + 1, name=names[decided[1]]))
    lines.append(t.gettext("Each choice is scored by the points of final margin it gave up against the best move "
                           "found, judged from what its player knew."))
    for p in rv.players:
        lines.append("")
        counts = [count(p.inaccuracies, "{n} inaccuracy", "{n} inaccuracies", t),
                  count(p.mistakes, "{n} mistake", "{n} mistakes", t),
                  count(p.blunders, "{n} blunder", "{n} blunders", t)]
        lines.append(t.gettext("{name}: accuracy {accuracy}%, {counts}").format(
            name=names[p.seat], accuracy=f"{p.accuracy:.0f}", counts=", ".join(counts)))
        costly = [mv for mv in (rv.move(i) for i in p.costliest) if mv is not None]
        if not costly:
            lines.append("  " + t.gettext("no costly move: no choice was clearly worse than the best found"))
            continue
        # Translators: the terminal: the heading of a player's costliest moves
        lines.append("  " + t.gettext("costliest moves:"))
        lines.extend(f"    {move_line(mv, t=t)}" for mv in costly)
    if record.hints is not None:
        lines.append("")
        lines.append(t.gettext("hints used: {counts}").format(
            counts=", ".join(f"{names[s]} {n}" for s, n in enumerate(record.hints))))
    return "\n".join(lines)


class Progress:
    """'reviewing: 40 of 150 moves' on stderr: one line rewritten in a terminal, a line a step otherwise."""

    def __init__(self, stream: TextIO, t: Texts = ENGLISH) -> None:
        self.stream = stream
        self.live = stream.isatty()
        self.t = t

    def __call__(self, done: int, total: int) -> None:
        end = "" if self.live and done < total else "\n"
        prefix = "\r" if self.live else ""
        said = self.t.gettext("reviewing: {done} of {total} moves").format(done=done, total=total)
        print(prefix + said, end=end, file=self.stream, flush=True)


def check_folder(ap: argparse.ArgumentParser, folder: str | None, t: Texts = ENGLISH) -> None:
    """`--png DIR` with --review: a folder that exists or can be made; refused now, before the review runs. No
    folder or an empty one (`--png ''`) means no pictures, as in a game."""
    if not folder:
        return
    path = Path(folder)
    if path.exists() and not path.is_dir():
        ap.error(t.gettext("argument --png: with --review it names a folder for the pictures; {folder} is a file")
                 .format(folder=folder))
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        ap.error(t.gettext("argument --png: cannot make the folder {folder}: {reason}").format(
            folder=folder, reason=exc.strerror or exc))


def write_pictures(record: Record, rv: Review, folder: str, t: Texts = ENGLISH) -> list[Path]:
    """The review's pictures (the chart, each player's costliest moves) written as PNG files into `folder`."""
    from bot.language.picture_words import wording  # Pillow only when pictures are asked for
    from render.review import review_pictures

    pictures = review_pictures(record, rv, words=wording(t.lang))
    out = []
    for pic in (pictures.chart, *pictures.moves):
        path = Path(folder) / pic.name
        path.write_bytes(pic.data)
        out.append(path)
    return out


def run(path: str, folder: str | None = None, stderr: TextIO | None = None, t: Texts = ENGLISH) -> int:
    """Review the record in `path` and print it; 0 done, 2 a file that cannot be reviewed (one line on stderr)."""
    err = stderr if stderr is not None else sys.stderr
    try:
        record = read(Path(path).read_bytes())
        rv = review(record, progress=Progress(err, t))
    except OSError as exc:
        print(t.gettext("cannot read {path}: {reason}").format(path=path, reason=exc.strerror or exc), file=err)
        return 2
    except (RecordError, ReviewError) as exc:
        print(f"{path}: {exc}", file=err)
        return 2
    print(review_text(record, rv, path, t=t))
    if folder:  # `--png ''` means no picture, as it does in a game
        try:
            written = write_pictures(record, rv, folder, t)
        except OSError as exc:
            print(t.gettext("the pictures could not be written to {folder}: {reason}").format(
                folder=folder, reason=exc.strerror or exc), file=err)
            return 1
        # Translators: the terminal: the review pictures written
        print("\n" + t.gettext("pictures: {files}").format(files=", ".join(str(p) for p in written)))
    return 0
