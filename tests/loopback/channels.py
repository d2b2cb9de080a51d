"""A channel as a person sees it: the visible messages in order, current content, pictures, pings and buttons.

`viewer=None` is anyone in the channel (public messages only); a viewer also sees their own ephemeral messages.
Deleted messages are gone; a deferred response nobody completed shows as "thinking" (`loading`).
The assertions raise AssertionError with the channel's transcript, so a failing test shows what people saw.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from tests.loopback.model import WAIT, Attachment, Message, User

if TYPE_CHECKING:
    from tests.loopback.server import LoopbackDiscord

Match = str | re.Pattern[str] | Callable[[Message], bool]


def matcher(what: Match) -> Callable[[Message], bool]:
    """A text fragment, a compiled regex or a predicate, as a predicate on messages."""
    if callable(what) and not isinstance(what, re.Pattern):
        return what
    if isinstance(what, re.Pattern):
        return lambda m: bool(what.search(m.content))
    return lambda m: what in m.content


class ChannelView:
    def __init__(self, server: LoopbackDiscord, channel_id: int, viewer: int | None = None) -> None:
        self.server = server
        self.channel_id = channel_id
        self.viewer = viewer

    def seen_by(self, user: User) -> ChannelView:
        return ChannelView(self.server, self.channel_id, user.id)

    # --- reading -----------------------------------------------------------------------------------------------

    def messages(self) -> list[Message]:
        """What the viewer sees, oldest first."""
        return [m for m in self.server.channel_messages(self.channel_id) if m.visible_to(self.viewer)]

    def texts(self) -> list[str]:
        return [m.content for m in self.messages()]

    def find(self, what: Match) -> list[Message]:
        test = matcher(what)
        return [m for m in self.messages() if test(m)]

    def last(self, what: Match | None = None) -> Message:
        found = self.find(what) if what is not None else self.messages()
        if not found:
            raise AssertionError(f"no message{'' if what is None else f' matching {what!r}'}\n{self.transcript()}")
        return found[-1]

    def pictures(self) -> list[Attachment]:
        return [a for m in self.messages() for a in m.attachments if a.is_png]

    async def wait(self, what: Match, timeout: float = WAIT, *, count: int = 1) -> Message:
        """Until `count` visible messages match (by their current content); returns the last of them."""
        def found() -> Message | None:
            hits = self.find(what)
            return hits[count - 1] if len(hits) >= count else None
        return await self.server.wait_for(found, timeout, f"{count} message(s) matching {what!r} in "
                                                          f"channel {self.channel_id}")

    def transcript(self) -> str:
        """The channel as text, one message a paragraph, with who was pinged and what was attached."""
        lines = [f"--- channel {self.channel_id}" + (f" as seen by {self.viewer}" if self.viewer else "")]
        for m in self.messages():
            tags = [m.source]
            if m.ephemeral:
                tags.append(f"ephemeral to {m.interaction_user}")
            if m.loading:
                tags.append("thinking…")
            if m.pinged:
                tags.append("pinged " + ",".join(self._name(u) for u in sorted(m.pinged)))
            if m.attachments:
                tags.append("files " + ",".join(a.filename for a in m.attachments))
            if m.labels():
                tags.append("buttons " + "|".join(m.labels()))
            lines.append(f"[{m.id} {'; '.join(tags)}]\n{m.content}")
        return "\n".join(lines)

    def _name(self, user_id: int) -> str:
        user = self.server.users.get(user_id)
        return user.name if user else str(user_id)

    # --- assertions --------------------------------------------------------------------------------------------

    def assert_each_once(self, expected: Sequence[Match], *, among: Match | None = None) -> list[Message]:
        """Each expected item matches exactly one visible message, and those messages come in this order.

        `among` restricts the check to messages of one kind (e.g. move announcements), so that no other
        message of that kind may appear between, before or after them either.
        """
        pool = self.find(among) if among is not None else self.messages()
        found: list[Message] = []
        for what in expected:
            hits = [m for m in pool if matcher(what)(m)]
            if len(hits) != 1:
                raise AssertionError(f"{what!r} is shown {len(hits)} times, expected once\n{self.transcript()}")
            found.append(hits[0])
        if [m.id for m in found] != sorted(m.id for m in found):
            raise AssertionError(f"out of order: {[m.content[:40] for m in found]}\n{self.transcript()}")
        if among is not None and len(pool) != len(found):
            extra = [m.content[:60] for m in pool if m not in found]
            raise AssertionError(f"unexpected messages of that kind: {extra}\n{self.transcript()}")
        return found

    def assert_sequence(self, expected: Sequence[Match], *, among: Match) -> list[Message]:
        """The visible messages of one kind are exactly these, one each, in this order (repeats allowed)."""
        pool = self.find(among)
        mismatch = len(pool) != len(expected) or not all(matcher(w)(m) for w, m in zip(expected, pool, strict=False))
        if mismatch:
            raise AssertionError(f"expected {len(expected)} messages {list(expected)!r}, the channel shows "
                                 f"{len(pool)}: {[m.content[:50] for m in pool]}\n{self.transcript()}")
        return pool

    def assert_pings(self, message: Message, users: Iterable[User]) -> None:
        """This message notified exactly these people (when it was created)."""
        want = {u.id for u in users}
        if set(message.pinged) != want:
            raise AssertionError(f"message {message.id} pinged {sorted(self._name(u) for u in message.pinged)}, "
                                 f"expected {sorted(self._name(u) for u in want)}:\n{message.content}")

    def assert_last_pings(self, users: Iterable[User], *, what: Match | None = None) -> Message:
        """The last visible message (of this kind) notified exactly these people."""
        message = self.last(what)
        self.assert_pings(message, users)
        return message

    def assert_picture_follows(self, what: Match) -> Attachment:
        """The message matching `what` carries a PNG, or the next visible message (before any other text) does."""
        messages = self.messages()
        hits = [i for i, m in enumerate(messages) if matcher(what)(m)]
        if not hits:
            raise AssertionError(f"no message matching {what!r}\n{self.transcript()}")
        i = hits[-1]
        for m in messages[i:]:
            if m is not messages[i] and m.content:
                break  # another text came first: a picture after it belongs to that one
            png = next((a for a in m.attachments if a.is_png), None)
            if png is not None:
                return png
        raise AssertionError(f"no picture follows {what!r}\n{self.transcript()}")
