"""pytest fixtures: a loopback Discord per test, and bot processes that never outlive their test."""

from __future__ import annotations

import pytest

from tests.loopback.process import BotProcesses
from tests.loopback.server import LoopbackDiscord


@pytest.fixture
async def loopback():
    """A started LoopbackDiscord with Discord's rate limits; stopped after the test."""
    server = await LoopbackDiscord().start()
    try:
        yield server
    finally:
        await server.stop()


@pytest.fixture
async def bot_processes(loopback, tmp_path):
    """Makes `python -m bot` processes against `loopback`; every one is stopped (or killed) afterwards."""
    procs = BotProcesses(loopback, tmp_path / "bots")
    try:
        yield procs
    finally:
        await procs.cleanup()
