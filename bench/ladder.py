"""A ladder of computer players: every pair on seeded deals, seats swapped, on all cores.

    python -m bench.ladder --players hard@1,hard-v1@1,alphabeta@1 --games 100 --jobs 16
    python -m bench.ladder --players hard,medium,easy,random --table 4 --games 40

Pairs mode plays `--games` games for each pair of players: each deal twice, once with each player
first to sit, so no deal favours either. It prints each pair's win rate with its 95% Wilson interval,
an Elo-style rating for each player (a Bradley-Terry fit to all the games, random pinned at 0 when
present) and decision times. `--table N` instead seats N of the players at one table per game, turning
the seats between games, and ranks them by average place. Imports nothing from bot/ or render/."""

import argparse
import json
import math
import os
import statistics
import sys
import time
from itertools import combinations
from multiprocessing import Pool

from bench.gamestats import seat_stats, summary
from bench.players import PLAYERS, budgeted, find, label, parse, seated
from bench.releases import Release, ReleaseError, verify
from bench.tournament import wilson
from engine import Game
from engine.analysis import announced_points

MAX_MOVES = 1500  # players who never draw again could shuffle leaders forever: such games are cut


def play_game(task: tuple[int, list[str], float, str] | tuple[int, list[str], float, str, bool]) -> dict:
    """One seeded game with the named players in seat order; per seat its place, share of the win and times."""
    seed, names, default_budget, board = task[:4]
    cpu_clock = len(task) > 4 and bool(task[4])
    g = Game.new(players=len(names), seed=seed, board=board)
    times: list[list[float]] = [[] for _ in names]
    announced = announced_points([], len(names))
    log: list[dict] = []
    k = 0
    with seated(names, default_budget, cpu_clock) as movers:
        while not g.over and k < MAX_MOVES:
            seat = g.to_move
            move, seconds = movers[seat](g.view(seat), seat, seed * 1000 + k, announced)
            times[seat].append(seconds)
            events = g.play(move, seat)
            log.extend(events)
            announced = announced_points(events, len(names), announced)
            k += 1
    st = g.standings()
    firsts = sum(1 for s in st if s["place"] == 1)
    return {
        "seed": seed, "players": [label(n, default_budget) for n in names], "cut": not g.over,
        "places": [s["place"] for s in st], "scores": [s["score"] for s in st],
        "wins": [(1 / firsts) if s["place"] == 1 else 0.0 for s in st], "times": times,
        "stats": seat_stats(log, len(names)),
    }


def elo(names: list[str], results: list[dict], anchor: str | None = None) -> dict[str, float]:
    """Elo-style ratings from a Bradley-Terry fit (minorise-maximise) over every pair of seats in every game.

    Each player gets one virtual draw against every other it met, so a clean sweep stays finite."""
    wins = {a: {b: 0.0 for b in names} for a in names}
    for r in results:
        for i, j in combinations(range(len(r["players"])), 2):
            a, b = r["players"][i], r["players"][j]
            if r["places"][i] < r["places"][j]:
                wins[a][b] += 1
            elif r["places"][i] > r["places"][j]:
                wins[b][a] += 1
            else:
                wins[a][b] += 0.5
                wins[b][a] += 0.5
    for a in names:
        for b in names:
            if a != b and wins[a][b] + wins[b][a] > 0:
                wins[a][b] += 0.5
    gamma = dict.fromkeys(names, 1.0)
    for _ in range(2000):
        new = {}
        for a in names:
            w = sum(wins[a].values())
            d = sum((wins[a][b] + wins[b][a]) / (gamma[a] + gamma[b]) for b in names if b != a)
            new[a] = w / d if d > 0 else gamma[a]
        scale = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        gamma = {a: v / scale for a, v in new.items()}
    rating = {a: 400 * math.log10(g) for a, g in gamma.items()}
    shift = rating.get(anchor, 0.0) if anchor else 0.0
    return {a: v - shift for a, v in rating.items()}


