"""Fit the chance-to-win model to game outcomes: `python -m bench.fit_chances GAMES.jsonl [...] --write`.

Replays self-play games (bench/selfplay.py), takes the position before every few moves, and fits
engine/ai/chances.py's numbers (scale, late, late2, tempo) per number of players by maximum likelihood
of the actual winner (a tie for first counts as shared). Games are split by seed: the last part of each player
count's seeds is held out, and the held-out positions are shown as a reliability table with the
log-loss and Brier score against a no-skill 1/n guess. --write rewrites engine/ai/calibration.py.

With --folds K every game is held out once: the games are dealt by seed into K folds, each fold's positions are
predicted by a fit on the other K-1, and the pooled table gives each bin's standard error over whole games (a
game's positions move together). The written numbers are then fitted on every game."""

import argparse
import json
import math
import sys
import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.fit_eval import solve
from engine import Game, IllegalMove, PositionError
from engine.ai.chances import Inputs, Model, chances_from, inputs, model
from engine.analysis import facts, regions

CALIBRATION_FILE = Path(__file__).resolve().parent.parent / "engine" / "ai" / "calibration.py"
BINS = 10


class FitError(ValueError):
    """Games that cannot be read or replayed, in words for the person who ran the fit."""


@dataclass(frozen=True)
class Sample:
    """One position: what the model reads of it, and who won (a tie for first shares the win)."""

    inputs: Inputs
    won: tuple[float, ...]


def read_games(paths: Sequence[str]) -> list[dict[str, Any]]:
    """Every game of the files, checked for the fields a fit needs."""
    games = []
    for path in paths:
        try:
            lines = Path(path).read_text().splitlines()
        except OSError as exc:
            raise FitError(f"cannot read {path}: {exc.strerror}") from None
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                game = json.loads(line)
            except json.JSONDecodeError as exc:
                raise FitError(f"{path} line {number} is not JSON ({exc.msg})") from None
            problem = _malformed(game)
            if problem:
                raise FitError(f"{path} line {number} is not a self-play game: {problem}")
            games.append({**game, "where": f"{path} line {number}"})
    if not games:
        raise FitError(f"no games in {', '.join(paths)}")
    return games


def _malformed(game: Any) -> str:
    if not isinstance(game, dict):
        return "not an object"
    for key, kind in (("players", int), ("seed", int), ("board", str), ("moves", list), ("places", list)):
        if not isinstance(game.get(key), kind):
            return f"no {key!r}"
    places = game["places"]
    if len(places) != game["players"] or not all(isinstance(p, int) for p in places) or 1 not in places:
        return "'places' does not give one place per player with a winner"
    return ""


def split(games: Iterable[dict[str, Any]], holdout: float) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(training, held out): per number of players, the games with the highest seeds held out, whole."""
    train: list[dict[str, Any]] = []
    held: list[dict[str, Any]] = []
    by_count: dict[int, list[dict[str, Any]]] = {}
    for game in games:
        by_count.setdefault(game["players"], []).append(game)
    for group in by_count.values():
        group.sort(key=lambda g: g["seed"])
        cut = len(group) - round(len(group) * holdout)
        train += group[:cut]
        held += group[cut:]
    return train, held


def samples(game: dict[str, Any], every: int) -> list[Sample]:
    """The positions before every `every`-th move of the game, replayed."""
    try:
        g = Game.new(players=game["players"], seed=game["seed"], board=game["board"])
    except (ValueError, PositionError) as exc:
        raise FitError(f"{game['where']}: cannot set up the game ({exc})") from None
    winners = sum(1 for p in game["places"] if p == 1)
    won = tuple(1.0 / winners if p == 1 else 0.0 for p in game["places"])
    out = []
    for index, move in enumerate(game["moves"]):
        if index % every == 0 and not g.over:
            out.append(Sample(inputs(facts(g), regions(g)), won))
        try:
            g.play(move)
        except (IllegalMove, ValueError) as exc:
            raise FitError(f"{game['where']}: move {index + 1} ({move!r}) does not replay: {exc}") from None
    if not g.over:
        raise FitError(f"{game['where']}: the moves end before the game does")
    return out


def chances(s: Sample, m: Model) -> tuple[float, ...]:
    return chances_from(s.inputs, m)


def terms(x: Inputs, late: bool) -> list[list[float]]:
    """Per seat, the terms the logit is linear in: worth, worth times the game gone and its square, tempo."""
    gone = 1 - x.left
    return [[w, *([gone * w, gone * gone * w] if late else []), x.share if i == x.player else 0.0]
            for i, w in enumerate(x.worths)]


def fit(data: Sequence[Sample], late: bool = True, rounds: int = 30) -> Model:
    """Maximum likelihood of the winners' shares. Each logit is linear in the model's numbers, so the
    likelihood is concave and Newton's method finds its top."""
    k = 4 if late else 2
    theta = [1.0] + [0.0] * (k - 1)
    for _ in range(rounds):
        grad = [0.0] * k
        hess = [[1e-9 if i == j else 0.0 for j in range(k)] for i in range(k)]
        for s in data:
            xs = terms(s.inputs, late)
            z = [sum(t * x for t, x in zip(theta, xi, strict=True)) for xi in xs]
            top = max(z)
            e = [math.exp(v - top) for v in z]
            total = sum(e)
            p = [v / total for v in e]
            mean = [sum(pi * xi[j] for pi, xi in zip(p, xs, strict=True)) for j in range(k)]
            for pi, yi, xi in zip(p, s.won, xs, strict=True):
                d = [xi[j] - mean[j] for j in range(k)]
                for j in range(k):
                    grad[j] += (yi - pi) * xi[j]
                    for jj in range(k):
                        hess[j][jj] += pi * d[j] * d[jj]
        step = solve(hess, grad)
        theta = [t + st for t, st in zip(theta, step, strict=True)]
        if sum(abs(st) for st in step) < 1e-9:
            break
    return Model(theta[0], theta[1] if late else 0.0, theta[-1], theta[2] if late else 0.0)


