"""Every computer player the ladder knows, by name: today's levels, the alpha-beta baseline and each release.

A player is named `level` or `level@seconds` (the budget of a searching player, e.g. `hard@1`). Released
versions (`hard-v5@0.5`, listed in bench/releases.json) and raw revisions (`hard@<tag or commit>@0.5`) are
built from their commit and run in a process of their own (bench/releases.py); so is `alphabeta`, whose
search (bench/alphabeta.py) plays the first release's evaluation, decision rules and sampling from that
commit. Each player takes the clock its budget is measured on: the wall clock normally, or CPU time for fair
matches on a busy shared machine (`bench.ladder --cpu-clock`), and the points the table announced so far
(today's levels use them as a player with a perfect memory would; v1 and the alpha-beta baseline keep their
estimate)."""

import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager

from bench.releases import Release, ReleaseError, ReleasePlayer, registry, resolve

Clock = Callable[[], float]
Announced = list[dict[str, int]] | None
Choose = Callable[[dict, int, int, float, Clock, Announced], str]
# A seated player: (view, seat, seed, announced) -> (move, thinking seconds on the match's clock).
Mover = Callable[[dict, int, int, Announced], tuple[str, float]]


def _current(level: str) -> Choose:
    def choose(view: dict, seat: int, seed: int, budget: float, clock: Clock, announced: Announced = None) -> str:
        from engine.ai import choose_move
        return choose_move(view, seat, level, seed=seed, budget=budget, clock=clock, announced=announced)
    return choose


LEVELS = ("random", "easy", "medium", "hard")
PLAYERS: dict[str, Choose | Release] = {
    **{level: _current(level) for level in LEVELS},
    **registry(),
}
SEARCHERS = ("hard", "alphabeta")  # the levels whose strength depends on their budget


def find(name: str) -> Choose | Release:
    """The player of a name without its budget: registered, or `level@<tag or commit>` (raises ValueError)."""
    if name in PLAYERS:
        return PLAYERS[name]
    level, _, rev = name.partition("@")
    if rev and level in LEVELS:
        try:
            return resolve(level, rev)
        except ReleaseError as exc:
            raise ValueError(str(exc)) from None
    raise ValueError(f"unknown player {name!r}: use one of {', '.join(PLAYERS)}, or level@<tag or commit>")


def budgeted(name: str) -> bool:
    """Whether the player's strength depends on the budget it is given (the searching levels)."""
    player = find(name)
    return player.level in SEARCHERS if isinstance(player, Release) else name in SEARCHERS


def _is_budget(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def parse(name: str, default_budget: float) -> tuple[str, float]:
    """Split `name@seconds` into the player's name and its budget; raises ValueError if unknown."""
    base, _, last = name.rpartition("@")
    if base and _is_budget(last):
        name, budget = base, float(last)
    else:
        budget = default_budget
    find(name)
    return name, budget


def label(name: str, default_budget: float) -> str:
    """The name as the tables print it: budgeted players always show their budget."""
    base, budget = parse(name, default_budget)
    return f"{base}@{budget:g}" if budgeted(base) else base


@contextmanager
def seated(names: list[str], default_budget: float, cpu_clock: bool = False) -> Iterator[list[Mover]]:
    """A mover for each named player; released ones run in their own processes until the block ends."""
    clock: Clock = time.process_time if cpu_clock else time.perf_counter
    with ExitStack() as stack:
        movers: list[Mover] = []
        for name in names:
            base, budget = parse(name, default_budget)
            player = find(base)
            if isinstance(player, Release):
                process = stack.enter_context(ReleasePlayer(player))
                movers.append(_release_mover(process, budget, "cpu" if cpu_clock else "wall"))
            else:
                movers.append(_local_mover(player, budget, clock))
        yield movers


def _local_mover(choose: Choose, budget: float, clock: Clock) -> Mover:
    def move(view: dict, seat: int, seed: int, announced: Announced) -> tuple[str, float]:
        t = clock()
        chosen = choose(view, seat, seed, budget, clock, announced)
        return chosen, clock() - t
    return move


def _release_mover(process: ReleasePlayer, budget: float, clock: str) -> Mover:
    def move(view: dict, seat: int, seed: int, announced: Announced) -> tuple[str, float]:
        return process.ask(view, seat, seed, budget, clock, announced)
    return move