def time_summary(results: list[dict], name: str) -> str:
    times = sorted(t for r in results for i, p in enumerate(r["players"]) if p == name for t in r["times"][i])
    if not times:
        return f"{name:<16} no decisions"
    ms = [1000 * t for t in times]
    return (f"{name:<16} {len(ms):>7} {statistics.median(ms):>9.1f} {ms[int(0.9 * (len(ms) - 1))]:>8.1f} "
            f"{ms[-1]:>8.0f}")


def pairs_report(names: list[str], results: list[dict]) -> str:
    lines = [f"{'pair':<36} {'games':>5} {'1st wins':>10} {'win %':>7}  95% interval"]
    for a, b in combinations(names, 2):
        games = [r for r in results if set(r["players"]) == {a, b}]
        w = sum(r["wins"][r["players"].index(a)] for r in games)
        lo, hi = wilson(w, len(games))
        lines.append(f"{a + ' vs ' + b:<36} {len(games):>5} {w:>10.1f} {100 * w / max(1, len(games)):>6.1f}%  "
                     f"[{100 * lo:.1f}%, {100 * hi:.1f}%]")
    return "\n".join(lines)


def table_report(names: list[str], results: list[dict]) -> str:
    lines = [f"{'player':<16} {'seats':>5} {'avg place':>9}  95% interval   {'win %':>6} {'score':>6}"]
    rows = []
    for name in names:
        places = [r["places"][i] for r in results for i, p in enumerate(r["players"]) if p == name]
        wins = sum(r["wins"][i] for r in results for i, p in enumerate(r["players"]) if p == name)
        scores = [r["scores"][i] for r in results for i, p in enumerate(r["players"]) if p == name]
        mean = statistics.fmean(places)
        half = 1.96 * statistics.stdev(places) / math.sqrt(len(places)) if len(places) > 1 else float("inf")
        rows.append((mean, f"{name:<16} {len(places):>5} {mean:>9.2f}  [{mean - half:.2f}, {mean + half:.2f}] "
                           f"{100 * wins / len(places):>6.1f} {statistics.fmean(scores):>6.2f}"))
    lines.extend(row for _, row in sorted(rows))
    return "\n".join(lines)


