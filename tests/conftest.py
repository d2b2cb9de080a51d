"""Fixtures shared by the tests: a database on each back end (SQLite file, throw-away PostgreSQL), the offline
Discord (tests/bot_harness.py) and a bot logged in against it."""

from __future__ import annotations

import signal

import pytest

import render
from tests.bot_harness import FakeDiscord, Harness, ensure_render
from tests.loopback.fixtures import bot_processes, loopback  # noqa: F401 (fixtures for every test module)
from tests.pg import PostgresMissing, PostgresServer

# A suite started as a background job of a non-interactive shell (`pytest &`) inherits SIGINT ignored, and so would
# every bot and terminal it starts (an ignored signal survives exec): the tests that stop them with Ctrl-C need it.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

BACK_ENDS = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def postgres():
    """One PostgreSQL server for the whole run, started on first use; never skipped: missing programs fail."""
    try:
        server = PostgresServer().start()
    except PostgresMissing as exc:
        pytest.fail(str(exc), pytrace=False)
    yield server
    server.stop()


@pytest.fixture(params=BACK_ENDS)
def back_end(request) -> str:
    return request.param


@pytest.fixture
def database(back_end, tmp_path, request) -> str:
    """A fresh, empty-of-games database on each back end: a SQLite file path or a PostgreSQL URL."""
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

    def spy_board(view, *, names=None, clock=None):
        seen.append(view)
        return board(view, names=names, clock=clock)

    def spy_final(position, standings, *, names=None):
        seen.append(position)
        return final(position, standings, names=names)

    monkeypatch.setattr(render, "render_board", spy_board)
    monkeypatch.setattr(render, "render_final", spy_final)
    return seen


@pytest.fixture
async def harness(fake, database):
    h = await Harness(fake, database, seed=11).start()
    yield h
    await h.close()
