"""Shutting down is logged: what the bot still waits for or hands back when close() starts, and that it stopped;
never the token."""

from __future__ import annotations

import asyncio
import logging

from tests.bot_harness import ALICE, CHANNEL, Harness, seed_where_first

TOKEN = "test-token"  # what the harness logs in with


def client_lines(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "bot.client" and r.levelno == logging.INFO]


async def test_close_says_what_it_waits_for_then_stopped(fake, tmp_path, caplog):
    h = await Harness(fake, str(tmp_path / "tne.sqlite3"), seed=seed_where_first(0), ai_delay=3600).start()
    await h.command(ALICE, CHANNEL, "new", seats=2)
    await h.command(ALICE, CHANNEL, "addbot", level="easy")
    await h.command(ALICE, CHANNEL, "start")
    table = await h.service.channel_table(CHANNEL)
    assert table.game.to_move == 0
    # Alice passes through the service directly: the computer's turn starts thinking (slowly) once kicked.
    await h.service.play(table.id, "pass", user_id=ALICE.id)
    assert (await h.service.load(table.id)).game.to_move == 1
    h.bot.controller.kick(table.id)
    await asyncio.sleep(0.05)
    assert h.bot.controller.seats.playing() == {table.id}

    caplog.set_level(logging.INFO)
    await h.close()
    lines = client_lines(caplog)
    assert lines[0] == ("Shutting down: computer seats thinking in 1 game (stopped; another process or the next "
                        "start plays them); this process's leases to hand back; the database to close")
    assert lines[-1] == "Stopped" and len(lines) == 2
    assert h.bot.controller.seats.playing() == set() and h.bot.storage is None
    assert not any(TOKEN in r.getMessage() for r in caplog.records)

    await h.close()  # a second close (a signal during shutdown) says nothing more
    assert client_lines(caplog) == lines


async def test_a_quiet_bot_closes_with_two_lines(fake, tmp_path, caplog):
    h = await Harness(fake, str(tmp_path / "tne.sqlite3")).start()
    caplog.set_level(logging.INFO)
    await h.close()
    assert client_lines(caplog) == ["Shutting down: this process's leases to hand back; the database to close",
                                    "Stopped"]