@dataclass(frozen=True)
class Scores:
    positions: int
    log_loss: float  # mean over positions of -sum(won_i * log p_i)
    baseline_log_loss: float  # the same for 1/n to every seat
    brier: float  # mean over (position, seat) pairs of (p_i - won_i)^2
    baseline_brier: float


def scores(data: Sequence[Sample], p: Model) -> Scores:
    loss = base_loss = brier = base_brier = 0.0
    pairs = 0
    for s in data:
        n = len(s.won)
        ps = chances(s, p)
        for pi, yi in zip(ps, s.won, strict=True):
            loss -= yi * math.log(max(pi, 1e-12))
            base_loss -= yi * math.log(1 / n)
            brier += (pi - yi) ** 2
            base_brier += (1 / n - yi) ** 2
            pairs += 1
    k = max(1, len(data))
    return Scores(len(data), loss / k, base_loss / k, brier / max(1, pairs), base_brier / max(1, pairs))


def reliability(data: Sequence[Sample], p: Model) -> list[tuple[str, int, float, float]]:
    """Per predicted-chance bin: (bin, (position, seat) pairs, mean predicted chance, observed win frequency)."""
    count = [0] * BINS
    predicted = [0.0] * BINS
    observed = [0.0] * BINS
    for s in data:
        for pi, yi in zip(chances(s, p), s.won, strict=True):
            b = min(BINS - 1, int(pi * BINS))
            count[b] += 1
            predicted[b] += pi
            observed[b] += yi
    return [(f"{100 * b // BINS}-{100 * (b + 1) // BINS}%", count[b],
             predicted[b] / count[b] if count[b] else math.nan, observed[b] / count[b] if count[b] else math.nan)
            for b in range(BINS)]


def table(data: Sequence[Sample], p: Model) -> str:
    """The reliability table and the scores, as printed and as docs/review.md shows them."""
    rows = ["| predicted | pairs | mean predicted | observed wins |", "|---|---:|---:|---:|"]
    for name, n, mean, seen in reliability(data, p):
        rows.append(f"| {name} | {n} | {mean:.3f} | {seen:.3f} |" if n else f"| {name} | 0 | - | - |")
    sc = scores(data, p)
    rows.append("")
    rows.append(f"{sc.positions} positions: log-loss {sc.log_loss:.4f} (no skill {sc.baseline_log_loss:.4f}), "
                f"Brier {sc.brier:.4f} (no skill {sc.baseline_brier:.4f})")
    return "\n".join(rows)


def folds(games: Sequence[dict[str, Any]], k: int) -> list[list[dict[str, Any]]]:
    """The games dealt into k folds by seed order (the i-th lowest seed to fold i mod k)."""
    ordered = sorted(games, key=lambda g: g["seed"])
    return [ordered[i::k] for i in range(k)]


