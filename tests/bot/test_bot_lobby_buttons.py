"""A lobby's messages lose Join, Leave, Start and Cancel once the lobby closes (issue 37: they stayed, each answering
"already started"): started by command, abandoned, expired, or closed by another process before a restart. What
the channel shows is the lobby as it ended, without buttons."""

from __future__ import annotations

import pytest

from bot.storage.sql import Statement
from tests.bot_harness import ALICE, BOB, CHANNEL, Harness, buttons, response

LOBBY_BUTTONS = {"Join", "Leave", "Start", "Cancel"}


async def lobby_and_copy(h: Harness) -> tuple[int, int]:
    """/tne new by Alice and /tne join by Bob: two messages showing the lobby with its buttons."""
    opened = response(await h.command(ALICE, CHANNEL, "new", seats=2))
    joined = response(await h.command(BOB, CHANNEL, "join"))
    for message in (opened, joined):
        assert set(buttons(h.fake, message.message_id)) == LOBBY_BUTTONS, message.content
    return opened.message_id, joined.message_id


def shows(h: Harness, message_id: int) -> tuple[str, set[str]]:
    message = h.fake.messages[message_id]
    return message["content"], set(buttons(h.fake, message_id))


async def test_start_by_command_closes_every_lobby_message(harness):
    h = harness
    messages = await lobby_and_copy(h)
    calls = await h.command(ALICE, CHANNEL, "start")
    assert "The game begins!" in response(calls).content
    for message_id in messages:
        content, left = shows(h, message_id)
        assert left == set() and "The game has started." in content, content
    edits = [c for c in calls if c.kind == "channel_edit" and c.message_id in messages]
    assert {c.message_id for c in edits} == set(messages) and all(c.payload["components"] == [] for c in edits)


async def test_abandoning_or_expiring_a_lobby_closes_its_messages(harness):
    h = harness
    messages = await lobby_and_copy(h)
    await h.command(ALICE, CHANNEL, "abandon")
    for message_id in messages:
        content, left = shows(h, message_id)
        assert left == set() and "This lobby was abandoned before it started." in content, content
    opened = response(await h.command(ALICE, CHANNEL, "new", seats=2))
    game_id = (await h.service.channel_table(CHANNEL)).id
    await h.service.storage.db.write(Statement(
        "UPDATE games SET created_at = created_at - ? WHERE id = ?", (h.bot.lobbies.expiry + 1, game_id)))
    assert await h.bot.lobbies.sweep() == [game_id]
    content, left = shows(h, opened.message_id)
    assert left == set() and "This lobby was cancelled." in content, content


@pytest.mark.both_databases
async def test_a_lobby_closed_elsewhere_has_its_buttons_closed_after_a_restart(fake, database):
    """The game starts in another process (here: through the service, behind this process's back); the buttons
    are closed by the next process to sweep, after a restart."""
    h = await Harness(fake, database, seed=11).start()
    try:
        messages = await lobby_and_copy(h)
        game_id = (await h.service.channel_table(CHANNEL)).id
        await h.service.start(game_id, ALICE.id)
        assert all(shows(h, m)[1] == LOBBY_BUTTONS for m in messages)  # nobody here closed them
    finally:
        await h.close()
    h = await Harness(fake, database, seed=11).start()
    try:
        await h.bot.lobbies.sweep()  # the lobby sweep, at start-up and then every minute
        for message_id in messages:
            content, left = shows(h, message_id)
            assert left == set() and "The game has started." in content, content
        # Only the lobby's messages count: the outbox may meanwhile attach the opening's board to its own post.
        def lobby_edits() -> int:
            return len([c for c in fake.calls if c.kind == "channel_edit" and c.message_id in messages])
        edits = lobby_edits()
        await h.bot.lobbies.sweep()
        assert lobby_edits() == edits == len(messages), "each is closed once"
    finally:
        await h.close()
