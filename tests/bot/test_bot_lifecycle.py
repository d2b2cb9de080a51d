"""Lobbies and games that go away: deleted channels and threads, a server that removes the bot, lobbies nobody
starts, and the host closing one by its number from anywhere. The real bot in this process against the loopback
Discord, judged by what the channels show and what the database holds."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Awaitable, Callable

import pytest

from bot.service.game_service import MAX_LOBBIES
from bot.storage import Statement, Storage
from bot.storage.outbox import NewAnnouncement
from tests.loopback import LoopbackDiscord, running_bot
from tests.loopback.model import Channel, User

pytestmark = pytest.mark.loopback


async def statuses(db: str, *game_ids: int) -> list[tuple[str, str | None]]:
    """Each game's status and end reason, as stored."""
    storage = await Storage.open(db)
    try:
        rows = [await storage.get_game(g) for g in game_ids]
    finally:
        await storage.close()
    return [(str(r.status), r.end_reason) for r in rows if r is not None]


async def closed(db: str, *game_ids: int) -> bool:
    return all(status not in ("lobby", "active") for status, _ in await statuses(db, *game_ids))


async def until(check: Callable[[], Awaitable[bool]], timeout: float = 5.0) -> None:
    """Until the bot's database says so (it changes without a message to wait for)."""
    deadline = time.monotonic() + timeout
    while not await check():
        if time.monotonic() > deadline:
            raise AssertionError("not reached in time")
        await asyncio.sleep(0.05)


async def open_lobby(server: LoopbackDiscord, channel: Channel, host: User) -> int:
    """/tne new: the lobby's game number, from its message."""
    lobby = await (await server.slash(host, channel, "tne new", seats=2)).response()
    found = re.search(r"game #(\d+)", lobby.content)
    assert found, lobby.content
    return int(found[1])


async def answer(server: LoopbackDiscord, person: User, channel: Channel, command: str, **options: object) -> str:
    """The words of the bot's answer to a command (private or public)."""
    sent = await server.slash(person, channel, command, **options)
    return (await sent.response()).content


async def test_deleted_threads_close_their_lobbies_and_free_the_hosts_lobby_cap(loopback, tmp_path):
    alice = loopback.add_user("Alice")
    guild = loopback.add_guild()
    hall = loopback.add_channel(guild)
    threads = [loopback.add_thread(hall, f"game {i}") for i in range(MAX_LOBBIES)]
    db = str(tmp_path / "tne.sqlite3")
    async with running_bot(loopback, db) as bot:
        await bot.sync_commands()
        games = [await open_lobby(loopback, t, alice) for t in threads]
        refused = await answer(loopback, alice, hall, "tne new", seats=2)
        assert f"You already have {MAX_LOBBIES} open lobbies" in refused

        shown = {t.id: len(loopback.channel(t).messages()) for t in threads}
        for t in threads:
            await loopback.delete_channel(t)
        await until(lambda: closed(db, *games))
        assert await statuses(db, *games) == [("abandoned", "channel_deleted")] * MAX_LOBBIES

        # Nothing was posted in the deleted threads, and Alice may open a lobby again.
        assert {t.id: len(loopback.channel(t).messages()) for t in threads} == shown
        opened = await answer(loopback, alice, hall, "tne new", seats=2)
        assert "open lobbies" not in opened and "Join" in [b.get("label") for b in
                                                           loopback.channel(hall).last().buttons()]


async def test_a_channel_deleted_unheard_closes_its_game_at_the_first_delivery_there(loopback, tmp_path):
    alice = loopback.add_user("Alice")
    guild = loopback.add_guild()
    channel, other = loopback.add_channel(guild, "gone"), loopback.add_channel(guild, "stays")
    db = str(tmp_path / "tne.sqlite3")
    async with running_bot(loopback, db) as bot:
        await bot.sync_commands()
        game = await open_lobby(loopback, channel, alice)
        kept = await open_lobby(loopback, other, alice)
        # Deleted while the bot was not listening (no CHANNEL_DELETE reached it): Discord answers 10003 from now on.
        loopback.channels.pop(channel.id)
        assert bot.outbox is not None
        for text in ("first", "second"):
            bot.outbox.stored(await bot.outbox.store.add(NewAnnouncement(
                channel_id=channel.id, guild_id=guild.id, game_id=game, kind="note", content=text,
                created_at=time.time())))
        await until(lambda: closed(db, game))
        await bot.outbox.idle()
        assert await statuses(db, game, kept) == [("abandoned", "channel_deleted"), ("lobby", None)]
        assert [a.state for a in await bot.outbox.store.of_game(game)] == ["failed", "failed"]
        assert not [r for r in loopback.requests_to("POST", f"/channels/{channel.id}/messages") if r.status == 200]


