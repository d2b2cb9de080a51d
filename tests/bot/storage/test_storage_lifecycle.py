"""Games that go away, on both back ends: a deleted channel or a server that removed the bot closes its games as
abandoned and drops what was owed there; lobbies expire; a message delivering one announcement is never another's."""

from __future__ import annotations

import time

import pytest

from bot.discord_front.announcer import Announcer
from bot.service.game_service import CHANNEL_GONE, GUILD_GONE, LOBBY_EXPIRED, GameError, GameService
from bot.storage import Statement, Storage
from bot.storage.outbox import FAILED, PENDING, NewAnnouncement, OutboxStore

# The database matters here, so these run on SQLite and on PostgreSQL.
pytestmark = pytest.mark.both_databases

GUILD, OTHER_GUILD = 1_000_000_000_000_000_001, 1_000_000_000_000_000_002
ALICE, BOB = 11, 12


@pytest.fixture
async def service(database):
    storage = await Storage.open(database)
    yield GameService(storage)
    await storage.close()


async def lobby(service: GameService, channel_id: int, *, guild: int = GUILD, host: int = ALICE) -> int:
    return (await service.new_game(guild_id=guild, channel_id=channel_id, user_id=host, name="Host", seats=2)).id


async def status(service: GameService, game_id: int) -> tuple[str, str | None]:
    row = await service.storage.get_game(game_id)
    assert row is not None
    return str(row.status), row.end_reason


async def test_a_deleted_channel_closes_its_game_and_drops_what_was_owed_there(service):
    outbox = OutboxStore(service.storage.db)
    game = await lobby(service, 101)
    await service.join(game, BOB, "Bob")
    await service.start(game, ALICE)
    other = await lobby(service, 102)
    owed = await outbox.add(NewAnnouncement(channel_id=101, kind="move", content="a move", game_id=game,
                                            picture={"kind": "board"}, created_at=time.time()))
    elsewhere = await outbox.add(NewAnnouncement(channel_id=102, kind="note", content="stays", created_at=time.time()))

    assert await service.channel_gone(101) == [game]
    assert await status(service, game) == ("abandoned", CHANNEL_GONE)
    dropped = await outbox.get(owed.id)
    assert dropped is not None and dropped.state == FAILED and dropped.picture is None
    assert [a.channel_id for a in await outbox.open_in(101)] == []
    kept = await outbox.get(elsewhere.id)
    assert kept is not None and kept.state == PENDING and await status(service, other) == ("lobby", None)
    assert await service.channel_gone(101) == []  # heard twice: nothing more happens
    with pytest.raises(GameError, match="already over"):
        await service.abandon(game, ALICE, can_manage=True)


async def test_a_server_that_removed_the_bot_closes_only_its_own_games(service):
    mine, theirs = await lobby(service, 201), await lobby(service, 202, guild=OTHER_GUILD)
    assert await service.guild_gone(GUILD) == [mine]
    assert await status(service, mine) == ("abandoned", GUILD_GONE)
    assert await status(service, theirs) == ("lobby", None)
    assert await service.storage.open_lobbies(GUILD, ALICE) == []


async def test_only_lobbies_older_than_the_expiry_close_with_a_note(service):
    old, young = await lobby(service, 301), await lobby(service, 302, host=BOB)
    await service.storage.db.write(Statement("UPDATE games SET created_at = created_at - ? WHERE id = ?",
                                             (3 * 3600, old)))
    assert await service.expire_lobbies(2 * 3600) == [old]
    assert await status(service, old) == ("cancelled", LOBBY_EXPIRED)
    assert await status(service, young) == ("lobby", None)
    (stored,) = await OutboxStore(service.storage.db).of_game(old)
    note = await Announcer().worded(stored)
    assert note.channel_id == 301 and "nobody started it within 2 hours" in note.content
    assert await service.expire_lobbies(2 * 3600) == []
    with pytest.raises(GameError, match="This lobby is closed"):
        await service.join(old, BOB, "Bob")


async def test_a_game_is_closed_by_number_only_in_its_own_server(service):
    game = await lobby(service, 401)
    with pytest.raises(GameError, match=f"There is no game #{game} in this server"):
        await service.abandon_by_number(game, ALICE, guild_id=OTHER_GUILD, can_manage=True)
    with pytest.raises(GameError, match="Only the host"):
        await service.abandon_by_number(game, BOB, guild_id=GUILD, can_manage=False)
    assert await status(service, game) == ("lobby", None)
    await service.abandon_by_number(game, BOB, guild_id=GUILD, can_manage=True)
    assert await status(service, game) == ("abandoned", "abandoned")
