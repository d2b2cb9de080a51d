"""End to end over real sockets: the real TneBot against the loopback Discord (tests/loopback), as people play.

The bot connects through its own settings (DISCORD_API_BASE, DISCORD_GATEWAY_URL via point_endpoints), syncs its
commands so the driver sends only what the Discord client would, and is judged on what the channel shows.
"""

from __future__ import annotations

import random

import pytest

from tests.loopback import running_bot
from tests.loopback.tne import MOVE, assert_every_move_announced, open_game, play_turn, settle, to_act, wait_pictures

pytestmark = pytest.mark.loopback


async def test_a_short_game_with_a_computer_seat(loopback, tmp_path):
    alice, bob = loopback.add_user("Alice"), loopback.add_user("Bob")
    channel = loopback.add_channel(loopback.add_guild())
    db = str(tmp_path / "tne.sqlite3")
    async with running_bot(loopback, db, seed=5) as bot:
        synced = await bot.sync_commands()
        assert [c["name"] for c in synced] == ["tne"] and loopback.commands[None][0]["name"] == "tne"

        start = await open_game(loopback, channel, alice, joiners=(bob,), computers=("easy",))
        view = loopback.channel(channel)
        lobby = view.find("**Tigris & Euphrates**")[0]
        assert lobby.labels() == [] and "The game has started." in lobby.content  # the buttons were closed
        assert lobby.pinged == frozenset()  # "Host: <@Alice>" notifies nobody
        seated = view.find("computer player takes a seat")[0]
        assert seated.pinged == frozenset()
        # Was: "A easy ...", and a second copy of the lobby whose buttons stayed live after Start.
        assert seated.content.startswith("An easy computer player takes a seat.") and seated.labels() == []
        # The first player is pinged, unless it is Alice, whose Start it answers (issue 37): she is named.
        assert to_act(loopback, start) is not None and len(start.pinged) <= 1 and "My hand" in start.labels()
        assert alice.id not in start.pinged
        # The text goes first; the outbox attaches the board to it by an edit.
        await loopback.wait_for(lambda: view.find("The game begins!")[0].attachments, 10, "the opening's board")
        view.assert_picture_follows("The game begins!")

        rng = random.Random(3)
        while len(view.find(MOVE)) < 10:
            await play_turn(loopback, channel, rng)
        stored = await settle(loopback, channel, db)  # a computer may still be between storing and posting
        await wait_pictures(view)

    assert len(stored.moves) >= 10 and any(p.is_bot for p in stored.row.players)
    seats = {p.user_id: p.seat for p in stored.row.players}
    assert seats[alice.id] != seats[bob.id]
    shown = assert_every_move_announced(loopback, channel, stored)
    assert any("Easy computer" in m.content for m in shown), view.transcript()
    # Nothing private leaked into the channel, and nobody was pinged by a private message.
    assert not any("Your hand" in m.content for m in view.messages())
    assert all(m.pinged == frozenset() for m in loopback.messages.values() if m.ephemeral)


async def test_autocomplete_and_refusals_go_through_the_real_tree(loopback, tmp_path):
    alice, bob, carol = loopback.add_user("Alice"), loopback.add_user("Bob"), loopback.add_user("Carol")
    channel = loopback.add_channel(loopback.add_guild())
    async with running_bot(loopback, str(tmp_path / "tne.sqlite3"), seed=5) as bot:
        await bot.sync_commands()
        start = await open_game(loopback, channel, alice, joiners=(bob,))
        first = to_act(loopback, start)  # pinged, or named: the host who pressed Start
        other = bob if first is alice else alice
        suggested = await (await loopback.autocomplete(first, channel, "tne move", "action", "tile")).choices()
        assert suggested and all(m.startswith("tile ") for m in suggested) and len(suggested) <= 25
        assert await (await loopback.autocomplete(other, channel, "tne move", "action", "")).choices() == []
        refused = await loopback.slash(other, channel, "tne move", action=suggested[0])
        answer = await refused.response()
        assert answer.ephemeral and "not your turn" in answer.content
        outsider = await (await loopback.slash(carol, channel, "tne move", action="pass")).response()
        assert outsider.ephemeral and "not playing" in outsider.content
        assert loopback.channel(channel).find(MOVE) == []  # refusals change nothing and show nothing publicly
