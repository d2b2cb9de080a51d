"""How bot/discord_front/outbox_courier.py judges Discord's refusals: a permission taken away is held (it passes once
given
back), a channel that is gone is gone, any other refusal is for good."""

from __future__ import annotations

from types import SimpleNamespace

import discord

from bot.discord_front.outbox_contract import Blocked, Gone, Refused, Retry
from bot.discord_front.outbox_courier import PICTURING, judged


def refusal(status: int, code: int, message: str) -> discord.HTTPException:
    response = SimpleNamespace(status=status, reason=message)
    kind = {403: discord.Forbidden, 404: discord.NotFound}.get(status, discord.HTTPException)
    return kind(response, {"code": code, "message": message})  # type: ignore[arg-type]


def test_a_permission_taken_away_is_held_not_refused():
    """Was: every 403 was `Refused`, and the announcement failed for good."""
    send = judged(refusal(403, 50013, "Missing Permissions"))
    assert isinstance(send, Blocked) and isinstance(send, Retry) and send.missing == ("send_messages",)
    view = judged(refusal(403, 50001, "Missing Access"))
    assert isinstance(view, Blocked) and view.missing == ("view_channel",)
    picture = judged(refusal(403, 50013, "Missing Permissions"), PICTURING)
    assert isinstance(picture, Blocked) and picture.missing == ("attach_files",)


def test_a_channel_that_is_gone_and_other_refusals_stay_as_they_were():
    assert isinstance(judged(refusal(404, 10003, "Unknown Channel")), Gone)
    other = judged(refusal(403, 50007, "Cannot send messages to this user"))
    assert isinstance(other, Refused) and not isinstance(other, Retry)
    assert isinstance(judged(refusal(400, 50035, "Invalid Form Body")), Refused)
