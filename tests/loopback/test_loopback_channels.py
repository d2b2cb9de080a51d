"""The channel model's assertions: they pass on what people saw and fail, with the transcript, otherwise."""

from __future__ import annotations

import re

import pytest

from tests.loopback.mentions import form_errors, resolve

pytestmark = pytest.mark.loopback

PNG = b"\x89PNG\r\n\x1a\nboard"


@pytest.fixture
async def room(loopback):
    alice, bob = loopback.add_user("Alice"), loopback.add_user("Bob")
    channel = loopback.add_channel(loopback.add_guild())

    async def post(content: str, *, png: bool = False, flags: int = 0, user=None):
        from tests.loopback.rest import FilePart

        files = [FilePart("files[0]", "board.png", PNG, None)] if png else []
        interaction = None
        if user is not None:
            sent = await loopback.slash(user, channel, "tne hand")
            interaction = sent.record
        return await loopback.create_message(channel.id, {"content": content}, files, source="channel",
                                             webhook=False, type=0, flags=flags, interaction=interaction)

    return loopback, alice, bob, channel, post


async def test_each_once_in_order(room):
    server, _alice, _bob, channel, post = room
    await post("**Alice** played `tile red F7`.")
    await post("chatter")
    await post("**Bob** played `pass`.")
    view = server.channel(channel)
    found = view.assert_each_once(["played `tile red F7`", "played `pass`"])
    assert [m.content[:7] for m in found] == ["**Alice", "**Bob**"]
    view.assert_each_once(["tile red F7", "`pass`"], among=re.compile(r"played `"))
    with pytest.raises(AssertionError, match="out of order"):
        view.assert_each_once(["played `pass`", "played `tile red F7`"])
    with pytest.raises(AssertionError, match="unexpected messages of that kind"):
        view.assert_each_once(["tile red F7"], among=re.compile(r"played `"))
    await post("**Bob** played `pass`.")
    with pytest.raises(AssertionError, match="shown 2 times"):
        view.assert_each_once(["played `pass`"])
    with pytest.raises(AssertionError, match="shown 0 times") as err:
        view.assert_each_once(["played `swap`"])
    assert "chatter" in str(err.value)  # the transcript comes with the failure


async def test_pings_and_the_last_message(room):
    server, alice, bob, channel, post = room
    await post(f"<@{alice.id}> your turn")
    await post(f"<@{alice.id}> and <@{bob.id}>")
    view = server.channel(channel)
    view.assert_last_pings([alice, bob])
    view.assert_last_pings([alice], what="your turn")
    with pytest.raises(AssertionError, match="pinged"):
        view.assert_last_pings([bob])


async def test_the_picture_follows_the_text(room):
    server, _alice, _bob, channel, post = room
    await post("Alice played.")
    await post("", png=True)
    await post("Bob played.", png=True)
    await post("Carol played.")
    await post("Dave played.", png=True)
    view = server.channel(channel)
    assert view.assert_picture_follows("Alice played").filename == "board.png"
    assert view.assert_picture_follows("Bob played").data == PNG
    with pytest.raises(AssertionError, match="no picture follows"):
        view.assert_picture_follows("Carol played")  # the next picture belongs to Dave's message


async def test_ephemeral_messages_only_for_their_person(room):
    server, alice, bob, channel, post = room
    await post("public")
    await post("Your hand", flags=64, user=alice)
    assert server.channel(channel).texts() == ["public"]
    assert server.channel(channel, alice).texts() == ["public", "Your hand"]
    assert server.channel(channel).seen_by(bob).texts() == ["public"]
    assert "ephemeral to" in server.channel(channel, alice).transcript()


async def test_waiting_for_a_message(room):
    server, _alice, _bob, channel, post = room
    view = server.channel(channel)
    waiter = server.spawn(view.wait("game over", timeout=5))
    await post("still playing")
    await post("the game over")
    assert (await waiter).content == "the game over"
    with pytest.raises(AssertionError, match=r"waited 0\.05 s"):
        await view.wait("never said", timeout=0.05)


def test_allowed_mentions_rules_without_a_server():
    known = {1, 2, 3}
    everything = resolve("<@1> <@2> @everyone", None, webhook=False, guild=None, known_users=known,
                         bot_mentions_everyone=True)
    assert everything.users == [1, 2] and not everything.everyone  # no @everyone outside a guild
    assert resolve("<@1> <@9>", None, webhook=True, guild=None, known_users=known,
                   bot_mentions_everyone=False).users == [1]  # unknown users are not mentions
    assert resolve("<@1><@1>", {"parse": ["users"]}, webhook=True, guild=None, known_users=known,
                   bot_mentions_everyone=False).users == [1]
    assert form_errors({"parse": ["users"], "users": []}) is None  # an empty list is no conflict
    assert form_errors({"parse": ["people"]}) is not None
    assert form_errors({"users": [str(i) for i in range(101)]}) is not None
