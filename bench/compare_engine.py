"""Check that this tree's engine behaves exactly like another commit's, on seeded games.

Run: python -m bench.compare_engine [--against main] [--games 300]. Both engines play the same seeded games
(2 to 4 players, both boards, random and builder-like moves, refused moves, undos, copies without history and
positions read back); every legal move list, refusal message, event, draw and position must be the same.
Prints the number of steps compared, or the first step that differs, side by side."""

import argparse
import json
import os
import random
import subprocess
import sys
import tarfile
import tempfile
from hashlib import sha1
from io import BytesIO
from pathlib import Path

BUILDING = ("tile", "leader", "commit", "war", "monument", "treasure")
HERE = Path(__file__).resolve().parent.parent
MAX_MOVES = 600


def _attempt(rng: random.Random, legal: list[str]) -> str:
    """A move that may well be refused: a random tile, leader, catastrophe, withdraw or decision."""
    sq = f"{'ABCDEFGHIJKLMNOP'[rng.randrange(16)]}{rng.randrange(1, 12)}"
    colour = rng.choice(("red", "blue", "green", "black"))
    return rng.choice((f"tile {colour} {sq}", f"leader {colour} {sq}", f"catastrophe {sq}", f"withdraw {colour}",
                       f"treasure {sq}", f"commit {rng.randrange(4)}", f"war {colour}", "decline", "pass",
                       f"monument red-blue {sq}", f"swap {colour} {colour}"))


def trace(seed: int) -> list[dict[str, object]]:
    """Every observable step of one seeded game, as JSON-ready records."""
    from engine import Game, IllegalMove, Move

    rng = random.Random(seed)
    players = 2 + seed % 3
    builder = seed % 4 != 0
    game = Game.new(players=players, seed=seed, board="standard" if seed % 2 else "advanced")
    steps: list[dict[str, object]] = []
    for _ in range(MAX_MOVES):
        if game.over:
            break
        legal = game.legal_moves()
        step: dict[str, object] = {"legal": legal, "to_move": game.to_move, "pending": game.describe_pending()}
        if rng.random() < 0.1:
            tried = _attempt(rng, legal)
            before = game.position()
            try:
                game.play(tried)
                step["tried"] = [tried, ["Played"], game.position()]
            except IllegalMove as exc:
                step["tried"] = [tried, str(exc)]
                assert game.position() == before, f"a refused move changed the game (seed {seed})"
            steps.append(step)
            continue
        building = [m for m in legal if m.split()[0] in BUILDING]
        move = rng.choice(building if builder and building and rng.random() < 0.8 else legal)
        seat = game.to_move
        events = game.play(move)
        stack = game.move_stack  # empty on a copy that keeps no history: it drew what no one logged
        step.update(move=str(Move.parse(move)), seat=seat, events=events, drawn=stack[-1].drawn if stack else (),
                    position=game.position(), can_undo=game.can_undo(), standings=game.standings())
        roll = rng.random()
        if roll < 0.06 and game.can_undo():
            step["undone"] = str(game.undo())
            step["after_undo"] = game.position()
        elif roll < 0.09:
            game = Game.from_position(game.position())
        elif roll < 0.12:
            game = game.copy(history=rng.random() < 0.5)
        steps.append(step)
    outcome = game.outcome()
    steps.append({"over": game.over, "outcome": None if outcome is None else
                  [outcome.termination.value, outcome.reason, [s.place for s in outcome.standings]]})
    return steps


def _digests(seeds: range) -> list[list[str]]:
    return [[sha1(json.dumps(step, sort_keys=True).encode()).hexdigest() for step in trace(seed)] for seed in seeds]


def _run(tree: Path, args: list[str]) -> str:
    """This script's trace mode, importing the engine from `tree`."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    done = subprocess.run([sys.executable, __file__, *args], env=env, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"the trace failed in {tree}:\n{done.stderr}")
    return done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--against", default="main", help="the commit to compare with (default main)")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--trace", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--steps", type=int, default=-1, help=argparse.SUPPRESS)
    args = parser.parse_args()
    seeds = range(args.first, args.first + args.games)
    if args.trace:
        if args.steps >= 0:
            print(json.dumps(trace(args.first)[args.steps], sort_keys=True, indent=1))
        else:
            import engine
            print(json.dumps({"engine": engine.__file__, "games": _digests(seeds)}))
        return
    archive = subprocess.run(["git", "archive", args.against, "engine"], cwd=HERE, capture_output=True, check=True)
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(fileobj=BytesIO(archive.stdout)) as tar:
            tar.extractall(tmp, filter="data")
        common = ["--trace", "--games", str(args.games), "--first", str(args.first)]
        theirs, ours = (json.loads(_run(tree, common)) for tree in (Path(tmp), HERE))
        for tree, got in ((Path(tmp), theirs), (HERE, ours)):
            assert Path(got.pop("engine")).is_relative_to(tree), f"the engine was not imported from {tree}"
        theirs, ours = theirs["games"], ours["games"]
        for seed, a, b in zip(seeds, theirs, ours, strict=True):
            if a != b:
                step = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
                one = ["--trace", "--first", str(seed), "--steps", str(step)]
                print(f"seed {seed}, step {step} differs.\n--- {args.against}:\n{_run(Path(tmp), one)}\n"
                      f"--- this tree:\n{_run(HERE, one)}")
                raise SystemExit(1)
    steps = sum(len(g) for g in ours)
    print(f"identical to {args.against} on {args.games} games (seeds {seeds.start}-{seeds.stop - 1}), "
          f"{steps} steps: legal moves, refusals, events, draws, positions, undos, copies")


if __name__ == "__main__":
    main()
