"""Entry point of `python -m play` (see play/cli.py):

    python -m play --players 3 --levels hard,medium --seat 0 --seed 7 --png /tmp/board.png
"""

from play.cli import main

__all__ = ["main"]

if __name__ == "__main__":
    raise SystemExit(main())
