"""The outbox's held channels: a channel held only for its pictures stays held until a picture gets through."""

from bot.discord_front.outbox_blocks import REOPEN_MEMORY, Blocks
from bot.discord_front.outbox_contract import Blocked
from bot.storage.outbox import Announcement

CHANNEL, GUILD = 7, 3


def announcement() -> Announcement:
    return Announcement(id=1, channel_id=CHANNEL, kind="move", content="played", created_at=0.0, guild_id=GUILD)


async def test_a_text_getting_through_does_not_end_a_hold_on_pictures():
    """Was: the next computer move's text, posted fine, dropped the hold, so the person acting was no longer told to
    give back Attach Files while the refused pictures still waited."""
    opened: list[int] = []

    async def on_open(channel_id: int) -> None:
        opened.append(channel_id)

    blocks = Blocks(lambda: 100.0, on_open=on_open)
    blocks.picture_held(CHANNEL, GUILD, ("attach_files",))
    await blocks.opened(CHANNEL)
    held = blocks.get(CHANNEL)
    assert held is not None and held.missing == ("attach_files",) and opened == []
    blocks.picture_attached(CHANNEL)
    assert blocks.get(CHANNEL) is None


async def test_a_text_getting_through_ends_a_hold_on_texts():
    opened: list[int] = []

    async def on_open(channel_id: int) -> None:
        opened.append(channel_id)

    blocks = Blocks(lambda: 100.0, on_open=on_open)
    await blocks.held(announcement(), Blocked("Missing Permissions", ("send_messages",)), 100.0, close_after=3600.0)
    blocks.picture_held(CHANNEL, GUILD, ("attach_files",))  # a picture refused too: the hold is still the texts'
    await blocks.opened(CHANNEL)
    assert blocks.get(CHANNEL) is None and opened == [CHANNEL]


def test_a_permission_change_is_remembered_for_the_tries_it_crosses_and_then_forgotten():
    """A refusal of a try begun before the change says nothing of now; permission events come all day in a big
    server, so each is kept only REOPEN_MEMORY seconds (was: every channel and server ever changed, for good)."""
    now = [100.0]
    blocks = Blocks(lambda: now[0])
    blocks.reopening(GUILD, CHANNEL)  # that one channel
    assert blocks.reopened_since(CHANNEL, GUILD, began=99.0) and not blocks.reopened_since(CHANNEL, GUILD, began=101.0)
    assert not blocks.reopened_since(CHANNEL + 1, GUILD, began=99.0), "another channel of the server"
    blocks.reopening(GUILD, None)  # the whole server (a role changed)
    assert blocks.reopened_since(CHANNEL + 1, GUILD, began=99.0)
    assert not blocks.reopened_since(CHANNEL + 2, GUILD + 1, began=99.0), "another server"
    for channel in range(1000):  # a day of permission events elsewhere
        now[0] += 60.0
        blocks.reopening(GUILD + 1, 1000 + channel)
    assert len(blocks._reopened) <= REOPEN_MEMORY / 60.0 + 1
    assert not blocks.reopened_since(CHANNEL, GUILD, began=99.0), "long forgotten"
