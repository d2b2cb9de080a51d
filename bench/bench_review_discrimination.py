"""Does the review tell players apart? `python -m bench.bench_review_discrimination` plays 2-player matches of a
weaker level against hard (random, easy and medium; seats alternate), reviews each and prints per game and per
match-up each player's accuracy and mistake and blunder counts, against the targets of issue 38.

Targets: in every random-vs-hard game the random player's accuracy is at least 25 points below hard's and at least
3 of its moves are mistakes or blunders; easy's accuracy is below hard's in most easy-vs-hard games; medium's falls
between easy's and hard's. `--games` is per match-up (the issue asks 20 or more; the default is smaller so that a
run fits a shared machine); `--jobs` plays and reviews games in parallel processes. Hard's budget is seconds of this
process's CPU time, so a busy machine slows the run but does not weaken hard."""

from __future__ import annotations

import argparse
import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from engine import Game
from engine.ai import choose_move
from engine.ai.review import review
from engine.record import RecordPlayer, write

WEAKER = ("random", "easy", "medium")


@dataclass(frozen=True)
class Result:
    """One reviewed game: the weaker level, the seat it sat in, each seat's accuracy and mistakes + blunders."""

    weaker: str
    seed: int
    seat: int
    moves: int
    scores: tuple[int, int]
    accuracy: tuple[float, float]
    bad: tuple[int, int]
    review_s: float


def one(task: tuple[str, int, float]) -> Result:
    """Play one game of the weaker level against hard (seats alternate by seed) and review it."""
    weaker, seed, budget = task
    seat = seed % 2
    levels = [weaker, "hard"] if seat == 0 else ["hard", weaker]
    g = Game.new(players=2, seed=seed)
    while not g.over:
        s = g.to_move
        g.play(choose_move(g.view(s), s, levels[s], seed=len(g.move_stack), budget=budget, clock=time.process_time),
               s)
    record = write(g, [RecordPlayer(f"{level} {i + 1}", level) for i, level in enumerate(levels)])
    started = time.process_time()
    rv = review(record)
    took = time.process_time() - started
    scores = tuple(int(r["score"]) for r in sorted(record.result or (), key=lambda r: r["seat"]))
    return Result(weaker, seed, seat, len(record.moves), (scores[0], scores[1]),
                  (rv.players[0].accuracy, rv.players[1].accuracy),
                  (rv.players[0].mistakes + rv.players[0].blunders, rv.players[1].mistakes + rv.players[1].blunders),
                  took)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games per match-up (the issue asks 20 or more)")
    parser.add_argument("--seed", type=int, default=38_000)
    parser.add_argument("--budget", type=float, default=0.3, help="hard's seconds of CPU time a move")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--only", choices=WEAKER, action="append", help="a match-up to play (repeatable)")
    args = parser.parse_args(argv)
    tasks = [(w, args.seed + i, args.budget) for w in (args.only or WEAKER) for i in range(args.games)]
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(one, tasks))
    print("| match-up | seed | moves | score (weaker–hard) | weaker accuracy | hard accuracy | "
          "weaker mistakes+blunders | hard mistakes+blunders |")
    print("|---|---:|---:|---|---:|---:|---:|---:|")
    for r in results:
        w, h = r.seat, 1 - r.seat
        print(f"| {r.weaker} vs hard | {r.seed} | {r.moves} | {r.scores[w]}–{r.scores[h]} | {r.accuracy[w]:.0f} | "
              f"{r.accuracy[h]:.0f} | {r.bad[w]} | {r.bad[h]} |")
    print()
    print("| match-up | games | weaker accuracy (median) | hard accuracy (median) | weaker m+b (median) | "
          "hard m+b (median) | target met |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for weaker in args.only or WEAKER:
        mine = [r for r in results if r.weaker == weaker]
        if not mine:
            continue
        gap = [r.accuracy[1 - r.seat] - r.accuracy[r.seat] for r in mine]
        if weaker == "random":
            met = sum(1 for r, g in zip(mine, gap, strict=True) if g >= 25 and r.bad[r.seat] >= 3)
            target = f"{met} of {len(mine)} games (gap ≥ 25 and ≥ 3 mistakes or blunders)"
        else:
            met = sum(1 for g in gap if g > 0)
            target = f"below hard in {met} of {len(mine)} games"
        print(f"| {weaker} vs hard | {len(mine)} | {statistics.median(r.accuracy[r.seat] for r in mine):.0f} | "
              f"{statistics.median(r.accuracy[1 - r.seat] for r in mine):.0f} | "
              f"{statistics.median(r.bad[r.seat] for r in mine):.0f} | "
              f"{statistics.median(r.bad[1 - r.seat] for r in mine):.0f} | {target} |")
    per_move = [r.review_s / r.moves for r in results]
    print(f"\nreview cpu a move: median {statistics.median(per_move) * 1000:.0f} ms "
          f"(150 moves: {statistics.median(per_move) * 150:.1f} s); load average "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
