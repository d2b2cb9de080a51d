"""Every computer player the ladder knows, by name: today's levels and each released version.

A player is named `level` or `level@seconds` (the budget of a searching player, e.g. `hard@1`).
Released versions stay here for good so no change can make the top level weaker unnoticed. Each
player takes the clock its budget is measured on: the wall clock normally, or the process's CPU
time for fair matches on a busy shared machine (`bench.ladder --cpu-clock`), and the points the table
announced so far (today's levels use them as a player with a perfect memory would; v1 and the alpha-beta
baseline keep their estimate)."""

import time
from collections.abc import Callable
from types import SimpleNamespace

Clock = Callable[[], float]
Announced = list[dict[str, int]] | None
Choose = Callable[[dict, int, int, float, Clock, Announced], str]


def _current(level: str) -> Choose:
    def choose(view: dict, seat: int, seed: int, budget: float, clock: Clock, announced: Announced = None) -> str:
        from engine.ai import choose_move
        return choose_move(view, seat, level, seed=seed, budget=budget, clock=clock, announced=announced)
    return choose


def _v1(level: str) -> Choose:
    def choose(view: dict, seat: int, seed: int, budget: float, clock: Clock, announced: Announced = None) -> str:
        # Frozen: v1 estimates rivals' hidden points as it always did, whatever the table announced.
        from bench.v1 import choose_move, hard, medium
        if clock is time.perf_counter:
            return choose_move(view, seat, level, seed=seed, budget=budget)
        # The frozen code reads time.perf_counter() itself: lend it the chosen clock for this call.
        saved = hard.time, medium.time
        hard.time = medium.time = SimpleNamespace(perf_counter=clock)  # type: ignore[assignment]
        try:
            return choose_move(view, seat, level, seed=seed, budget=budget)
        finally:
            hard.time, medium.time = saved
    return choose


def _v2(level: str) -> Choose:
    def choose(view: dict, seat: int, seed: int, budget: float, clock: Clock, announced: Announced = None) -> str:
        from bench.v2 import choose_move
        return choose_move(view, seat, level, seed=seed, budget=budget, clock=clock, announced=announced)
    return choose


def _v3(level: str) -> Choose:
    def choose(view: dict, seat: int, seed: int, budget: float, clock: Clock, announced: Announced = None) -> str:
        from bench.v3 import choose_move
        return choose_move(view, seat, level, seed=seed, budget=budget, clock=clock, announced=announced)
    return choose


def _v4(view: dict, seat: int, seed: int, budget: float, clock: Clock, announced: Announced = None) -> str:
    from bench.v4 import choose_move
    return choose_move(view, seat, "hard", seed=seed, budget=budget, clock=clock, announced=announced)


def _v5(view: dict, seat: int, seed: int, budget: float, clock: Clock, announced: Announced = None) -> str:
    from bench.v5 import choose_move
    return choose_move(view, seat, "hard", seed=seed, budget=budget, clock=clock, announced=announced)


def _alphabeta(view: dict, seat: int, seed: int, budget: float, clock: Clock, announced: Announced = None) -> str:
    from bench.alphabeta import alphabeta_move
    return alphabeta_move(view, seat, seed=seed, budget=budget, clock=clock)


PLAYERS: dict[str, Choose] = {
    "random": _current("random"),
    "easy": _current("easy"),
    "medium": _current("medium"),
    "hard": _current("hard"),
    "easy-v1": _v1("easy"),
    "medium-v1": _v1("medium"),
    "hard-v1": _v1("hard"),
    "easy-v2": _v2("easy"),
    "medium-v2": _v2("medium"),
    "hard-v2": _v2("hard"),
    "easy-v3": _v3("easy"),
    "medium-v3": _v3("medium"),
    "hard-v3": _v3("hard"),
    "hard-v4": _v4,
    "hard-v5": _v5,
    "alphabeta": _alphabeta,
}
# Players whose strength depends on the budget they are given.
BUDGETED = ("hard", "hard-v1", "hard-v2", "hard-v3", "hard-v4", "hard-v5", "alphabeta")


def parse(name: str, default_budget: float) -> tuple[str, float]:
    """Split `level@seconds` into the registered level and its budget; raises ValueError if unknown."""
    level, _, budget = name.partition("@")
    if level not in PLAYERS:
        raise ValueError(f"unknown player {level!r}: use one of {', '.join(PLAYERS)}")
    return level, float(budget) if budget else default_budget


def label(name: str, default_budget: float) -> str:
    """The name as the tables print it: budgeted players always show their budget."""
    level, budget = parse(name, default_budget)
    return f"{level}@{budget:g}" if level in BUDGETED else level
