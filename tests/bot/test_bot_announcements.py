"""Every change of a running game stores its announcement in its own transaction in codes and values
(bot/service/said.py), worded as it is delivered (bot/discord_front/announcer.py); an interaction changes a game at
most once; a late command is refused if the game changed after it was made."""

from __future__ import annotations

import time

import pytest

import bot.service.desk
from bot.discord_front.announcer import Announcer
from bot.language.locales import Texts
from bot.language.locales import load as load_locales
from bot.service.events import Event
from bot.service.game_service import CHANGED, AlreadyDone, GameError, GameService, Origin
from bot.storage import Storage
from bot.storage.outbox import NewAnnouncement, OutboxStore
from tests.bot_harness import seed_where_first

ALICE, BOB = 1001, 1002
CHANNEL = 77


@pytest.fixture
async def service(database):
    storage = await Storage.open(database)
    service = GameService(storage, seed_source=lambda: seed_where_first(0), announcing=True)
    told: list[Event] = []
    service.publisher.subscribe(told.append)
    service.told = told
    yield service
    await storage.close()


async def running(service: GameService) -> int:
    table = await service.new_game(guild_id=5, channel_id=CHANNEL, user_id=ALICE, name="Alice", seats=2)
    await service.join(table.id, BOB, "Bob")
    await service.start(table.id, ALICE, origin=Origin(interaction_id=9000))
    return table.id


async def test_each_change_stores_its_announcement_with_it(service):
    game_id = await running(service)
    table = await service.load(game_id)
    move = next(m for m in table.game.legal_moves() if m.startswith("tile"))
    played = await service.play(game_id, move, user_id=ALICE, origin=Origin(interaction_id=9001))
    await service.undo(game_id, ALICE)
    await service.play(game_id, move, user_id=ALICE)
    await service.abandon(game_id, ALICE, can_manage=False, origin=Origin(name="Alice"))
    raw = await OutboxStore(service.storage.db).of_game(game_id)
    # Stored as codes and values, never words: worded when delivered.
    assert all(a.content == "" and a.said is not None for a in raw)
    assert raw[1].said["kind"] == "move" and raw[1].said["values"]["move"] == played.move
    stored = [await Announcer().worded(a) for a in raw]
    assert [a.kind for a in stored] == ["start", "move", "undo", "move", "abandon"]
    announced = [e.announcement for e in service.told if e.announcement is not None]
    assert [a.id for a in stored] == announced, "the outbox is told of each one"
    start, first = stored[0], stored[1]
    # Alice, the host, started it and is drawn first: the answer to her Start names her, pinging nobody (issue 37).
    assert "The game begins!" in start.content and start.pings == [] and start.interaction_id == 9000
    assert f"played `{played.move}`" in first.content and first.interaction_id == 9001
    assert first.pings == []  # Alice acts on in the turn she was pinged for: her own reply buzzes nobody
    assert first.picture["kind"] == "board" and first.picture["view"].get("bag") is None  # public view only
    assert any(b["label"] == "My hand" for b in first.buttons)
    assert "abandoned by Alice" in stored[-1].content and stored[-1].picture is None
    assert all(a.channel_id == CHANNEL and a.state == "pending" for a in stored)


async def test_an_account_is_worded_in_the_servers_language_when_it_is_delivered(service):
    game_id = await running(service)
    table = await service.load(game_id)
    move = next(m for m in table.game.legal_moves() if m.startswith("tile"))
    await service.play(game_id, move, user_id=ALICE)
    (stored,) = [a for a in await OutboxStore(service.storage.db).of_game(game_id) if a.kind == "move"]
    locales = load_locales()

    async def german(guild_id: int | None) -> Texts:
        assert guild_id == 5
        return locales.for_tag("de")

    english = await Announcer().worded(stored)
    worded = await Announcer(german).worded(stored)
    assert "played `" in english.content and "played `" not in worded.content and "spielt `" in worded.content
    assert worded.picture["lang"] == "de" and english.picture["lang"] == "en"
    # The game moved on before delivery: the words still read the game as that move left it.
    later = next(m for m in (await service.load(game_id)).game.legal_moves() if m.startswith("tile"))
    await service.play(game_id, later, user_id=ALICE)
    assert (await Announcer().worded(stored)).content == english.content


async def test_an_announcement_stored_in_words_before_is_delivered_as_it_was_worded(service):
    """Announcements written before accounts were kept as codes (schema 14) still go out, words unchanged."""
    store = OutboxStore(service.storage.db)
    stored = await store.add(NewAnnouncement(channel_id=CHANNEL, kind="move", content="**Alice** played `pass`.",
                                             pings=[BOB], created_at=time.time()))
    old = await store.get(stored.id)
    assert old is not None and old.said is None
    worded = await Announcer().worded(old)
    assert (worded.content, worded.pings) == ("**Alice** played `pass`.", [BOB])


async def test_an_interaction_changes_a_game_once(service):
    game_id = await running(service)
    table = await service.load(game_id)
    first, second = [m for m in table.game.legal_moves() if m.startswith("tile")][:2]
    await service.play(game_id, first, user_id=ALICE, origin=Origin(interaction_id=4242))
    # Delivered again (a RESUME replay to another process, say): the database refuses a second change by it.
    with pytest.raises(AlreadyDone):
        await service.play(game_id, second, user_id=ALICE, origin=Origin(interaction_id=4242))
    assert [m.move for m in await service.storage.moves(game_id)] == [first]
    assert [a.kind for a in await OutboxStore(service.storage.db).of_game(game_id)] == ["start", "move"]
    await service.play(game_id, second, user_id=ALICE, origin=Origin(interaction_id=4243))
    assert [m.move for m in await service.storage.moves(game_id)] == [first, second]


async def test_a_late_command_is_applied_only_if_nothing_changed_since_it_was_made(service, monkeypatch):
    monkeypatch.setattr(bot.service.desk, "LATE_AFTER", 0.0)  # every command counts as late here
    game_id = await running(service)
    made = time.time() - 60  # before the game started
    table = await service.load(game_id)
    move = next(m for m in table.game.legal_moves() if m.startswith("tile"))
    with pytest.raises(GameError) as refused:
        await service.play(game_id, move, user_id=ALICE, origin=Origin(interaction_id=1, made_at=made))
    assert str(refused.value) == CHANGED
    with pytest.raises(GameError):
        await service.undo(game_id, ALICE, origin=Origin(interaction_id=2, made_at=made))
    assert await service.storage.moves(game_id) == []
    assert [a.kind for a in await OutboxStore(service.storage.db).of_game(game_id)] == ["start"]
    # Made after the last change: applied.
    await service.play(game_id, move, user_id=ALICE, origin=Origin(interaction_id=3, made_at=time.time()))
    assert [m.move for m in await service.storage.moves(game_id)] == [move]


async def test_a_service_that_does_not_announce_stores_nothing_for_the_outbox(database):
    storage = await Storage.open(database)
    try:
        service = GameService(storage, seed_source=lambda: seed_where_first(0))
        game_id = await running(service)
        assert await OutboxStore(storage.db).of_game(game_id) == []
    finally:
        await storage.close()
