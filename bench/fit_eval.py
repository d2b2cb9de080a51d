"""Fit the evaluation's weights to game outcomes: `python -m bench.fit_eval GAMES.jsonl [...] --write`.

Replays 2-player self-play games (bench/selfplay.py), takes the position at the start of every few
turns, and fits a logistic regression of "this seat won" on the difference of the two players'
features (engine/ai/features.py), plus a term for whose turn it is. The fitted weights are the
evaluation's: its value is then the log-odds of winning. With --write they go to engine/ai/weights.py."""

import argparse
import json
import math
import random
from pathlib import Path

from engine import Game
from engine.ai.features import FEATURES, all_features
from engine.ai.weights import TEMPO, WEIGHTS
from engine.analysis import facts, regions

WEIGHTS_FILE = Path(__file__).resolve().parent.parent / "engine" / "ai" / "weights.py"


def samples(path: str, every: int, rng: random.Random, games: slice = slice(None)) -> list[tuple[list[float], int]]:
    """(feature differences + tempo, 1 if that seat won) for both seats of each sampled turn start
    of the file's games (those in `games`, counted in file order)."""
    out = []
    with open(path) as fh:
        lines = fh.readlines()[games]
    for line in lines:
        game = json.loads(line)
        if game["players"] != 2 or sorted(game["places"]) != [1, 2]:
            continue
        winner = game["places"].index(1)
        g = Game.new(players=2, seed=game["seed"], board=game["board"])
        turn_starts = 0
        offset = rng.randrange(every)
        for move in game["moves"]:
            f = facts(g)
            if f.pending is None and f.actions_left == 2:
                turn_starts += 1
                if turn_starts % every == offset:
                    for seat in (0, 1):
                        phi = all_features(f, regions(g), seat)
                        x = [a - b for a, b in zip(phi[seat], phi[1 - seat], strict=True)]
                        x.append(1.0 if f.player == seat else -1.0)
                        out.append((x, int(seat == winner)))
            g.play(move)
    return out


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        for r in range(n):
            if r != col and m[col][col] != 0:
                k = m[r][col] / m[col][col]
                for c in range(col, n + 1):
                    m[r][c] -= k * m[col][c]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def fit(data: list[tuple[list[float], int]], l2: float = 1.0, rounds: int = 12) -> list[float]:
    """Logistic regression without intercept by Newton's method (the data are symmetric in the seats)."""
    k = len(data[0][0])
    w = [0.0] * k
    for _ in range(rounds):
        grad = [-l2 * wi for wi in w]
        hess = [[(l2 if i == j else 0.0) for j in range(k)] for i in range(k)]
        for x, y in data:
            z = sum(wi * xi for wi, xi in zip(w, x, strict=True))
            p = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
            g = y - p
            h = p * (1 - p)
            for i in range(k):
                xi = x[i]
                if xi:
                    grad[i] += g * xi
                    hi = hess[i]
                    hx = h * xi
                    for j in range(k):
                        if x[j]:
                            hi[j] += hx * x[j]
        step = solve(hess, grad)
        w = [wi + si for wi, si in zip(w, step, strict=True)]
    return w


def log_loss(w: list[float], data: list[tuple[list[float], int]]) -> tuple[float, float]:
    loss = right = 0.0
    for x, y in data:
        z = sum(wi * xi for wi, xi in zip(w, x, strict=True))
        p = min(1 - 1e-9, max(1e-9, 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))))
        loss -= math.log(p if y else 1 - p)
        right += (p > 0.5) == bool(y)
    return loss / len(data), right / len(data)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="+", help="JSON-lines files from bench.selfplay")
    ap.add_argument("--every", type=int, default=3, help="sample one turn start in this many")
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--write", action="store_true", help="write the weights to engine/ai/weights.py")
    ap.add_argument("--held-games", type=int, default=0,
                    help="hold out the last N games of every file (whole games) instead of a fifth of the positions")
    args = ap.parse_args(argv)
    rng = random.Random(1)
    if args.held_games:
        # Whole games held out: positions of one game are alike, so a split by position flatters the fit.
        data = [s for path in args.games for s in samples(path, args.every, rng, slice(None, -args.held_games))]
        held_data = [s for path in args.games for s in samples(path, args.every, rng, slice(-args.held_games, None))]
        rng.shuffle(data)
        cut = len(data)
        data += held_data
    else:
        data = [s for path in args.games for s in samples(path, args.every, rng)]
        rng.shuffle(data)
        cut = len(data) * 4 // 5  # games are interleaved by the shuffle; held-out positions still share games
    w = fit(data[:cut], args.l2)
    train, held = log_loss(w, data[:cut]), log_loss(w, data[cut:])
    print(f"{len(data)} samples; train log-loss {train[0]:.4f} ({100 * train[1]:.1f}% right), "
          f"held out {held[0]:.4f} ({100 * held[1]:.1f}% right)")
    now = log_loss([*(WEIGHTS[name] for name in FEATURES), TEMPO], data[cut:])
    print(f"the weights in use: held out {now[0]:.4f} ({100 * now[1]:.1f}% right)")
    for name, wi in zip((*FEATURES, "tempo"), w, strict=True):
        print(f"  {name:<20} {wi:+.4f}")
    if args.write:
        body = ",\n".join(f"    {name!r}: {wi:.4f}" for name, wi in zip(FEATURES, w, strict=False))
        WEIGHTS_FILE.write_text(
            '"""Evaluation weights, fitted by bench/fit_eval.py to self-play outcomes (see docs/ai.md).\n\n'
            f'Fit: {len(data)} positions from {", ".join(Path(p).name for p in args.games)}; held-out log-loss '
            f'{held[0]:.4f}, {100 * held[1]:.1f}% of winners called right."""\n\n'
            f"WEIGHTS: dict[str, float] = {{\n{body},\n}}\n"
            f"TEMPO = {w[-1]:.4f}  # the seat to move's edge, fitted alongside\n")
        print(f"wrote {WEIGHTS_FILE}")


if __name__ == "__main__":
    main()
