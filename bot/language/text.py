"""Safe text for Discord: people's names cleaned and escaped, messages cut to Discord's limits, exact pings.

Every text the bot posts passes through here. Names come from users (display names) and may hold markdown,
masked links, mentions (`<@123>`, `@everyone`), bidi overrides and zero-width characters; a public message
must show them as written letters, never as formatting, links or pings.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable

import discord

CONTENT_LIMIT = 2000  # characters of message content Discord accepts
LABEL_LIMIT = 80  # characters of a button label
NAME_LIMIT = 32  # Discord's own limit for display names; longer ones can only come from elsewhere
QUOTE_LIMIT = 40  # how much of a person's typed text a reply quotes back
ELLIPSIS = "…"

# Control (Cc), format (Cf: bidi overrides, zero-width joiners and spaces), surrogate, private use,
# unassigned, and line/paragraph separators: none of them belongs in a name shown to others.
_DROP = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
# Letters and symbols that draw nothing (Hangul fillers, the braille blank) read as a space; the combining grapheme
# joiner joins nothing visible, so it goes like a format character. Both are how blank-looking names are made.
_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800")
_INVISIBLE = frozenset("\u034f\u17b4\u17b5")
# A name needs at least one character of these classes (letters, numbers, punctuation, symbols) to be seen:
# one of only marks (accents, variation selectors) and spaces looks empty.
_SEEN = frozenset("LNPS")
# Discord's markdown honours a backslash before any ASCII punctuation; these characters can start formatting,
# a link, a mention, an emoji, a heading, a quote or a list, so each is escaped wherever it stands.
_SPECIAL = re.compile(r"([\\*_~`|>\[\]()<@#:!-])")
# In a sentence, parentheses stay as they are: with the brackets escaped they can never make a masked link.
_SPECIAL_PROSE = re.compile(r"([\\*_~`|>\[\]<@#:!-])")


def plain(text: str, limit: int = NAME_LIMIT) -> str:
    """Printable text on one line: control, format and blank-looking characters dropped, spaces collapsed, cut to
    `limit`; empty when nothing visible is left."""
    kept = []
    for ch in unicodedata.normalize("NFC", str(text)):
        if ch.isspace() or ch in _BLANK:  # tabs and line breaks too: a name stays on one line
            kept.append(" ")
        elif ch not in _INVISIBLE and unicodedata.category(ch) not in _DROP:
            kept.append(ch)
    clean = " ".join("".join(kept).split())
    if not any(unicodedata.category(ch)[0] in _SEEN for ch in clean):
        return ""
    return cut(clean, limit)


def cut(text: str, limit: int) -> str:
    """The text, or its start with an ellipsis when it is longer than `limit` characters."""
    if len(text) <= limit:
        return text
    return text[: max(0, limit - 1)].rstrip() + ELLIPSIS


def escape(text: str) -> str:
    """Markdown, links, mentions and emoji shown as the characters themselves."""
    return _SPECIAL.sub(r"\\\1", text)


def prose(text: str, limit: int = CONTENT_LIMIT) -> str:
    """A stored sentence that may hold people's plain names ('a_b (Archer) resigned'), cleaned and escaped once."""
    return _SPECIAL_PROSE.sub(r"\\\1", plain(text, limit))


@functools.lru_cache(maxsize=4096)  # every message names its players again: clean each name once
def name(text: str, *, fallback: str = "Player") -> str:
    """A person's name for a message: cleaned, cut to NAME_LIMIT, then escaped."""
    return escape(plain(text) or fallback)


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """A short, escaped quotation of what a person typed (never their whole input)."""
    return escape(plain(text, limit))


def label(text: str) -> str:
    """A button label: plain text (labels show no markdown), at most LABEL_LIMIT characters."""
    return plain(text, LABEL_LIMIT) or "…"


def fit(text: str, limit: int = CONTENT_LIMIT) -> str:
    """Message content within Discord's limit; a cut never leaves half an escape behind."""
    if len(text) <= limit:
        return text
    head = text[: limit - 2].rstrip()
    trailing = len(head) - len(head.rstrip("\\"))
    if trailing % 2:
        head = head[:-1]
    return head + " " + ELLIPSIS


def mentions(user_ids: Iterable[int]) -> discord.AllowedMentions:
    """Ping exactly these users: never everyone, roles, or the author of a replied-to message."""
    users = [discord.Object(uid) for uid in dict.fromkeys(user_ids)]
    return discord.AllowedMentions(everyone=False, roles=False, users=users, replied_user=False)


NOBODY = discord.AllowedMentions.none()
