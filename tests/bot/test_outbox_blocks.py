"""The outbox's held channels: a channel held only for its pictures stays held until a picture gets through."""

from bot.discord_front.outbox_blocks import Blocks
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
