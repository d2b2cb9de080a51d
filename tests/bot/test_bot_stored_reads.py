"""What only looks at a game (/tne board, status, log, hand and the move autocomplete) shows it as stored, even when
another process changed it since this one last did (a sharded bot, a computer seat played elsewhere); a look that
finds memory up to date reads one row and rebuilds nothing."""

from __future__ import annotations

import pytest

from bot.background import clocks
from bot.discord_front.completion import kinds
from bot.service.game_service import GameService
from bot.storage import Storage
from tests.bot_harness import ALICE, BOB, CHANNEL, Harness, open_game, response
from tests.clock_helpers import HOUR, FakeTime

# The database matters here, so these run on SQLite and on PostgreSQL.
pytestmark = pytest.mark.both_databases


async def test_looks_read_what_another_process_stored(fake, database):
    h = await Harness(fake, database, seed=3).start()
    await h.bot.controller.clocks.stop()  # the test steps the clock itself
    await h.bot.controller.seats.stop()  # and no stand-in plays while it looks
    h.bot.service.now = now = FakeTime()
    other = GameService(await Storage.open(database), now=now)  # a second process on the same database
    try:
        game_id = await open_game(h, [ALICE, BOB], clock="1h")
        users = [ALICE, BOB]
        table = await h.service.load(game_id)
        first = table.game.to_move
        mover, waiter = users[first], users[1 - first]
        board = response(await h.command(BOB, CHANNEL, "board")).content
        assert board.startswith(f"Game #{game_id} after 0 moves.")
        assert await h.service.load(game_id) is table, "nothing changed: memory kept, nothing rebuilt"

        # The other process serves the mover's pass: its turn ends there; this process's memory knows nothing.
        await other.play(game_id, "pass", user_id=mover.id)
        stored = await other.load(game_id)
        assert stored.game.to_move == 1 - first and (await h.service.load(game_id)).game.to_move == first

        assert await h.autocomplete(mover, CHANNEL, "") == [], "no longer the mover's turn"
        assert await h.autocomplete(waiter, CHANNEL, "") == [v for _, v in kinds(stored.game.legal_moves())][:25]
        board = response(await h.command(ALICE, CHANNEL, "board")).content
        assert board.startswith(f"Game #{game_id} after 1 move.\n<@{waiter.id}> (") and "2 actions left" in board
        status = response(await h.command(BOB, CHANNEL, "status")).content
        assert "1 move played" in status and f"Turn: {stored.label(1 - first)}, 2 actions left." in status
        log = response(await h.command(BOB, CHANNEL, "log")).content
        assert "`pass`" in log
        hand = response(await h.command(waiter, CHANNEL, "hand")).content
        assert "Your turn: 2 actions left." in hand

        # And the other way round: a move served here is what the other process reads when it looks.
        await h.command(waiter, CHANNEL, "move", action="pass")
        assert (await other.current(game_id)).game.to_move == first

        # This process's own changes and clock steps leave memory as stored: a look rebuilds nothing.
        mine = await h.service.load(game_id)
        now.advance(HOUR / 2)
        assert [e.kind for e in await h.bot.controller.clocks.run_once()] == [clocks.REMIND_HALF]
        assert await h.service.current(game_id) is mine
        # The other process's clock step (the stand-in takes the seat) changes no revision, yet a look sees it.
        now.advance(HOUR / 2)
        assert [e.kind for e in await clocks.ClockKeeper(other, noop, owner="other").run_once()] == [
            clocks.TIMED_OUT]
        assert (await h.service.current(game_id)).row.clock.standin
        status = response(await h.command(BOB, CHANNEL, "status")).content
        assert "Time: the stand-in plays for" in status
    finally:
        await other.storage.close()
        await h.close()


async def noop(event) -> None:
    pass
