"""An announcement's own id, carried invisibly at the end of the message that delivers it, so that a retry after a
crash or an outage finds its message by that id and never by its words (move texts repeat within a game)."""

from __future__ import annotations

from bot.language import text as T

# Zero-width characters: Discord keeps them (they are not whitespace) and shows nothing. The separator opens the
# tag; each of the four digits is two bits of the id.
OPEN = "\u2063"
DIGITS = "\u200b\u200c\u200d\u2060"


def tag(announcement_id: int) -> str:
    """The invisible tag for an id (positive)."""
    digits = []
    n = announcement_id
    while True:
        n, d = divmod(n, 4)
        digits.append(DIGITS[d])
        if n == 0:
            break
    return OPEN + "".join(reversed(digits))


def tagged(content: str, announcement_id: int) -> str:
    """The content as posted: within Discord's limit with the tag after it."""
    mark = tag(announcement_id)
    return T.fit(content, T.CONTENT_LIMIT - len(mark)) + mark


def tag_of(content: str) -> int | None:
    """The id a posted message's tag names, or None when it carries none."""
    start = content.rfind(OPEN)
    if start < 0 or start == len(content) - 1:
        return None
    n = 0
    for ch in content[start + 1:]:
        d = DIGITS.find(ch)
        if d < 0:
            return None
        n = n * 4 + d
    return n


def untagged(content: str) -> str:
    """The words a person reads: the content without its tag."""
    return content[:content.rfind(OPEN)] if tag_of(content) is not None else content
