"""The tests' own layout (issue 29): folders as the packages, no test module importing another, no game played
while collecting, the slow tiers marked, PostgreSQL only where the database matters, and the Hypothesis profiles;
the parallel workers that keep CI within its time (issue 39)."""

from __future__ import annotations

import ast
import os
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.conftest import FIRST_ON_WORKERS, pytest_xdist_auto_num_workers
from tests.profiles import examples

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
# Folders of tests that are not a package's: the whole tree's own tests, and the loopback Discord's.
WHOLE_TREE = {"test_layout_imports.py", "test_readme_examples.py", "test_tiers.py"}


def every_test_module() -> list[Path]:
    return sorted(TESTS.rglob("test_*.py"))


def collected(*args: str, env: dict[str, str] | None = None) -> list[str]:
    """The ids `pytest --collect-only` gives for these arguments, run from the repository root."""
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-p", "no:cacheprovider", *args],
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})},
                          capture_output=True, text=True, timeout=300)
    assert done.returncode in (0, 5), done.stdout + done.stderr  # 5: nothing selected
    return [line for line in done.stdout.splitlines() if "::" in line]


def test_the_tests_are_laid_out_as_the_packages() -> None:
    for path in every_test_module():
        folder = path.parent.relative_to(TESTS)
        if folder == Path("."):
            assert path.name in WHOLE_TREE, f"{path.name} belongs in the folder of the package it tests"
        elif folder != Path("loopback"):
            assert (ROOT / folder / "__init__.py").exists(), f"tests/{folder} names no package"
    assert (TESTS / "engine" / "test_record.py").exists() and (TESTS / "bot" / "records").is_dir()


def test_no_test_module_imports_another() -> None:
    for path in TESTS.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else \
                [a.name for a in node.names] if isinstance(node, ast.Import) else []
            for name in names:
                if name == "tests" or name.startswith("tests."):  # aiohttp.test_utils is not a test module of ours
                    assert not name.split(".")[-1].startswith("test_"), f"{path.relative_to(ROOT)} imports {name}"


@pytest.mark.process
def test_collecting_plays_no_game() -> None:
    """Every test module imports with Game.new refused: positions from random play wait until a test asks."""
    modules = [".".join(p.relative_to(ROOT).with_suffix("").parts) for p in every_test_module()]
    script = ("import importlib, sys\nfrom engine import Game\n"
              "def refuse(*a, **k):\n    raise AssertionError('a game played while collecting')\n"
              "Game.new = refuse\nimport tests.conftest\n"
              f"for name in {modules!r}:\n    importlib.import_module(name)\n")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]


@pytest.mark.process
def test_postgresql_runs_only_where_the_database_matters() -> None:
    wording = collected("tests/bot/test_bot_wording.py")
    assert wording and not collected("tests/bot/test_bot_wording.py", "-m", "postgresql")
    changes = collected("tests/bot/storage/test_storage_changes.py")
    on_postgresql = collected("tests/bot/storage/test_storage_changes.py", "-m", "postgresql")
    assert on_postgresql and len(changes) == 2 * len(on_postgresql)
    assert all(i.endswith("[postgresql]") for i in on_postgresql)


@pytest.mark.process
def test_the_slow_tiers_are_marked_and_the_quick_run_leaves_them_out() -> None:
    files = ["tests/bot/test_loopback_process.py", "tests/play/test_play_cli.py", "tests/engine/test_engine_fuzz.py",
             "tests/bot/storage/test_storage_copy.py", "tests/engine/test_engine_move.py"]
    every = set(collected(*files))
    quick = set(collected(*files, "-m", "not process and not postgresql and not fuzz"))
    process = set(collected(*files, "-m", "process"))
    assert {i for i in every if "test_loopback_process.py" in i} <= process
    assert set(collected("tests/engine/test_engine_fuzz.py", "-m", "fuzz")) == {
        i for i in every if "test_engine_fuzz.py" in i}
    assert all("test_storage_copy.py" not in i and "test_engine_fuzz.py" not in i for i in quick)
    assert any("test_play_cli.py" in i for i in quick) and any("test_engine_move.py" in i for i in quick)
    assert not quick & process


@pytest.mark.parametrize(("env", "count"), [({"CI": "true"}, 400), ({}, 40), ({"CI": "false"}, 40),
                                            ({"HYPOTHESIS_PROFILE": "ci"}, 400)])
def test_ci_runs_every_hypothesis_example_and_a_developer_a_tenth(monkeypatch, env: dict[str, str],
                                                                  count: int) -> None:
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv("HYPOTHESIS_PROFILE", raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert examples(400) == count and examples(150) == (150 if count == 400 else 15)


def test_every_run_spreads_whole_modules_over_one_worker_more_than_the_cpus(monkeypatch) -> None:
    options = shlex.split(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
                          ["addopts"])
    assert {"-n", "auto", "--dist", "loadfile", "--no-loadscope-reorder"} <= set(options)
    assert options[options.index("-n") + 1] == "auto" and options[options.index("--dist") + 1] == "loadfile"
    monkeypatch.delenv("PYTEST_XDIST_AUTO_NUM_WORKERS", raising=False)
    assert pytest_xdist_auto_num_workers(None) == len(os.sched_getaffinity(0)) + 1  # type: ignore[arg-type]
    monkeypatch.setenv("PYTEST_XDIST_AUTO_NUM_WORKERS", "1")
    assert pytest_xdist_auto_num_workers(None) is None  # type: ignore[arg-type]  # xdist's own hook reads it


@pytest.mark.process
def test_a_worker_takes_the_slowest_modules_first_and_one_process_keeps_the_plain_order() -> None:
    assert all((ROOT / name).is_file() for name in FIRST_ON_WORKERS), "a module named first is gone or renamed"
    files = ["tests/test_readme_examples.py", "tests/test_tiers.py", "tests/engine/ai/test_review.py"]
    plain = [i.split("::")[0] for i in collected(*files, env={"PYTEST_XDIST_WORKER": ""})]
    on_worker = [i.split("::")[0] for i in collected(*files, env={"PYTEST_XDIST_WORKER": "gw0"})]
    assert list(dict.fromkeys(plain)) == files
    assert list(dict.fromkeys(on_worker)) == ["tests/engine/ai/test_review.py", "tests/test_tiers.py",
                                              "tests/test_readme_examples.py"]
    assert sorted(plain) == sorted(on_worker)