@dataclass(frozen=True)
class Bin:
    """One row of a cross-validated reliability table."""

    name: str
    pairs: int
    games: int
    predicted: float
    observed: float
    se: float  # the standard error of observed - predicted, over whole games


def cross_validated(per_game: Sequence[Sequence[Sample]], k: int, every_fit: Any = None) -> tuple[list[Bin], Scores]:
    """Each fold predicted by a fit on the others: the pooled reliability table and scores. `per_game` holds each
    game's positions, in seed order."""
    fitter = every_fit or fit
    predicted: list[tuple[int, Sample, tuple[float, ...]]] = []
    for f in range(k):
        model_f = fitter([s for i, game in enumerate(per_game) if i % k != f for s in game])
        predicted += [(i, s, chances_from(s.inputs, model_f)) for i, game in enumerate(per_game) if i % k == f
                      for s in game]
    sums: list[dict[int, list[float]]] = [{} for _ in range(BINS)]
    loss = base_loss = brier = base_brier = 0.0
    pairs = 0
    for game, s, ps in predicted:
        n = len(s.won)
        for pi, yi in zip(ps, s.won, strict=True):
            b = min(BINS - 1, int(pi * BINS))
            c = sums[b].setdefault(game, [0.0, 0.0, 0.0])
            c[0] += 1
            c[1] += pi
            c[2] += yi
            loss -= yi * math.log(max(pi, 1e-12))
            base_loss -= yi * math.log(1 / n)
            brier += (pi - yi) ** 2
            base_brier += (1 / n - yi) ** 2
            pairs += 1
    rows = []
    for b in range(BINS):
        name = f"{100 * b // BINS}-{100 * (b + 1) // BINS}%"
        count = sum(c[0] for c in sums[b].values())
        if not count:
            rows.append(Bin(name, 0, 0, math.nan, math.nan, math.nan))
            continue
        mean = sum(c[1] for c in sums[b].values()) / count
        seen = sum(c[2] for c in sums[b].values()) / count
        g = len(sums[b])
        var = sum((c[2] - c[1] - (seen - mean) * c[0]) ** 2 for c in sums[b].values()) / count ** 2
        rows.append(Bin(name, int(count), g, mean, seen, math.sqrt(var * g / max(1, g - 1))))
    positions = max(1, len(predicted))
    return rows, Scores(len(predicted), loss / positions, base_loss / positions, brier / max(1, pairs),
                        base_brier / max(1, pairs))


def cv_table(rows: Sequence[Bin], sc: Scores) -> str:
    """The cross-validated reliability table, with each bin's gap and its standard error, and the scores."""
    out = ["| predicted | pairs | games | mean predicted | observed wins | gap ± se |", "|---|---:|---:|---:|---:|---|"]
    for r in rows:
        out.append(f"| {r.name} | {r.pairs} | {r.games} | {r.predicted:.3f} | {r.observed:.3f} | "
                   f"{100 * (r.observed - r.predicted):+.1f} ± {100 * r.se:.1f} |" if r.pairs
                   else f"| {r.name} | 0 | 0 | - | - | - |")
    worst = max((abs(r.observed - r.predicted) for r in rows if r.pairs), default=0.0)
    out.append("")
    out.append(f"{sc.positions} positions: log-loss {sc.log_loss:.4f} (no skill {sc.baseline_log_loss:.4f}), "
               f"Brier {sc.brier:.4f} (no skill {sc.baseline_brier:.4f}); the largest gap {100 * worst:.1f} points")
    return "\n".join(out)


