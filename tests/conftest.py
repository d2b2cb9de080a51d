"""Fixtures shared by the tests: a database (a SQLite file; also throw-away PostgreSQL for tests marked
`both_databases`), the offline Discord (tests/bot_harness.py), a bot logged in against it, and the tiers' marks."""

from __future__ import annotations

import os
import signal
import sys

import pytest
from hypothesis import settings

import render
from tests.bot_harness import FakeDiscord, Harness, ensure_render
from tests.loopback.fixtures import bot_processes, loopback  # noqa: F401 (fixtures for every test module)
from tests.pg import PostgresMissing, PostgresServer
from tests.profiles import chosen

# A suite started as a background job of a non-interactive shell (`pytest &`) inherits SIGINT ignored, and so would
# every bot and terminal it starts (an ignored signal survives exec): the tests that stop them with Ctrl-C need it.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# Every bot, terminal, browser test's bot and collection the tests start is a Python process of its own: with
# PYTHONDONTWRITEBYTECODE set (some machines and CI images set it) each would compile the whole tree again, and each
# worker rewrite every test module's asserts again (measured: the suite about 15% slower). Set here, before the
# parallel workers are started, so that they and everything they start keep their compiled modules.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

BACK_ENDS = ("sqlite", "postgresql")

settings.load_profile(chosen())


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """`-n auto` (pyproject's addopts): one worker more than the CPUs, since the process, browser and loopback tests
    spend part of their time waiting on another process; PYTEST_XDIST_AUTO_NUM_WORKERS still decides if set."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    return len(os.sched_getaffinity(0)) + 1


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Both back ends for tests marked `both_databases` (the database matters there); SQLite for the rest."""
    if "back_end" in metafunc.fixturenames and metafunc.definition.get_closest_marker("both_databases"):
        metafunc.parametrize("back_end", [pytest.param(b, marks=[pytest.mark.postgresql] if b == "postgresql" else [])
                                          for b in BACK_ENDS])


# The modules that take longest (measured, docs/testing.md), handed to the parallel workers first so that none is
# left running alone at the end. Only the order of dispatch: a module renamed or gone here changes nothing else.
FIRST_ON_WORKERS = (
    "tests/engine/ai/test_review.py",
    "tests/bot/test_clocks_loopback.py",
    "tests/bot/test_bot_game.py",
    "tests/bot/test_bot_seat_shards.py",
    "tests/bot/web/test_web_browser_game.py",
    "tests/bot/web/test_web_browser_decisions.py",
    "tests/test_tiers.py",
    "tests/bench/test_ai_frozen.py",
    "tests/bot/test_bot_pings.py",
    "tests/bot/records/test_records_bot.py",
    "tests/bot/web/test_web_browser_axe.py",
    "tests/bot/test_bot_persistence.py",
    "tests/bot/test_loopback_process.py",
    "tests/bot/web/test_web_browser_keyboard.py",
    "tests/engine/ai/test_review_revolt_blunder.py",
    "tests/bot/test_loopback_closed_channel.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Marks each test with the slow tiers it belongs to, from the fixtures it uses; on a parallel worker, puts the
    slowest modules first (every worker collects alike, and `--no-loadscope-reorder` keeps this order)."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        first = {name: rank for rank, name in enumerate(FIRST_ON_WORKERS)}
        items.sort(key=lambda item: first.get(item.nodeid.split("::")[0], len(first)))  # stable: the rest as before
    for item in items:
        fixtures = getattr(item, "fixturenames", ())
        if "postgres" in fixtures:
            item.add_marker(pytest.mark.postgresql)
        if "bot_processes" in fixtures:
            item.add_marker(pytest.mark.process)
        if "loopback" in fixtures:
            item.add_marker(pytest.mark.loopback)
        if getattr(getattr(item, "obj", None), "is_hypothesis_test", False):
            item.add_marker(pytest.mark.fuzz)


@pytest.fixture(scope="session")
def postgres():
    """One PostgreSQL server for the whole run, started on first use; never skipped: missing programs fail."""
    try:
        server = PostgresServer().start()
    except PostgresMissing as exc:
        pytest.fail(str(exc), pytrace=False)
    yield server
    server.stop()


@pytest.fixture
def back_end() -> str:
    """SQLite unless the test is marked `both_databases` (pytest_generate_tests then gives each back end)."""
    return "sqlite"


@pytest.fixture
def database(back_end, tmp_path, request) -> str:
    """A fresh, empty-of-games database: a SQLite file path or a PostgreSQL URL."""
    if back_end == "sqlite":
        return str(tmp_path / "tne.sqlite3")
    return request.getfixturevalue("postgres").database()


@pytest.fixture
def fake():
    ensure_render()
    f = FakeDiscord()
    f.install()
    yield f
    f.uninstall()


@pytest.fixture
def drawn(monkeypatch):
    """Every view a public picture was drawn from; checks that none holds a hand or hidden points."""
    seen: list[dict] = []
    board, final = render.render_board, render.render_final

    def spy_board(view, *, names=None, clock=None, **words):
        seen.append(view)
        return board(view, names=names, clock=clock, **words)

    def spy_final(position, standings, *, names=None, **words):
        seen.append(position)
        return final(position, standings, names=names, **words)

    monkeypatch.setattr(render, "render_board", spy_board)
    monkeypatch.setattr(render, "render_final", spy_final)
    return seen


@pytest.fixture
async def harness(fake, database):
    h = await Harness(fake, database, seed=11).start()
    yield h
    await h.close()
