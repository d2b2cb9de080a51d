"""Does more time change hard's move? `python -m bench.budget_sensitivity`, one core, CPU clock.

Asks hard at several budgets, with several seeds, on 2-player turn starts of seeded easy games, and prints
how often each budget's move is the longest budget's move and how often two seeds agree at one budget. A
search that turns time into strength changes its mind as the budget grows; one whose moves stay put while
the seeds disagree is limited by noise, and one whose moves stay put at every budget and seed by its model.
A minute of this says what a 100-game match at double the budget (an hour or more) would find little of."""

import argparse
import time
from dataclasses import dataclass

from bench.bench_ai import sample_positions, starts_turn
from engine import Game
from engine.ai import choose_move

Table = list[dict[float, list[str]]]  # per position: budget -> the move at each seed


@dataclass(frozen=True)
class Agreement:
    with_longest: dict[float, float]  # share of (position, seed) whose move at this budget is the longest's
    seeds_agree: dict[float, float]  # share of positions where every seed chose one move at this budget
    settled: float  # share of positions with one move at every budget and seed


def agreement(table: Table) -> Agreement:
    """How often more time, or another seed, changed the move in a table of answers."""
    budgets = sorted(table[0])
    longest = budgets[-1]
    n = len(table)
    pairs = sum(len(row[longest]) for row in table)
    with_longest = {b: sum(m == row[longest][s] for row in table for s, m in enumerate(row[b])) / pairs
                    for b in budgets}
    seeds_agree = {b: sum(len(set(row[b])) == 1 for row in table) / n for b in budgets}
    settled = sum(len({m for moves in row.values() for m in moves}) == 1 for row in table) / n
    return Agreement(with_longest, seeds_agree, settled)


def ask(positions: list[dict], budgets: list[float], seeds: int) -> Table:
    table = []
    for i, pos in enumerate(positions):
        g = Game.from_position(pos)
        seat = g.to_move
        view = g.view(seat)
        table.append({b: [choose_move(view, seat, "hard", seed=1000 * s + i, budget=b, clock=time.process_time)
                          for s in range(seeds)] for b in budgets})
    return table


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=12)
    ap.add_argument("--budgets", default="0.25,0.5,1,2", help="seconds of CPU, comma-separated")
    ap.add_argument("--seeds", type=int, default=2)
    ap.add_argument("--seed", type=int, default=11, help="seed of the easy games the positions come from")
    args = ap.parse_args()
    budgets = sorted(float(b) for b in args.budgets.split(","))
    pool = [p for p in sample_positions(60 * args.positions, args.seed) if starts_turn(p)]
    positions = [p for p in pool if len(p["players"]) == 2][:args.positions]
    result = agreement(ask(positions, budgets, args.seeds))
    print(f"{len(positions)} turn starts of 2-player games, {args.seeds} seeds, budgets {budgets} s of CPU")
    print(f"budget   same move as at {budgets[-1]:g}s   seeds agree")
    for b in budgets:
        print(f"{b:6g}   {result.with_longest[b]:19.0%}   {result.seeds_agree[b]:11.0%}")
    print(f"the same move at every budget and seed: {result.settled:.0%}")


if __name__ == "__main__":
    main()
