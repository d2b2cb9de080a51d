"""Games in a private channel and a private thread, through the real bot on the loopback Discord: the bot learns
the channels, their overwrites and the roles from GUILD_CREATE, and shows each game only to those who may view it."""

from __future__ import annotations

import discord
import pytest

from tests.loopback import running_bot
from tests.loopback.model import overwrite
from tests.loopback.tne import open_game

pytestmark = pytest.mark.loopback

VIEW = discord.Permissions(view_channel=True).value


async def test_private_games_are_listed_only_for_those_who_may_view_them(loopback, tmp_path):
    alice, bob, carol, dave = (loopback.add_user(n) for n in ("Alice", "Bob", "Carol", "Dave"))
    guild = loopback.add_guild()
    staff = loopback.add_role(guild, "staff", members=(carol,))
    public = loopback.add_channel(guild, "tigris")
    private = loopback.add_channel(guild, "backroom", overwrites=(
        overwrite(guild.id, deny=VIEW), overwrite(staff.id, allow=VIEW), overwrite(alice.id, member=True, allow=VIEW),
        overwrite(bob.id, member=True, allow=VIEW)))
    thread = loopback.add_thread(public, "secret", private=True)
    async with running_bot(loopback, str(tmp_path / "tne.sqlite3"), seed=5) as bot:
        await bot.sync_commands()
        await open_game(loopback, private, alice, joiners=(bob,))
        await open_game(loopback, thread, alice, joiners=(bob,))
        hidden = (await bot.service.channel_table(private.id)).id
        secret = (await bot.service.channel_table(thread.id)).id

        seen = await (await loopback.slash(dave, public, "tne games")).response()
        assert seen.ephemeral and f"#{hidden}" not in seen.content and f"#{secret}" not in seen.content
        refused = await (await loopback.slash(dave, public, "tne export", game=hidden)).response()
        assert refused.ephemeral and refused.content == f"There is no game #{hidden} in this server."
        assert not refused.attachments

        staffed = await (await loopback.slash(carol, public, "tne games")).response()  # by her role
        assert staffed.ephemeral and f"#{hidden}" in staffed.content and f"#{secret}" not in staffed.content
        seated = await (await loopback.slash(alice, public, "tne games")).response()
        assert f"#{hidden}" in seated.content and f"#{secret}" in seated.content
    assert not any(f"#{hidden}" in m.content for m in loopback.channel(public).messages()), "nothing public"