def write_calibration(path: Path, fitted: dict[int, Model], note: str) -> None:
    def numbers(field: str) -> str:
        return ", ".join(f"{n}: {getattr(m, field):.4f}" for n, m in sorted(fitted.items()))

    # Wrapped so the written module keeps the project's line length.
    said = f"Fitted by bench/fit_chances.py (docs/review.md): {note}"
    text = "\n".join(textwrap.fill(part, 116, break_on_hyphens=False) for part in said.split("\n"))
    path.write_text(
        '"""The chance-to-win model\'s numbers (engine/ai/chances.py), per number of players.\n\n'
        f'{text}"""\n\n'
        f"SCALE: dict[int, float] = {{{numbers('scale')}}}\n"
        f"LATE: dict[int, float] = {{{numbers('late')}}}\n"
        f"LATE2: dict[int, float] = {{{numbers('late2')}}}\n"
        f"TEMPO: dict[int, float] = {{{numbers('tempo')}}}\n")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="+", help="JSON-lines files from bench.selfplay")
    ap.add_argument("--every", type=int, default=2, help="take the position before every N-th move")
    ap.add_argument("--holdout", type=float, default=0.3, help="the part of each player count's games held out")
    ap.add_argument("--write", action="store_true", help="write the fitted numbers to engine/ai/calibration.py")
    ap.add_argument("--out", type=Path, default=CALIBRATION_FILE, help="where --write writes")
    ap.add_argument("--folds", type=int, default=0,
                    help="also hold out every game once in this many folds; --write then fits on every game")
    args = ap.parse_args(argv)
    if args.every < 1 or not 0 < args.holdout < 1:
        sys.exit("fit_chances: --every must be at least 1 and --holdout between 0 and 1")
    if args.folds == 1 or args.folds < 0:
        sys.exit("fit_chances: --folds must be 0 (none) or at least 2")
    try:
        games = read_games(args.games)
        train_games, held_games = split(games, args.holdout)
        counts = sorted({g["players"] for g in games})
        train = {n: [s for g in train_games if g["players"] == n for s in samples(g, args.every)] for n in counts}
        held = {n: [s for g in held_games if g["players"] == n for s in samples(g, args.every)] for n in counts}
    except FitError as exc:
        sys.exit(f"fit_chances: {exc}")
    fitted: dict[int, Model] = {}
    for n in counts:
        n_train = sum(1 for g in train_games if g["players"] == n)
        n_held = sum(1 for g in held_games if g["players"] == n)
        print(f"\n{n} players: {n_train} training games ({len(train[n])} positions), "
              f"{n_held} held out ({len(held[n])} positions)")
        if not train[n] or not held[n]:
            print("  too few games to fit and check; the numbers in use are kept")
            continue
        fitted[n] = fit(train[n])
        m = fitted[n]
        print(f"  fitted: scale {m.scale:.4f}, late {m.late:+.4f}, late2 {m.late2:+.4f}, tempo {m.tempo:+.4f}")
        for name, other in (("the numbers in use", model(n)), ("scale and tempo only", fit(train[n], late=False)),
                            ("fitted", m)):
            sc = scores(held[n], other)
            print(f"  {name} (scale {other.scale:.4f}, late {other.late:+.4f}, late2 {other.late2:+.4f}, "
                  f"tempo {other.tempo:+.4f}): "
                  f"held-out log-loss {sc.log_loss:.4f}, Brier {sc.brier:.4f}")
        print(f"\nHeld-out reliability, {n} players, fitted:\n")
        print(table(held[n], m))
        if args.folds:
            ordered = sorted((g for g in games if g["players"] == n), key=lambda g: g["seed"])
            if len(ordered) < args.folds:
                print(f"  too few games for {args.folds} folds")
                continue
            per_game = [samples(g, args.every) for g in ordered]
            rows, sc = cross_validated(per_game, args.folds)
            print(f"\nCross-validated reliability, {n} players ({args.folds} folds, every game held out once):\n")
            print(cv_table(rows, sc))
            everything = [s for game in per_game for s in game]
            fitted[n] = m = fit(everything)
            train[n], held[n] = everything, []
            print(f"\n  fitted on every game: scale {m.scale:.4f}, late {m.late:+.4f}, late2 {m.late2:+.4f}, "
                  f"tempo {m.tempo:+.4f}")
    if not fitted:
        sys.exit("fit_chances: no player count had both training and held-out games")
    if args.write:
        kept = {n: model(n) for n in (2, 3, 4) if n not in fitted}
        files = ", ".join(Path(p).name for p in args.games)
        sizes = "; ".join(f"{n} players: {sum(1 for g in games if g['players'] == n)} games, "
                          + (f"{len(train[n])} positions" if not held[n] else
                             f"{len(train[n])} + {len(held[n])} positions") for n in sorted(fitted))
        split_said = (f"fitted on every game, checked by {args.folds}-fold cross-validation" if args.folds
                      else f"the last {args.holdout:.0%} of seeds held out")
        note = (f"{files} ({sizes}), the position before every {args.every} moves, {split_said}."
                + (f"\nNot fitted (no games), kept as they were: {', '.join(map(str, sorted(kept)))} players."
                   if kept else ""))
        write_calibration(args.out, {**kept, **fitted}, note)
        print(f"\nwrote {args.out}")


if __name__ == "__main__":
    main()
