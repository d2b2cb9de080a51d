"""The refusals a package raises, read from its code: each exception call's first argument must be a text marked for
the catalogs (`N_("...")`), directly or through a constant, a choice of marked texts, a table of them, or a helper
that returns them. Shared by the tests that every refusal can be said in every language."""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Refusal:
    """Where an exception is made, and the English templates it may carry (empty: not marked)."""

    where: str
    texts: tuple[str, ...]


def _module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def _parents(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    return {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def _enclosing(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> ast.AST | None:
    while node in parents:
        node = parents[node]
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            return node
    return None


class _Reader:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.tree = ast.parse(path.read_text(encoding="utf-8"))
        self.parents = _parents(self.tree)
        self.functions = {n.name: n for n in self.tree.body if isinstance(n, ast.FunctionDef)}
        self._module = None

    @property
    def module(self):
        if self._module is None:
            self._module = importlib.import_module(_module_name(self.path))
        return self._module

    def texts(self, node: ast.AST | None, scope: ast.AST | None, seen: frozenset = frozenset()) -> list[str] | None:
        """The marked texts an expression may be, or None if any of them is not marked."""
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("N_", "NP_"):
            # NP_(singular, plural): the catalog's entry is known by its singular
            arg = node.args[0] if node.args else None
            return [arg.value] if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None
        if isinstance(node, ast.IfExp):
            a, b = self.texts(node.body, scope, seen), self.texts(node.orelse, scope, seen)
            return None if a is None or b is None else a + b
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in self.functions:
            return self._returns(self.functions[node.func.id], seen)
        if isinstance(node, ast.Name) and scope is not None:
            values = [a.value for a in ast.walk(scope) if isinstance(a, ast.Assign)
                      and any(isinstance(t, ast.Name) and t.id == node.id for t in a.targets)]
            if values:
                found = [self.texts(v, scope, seen) for v in values]
                return None if any(f is None for f in found) else [t for f in found for t in f]
        if isinstance(node, ast.Name | ast.Attribute | ast.Subscript):
            return self._value(node)
        return None

    def _returns(self, function: ast.FunctionDef, seen: frozenset) -> list[str] | None:
        if function.name in seen:
            return []
        found = []
        for ret in (n for n in ast.walk(function) if isinstance(n, ast.Return)):
            if isinstance(ret.value, ast.Constant) and ret.value.value is None:
                continue
            texts = self.texts(ret.value, function, seen | {function.name})
            if texts is None:
                return None
            found += texts
        return found

    def _value(self, node: ast.AST) -> list[str] | None:
        """A module-level constant (or a table of them) by evaluating the name in the imported module."""
        target = node.value if isinstance(node, ast.Subscript) else node
        try:
            value = eval(compile(ast.Expression(target), str(self.path), "eval"), vars(self.module))
        except Exception:
            return None
        values = list(value.values()) if isinstance(node, ast.Subscript) and isinstance(value, dict) else [value]
        return values if all(isinstance(v, str) for v in values) else None


def refusals(package: str, exception: str) -> Iterator[Refusal]:
    """Every call of `exception` (by that name) in the package's code, with the texts it may carry."""
    for path in sorted((ROOT / package).rglob("*.py")):
        reader = _Reader(path)
        for node in ast.walk(reader.tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == exception:
                where = f"{path.relative_to(ROOT)}:{node.lineno}"
                first = node.args[0] if node.args else None
                texts = reader.texts(first, _enclosing(node, reader.parents)) if first is not None else []
                yield Refusal(where, tuple(texts) if texts is not None else ())
