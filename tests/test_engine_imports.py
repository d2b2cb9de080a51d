"""The engine's modules import one another without a circle, counting imports made only for type checking."""

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "engine"


def _module(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports() -> dict[str, set[str]]:
    """Each engine module and the engine modules it imports anywhere in its text (TYPE_CHECKING blocks too)."""
    modules = {_module(p): p for p in ENGINE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names if a.name in modules)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0 and node.module in modules:
                # `from engine import undo` runs engine/__init__ first, then engine.undo: both count.
                found.add(node.module)
                found.update({f"{node.module}.{a.name}" for a in node.names} & modules.keys())
        graph[name] = found - {name}
    return graph


def cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import circle, as the modules in order, or [] when there is none."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return []

    for start in sorted(graph):
        if start not in state and (found := visit(start)):
            return found
    return []


def test_the_graph_sees_the_engines_imports() -> None:
    graph = imports()
    assert "engine.draws" in graph["engine.actions"] and "engine.tape" in graph["engine.state"]


def test_the_engine_has_no_import_circle() -> None:
    assert cycle(imports()) == []


def test_a_circle_is_found_and_named() -> None:
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
