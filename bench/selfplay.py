"""Self-play games for fitting the evaluation: `python -m bench.selfplay OUT.jsonl --games 500 --player easy-v1`.

Each line is one finished game: players, seed, board, every move and the final places, so positions
can be rebuilt by replaying the moves (bench/fit_eval.py does)."""

import argparse
import json
import os
import sys
import time
from multiprocessing import Pool

from bench.players import seated
from engine import Game
from engine.analysis import announced_points

MAX_MOVES = 1500


def one_game(task: tuple[int, int, str, str, float]) -> dict | None:
    seed, players, board, name, default_budget = task
    g = Game.new(players=players, seed=seed, board=board)
    moves: list[str] = []
    announced = announced_points([], players)
    with seated([name], default_budget) as (mover,):
        while not g.over and len(moves) < MAX_MOVES:
            seat = g.to_move
            move, _ = mover(g.view(seat), seat, seed * 7919 + len(moves), announced)
            announced = announced_points(g.play(move, seat), players, announced)
            moves.append(move)
    if not g.over:
        return None
    return {"players": players, "seed": seed, "board": board, "player": name, "moves": moves,
            "places": [s["place"] for s in g.standings()]}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--player", default="easy-v1")
    ap.add_argument("--budget", type=float, default=0.2)
    ap.add_argument("--seed", type=int, default=10_000)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args(argv)
    tasks = [(args.seed + i, args.players, "standard" if i % 3 else "advanced", args.player, args.budget)
             for i in range(args.games)]
    started = time.perf_counter()
    done = 0
    with Pool(args.jobs) as pool, open(args.out, "a") as fh:
        for game in pool.imap_unordered(one_game, tasks):
            done += 1
            if game is not None:
                fh.write(json.dumps(game) + "\n")
                fh.flush()
            sys.stderr.write(f"\r{done}/{len(tasks)} games, {time.perf_counter() - started:.0f}s")
    sys.stderr.write("\n")


if __name__ == "__main__":
    main()
