"""Fixtures shared by the bot tests: the offline Discord (tests/bot_harness.py) and a bot logged in against it."""

from __future__ import annotations

import pytest

import render
from tests.bot_harness import FakeDiscord, Harness, ensure_render
from tests.loopback.fixtures import bot_processes, loopback  # noqa: F401 (fixtures for every test module)


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

    def spy_board(view, *, names=None):
        seen.append(view)
        return board(view, names=names)

    def spy_final(position, standings, *, names=None):
        seen.append(position)
        return final(position, standings, names=names)

    monkeypatch.setattr(render, "render_board", spy_board)
    monkeypatch.setattr(render, "render_final", spy_final)
    return seen


@pytest.fixture
async def harness(fake, tmp_path):
    h = await Harness(fake, str(tmp_path / "tne.sqlite3"), seed=11).start()
    yield h
    await h.close()
