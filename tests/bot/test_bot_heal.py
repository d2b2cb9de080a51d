"""The bot heals: failed computer posts are retried, dead worker processes replaced, through the real bot."""

from __future__ import annotations

import json
import os
import signal
from types import SimpleNamespace

import discord
import pytest

from bot.background.seats import Backoff
from tests.bot_harness import ALICE, CHANNEL, FakeDiscord, Harness, pictured, response, seed_where_first

QUICK = Backoff(first=0.001, most=0.01)


def failing_channel_posts(fake: FakeDiscord, errors: list[Exception]) -> list[str]:
    """The next channel posts fail with these errors, as discord.py raises them (503 is not retried by it);
    returns the nonces of the posts that failed."""
    real = fake._http
    nonces: list[str] = []

    async def http(route, **kw):
        if route.method == "POST" and route.path == "/channels/{channel_id}/messages" and errors:
            body = kw.get("json") or next(json.loads(p["value"]) for p in kw["form"] if p["name"] == "payload_json")
            nonces.append(body["nonce"])
            raise errors.pop(0)
        return await real(route, **kw)

    fake._http = http
    return nonces


def unavailable() -> discord.DiscordServerError:
    return discord.DiscordServerError(SimpleNamespace(status=503, reason="Service Unavailable"), "upstream")


@pytest.mark.parametrize("errors", [[unavailable()], [ConnectionResetError("reset"), unavailable()]],
                         ids=["503", "reset-then-503"])
async def test_a_failed_computer_post_is_retried_and_announced_once(fake, tmp_path, errors, caplog):
    h = await Harness(fake, str(tmp_path / "tne.sqlite3"), seed=seed_where_first(1)).start()
    try:
        h.bot.controller.seats.backoff = QUICK
        await h.command(ALICE, CHANNEL, "new", seats=2)
        await h.command(ALICE, CHANNEL, "addbot", level="easy")
        failed = failing_channel_posts(fake, errors)
        await h.command(ALICE, CHANNEL, "start")
        table = await h.service.channel_table(CHANNEL)
        computer = [m for m in table.moves if m.seat == 1]
        posts = [c for c in fake.calls if c.kind == "channel"]
        assert [c.content.split("`")[1] for c in posts] == [m.move for m in computer], "each move posted once"
        # Every try of one post carries the same nonce (Discord then makes at most one message of them), and
        # each move's post has its own.
        assert set(failed) == {posts[0].payload["nonce"]} and posts[0].payload["enforce_nonce"] is True
        assert len({c.payload["nonce"] for c in posts}) == len(posts)
        assert f"<@{ALICE.id}>" in posts[-1].content and table.game.to_move == 0
        assert "again in" in caplog.text
    finally:
        await h.close()


async def test_a_refused_computer_post_is_not_retried(fake, tmp_path, caplog):
    h = await Harness(fake, str(tmp_path / "tne.sqlite3"), seed=seed_where_first(1)).start()
    try:
        h.bot.controller.seats.backoff = QUICK
        await h.command(ALICE, CHANNEL, "new", seats=2)
        await h.command(ALICE, CHANNEL, "addbot", level="easy")
        forbidden = discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"), "Missing Access")
        failing_channel_posts(fake, [forbidden])
        await h.command(ALICE, CHANNEL, "start")
        table = await h.service.channel_table(CHANNEL)
        assert table.game.to_move == 0, "the computer played on"
        posts = [c for c in fake.calls if c.kind == "channel"]
        assert len(posts) == sum(1 for m in table.moves if m.seat == 1) - 1
        assert "cannot be delivered" in caplog.text
    finally:
        await h.close()


async def test_killed_picture_and_computer_workers_are_replaced(fake, tmp_path, caplog):
    """As in production: pictures and computer moves in worker processes; both get SIGKILLed mid-game."""
    h = await Harness(fake, str(tmp_path / "tne.sqlite3"), seed=seed_where_first(1), render_processes=1,
                      ai_processes=1).start()
    try:
        await h.command(ALICE, CHANNEL, "new", seats=2)
        await h.command(ALICE, CHANNEL, "addbot", level="easy")
        await h.command(ALICE, CHANNEL, "start")
        table = await h.service.channel_table(CHANNEL)
        assert table.game.to_move == 0
        before = len(table.moves)
        pictures, thinkers = h.bot.painter.workers, h.bot.thinkers
        for workers in (pictures, thinkers):
            os.kill(await workers.run(os.getpid), signal.SIGKILL)
        calls = await h.command(ALICE, CHANNEL, "move", action="pass")
        assert not response(calls).ephemeral and "played `pass`" in response(calls).content
        picture = next(c for c in calls if c.kind == "original_edit")
        assert picture.files and picture.files[0][1].startswith(b"\x89PNG"), "the board is drawn by a new worker"
        table = await h.service.channel_table(CHANNEL)
        assert table.game.to_move == 0 and len(table.moves) > before + 1, "the computer played its turn"
        posts = [c for c in calls if c.kind == "channel"]
        assert posts and all(pictured(calls, c.message_id) for c in posts)
        assert pictures.replaced == 1 and thinkers.replaced == 1
        assert caplog.text.count("process died") == 2
    finally:
        await h.close()


async def test_a_move_whose_reply_fails_still_lets_the_computer_play(fake, tmp_path):
    h = await Harness(fake, str(tmp_path / "tne.sqlite3"), seed=seed_where_first(0)).start()
    try:
        await h.command(ALICE, CHANNEL, "new", seats=2)
        await h.command(ALICE, CHANNEL, "addbot", level="easy")
        await h.command(ALICE, CHANNEL, "start")
        real = fake._webhook
        failed = []

        async def webhook(route, **kw):
            if route.path.endswith("/callback") and not failed:
                failed.append(route)
                raise discord.NotFound(SimpleNamespace(status=404, reason="Not Found"), "Unknown interaction")
            return await real(route, **kw)

        fake._webhook = webhook
        await h.command(ALICE, CHANNEL, "move", action="pass")
        table = await h.service.channel_table(CHANNEL)
        assert failed and table.moves[0].move == "pass" and table.moves[0].seat == 0
        assert table.game.to_move == 0 and any(m.seat == 1 for m in table.moves), "the computer played at once"
    finally:
        await h.close()


async def test_a_restart_resumes_a_computer_that_was_to_move(fake, tmp_path):
    db = str(tmp_path / "tne.sqlite3")
    first = await Harness(fake, db, seed=seed_where_first(1)).start()
    await first.command(ALICE, CHANNEL, "new", seats=2)
    await first.command(ALICE, CHANNEL, "addbot", level="easy")
    first.bot.app.seats.kick = lambda game_id: None  # this process dies before its computer seat moves
    await first.command(ALICE, CHANNEL, "start")
    table = await first.service.channel_table(CHANNEL)
    assert table.game.to_move == 1 and not table.moves
    await first.close()

    second = await Harness(fake, db).start()  # start-up sweeps: the waiting computer plays
    try:
        await second.bot.controller.idle()
        table = await second.service.channel_table(CHANNEL)
        assert table.game.to_move == 0 and table.moves and all(m.seat == 1 for m in table.moves)
        posts = [c for c in fake.calls if c.kind == "channel"]
        assert len(posts) == len(table.moves) and f"<@{ALICE.id}>" in posts[-1].content
    finally:
        await second.close()
