"""A game in the terminal against computer players, moves typed in the usual notation.

    python -m play --players 3 --levels hard,medium --seat 0 --seed 7 --png board.png
"""

import argparse
import sys
import time

from engine import Game, IllegalMove
from engine.ai import LEVELS, choose_move
from play.textboard import LEGEND, text_board, text_panel

HELP = ("moves: tile <colour> <square> | leader <colour> <square> | withdraw <colour> | catastrophe <square> | "
        "swap <colour> ... | pass | commit <n> | war <colour> | monument <pair> <square> | decline | "
        "treasure <square>\ncommands: moves (list legal moves), board, help, quit")


def write_png(game: Game, seat: int | None, path: str | None) -> None:
    """Write the board picture if a path was given and the renderer is available."""
    if not path:
        return
    try:
        from render import render_board
    except ImportError:
        return
    try:
        data = render_board(game.view(seat))
    except Exception as exc:  # the picture is a convenience: never let it stop the game
        print(f"(board picture failed: {exc})", file=sys.stderr)
        return
    with open(path, "wb") as fh:
        fh.write(data)


def show(game: Game, seat: int | None) -> None:
    view = game.view(seat) if seat is not None else game.position()
    print(text_board(view))
    print(text_panel(view, seat))


def ask(game: Game, seat: int) -> str | None:
    """Read a move from the human until it is legal; None to quit."""
    pending = game.describe_pending()
    prompt = f"[{game.view(seat)['players'][seat]['dynasty']}] " + (f"{pending}: " if pending else "your move: ")
    while True:
        try:
            line = input(prompt).strip()
        except EOFError:
            return None
        if not line:
            continue
        word = line.lower()
        if word in ("quit", "exit", "q"):
            return None
        if word == "help":
            print(HELP)
            continue
        if word == "board":
            show(game, seat)
            continue
        if word == "moves":
            moves = game.legal_moves()
            print(f"{len(moves)} legal moves: " + ", ".join(moves[:200]) + (" ..." if len(moves) > 200 else ""))
            continue
        try:
            test = game.copy()
            test.play(line, seat)
        except IllegalMove as exc:
            print(f"illegal: {exc}")
            continue
        return line


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="Play Tigris & Euphrates in the terminal against computer players.")
    ap.add_argument("--players", type=int, default=2, help="2, 3 or 4")
    ap.add_argument("--levels", default="medium", help="computer levels, comma-separated, for the other seats "
                    f"in order ({', '.join(LEVELS)}); the last one repeats")
    ap.add_argument("--seat", type=int, default=0, help="your seat (0-based); -1 to watch computers only")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--board", default="standard", choices=["standard", "advanced"])
    ap.add_argument("--budget", type=float, default=2.0, help="seconds per decision for the hard level")
    ap.add_argument("--png", default="board.png", help="board picture written after each move ('' for none)")
    ap.add_argument("--pause", type=float, default=0.0, help="seconds to wait after each computer move")
    args = ap.parse_args(argv)
    levels = args.levels.split(",")
    if any(lv not in LEVELS for lv in levels):
        ap.error(f"levels come from {', '.join(LEVELS)}")
    game = Game.new(players=args.players, seed=args.seed, board=args.board)
    human = args.seat if 0 <= args.seat < args.players else None
    bots = {}
    others = [s for s in range(args.players) if s != human]
    for k, s in enumerate(others):
        bots[s] = levels[min(k, len(levels) - 1)]
    names = [game.view(None)["players"][s]["dynasty"] + (f" ({bots[s]})" if s in bots else " (you)")
             for s in range(args.players)]
    print("players: " + ", ".join(f"seat {s} {n}" for s, n in enumerate(names)))
    print(LEGEND)
    print(HELP)
    show(game, human)
    write_png(game, human, args.png)
    k = 0
    while not game.over:
        seat = game.to_move
        if seat == human:
            move = ask(game, seat)
            if move is None:
                print("bye")
                return
        else:
            started = time.perf_counter()
            move = choose_move(game.view(seat), seat, bots[seat], seed=args.seed * 100003 + k, budget=args.budget)
            print(f"{names[seat]} plays: {move}   ({time.perf_counter() - started:.2f}s)")
        for event in game.play(move, seat):
            print("  " + event["text"])
        k += 1
        if seat != human or game.pending is None:
            show(game, human)
        write_png(game, human, args.png)
        if seat != human and args.pause:
            time.sleep(args.pause)
    print("final standings:")
    for st in sorted(game.standings(), key=lambda s: s["place"]):
        totals = " ".join(f"{c} {v}" for c, v in st["totals"].items())
        print(f"  {st['place']}. {names[st['seat']]}: score {st['score']}  ({totals})")


if __name__ == "__main__":
    main()
