"""The private note to whoever changes a game in a channel the bot cannot post in: their change stands, the channel
does not show it yet, and which permission to give the bot back there."""

from __future__ import annotations

import discord

from bot.clock_texts import span
from bot.locales import N_, Texts
from bot.outbox import Block

# The permissions the bot's posts need, in the words of Discord's permission settings (discord.Permissions' names).
NEEDED = {
    "view_channel": N_("View Channel"),
    "send_messages": N_("Send Messages"),
    "read_message_history": N_("Read Message History"),
    "attach_files": N_("Attach Files"),
    "embed_links": N_("Embed Links"),
}
POSTING = ("view_channel", "send_messages")  # without these no post of the bot's reaches the channel
CLOSED = N_("The bot cannot post in this channel now, so the others do not see this yet. Give the bot back "
            "{permissions} here (the channel's or the bot role's settings): what it owes the channel is then "
            "posted, in order, pings included.")
NO_PICTURES = N_("The bot cannot attach the board's picture in this channel now: give the bot back {permissions} here.")
PAUSES = N_("If it still cannot after {span}, the game's clock stops until it can.")


def missing(permissions: discord.Permissions, block: Block | None) -> list[str]:
    """The permissions to name: those the outbox was refused for, and those Discord's interaction says the bot
    lacks here. Nothing when the bot's posts get through (an interaction that reports no permissions at all
    says nothing: only a refused post counts then)."""
    lacking = [name for name in NEEDED if permissions.value and not getattr(permissions, name)]
    known = list(block.missing) if block is not None else []
    if not known and not any(name in POSTING for name in lacking):
        return []
    return [name for name in NEEDED if name in known or name in lacking]


def closed_note(names: list[str], t: Texts, close_after: float) -> str:
    """The note, in the reader's language: posts held (and when the game pauses), or only pictures refused."""
    words = ", ".join(t.gettext(NEEDED[name]) for name in names)
    if not any(name in POSTING or name == "read_message_history" for name in names):
        return t.gettext(NO_PICTURES).format(permissions=words)
    return f"{t.gettext(CLOSED).format(permissions=words)} {t.gettext(PAUSES).format(span=span(close_after, t=t))}"
