"""Clocks through the real command tree (tests/bot_harness.py), with the service's time injected: reminders in
the channel, the stand-in's moves, away and back, /tne games and /tne games mine:True, and a 3-player game in which one
seat never acts. Each runs on SQLite and PostgreSQL."""

from __future__ import annotations

import random

import pytest

from bot.background import clocks
from tests.bot_harness import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD_ID,
    Harness,
    open_game,
    response,
)
from tests.clock_helpers import HOUR, FakeTime

OTHER = CHANNEL + 1


@pytest.fixture
async def h(fake, database):
    harness = await Harness(fake, database, seed=11).start()
    await harness.bot.controller.clocks.stop()  # the tests step the clock themselves, after moving time
    harness.time = FakeTime()
    harness.bot.service.now = harness.time
    yield harness
    await harness.close()


async def tick(h: Harness) -> tuple[list, list]:
    """Let the keeper look at every clock now, and wait for all it started (reminders, the stand-in's moves)."""
    start = len(h.fake.calls)
    events = await h.bot.controller.clocks.run_once()
    await h.bot.controller.idle()
    return events, h.fake.calls[start:]


def posted(calls) -> list:
    return [c for c in calls if c.kind == "channel"]


def pinged(call) -> list[int]:
    return [int(u) for u in (call.data.get("allowed_mentions") or {}).get("users", [])]


async def to_move(h: Harness, game_id: int) -> int:
    return (await h.service.load(game_id)).game.to_move


async def test_reminders_ping_only_the_player_to_act_once_each(h):
    users = [ALICE, BOB, CAROL]
    game_id = await open_game(h, users, clock="1h")
    seat = await to_move(h, game_id)
    who = users[seat]
    h.time.advance(HOUR / 2)
    events, calls = await tick(h)
    assert [(e.kind, e.user_id) for e in events] == [(clocks.REMIND_HALF, who.id)]
    (post,) = posted(calls)
    assert pinged(post) == [who.id] and f"<@{who.id}>" in post.content and "half your time" in post.content
    events, calls = await tick(h)
    assert events == [] and posted(calls) == [], "once"
    h.time.advance(0.4 * HOUR)
    events, calls = await tick(h)
    (post,) = posted(calls)
    assert pinged(post) == [who.id] and "a tenth" in post.content and "stand-in plays for you" in post.content


async def test_new_with_a_clock_status_and_settings(h):
    calls = await h.command(ALICE, CHANNEL, "new", seats=2, clock="15m", on_timeout="wait")
    assert "game #" in response(calls).content
    table = await h.service.channel_table(CHANNEL)
    assert (table.row.clock.clock, table.row.clock.on_timeout) == ("15m", "wait")
    calls = await h.command(BOB, CHANNEL, "settings clock", clock="1h")
    assert response(calls).ephemeral and "Only the host" in response(calls).content
    calls = await h.command(ALICE, CHANNEL, "settings clock", clock="5m")
    assert response(calls).content.endswith("is 5 minutes per turn now.")
    await h.command(BOB, CHANNEL, "join")
    await h.command(ALICE, CHANNEL, "start")
    table = await h.service.channel_table(CHANNEL)
    assert table.row.clock.deadline == h.time() + 300
    h.time.advance(100)
    status = response(await h.command(BOB, CHANNEL, "status"))
    assert status.ephemeral
    assert "Clock: 5 minutes per turn; when time runs out the table waits." in status.content
    who = table.label(table.game.to_move)
    assert f"Time left for {who}: 3 minutes" in status.content
    calls = await h.command(ALICE, CHANNEL, "settings clock", clock="72h")
    assert response(calls).content.endswith("is 3 days per turn from the next turn on.")
    assert "(3 days from the next turn)" in response(await h.command(BOB, CHANNEL, "status")).content
    calls = await h.command(ALICE, CHANNEL, "settings clock", clock="none")
    assert response(calls).content == f"Game #{table.id} has no clock from the next turn on."
    assert "Clock: 5 minutes per turn (no clock from the next turn)" in response(await h.command(BOB, CHANNEL,
                                                                                           "status")).content