def tasks_for(names: list[str], games: int, seed: int, table: int | None) -> list[tuple[int, list[str]]]:
    """(deal seed, players in seat order) for every game to play."""
    out = []
    if table:
        for i in range(games):
            rot = i % table
            out.append((seed + i // table, [names[(s + rot) % len(names)] for s in range(table)]))
        return out
    for a, b in combinations(names, 2):
        for i in range(games):
            out.append((seed + i // 2, [a, b] if i % 2 == 0 else [b, a]))
    return out


def game_key(seed: int, players: list[str]) -> tuple:
    """A game of a match: its deal and its players (labelled, as results name them) in seat order."""
    return seed, tuple(players)


def earlier_results(path: str, tasks: list[tuple]) -> list[dict]:
    """The games of this match already in a results file (same deal, same seats; a game played twice counts once)."""
    wanted = {game_key(t[0], t[1]) for t in tasks}
    out: dict[tuple, dict] = {}
    if not os.path.exists(path):
        return []
    with open(path) as fh:
        for line in fh:
            if not line.strip():
                continue
            try:
                r = json.loads(line)
            except ValueError:
                continue  # the last line of a run killed while writing it
            key = game_key(r["seed"], r["players"])
            if key in wanted and "times" in r:
                out.setdefault(key, r)
    return list(out.values())


def check_releases(names: list[str]) -> None:
    """Prove each released player's build by its recorded moves before any game (raises ReleaseError naming one)."""
    for name in names:
        player = find(parse(name, 1.0)[0])
        if not isinstance(player, Release):
            continue
        if player.signature is None:
            sys.stderr.write(f"{name}: no recorded moves for {player.commit[:7]}, so its build is unchecked\n")
            continue
        started = time.perf_counter()
        verify(player)
        sys.stderr.write(f"{name}: built from {player.commit[:7]}, answers its recorded moves "
                         f"({time.perf_counter() - started:.0f}s)\n")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="Play computer players against each other and rate them.")
    ap.add_argument("--players", default="hard,medium,easy,random",
                    help=f"comma-separated, each name or name@seconds, from {', '.join(PLAYERS)}, or "
                         "level@<tag or commit>@seconds (a release built from that commit)")
    ap.add_argument("--games", type=int, default=20,
                    help="games per pair (even: each deal twice), or in all with --table")
    ap.add_argument("--table", type=int, default=None, help="seat this many players at one table per game (3 or 4)")
    ap.add_argument("--budget", type=float, default=1.0, help="seconds per decision where a name gives none")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: all cores)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--board", default="standard")
    ap.add_argument("--out", default=None, help="append every game's result to this JSON-lines file")
    ap.add_argument("--resume", action="store_true",
                    help="with --out: count the games already in that file and play only the rest (a long match "
                         "cut off by a time limit goes on where it stopped)")
    ap.add_argument("--report", action="store_true",
                    help="with --out: only report the games of this match already in that file, play none")
    ap.add_argument("--cpu-clock", action="store_true",
                    help="budgets and times in process CPU time, for fair matches on a busy machine")
    args = ap.parse_args(argv)
    raw = args.players.split(",")
    try:
        names = [label(n, args.budget) for n in raw]
    except ValueError as exc:
        ap.error(str(exc))
    if len(set(names)) != len(names):
        ap.error("each player once")
    if args.table and not (2 <= args.table <= 4 and len(names) == args.table):
        ap.error("--table N needs 2 to 4 and exactly N players")
    if (args.resume or args.report) and not args.out:
        ap.error("--resume and --report need --out")
    if not args.report:
        try:
            check_releases(names)
        except ReleaseError as exc:
            sys.exit(f"ladder: {exc}")
    tasks = [(s, seats, args.budget, args.board, args.cpu_clock)
             for s, seats in tasks_for(names, args.games, args.seed, args.table)]
    results = earlier_results(args.out, tasks) if args.resume or args.report else []
    done_keys = {game_key(r["seed"], r["players"]) for r in results}  # seats in tasks are labelled names already
    tasks = [] if args.report else [t for t in tasks if game_key(t[0], t[1]) not in done_keys]
    started = time.perf_counter()
    with Pool(args.jobs) as pool:
        for res in pool.imap_unordered(play_game, tasks):
            results.append(res)
            if args.out:
                with open(args.out, "a") as fh:
                    fh.write(json.dumps(res) + "\n")
            done = len(results)
            sys.stderr.write(f"\r{done}/{len(tasks) + len(done_keys)} games, {time.perf_counter() - started:.0f}s")
            sys.stderr.flush()
    sys.stderr.write("\n")
    cut = sum(r["cut"] for r in results)
    print(f"players {','.join(names)}  games {len(results)}  board {args.board}  seed {args.seed}  "
          f"jobs {args.jobs} on {os.cpu_count()} cores  wall {time.perf_counter() - started:.0f}s"
          + ("  (budgets in CPU time)" if args.cpu_clock else "")
          + (f"  ({cut} cut off at {MAX_MOVES} moves)" if cut else ""))
    print(table_report(names, results) if args.table else pairs_report(names, results))
    ratings = elo(names, results, anchor=next((n for n in names if n == "random"), None))
    print(f"\n{'player':<16} {'Elo':>7}")
    for name in sorted(names, key=lambda n: -ratings[n]):
        print(f"{name:<16} {ratings[name]:>7.0f}")
    rows = {n: [r["stats"][i] for r in results for i, p in enumerate(r["players"]) if p == n] for n in names}
    print("\n" + summary(rows))
    print(f"\n{'decision time':<16} {'n':>7} {'median ms':>9} {'p90 ms':>8} {'max ms':>8}")
    for name in names:
        print(time_summary(results, name))
    for name in (n for n in names if budgeted(parse(n, args.budget)[0])):
        budget = parse(name, args.budget)[1]
        worst = max((t for r in results for i, p in enumerate(r["players"]) if p == name for t in r["times"][i]),
                    default=0.0)
        print(f"{name}: worst decision {worst / budget:.2f}x its budget")


if __name__ == "__main__":
    main()
