"""Computer moves come first: hints and reviews think in a lane of workers of their own (bot/background/workers.py),
which a
flood of them can fill without holding up any game's computer move; and one person may ask one hint or review at a
time, and so many in a while (bot/service/allowance.py), refused in words that change nothing."""

from __future__ import annotations

import asyncio
import os
import threading

import pytest

from bot.background.workers import ANALYSIS_NICE, NICE
from bot.config import ConfigError, load_config
from bot.service.allowance import BUSY, TOO_MANY, Allowance
from bot.service.table import GameError
from tests.bot_harness import ALICE, BOB, CHANNEL, GUILD_ID, open_game, response

OTHER_SERVER = 999


async def until(condition, tries: int = 2000) -> None:
    for _ in range(tries):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("never came to pass")


async def test_a_computer_move_starts_while_hints_and_reviews_fill_every_analysis_worker_and_more_wait(harness):
    controller = harness.bot.controller
    analysis, computers = controller.hints.workers, controller.seats.workers
    assert controller.reviews.workers is analysis and analysis is not computers
    release = threading.Event()
    extra = 5
    # Another server floods the analysis lane: every worker busy, more waiting in its queue.
    flood = [asyncio.create_task(analysis.run_fair(OTHER_SERVER, ("review", n % 3), release.wait, 120))
             for n in range(analysis.queue.slots + extra)]
    try:
        await until(lambda: analysis.queue.busy == analysis.queue.slots and analysis.queue.waiting() == extra)
        # A quiet server's computer move, as bot/background/seats.py asks it; the wait_for only keeps a regression from
        # hanging.
        moved = await asyncio.wait_for(computers.run_fair(GUILD_ID, 1, pow, 3, 2), 60)
        assert moved == 9
        assert not release.is_set() and analysis.queue.busy == analysis.queue.slots, "the flood is still running"
        assert computers.queue.busy == 0 and computers.queue.waiting() == 0
    finally:
        release.set()
        await asyncio.gather(*flood)


async def test_the_bot_builds_the_analysis_lane_apart_and_lower_with_one_allowance_for_hints_and_reviews(harness):
    app, controller = harness.bot.app, harness.bot.controller
    assert controller.seats.workers is app.thinkers and app.thinkers.nice == NICE
    assert controller.hints.workers is app.analysts and controller.reviews.workers is app.analysts
    assert app.analysts is not app.thinkers and app.analysts.nice == ANALYSIS_NICE
    assert controller.hints.allowance is controller.reviews.allowance


def test_the_analysis_lanes_processes_are_a_setting_of_their_own():
    assert load_config({}).analysis_processes == (1 if (os.cpu_count() or 1) > 1 else 0)
    config = load_config({"TNE_AI_PROCESSES": "2", "TNE_ANALYSIS_PROCESSES": "3"})
    assert config.ai_processes == 2 and config.analysis_processes == 3
    with pytest.raises(ConfigError, match="TNE_ANALYSIS_PROCESSES"):
        load_config({"TNE_ANALYSIS_PROCESSES": "many"})


async def test_a_second_hint_while_the_first_is_thought_is_refused_in_words_and_changes_nothing(harness):
    h = harness
    h.bot.controller.hints.budget = 0.2
    game_id = await open_game(h, [ALICE, BOB], hints="on")
    table = await h.service.load(game_id)
    asker = [ALICE, BOB][table.game.to_move]
    queue = h.bot.controller.hints.workers.queue
    slots, queue.slots = queue.slots, 1
    try:
        async with queue.slot(OTHER_SERVER, "its review"):  # the analysis lane busy: the first hint waits its turn
            first = asyncio.create_task(h.command(asker, CHANNEL, "hint"))
            await until(lambda: queue.waiting() == 1)
            second = response(await h.command(asker, CHANNEL, "hint"))
            assert second.ephemeral and second.content == BUSY
            assert queue.waiting() == 1, "the refused hint queued nothing"
        answered = await first
    finally:
        queue.slots = slots
    assert [c for c in answered if c.content.startswith("Hint: ")], "the first hint is answered"
    assert await h.service.storage.db.fetchval("SELECT COUNT(*) FROM hints WHERE game_id = ?", game_id) == 1
    assert (await h.service.load(game_id)).row.players[table.game.to_move].hints == 1
    # Once answered, the person may ask again.
    again = await h.command(asker, CHANNEL, "hint")
    assert [c for c in again if c.content.startswith("Hint: ")]


def test_one_person_may_ask_one_at_a_time_and_so_many_in_a_window():
    now = [0.0]
    allowance = Allowance(at_once=1, per_window=3, window=600.0, clock=lambda: now[0])
    with allowance.turn(1):
        with pytest.raises(GameError) as busy, allowance.turn(1):
            pass
        assert busy.value.template == BUSY
        with allowance.turn(2):  # someone else is not held up
            pass
    for _ in range(2):
        now[0] += 10
        with allowance.turn(1):
            pass
    now[0] = 100.0
    with pytest.raises(GameError) as many, allowance.turn(1):
        pass
    assert many.value.template == TOO_MANY
    assert many.value.values == {"count": 3, "minutes": 10, "seconds": 500}
    assert allowance.busy(1) == 0, "a refusal holds nothing"
    now[0] = 600.0  # the first ask left the window
    with allowance.turn(1):
        pass
    now[0] = 605.0
    # The refused ask was not counted; the three in the window are.
    with pytest.raises(GameError), allowance.turn(1):
        pass
