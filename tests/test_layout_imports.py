"""The code's layout: no module of bot/ or engine/ imports itself round a circle (issue 29).

Every `import` and `from ... import` counts, wherever it stands: inside a function and under `if TYPE_CHECKING:`
too, since a circle hidden there is still one a reader has to follow round.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(*packages: str) -> dict[str, Path]:
    return {module_name(p): p for package in packages for p in sorted((ROOT / package).rglob("*.py"))}


def imported(path: Path, name: str, known: set[str]) -> set[str]:
    """The known modules a module imports; `from package import module` counts as the module."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            # `from package import module` reaches the module; `from module import name`, the module.
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
        else:
            continue
        for target in targets:
            # `import a.b.c` reaches a.b.c; the nearest known module stands for it.
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                out.add(target)
    return out


def graph(*packages: str) -> dict[str, set[str]]:
    found = modules(*packages)
    known = set(found)
    edges = {name: imported(path, name, known) for name, path in found.items()}
    # A package's __init__ runs before any module in it: importing bot.storage.games imports bot.storage, but that
    # is Python's doing, not a circle in the code, so parents are not added as edges.
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_the_graph_sees_a_circle_where_there_is_one() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_imports_inside_functions_and_type_checking_blocks_count(tmp_path: Path) -> None:
    source = tmp_path / "m.py"
    source.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from bot.service import X\n"
                      "def f():\n    from bot.storage import sqlite\n")
    assert imported(source, "bot.m", {"bot.service", "bot.storage", "bot.storage.sqlite"}) == {
        "bot.service", "bot.storage.sqlite"}


def test_bot_has_no_import_circles() -> None:
    assert cycles(graph("bot")) == []


def test_the_named_circles_are_gone() -> None:
    edges = graph("bot")
    service, keeper = "bot.service.game_service", "bot.background.clocks"
    assert not ({keeper} & edges[service] and {service} & edges[keeper])
    assert service not in edges[keeper], "the clock keeper depends on a small protocol, not the service"
    for back_end in ("bot.storage.sqlite", "bot.storage.postgres"):
        assert back_end not in edges["bot.storage.driver"], "the factory that picks a back end sits above both"


def test_the_table_values_are_a_leaf() -> None:
    """What every front end shares (Table, Played, Notice, Origin, the errors, and the events of bot.events)
    imports none of the service (bot.locales, the languages' texts, is a leaf itself: it imports nothing of bot)."""
    edges = graph("bot")
    bot_imports = {m for m in edges["bot.service.table"] if m.startswith("bot.")}
    assert bot_imports <= {"bot.language.text", "bot.storage.rows", "bot.language.locales", "bot.service.events"}, \
        bot_imports
    assert {m for m in edges["bot.service.events"] if m.startswith("bot.")} <= {"bot.storage.rows"}
    assert {m for m in edges["bot.language.locales"] if m.startswith("bot.")} <= {"bot.language.grammar"}
    assert not {m for m in edges["bot.language.grammar"] if m.startswith("bot.")}


def test_engine_has_no_import_circles() -> None:
    assert cycles(graph("engine")) == []
    edges = graph("engine")
    assert not ("engine.draws" in edges["engine.state"] or ("engine.state" in edges["engine.events"]
                and "engine.events" in edges["engine.draws"] and "engine.draws" in edges["engine.state"]))
