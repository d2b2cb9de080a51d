"""Whole games played with the engine, as the replay and the profile see them."""

from __future__ import annotations

import random
import statistics
from collections import Counter
from pathlib import Path
from typing import Any

from engine import Game
from engine.ai import choose_move

NAMES = ["Alice", "Bartholomew", "Chen", "Dana"]
REASONS = {"tile": "tiles", "monument": "monuments", "revolt": "revolts", "war": "wars"}


def _play(players: int, seed: int, level: str | None, scores: str,
          on_events: Any = None) -> tuple[Game, list[dict[str, Any]], int]:
    rng = random.Random(seed)
    g = Game.new(players=players, seed=seed, options={"scores": scores})
    views: list[dict[str, Any]] = []
    moves = 0
    while not g.over:
        seat = g.to_move
        move = rng.choice(g.legal_moves()) if level is None else choose_move(g.view(seat), seat, level, seed=seed)
        events = g.play(move)
        moves += 1
        if on_events is not None:
            on_events(events)
        if any(e["type"] in ("turn", "game_over") for e in events):
            views.append(g.view(None))
    return g, views, moves


def turn_views(players: int = 4, seed: int = 0, *, level: str | None = None,
               scores: str = "open") -> tuple[list[dict[str, Any]], list[dict[str, Any]], int]:
    """Play a game to its end; return (the spectator view after each turn, the standings, moves played).

    Moves are uniformly random among the legal ones, or chosen by the computer player `level`."""
    g, views, moves = _play(players, seed, level, scores)
    return views, g.standings(), moves


def example_profile(games: int = 10) -> dict[str, Any]:
    """A profile in render_profile's shape, counted from `games` 4-player games of the easy players, following
    one person through a different seat each game (the statistics themselves are bot/records/stats.py's job)."""
    last, colour_totals, by_dynasty = [], Counter(), {}
    for n in range(games):
        seat = n % 4
        points: Counter = Counter()

        def count(events: list[dict[str, Any]], seat: int = seat, points: Counter = points) -> None:
            for e in events:
                if e["type"] == "point" and e.get("seat") == seat:
                    points[REASONS[e["reason"]]] += e["count"]

        g, _, _ = _play(4, 100 + n, "easy", "open", count)
        mine = g.standings()[seat]
        points["treasures"] = mine["treasures"]
        last.append({"points_by_source": {s: points[s] for s in ("tiles", "monuments", "revolts", "wars",
                                                                 "treasures")},
                     "place": mine["place"], "score": mine["score"]})
        colour_totals.update(mine["totals"])
        by_dynasty.setdefault(mine["dynasty"], []).append(mine["place"])
    totals = {
        "games": games,
        "wins": sum(1 for g in last if g["place"] == 1),
        "avg_place": statistics.mean(g["place"] for g in last),
        "avg_score": statistics.mean(g["score"] for g in last),
        "best_colour": max(colour_totals, key=colour_totals.__getitem__),
        "weakest_colour": min(colour_totals, key=colour_totals.__getitem__),
        "best_dynasty": min(by_dynasty, key=lambda d: statistics.mean(by_dynasty[d])),
    }
    return {"totals": totals, "games": last}


def write_examples(folder: str) -> list[str]:
    """Write the example replay GIF and profile picture into `folder`; returns their paths."""
    from render import render_profile, render_replay

    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    views, standings, _ = turn_views(4, seed=2, level="easy")
    pictures = {
        "replay.gif": render_replay(views, NAMES, standings=standings),
        "profile.png": render_profile(example_profile(), "Alice"),
    }
    for name, data in pictures.items():
        (out / name).write_bytes(data)
    return [str(out / n) for n in pictures]


if __name__ == "__main__":  # python -m tests.replay_fixtures docs/pictures
    import sys

    print("\n".join(write_examples(sys.argv[1] if len(sys.argv) > 1 else "docs/pictures")))
