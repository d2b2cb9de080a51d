"""Computer players against each other: `python -m bench.tournament --games 100 --levels medium,easy`.

Games run in parallel worker processes, every game is seeded, and seats rotate between games so each
level sits in each seat equally often (consecutive games share a seed with the seats turned)."""

import argparse
import math
import sys
import time
from multiprocessing import Pool

from engine import Game
from engine.ai import LEVELS, choose_move

MAX_MOVES = 1500


def play_game(task: tuple[int, int, list[str], float, str]) -> list[dict]:
    """One seeded game; returns per seat its level, place, score and decision times."""
    seed, rotation, levels, budget, board = task
    n = len(levels)
    seats = [levels[(i + rotation) % n] for i in range(n)]
    g = Game.new(players=n, seed=seed, board=board)
    spent = [0.0] * n
    count = [0] * n
    worst = [0.0] * n
    k = 0
    # Players who never draw again (empty bag) could shuffle leaders forever: cut such games off.
    while not g.over and k < MAX_MOVES:
        seat = g.to_move
        view = g.view(seat)
        t = time.perf_counter()
        move = choose_move(view, seat, seats[seat], seed=seed * 1000 + k, budget=budget)
        dt = time.perf_counter() - t
        spent[seat] += dt
        count[seat] += 1
        worst[seat] = max(worst[seat], dt)
        g.play(move, seat)
        k += 1
    st = g.standings()
    firsts = sum(1 for s in st if s["place"] == 1)
    return [{"level": seats[i], "place": st[i]["place"], "score": st[i]["score"],
             "win": (1 / firsts) if st[i]["place"] == 1 else 0.0,
             "time": spent[i], "decisions": count[i], "worst": worst[i], "cut": not g.over} for i in range(n)]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a win rate; with no games, nothing is known: [0, 1]."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def progress(done: int, total: int, started: float) -> None:
    width = 30
    filled = int(width * done / total)
    elapsed = time.perf_counter() - started
    eta = elapsed / done * (total - done) if done else 0
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games  "
                     f"{elapsed:5.0f}s elapsed, ~{eta:4.0f}s left")
    sys.stderr.flush()


def table(results: list[list[dict]], levels: list[str]) -> str:
    """The results table: one row per distinct level (identical levels are pooled)."""
    rows = []
    games = len(results)
    for level in dict.fromkeys(levels):
        seats = [s for game in results for s in game if s["level"] == level]
        n = len(seats)
        wins = sum(s["win"] for s in seats)
        lo, hi = wilson(wins, n)
        decisions = sum(s["decisions"] for s in seats)
        ms = 1000 * sum(s["time"] for s in seats) / max(1, decisions)
        worst = 1000 * max((s["worst"] for s in seats), default=0.0)
        rows.append(f"{level:<8} {n:>5} {wins:>6.1f} {100 * wins / max(1, n):>6.1f}%  "
                    f"[{100 * lo:5.1f}%, {100 * hi:5.1f}%] {sum(s['score'] for s in seats) / max(1, n):>7.2f} "
                    f"{sum(s['place'] for s in seats) / max(1, n):>6.2f} {ms:>9.1f} {worst:>9.0f}")
    cut = sum(1 for game in results if game[0]["cut"])
    head = (f"{games} games, {len(levels)} players" + (f", {cut} cut off at {MAX_MOVES} moves" if cut else "") + "\n"
            f"{'level':<8} {'seats':>5} {'wins':>6} {'win %':>7}  {'95% CI (Wilson)':<16} {'score':>7} "
            f"{'place':>6} {'ms/move':>9} {'worst ms':>9}")
    return "\n".join([head, *rows])


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="Play computer players against each other.")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--budget", type=float, default=1.0, help="seconds per decision for the hard level")
    ap.add_argument("--levels", default="easy,random", help=f"comma-separated, from {', '.join(LEVELS)}")
    ap.add_argument("--players", type=int, default=None, help="2, 3 or 4 (default: one seat per level)")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--board", default="standard")
    args = ap.parse_args(argv)
    levels = args.levels.split(",")
    if any(lv not in LEVELS for lv in levels):
        ap.error(f"levels come from {', '.join(LEVELS)}")
    players = args.players or len(levels)
    if not 2 <= players <= 4:
        ap.error("2 to 4 players")
    seats = [levels[i % len(levels)] for i in range(players)]
    tasks = [(args.seed + i // players, i % players, seats, args.budget, args.board) for i in range(args.games)]
    started = time.perf_counter()
    results = []
    progress(0, len(tasks), started)
    with Pool(args.jobs) as pool:
        for res in pool.imap_unordered(play_game, tasks):
            results.append(res)
            progress(len(results), len(tasks), started)
    sys.stderr.write("\n")
    print(f"levels {','.join(seats)}  budget {args.budget}s  seed {args.seed}  "
          f"wall {time.perf_counter() - started:.0f}s")
    print(table(results, seats))


if __name__ == "__main__":
    main()
