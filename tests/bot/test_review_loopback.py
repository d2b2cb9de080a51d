"""`/tne review` in the real bot (`python -m bot`, its review jobs in an analysis worker process) against the loopback
Discord, with Discord answering a progress edit with 429 and a follow-up with 502 on the way."""

from __future__ import annotations

import random

from tests.loopback.tne import open_game, play_turn

PNG = b"\x89PNG"


async def test_a_review_reaches_the_channel_through_a_429_and_a_502(loopback, bot_processes):
    alice, bob, carol = loopback.add_user("Alice"), loopback.add_user("Bob"), loopback.add_user("Carol")
    channel = loopback.add_channel(loopback.add_guild())
    # --sync: the driver checks each invocation against the published commands, as the Discord client does.
    await bot_processes.start(args=("--sync",), env={"TNE_ANALYSIS_PROCESSES": "1"})
    await open_game(loopback, channel, alice, joiners=(bob,))
    rng = random.Random(4)
    # Random moves for long enough that some stand clear of the review's noise: only those are listed as costly,
    # and that list is the follow-up this test sends through a 502.
    for _ in range(12):
        await play_turn(loopback, channel, rng)
    await (await loopback.slash(bob, channel, "tne resign")).answered()
    view = loopback.channel(channel)
    await view.wait("**The game is over**", 10)

    edits = loopback.faults.rate_limit("PATCH", "/webhooks/*/*/messages/@original", retry_after=0.2)
    posts = loopback.faults.error("POST", "/webhooks/*/*", 502)
    sent = await loopback.slash(carol, channel, "tne review")
    first = await sent.response()
    assert first.content.startswith("Reviewing game #") and not first.ephemeral
    summary = await sent.message(lambda m: m.content.startswith("**Review of game #"), timeout=90)
    assert "**Alice**: accuracy" in summary.content and "**Bob**: accuracy" in summary.content
    assert summary.id == first.id, "the progress message became the review"
    assert [a.filename for a in summary.attachments] == ["review-chances.png"] and summary.attachments[0].is_png
    costly = await sent.message(lambda m: "costliest moves" in m.content, timeout=30)
    assert costly.attachments and all(a.is_png for a in costly.attachments)
    assert edits.hits == 1 and posts.hits == 1  # each met once, and retried by discord.py
    assert view.find(lambda m: m.id == summary.id), "the channel sees it"
