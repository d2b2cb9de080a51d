"""The service says what a change did instead of filling an argument (issue 29): a move comes back with the
announcement stored with it, and the parts of the service share one set of live tables and one time source."""

from __future__ import annotations

import pytest

from bot.discord_front.announcer import Announcer
from bot.service.game_service import GameService
from bot.service.table import GameError, Origin
from bot.storage import Storage
from bot.storage.outbox import OutboxStore
from tests.bot_harness import seed_where_first

# The database matters here, so these run on SQLite and on PostgreSQL.
pytestmark = pytest.mark.both_databases

ALICE, BOB = 1001, 1002
CHANNEL = 77


@pytest.fixture
async def service(database):
    storage = await Storage.open(database)
    yield GameService(storage, seed_source=lambda: seed_where_first(0), announcing=True)
    await storage.close()


async def running(service: GameService) -> int:
    table = await service.new_game(guild_id=5, channel_id=CHANNEL, user_id=ALICE, name="Alice", seats=2)
    await service.join(table.id, BOB, "Bob")
    await service.start(table.id, ALICE)
    return table.id


async def test_a_move_returns_the_announcement_stored_with_it(service):
    game_id = await running(service)
    move = next(m for m in (await service.load(game_id)).game.legal_moves() if m.startswith("tile"))
    played = await service.play(game_id, move, user_id=ALICE, origin=Origin(interaction_id=9001))
    assert played.announced is not None and played.said is not None
    stored = await OutboxStore(service.storage.db).get(played.announced.id)
    assert stored is not None and stored.interaction_id == 9001 and stored.said == played.said.stored()
    assert f"played `{played.move}`" in (await Announcer().worded(stored)).content


async def test_a_move_of_a_service_that_does_not_announce_announces_nothing(service):
    service.announcing = False  # the terminal's way: changes stored without announcements
    game_id = await running(service)
    move = next(m for m in (await service.load(game_id)).game.legal_moves() if m.startswith("tile"))
    played = await service.play(game_id, move, user_id=ALICE)
    assert played.announced is None and played.said is None
    assert await OutboxStore(service.storage.db).of_game(game_id) == []


async def test_a_refused_move_changes_nothing_and_says_why(service):
    game_id = await running(service)
    before = await service.storage.get_game(game_id)
    with pytest.raises(GameError, match="not your turn"):
        await service.play(game_id, "pass", user_id=BOB)
    assert await service.storage.get_game(game_id) == before
    assert len(await OutboxStore(service.storage.db).of_game(game_id)) == 1  # the start's, nothing more


async def test_time_set_on_the_service_is_the_time_every_part_reads(service):
    service.now = lambda: 5_000.0
    game_id = await running(service)
    assert (await service.load(game_id)).row.clock.since == 5_000.0
