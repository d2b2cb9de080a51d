"""A released computer player as its own process: reads JSON lines (a view to answer), writes JSON lines (its move).

bench.releases starts it with PYTHONPATH at a release's checked-out tree, so `engine` here is that commit's engine.
It imports nothing else of today's tree, so it runs the same beside any release, save the alpha-beta baseline:
level `alphabeta` loads bench/alphabeta.py from beside this file, a search that plays the first release's parts.

Request: {"view", "seat", "level", "seed", "budget", "announced", "clock", "revision"} where clock is "wall", "cpu" or
{"step": seconds} (a clock that moves on a fixed step at every reading, so a search runs the same rounds anywhere).
`revision` 1 asks for the view as positions of engine revision 1 gave it (see as_revision_1).
Answer: {"move": "...", "seconds": thinking time on the requested clock} or {"error": "..."}."""

import inspect
import json
import sys
import time
from collections.abc import Callable
from types import ModuleType, SimpleNamespace
from typing import Any


def step_clock(step: float) -> Callable[[], float]:
    now = [0.0]

    def read() -> float:
        now[0] += step
        return now[0]
    return read


def clock_maker(spec: Any) -> Callable[[], Callable[[], float]]:
    """A factory of fresh clocks as the request names them (each step clock starts at zero)."""
    if spec == "cpu":
        return lambda: time.process_time
    if isinstance(spec, dict) and isinstance(spec.get("step"), int | float):
        return lambda: step_clock(float(spec["step"]))
    return lambda: time.perf_counter


def as_revision_1(view: dict) -> dict:
    """The view as revision 1 gave it: a pending decision's action still counted in actions_left.

    The first release digested actions_left into its random generator when revision 1 was current; today's
    engine reads a revision-1 view back the same, so this one shim keeps that release's choices."""
    turn = view.get("turn") or {}
    if view.get("version", 1) < 2 or not view.get("pending") or turn.get("actions_left") is None:
        return view
    return {**view, "version": 1, "turn": {**turn, "actions_left": turn["actions_left"] + 1}}


def timed_modules() -> list[ModuleType]:
    """The release's modules that read `time.perf_counter()` themselves (releases before clocks were injected)."""
    return [m for name, m in sorted(sys.modules.items())
            if name.startswith("engine.ai") and m is not None and getattr(m, "time", None) is time]


def answer(request: dict, choose: Callable[..., str], params: set[str]) -> dict:
    make = clock_maker(request.get("clock"))
    kwargs: dict[str, Any] = {"seed": int(request.get("seed", 0)), "budget": request.get("budget")}
    if request.get("announced") is not None and "announced" in params:
        kwargs["announced"] = request["announced"]
    patched: list[ModuleType] = []
    if "clock" in params:
        kwargs["clock"] = make()
    else:
        # The first release read the clock inside its modules: lend each its own clock for this decision.
        patched = timed_modules()
        for m in patched:
            m.time = SimpleNamespace(perf_counter=make())  # type: ignore[attr-defined]
    measure = make()
    start = measure()
    try:
        view = as_revision_1(request["view"]) if request.get("revision") == 1 else request["view"]
        move = choose(view, int(request["seat"]), request["level"], **kwargs)
    finally:
        for m in patched:
            m.time = time  # type: ignore[attr-defined]
    return {"move": move, "seconds": measure() - start}


def alphabeta() -> tuple[Callable[..., str], set[str]]:
    """The alpha-beta baseline's chooser and its parameters, loaded from beside this file by path (-P keeps bench/
    off the path, and the release's tree has none)."""
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location("alphabeta", Path(__file__).with_name("alphabeta.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)

    def choose(view: dict, seat: int, level: str, **kwargs: Any) -> str:
        return module.alphabeta_move(view, seat, **kwargs)
    return choose, set(inspect.signature(module.alphabeta_move).parameters)


def main() -> None:
    import importlib
    import pkgutil

    import engine.ai
    from engine.ai import choose_move
    # Load every module now, so a level imported on first use also finds the clock lent to it.
    for info in pkgutil.iter_modules(engine.ai.__path__, "engine.ai."):
        importlib.import_module(info.name)
    params = set(inspect.signature(choose_move).parameters)
    searcher: tuple[Callable[..., str], set[str]] | None = None
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            if request.get("level") == "alphabeta":
                searcher = searcher or alphabeta()
                reply = answer(request, *searcher)
            else:
                reply = answer(request, choose_move, params)
        except Exception as exc:  # the caller names the release and the position; the process lives on
            reply = {"error": f"{type(exc).__name__}: {exc}"}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