async def test_a_server_that_removes_the_bot_closes_its_games_and_an_outage_does_not(loopback, tmp_path):
    alice = loopback.add_user("Alice")
    stays, leaves = loopback.add_guild("Stays"), loopback.add_guild("Leaves")
    here, there = loopback.add_channel(stays), loopback.add_channel(leaves)
    db = str(tmp_path / "tne.sqlite3")
    async with running_bot(loopback, db) as bot:
        await bot.sync_commands()
        kept, gone = await open_lobby(loopback, here, alice), await open_lobby(loopback, there, alice)
        await loopback.remove_bot(stays, outage=True)  # unavailable for a while: not a removal
        await loopback.remove_bot(leaves)
        await until(lambda: closed(db, gone))
        assert await statuses(db, kept, gone) == [("lobby", None), ("abandoned", "bot_left")]


async def test_a_lobby_nobody_starts_closes_after_the_expiry_with_a_note(loopback, tmp_path):
    alice, bob = loopback.add_user("Alice"), loopback.add_user("Bob")
    guild = loopback.add_guild()
    old, new = loopback.add_channel(guild, "old"), loopback.add_channel(guild, "new")
    db = str(tmp_path / "tne.sqlite3")
    async with running_bot(loopback, db, lobby_hours=2) as bot:
        await bot.sync_commands()
        assert bot.service is not None and bot.lobbies is not None
        stale = await open_lobby(loopback, old, alice)
        assert await bot.lobbies.sweep() == []  # young lobbies stay
        await bot.service.storage.db.write(Statement(  # opened two hours ago
            "UPDATE games SET created_at = created_at - ? WHERE id = ?", (2 * 3600 + 1, stale)))
        fresh = await open_lobby(loopback, new, bob)
        assert await bot.lobbies.sweep() == [stale]
        note = await loopback.channel(old).wait("closed: nobody started it within 2 hours")
        assert note.content == (f"The lobby of game #{stale} closed: nobody started it within 2 hours. "
                                "`/tne new` opens another.")
        assert await statuses(db, stale, fresh) == [("cancelled", "not_started"), ("lobby", None)]
        # Its message shows it closed, without buttons (issue 37: they stayed); the channel takes a new game.
        lobby = loopback.channel(old).find("**Tigris & Euphrates**")[0]
        assert lobby.labels() == [] and "This lobby was cancelled." in lobby.content
        assert "game #" in await answer(loopback, alice, old, "tne new", seats=2)


async def test_the_host_closes_a_lobby_by_its_number_from_another_channel(loopback, tmp_path):
    alice, bob = loopback.add_user("Alice"), loopback.add_user("Bob")
    guild, elsewhere = loopback.add_guild(), loopback.add_guild("Elsewhere")
    hall = loopback.add_channel(guild, "hall")
    thread = loopback.add_thread(hall, "Alice's game")
    foreign = loopback.add_channel(elsewhere)
    db = str(tmp_path / "tne.sqlite3")
    async with running_bot(loopback, db) as bot:
        await bot.sync_commands()
        game = await open_lobby(loopback, thread, alice)
        theirs = await open_lobby(loopback, foreign, bob)

        # Bad numbers and people who may not: a clear word, and nothing changes.
        assert await answer(loopback, bob, hall, "tne abandon", game=game) == (
            "Only the host or someone with Manage Channels can abandon the game.")
        assert await answer(loopback, alice, hall, "tne abandon", game=theirs) == (
            f"There is no game #{theirs} in this server.")
        assert await answer(loopback, alice, hall, "tne abandon", game=999) == (
            "There is no game #999 in this server.")
        assert await statuses(db, game, theirs) == [("lobby", None), ("lobby", None)]

        said = await answer(loopback, alice, hall, "tne abandon", game=game)
        assert said == f"Game #{game} in <#{thread.id}> is abandoned; its channel says so in a moment."
        await loopback.channel(thread).wait(f"Game #{game} was abandoned by Alice.")
        assert await statuses(db, game) == [("abandoned", "abandoned")]
        assert not loopback.channel(hall).find("was abandoned")  # the hall shows nothing of it
        assert await answer(loopback, alice, hall, "tne abandon", game=game) == "This game is already over."


async def test_status_of_a_channel_whose_lobby_was_abandoned_says_so(loopback, tmp_path):
    alice = loopback.add_user("Alice")
    channel = loopback.add_channel(loopback.add_guild())
    async with running_bot(loopback, str(tmp_path / "tne.sqlite3")) as bot:
        await bot.sync_commands()
        game = await open_lobby(loopback, channel, alice)
        await answer(loopback, alice, channel, "tne abandon")
        said = await answer(loopback, alice, channel, "tne status")
        assert f"game #{game}" in said and "This lobby was abandoned before it started." in said