async def test_away_the_stand_in_plays_at_once_and_back_ends_it(h):
    users = [ALICE, BOB]
    game_id = await open_game(h, users, clock="24h")
    first = await to_move(h, game_id)
    other = 1 - first
    calls = await h.command(users[other], CHANNEL, "away")
    assert "is away: the stand-in plays" in response(calls).content
    assert not pinged(response(calls)) or pinged(response(calls)) == [users[first].id]
    again = response(await h.command(users[other], CHANNEL, "away"))
    assert again.ephemeral and "already marked away" in again.content
    status = response(await h.command(users[first], CHANNEL, "status")).content
    assert "(away: the stand-in plays)" in status
    start = len(h.fake.calls)
    await h.command(users[first], CHANNEL, "move", action="pass")
    await h.bot.controller.idle()
    table = await h.service.load(game_id)
    assert table.game.to_move == first, "the stand-in played the away seat's whole turn at once"
    stand_in = [c for c in h.fake.calls[start:] if "The stand-in played it for them." in c.content]
    assert stand_in and all(c.kind == "channel" for c in stand_in)
    assert all(m.user_id is None for m in table.moves[1:])
    calls = await h.command(users[other], CHANNEL, "back")
    assert "is back" in response(calls).content
    assert not (await h.service.load(game_id)).player(other).away
    refused = response(await h.command(CAROL, CHANNEL, "away"))
    assert refused.ephemeral and "not playing" in refused.content


async def test_games_and_turns_through_the_command_tree(h):
    game_id = await open_game(h, [ALICE, BOB], clock="12h")
    await h.command(CAROL, OTHER, "new", seats=3)
    table = await h.service.load(game_id)
    seat = table.game.to_move
    acting, waiting = (ALICE, BOB) if seat == 0 else (BOB, ALICE)
    h.time.advance(2 * HOUR)
    calls = await h.command(CAROL, CHANNEL, "games")
    games = response(calls)
    assert games.ephemeral and pinged(games) == []  # private: it names other channels' games
    assert f"<#{CHANNEL}> — game #{game_id}: Alice, Bob. {table.label(seat)} to act since <t:" in games.content
    assert f"{table.label(seat)} to act since <t:" in games.content and "; 10 hours left of 12 hours." in games.content
    assert "12h" not in games.content, "the clock said as a duration, not as the option was typed"
    assert f"<#{OTHER}> — lobby #" in games.content and "1/3 seated (Carol); clock 1 day" in games.content
    mine = response(await h.command(acting, OTHER, "games", mine=True))
    assert mine.ephemeral and f"<#{CHANNEL}> — game #{game_id}: your turn; 10 hours left of 12 hours" in mine.content
    assert f"https://discord.com/channels/{GUILD_ID}/{CHANNEL}" in mine.content
    theirs = response(await h.command(waiting, CHANNEL, "games", mine=True))
    assert theirs.ephemeral and theirs.content == "No game in this server is waiting for you."
    calls = await h.command(ALICE, CHANNEL, "settings notify", mode="off")
    assert response(calls).ephemeral and "No reminders" in response(calls).content
    assert await h.service.storage.clocks.notify(ALICE.id) == "off"
    assert "/tne games mine:True" in response(await h.command(ALICE, CHANNEL, "help")).content


@pytest.mark.fuzz
async def test_a_three_player_game_in_which_one_seat_never_acts_finishes(h):
    """Alice plays, Bob never does, an easy computer plays: Bob's clock runs out twice, then he is away and
    the stand-in plays his turns at once until the end."""
    await h.command(ALICE, CHANNEL, "new", seats=3, clock="2m")
    await h.command(BOB, CHANNEL, "join")
    await h.command(ALICE, CHANNEL, "addbot", level="easy")
    await h.command(ALICE, CHANNEL, "start")
    await h.bot.controller.idle()
    table = await h.service.channel_table(CHANNEL)
    game_id = table.id
    rng = random.Random(5)
    timeouts = 0
    for _ in range(3000):
        await h.bot.controller.idle()
        table = await h.service.load(game_id)
        if table.row.status != "active":
            break
        seat = table.game.to_move
        if seat == 0:
            await h.command(ALICE, CHANNEL, "move", action=rng.choice(table.game.legal_moves()))
        elif seat == 1:
            assert timeouts < 2 or table.player(1).away, "after two expiries the stand-in never waits"
            h.time.advance(120)
            events, _ = await tick(h)
            assert [e.kind for e in events] == [clocks.TIMED_OUT]
            timeouts += 1
        else:
            raise AssertionError("the computer seat never waits")
    table = await h.service.load(game_id)
    assert table.row.status == "over" and table.game.over
    assert timeouts == 2 and table.player(1).away
    bobs = [m for m in table.moves if m.seat == 1]
    assert bobs and all(m.user_id is None for m in bobs), "every one of Bob's moves was the stand-in's"
    notices = [c.content for c in h.fake.calls if "time ran out" in c.content]
    assert len(notices) == 2 and "is marked away" in notices[1] and "is marked away" not in notices[0]
    assert all("Bob (Bull)'s time ran out" in n and "<@1002>" not in n for n in notices), \
        "Bob is named, not pinged: the stand-in acts now, not he"
