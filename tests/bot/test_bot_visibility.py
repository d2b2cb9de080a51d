"""Games in private channels and threads are shown only to people who can view them (tests/bot_harness.py, the
bot's real command tree and discord.py's own permission reckoning from the guild cache), on SQLite and PostgreSQL.

The server: a public channel everyone sees; a private channel only Alice, Bob, Carol and the staff role may view;
a private thread under the public channel where Alice and Bob play and Carol may manage threads. Each of the
hidden places has a running game and a finished one. Dave sees only the public channel."""

from __future__ import annotations

import discord
import pytest

from bot.discord_front.discord_sight import channel_sight
from bot.service.visibility import Viewer
from tests.bot_harness import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    DAVE,
    GUILD_ID,
    Call,
    Harness,
    User,
    response,
)
from tests.channel_helpers import PRIVATE, STAFF, overwrite, private_channel
from tests.records_helpers import people, random_game, stats, store_game

THREAD, GONE = 6161, 7171  # GONE: a channel the bot no longer finds (deleted)
ERIN = User(1005, "Erin")  # has the staff role
MANAGE_THREADS = discord.Permissions(manage_threads=True).value
NO_SUCH = "There is no game #{} in this server."


def staff_role() -> dict:
    return {"guild_id": str(GUILD_ID), "role": {
        "id": str(STAFF), "name": "staff", "permissions": "0", "position": 1, "color": 0, "hoist": False,
        "managed": False, "mentionable": False, "flags": 0}}


def private_thread() -> dict:
    return {"id": str(THREAD), "type": 12, "guild_id": str(GUILD_ID), "parent_id": str(CHANNEL), "name": "secret",
            "owner_id": str(ALICE.id), "member_count": 2, "message_count": 0, "rate_limit_per_user": 0,
            "last_message_id": None, "flags": 0, "newly_created": True, "thread_metadata": {
                "archived": False, "auto_archive_duration": 1440, "archive_timestamp": "2026-01-01T00:00:00+00:00",
                "locked": False, "invitable": False}}


def public_with_thread_managers(*managers: User) -> dict:
    """The public channel, as CHANNEL_UPDATE gives it once these members may manage its threads."""
    return {"id": str(CHANNEL), "type": 0, "guild_id": str(GUILD_ID), "name": "public", "position": 0,
            "nsfw": False, "parent_id": None,
            "permission_overwrites": [overwrite(u.id, 1, allow=MANAGE_THREADS) for u in managers]}


async def finished(h: Harness, channel: int, seed: int) -> int:
    """A finished 2-player game between Alice and Bob in `channel`, recorded."""
    p = random_game(2, seed)
    game_id = await store_game(h.service.storage, people("Alice", "Bob"), p.moves, snapshot=p.game.position(),
                               seed=p.seed, channel_id=channel, ended_at=1_700_000_000.0 + seed,
                               end_reason="treasures:2")
    await h.bot.controller.finisher.sweep()
    return game_id


async def running(h: Harness, channel: int) -> int:
    """A running 2-player game between Alice and Bob in `channel`, opened by command there."""
    calls = await h.command(ALICE, channel, "new", seats=2)
    assert not response(calls).ephemeral, [c.content for c in calls]
    await h.command(BOB, channel, "join")
    await h.command(ALICE, channel, "start")
    table = await h.service.channel_table(channel)
    assert table.row.status == "active"
    return table.id


@pytest.fixture
async def place(harness):
    """The server above with its games: {"public", "private", "private_over", "thread", "thread_over", "gone"}."""
    h = harness
    state = h.bot._connection
    state.parse_guild_role_create(staff_role())
    state.parse_channel_create(private_channel(ALICE, BOB, CAROL))
    h.known_channel(CHANNEL)
    state.parse_channel_update(public_with_thread_managers(CAROL))
    state.parse_thread_create(private_thread())
    games = {
        "public": await finished(h, CHANNEL, 1),
        "private_over": await finished(h, PRIVATE, 2),
        "thread_over": await finished(h, THREAD, 3),
        "gone": await finished(h, GONE, 4),
        "private": await running(h, PRIVATE),
        "thread": await running(h, THREAD),
    }
    return h, games


def answer(calls: list[Call]) -> Call:
    """The command's one answer (a deferred command's follow-up, else its first response)."""
    said = [c for c in calls if c.kind in ("response", "followup") and (c.content or c.files)]
    assert said, [c.content for c in calls]
    return said[-1]


def shown(text: str, games: dict[str, int]) -> set[str]:
    return {name for name, game_id in games.items() if f"#{game_id}" in text}


async def test_dave_is_shown_none_of_the_hidden_games(place):
    h, games = place
    listed = response(await h.command(DAVE, CHANNEL, "games"))
    assert listed.ephemeral
    assert shown(listed.content, games) == set() and "No games are being played" in listed.content
    assert f"<#{PRIVATE}>" not in listed.content and f"<#{THREAD}>" not in listed.content
    history = response(await stats(h, DAVE, "history"))
    assert history.ephemeral and "(1 game)" in history.content
    assert shown(history.content, games) == {"public"}
    for name in ("private", "private_over", "thread", "thread_over", "gone"):
        game_id = games[name]
        calls = await h.command(DAVE, CHANNEL, "export", game=game_id)
        refused = answer(calls)
        assert refused.ephemeral and refused.content == NO_SUCH.format(game_id), name
        assert not any(c.files for c in calls)
        calls = await h.command(DAVE, CHANNEL, "replay", game=game_id)
        refused = answer(calls)
        assert refused.ephemeral and refused.content == NO_SUCH.format(game_id), name
        assert not any(c.files for c in calls)
    # The same words as for a game that does not exist: existence is not leaked.
    missing = answer(await h.command(DAVE, CHANNEL, "export", game=99_999))
    assert missing.content == NO_SUCH.format(99_999)


