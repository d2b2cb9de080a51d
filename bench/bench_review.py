"""Review benchmark: `python -m bench.bench_review` reviews fixed seeded self-play games and prints the median
seconds a game and a move, in one process.

Target (issue 31): a 150-action game reviewed in ≤ 60 s of one core. The games are played by `medium` on both
seats (bench.selfplay.one_game), so the boards fill as in real play. Times are the CPU time of this process
(what one core spends, steady on a shared machine) and the wall time; the load average is printed with them."""

from __future__ import annotations

import argparse
import os
import statistics
import time
from dataclasses import replace

from bench.selfplay import one_game
from engine.ai.review import review
from engine.record import Record, RecordPlayer, from_moves

TARGET_S = 60.0


def record_of(seed: int, player: str = "medium", players: int = 2, moves: int = 0) -> Record:
    """The complete record of a seeded self-play game (its first `moves` moves only, when given)."""
    game = one_game((seed, players, "standard", player, 0.2))
    if game is None:
        raise RuntimeError(f"the self-play game of seed {seed} did not finish")
    names = [RecordPlayer(f"{player} {i + 1}", player) for i in range(players)]
    record = from_moves("standard", {}, names, seed, game["moves"])
    if moves:
        record = replace(record, moves=record.moves[:moves], result=None, termination=None, end=None)
    return record


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=31_000, help="seed of the first game")
    parser.add_argument("--player", default="medium", help="the level that plays every seat")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--moves", type=int, default=0, help="review only each game's first moves (0: all)")
    args = parser.parse_args(argv)

    cpu, wall, per_move = [], [], []
    for i in range(args.games):
        record = record_of(args.seed + i, args.player, args.players, args.moves)
        c, w = time.process_time(), time.perf_counter()
        result = review(record)
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
        per_move.append(cpu[-1] / max(1, len(record.moves)))
        print(f"game {args.seed + i}: {len(record.moves)} moves ({len(result.moves)} reviewed): "
              f"cpu {cpu[-1]:.1f} s, wall {wall[-1]:.1f} s")
    median = statistics.median(cpu)
    print(f"median a game: cpu {median:.1f} s (target ≤ {TARGET_S:g} s for 150 moves), "
          f"wall {statistics.median(wall):.1f} s")
    print(f"median a move: cpu {statistics.median(per_move) * 1000:.0f} ms; "
          f"150 moves at that rate: {statistics.median(per_move) * 150:.1f} s")
    print(f"load average: {' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
