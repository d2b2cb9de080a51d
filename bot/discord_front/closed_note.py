"""The private note to whoever changes a game in a channel the bot cannot post in: their change stands, the channel
does not show it yet, and which permission to give the bot back there."""

from __future__ import annotations

from collections.abc import Callable

import discord

from bot.discord_front.outbox import Outbox
from bot.discord_front.outbox_blocks import Block
from bot.language.clock_texts import span
from bot.language.locales import N_, Texts

# The permissions the bot's posts need, in the words of Discord's permission settings (discord.Permissions' names).
NEEDED = {
    # Translators: a Discord permission, as Discord's own settings name it in your language
    "view_channel": N_("View Channel"),
    # Translators: a Discord permission, as Discord's own settings name it in your language
    "send_messages": N_("Send Messages"),
    "send_messages_in_threads": N_("Send Messages in Threads"),
    # Translators: a Discord permission, as Discord's own settings name it in your language
    "read_message_history": N_("Read Message History"),
    # Translators: a Discord permission, as Discord's own settings name it in your language
    "attach_files": N_("Attach Files"),
    # Translators: a Discord permission, as Discord's own settings name it in your language
    "embed_links": N_("Embed Links"),
}
POSTING = ("view_channel", "send_messages", "send_messages_in_threads")  # without one, no post gets through
CLOSED = N_("The bot cannot post in this channel now, so the others do not see this yet. Give the bot back "
            "{permissions} here (the channel's or the bot role's settings): what it owes the channel is then "
            "posted, in order, pings included.")
NO_PICTURES = N_("The bot cannot attach the board's picture in this channel now: give the bot back {permissions} here.")
PAUSES = N_("If it still cannot after {span}, the game's clock stops until it can.")


def _refused(block: Block | None, thread: bool) -> list[str]:
    """What the outbox was refused for, with posting in a thread named as Discord names it there."""
    posting = "send_messages_in_threads" if thread else "send_messages"
    return [posting if name in POSTING[1:] else name for name in (block.missing if block is not None else ())]


def missing(permissions: discord.Permissions, block: Block | None, *, thread: bool = False) -> list[str]:
    """The permissions to name: those the outbox was refused for, and those Discord's interaction says the bot
    lacks here (in a thread, posting is Send Messages in Threads). Nothing when the bot's posts get through (an
    interaction that reports no permissions at all says nothing: only a refused post counts then)."""
    posting = "send_messages_in_threads" if thread else "send_messages"
    watched = [name for name in NEEDED if name not in POSTING or name in ("view_channel", posting)]
    lacking = [name for name in watched if permissions.value and not getattr(permissions, name)]
    known = _refused(block, thread)
    if not known and not any(name in POSTING for name in lacking):
        return []
    return [name for name in watched if name in known or name in lacking]


def given_back(permissions: discord.Permissions, block: Block | None, *, thread: bool = False) -> bool:
    """Whether Discord's interaction says the bot has again every permission its held posts were refused for."""
    refused = _refused(block, thread)
    return bool(refused) and bool(permissions.value) and all(getattr(permissions, name) for name in refused)


def closed_note(names: list[str], t: Texts, close_after: float) -> str:
    """The note, in the reader's language: posts held (and when the game pauses), or only pictures refused."""
    words = ", ".join(t.gettext(NEEDED[name]) for name in names)
    if not any(name in POSTING or name == "read_message_history" for name in names):
        return t.gettext(NO_PICTURES).format(permissions=words)
    return f"{t.gettext(CLOSED).format(permissions=words)} {t.gettext(PAUSES).format(span=span(close_after, t=t))}"


def closed_words(outbox: Outbox) -> Callable[[int, Texts], str | None]:
    """For a change made outside Discord (the web board): the note for a channel whose posts this process holds,
    as far as its refused posts tell (there is no interaction to report the bot's permissions); None otherwise."""
    def words(channel_id: int, t: Texts) -> str | None:
        names = missing(discord.Permissions.none(), outbox.blocked(channel_id))
        return closed_note(names, t, outbox.timing.close_after) if names else None
    return words