async def test_abandon_by_number_says_of_a_hidden_game_what_export_says(place):
    """Asked whether Dave may see the game before whether he may abandon it (issue 37): "Only the host …" told him
    a hidden channel's game exists."""
    h, games = place
    for name in ("private", "thread"):
        game_id = games[name]
        said = {sub: answer(await h.command(DAVE, CHANNEL, sub, game=game_id)) for sub in ("abandon", "export")}
        assert said["abandon"].ephemeral and said["abandon"].content == said["export"].content == \
            NO_SUCH.format(game_id), name
        assert (await h.service.load(game_id)).row.status == "active"
    nothing = answer(await h.command(DAVE, CHANNEL, "abandon", game=99_999))
    assert nothing.content == NO_SUCH.format(99_999)
    # Carol may view the private channel: she is told what she may not do, as before.
    refused = answer(await h.command(CAROL, CHANNEL, "abandon", game=games["private"]))
    assert refused.content == "Only the host or someone with Manage Channels can abandon the game."


async def test_profiles_chart_only_games_the_asker_may_see_and_answer_privately(place):
    h, _ = place
    profile = response(await stats(h, DAVE, "profile", target=ALICE))
    assert profile.ephemeral and profile.content.startswith("**Alice** — rating")
    guild = h.bot.get_guild(GUILD_ID)

    async def charted(user: User, roles: tuple[int, ...] = ()) -> int:
        member = discord.Member(data=dict(user.member_json(), roles=[str(r) for r in roles]), guild=guild,
                                state=h.bot._connection)
        viewer = Viewer(user.id, CHANNEL, lambda channel_id: channel_sight(guild, member, channel_id))
        view = await h.bot.controller.records.profile(GUILD_ID, ALICE.id, viewer)
        assert view.profile.totals.games == 4  # ratings and totals are server-wide numbers
        return len(view.profile.games)

    assert await charted(DAVE) == 1  # the public game only
    assert await charted(ERIN, (STAFF,)) == 2  # and the private channel's
    assert await charted(CAROL) == 3  # and the private thread's (Manage Threads); never the deleted channel's
    assert await charted(ALICE) == 3  # seated in the thread's game


async def test_those_who_may_see_are_shown_the_games_privately(place):
    h, games = place
    listed = response(await h.command(CAROL, CHANNEL, "games"))
    assert listed.ephemeral and shown(listed.content, games) == {"private", "thread"}
    history = response(await stats(h, CAROL, "history"))
    assert history.ephemeral and shown(history.content, games) == {"public", "private_over", "thread_over"}
    calls = await h.command(CAROL, CHANNEL, "export", game=games["private"])
    given = answer(calls)
    assert given.ephemeral and given.files and given.files[0][0] == f"game-{games['private']}.tne.json"
    calls = await h.command(CAROL, CHANNEL, "replay", game=games["thread_over"])
    first = response(calls)
    assert first.ephemeral, "another channel's replay is shown only to the one who asked"
    assert any(name.endswith(".gif") for c in calls for name, _ in c.files)
    # Seated in the private thread's game: Alice sees it; from the thread itself anyone there does.
    seated = response(await h.command(ALICE, CHANNEL, "games"))
    assert shown(seated.content, games) == {"private", "thread"}
    there = answer(await h.command(DAVE, THREAD, "export"))
    assert there.files and there.files[0][0] == f"game-{games['thread']}.tne.json"


async def test_a_role_opens_the_private_channel(place):
    h, games = place
    payload = h.command_payload(ERIN, CHANNEL, "games")
    payload["member"]["roles"] = [str(STAFF)]
    listed = response(await h.dispatch(payload))
    assert listed.ephemeral and shown(listed.content, games) == {"private"}
    refused = answer(await h.command(ERIN, CHANNEL, "export", game=games["private"]))  # without the role
    assert refused.content == NO_SUCH.format(games["private"])


async def test_turns_leaves_out_a_game_whose_channel_the_player_can_no_longer_view(place):
    h, games = place
    table = await h.service.load(games["private"])
    acting = (ALICE, BOB)[table.game.to_move]
    waiting = response(await h.command(acting, CHANNEL, "games", mine=True))
    assert waiting.ephemeral and f"game #{games['private']}" in waiting.content
    others = [u for u in (ALICE, BOB, CAROL) if u != acting]
    h.bot._connection.parse_channel_update(private_channel(*others))  # removed from the channel
    waiting = response(await h.command(acting, CHANNEL, "games", mine=True))
    assert waiting.ephemeral and f"game #{games['private']}" not in waiting.content


async def test_a_replay_asked_for_in_the_games_own_channel_stays_public(place):
    h, games = place
    calls = await h.command(CAROL, PRIVATE, "replay", game=games["private_over"])
    assert not response(calls).ephemeral
    assert any(name.endswith(".gif") for c in calls for name, _ in c.files)

