"""A running game with a computer seat, straight through the service, for the seats and leases tests."""

from __future__ import annotations

from bot.service.game_service import GameService

ALICE, BOB = 1001, 1002


async def computer_game(service: GameService, *, channel: int = 7, people: tuple[int, ...] = (ALICE,)) -> int:
    """A running game: the people first, then one easy computer; the computer is drawn to move first."""
    table = await service.new_game(guild_id=1, channel_id=channel, user_id=people[0], name="Alice",
                                   seats=len(people) + 1)
    for uid in people[1:]:
        await service.join(table.id, uid, f"P{uid}")
    await service.add_bot(table.id, people[0], "easy")
    await service.start(table.id, people[0])
    return table.id
