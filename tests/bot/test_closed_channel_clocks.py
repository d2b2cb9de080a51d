"""A game whose channel stays closed to the bot: its clock stops (no reminder, no stand-in) until a post gets
through there again, then runs on with the time that was left (bot/service/clock_steps.py, bot/storage/clocks.py)."""

from __future__ import annotations

import pytest

from bot.background import clocks
from bot.background.clocks import ClockEvent, ClockKeeper
from bot.discord_front.announcer import Announcer
from bot.service.game_service import GameService
from bot.storage import Storage
from bot.storage.outbox import OutboxStore
from bot.storage.rows import ClockRow
from tests.bot_harness import seed_where_first
from tests.clock_helpers import HOUR, FakeTime

# The database matters here, so these run on SQLite and on PostgreSQL.
pytestmark = pytest.mark.both_databases

ALICE, BOB = 1001, 1002
CHANNEL = 7


@pytest.fixture
def now():
    return FakeTime()


@pytest.fixture
async def storage(database):
    store = await Storage.open(database)
    yield store
    await store.close()


async def two_people(service: GameService) -> int:
    table = await service.new_game(guild_id=1, channel_id=CHANNEL, user_id=ALICE, name="Alice", seats=2, clock="1h")
    await service.join(table.id, BOB, "Bob")
    await service.start(table.id, ALICE)
    return table.id


def test_a_stopped_clock_keeps_what_was_left_and_a_turn_begun_meanwhile_keeps_all_of_it():
    clock = ClockRow(clock="1h", seat=0, turn=0, since=0.0, deadline=HOUR)
    clock = ClockRow(**{**clock.__dict__, "due": clocks.due_at(clock)})
    after = clocks.restarted(clock, stopped_at=HOUR / 4, now=5 * HOUR)
    assert after.deadline - 5 * HOUR == pytest.approx(0.75 * HOUR)
    assert after.due == pytest.approx(after.since + HOUR / 2), "the reminder at half comes where it would have"
    begun = ClockRow(**{**clock.__dict__, "since": 2 * HOUR, "deadline": 3 * HOUR})
    assert clocks.restarted(begun, stopped_at=HOUR / 4, now=5 * HOUR).deadline == pytest.approx(6 * HOUR)


async def test_a_closed_channel_stops_its_games_clock_and_a_post_getting_through_runs_it_on(storage, now):
    service = GameService(storage, seed_source=lambda: seed_where_first(0, 2), now=now)
    game_id = await two_people(service)
    seen: list[ClockEvent] = []

    async def heard(event: ClockEvent) -> None:
        seen.append(event)

    keeper = ClockKeeper(service, heard, owner="p1")
    now.advance(HOUR / 4)
    assert await service.channel_closed(CHANNEL) == [game_id]
    assert await service.channel_closed(CHANNEL) == [], "stopped once"
    now.advance(5 * HOUR)  # far past Alice's deadline
    await keeper.run_once()
    assert seen == [], "no reminder, no stand-in while the channel is closed"
    assert await service.channel_open(CHANNEL) == [game_id]
    assert await service.channel_open(CHANNEL) == [], "runs again once"
    said = [(await Announcer().worded(a)).content for a in await OutboxStore(storage.db).of_game(game_id)
            if a.kind == "resumed"]
    assert said == [f"The bot can post here again. Game #{game_id}'s clock stood still for 5 hours while it could "
                    "not, and runs on now with the time that was left."], "told once, after what was held"
    clock = (await service.load(game_id)).row.clock
    assert (clock.seat, clock.deadline - now()) == (0, pytest.approx(0.75 * HOUR)), "the time Alice had left"
    now.advance(HOUR / 4)
    await keeper.run_once()
    assert [(e.kind, e.user_id) for e in seen] == [(clocks.REMIND_HALF, ALICE)]


async def test_a_turn_that_begins_while_the_clock_stands_gets_its_whole_time_once_it_runs(storage, now):
    service = GameService(storage, seed_source=lambda: seed_where_first(0, 2), now=now)
    game_id = await two_people(service)
    await service.channel_closed(CHANNEL)
    now.advance(HOUR / 2)
    # The person acting is told privately (bot/discord_front/closed_note.py).
    await service.play(game_id, "pass", user_id=ALICE)
    keeper = ClockKeeper(service, lambda event: None, owner="p1")  # type: ignore[arg-type, return-value]
    now.advance(3 * HOUR)
    assert await keeper.run_once() == [], "Bob's clock stands too"
    await service.channel_open(CHANNEL)
    clock = (await service.load(game_id)).row.clock
    assert (clock.seat, clock.deadline - now()) == (1, pytest.approx(HOUR)), "Bob has his whole hour"


async def test_a_game_that_ended_while_its_clock_stood_is_not_restarted(storage, now):
    service = GameService(storage, seed_source=lambda: seed_where_first(0, 2), now=now)
    game_id = await two_people(service)
    await service.channel_closed(CHANNEL)
    await service.resign(game_id, BOB)
    assert await service.channel_open(CHANNEL) == []
    assert [a for a in await OutboxStore(storage.db).of_game(game_id) if a.kind == "resumed"] == []
