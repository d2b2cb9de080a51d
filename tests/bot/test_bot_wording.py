"""Words a player understands: conflicts said as a person would, leaders named as they are typed, durations in
words, and decision buttons that say what they do."""

from __future__ import annotations

import re

from bot.discord_front import messages as M
from bot.discord_front.views import move_label
from bot.language import clock_texts
from tests.bot_harness import (
    ALICE,
    BOB,
    buttons,
    last_message_with,
    open_game,
    reach_conflict,
    response,
)

USERS = [ALICE, BOB]


async def test_a_revolt_is_said_as_a_person_would_say_it(harness, fake):
    game_id = await reach_conflict(harness, USERS, "revolt")
    table = await harness.service.load(game_id)
    p = table.game.pending
    att, dfn, colour = p["attacker"], p["defender"], p["colour"]
    a, d = table.label(att), table.label(dfn)
    where = table.game.view(None)["players"][att]["leaders"][colour]
    piece = f"{colour} ({M.LEADER_OF[colour]})"
    strength = p["strength"]
    held = table.game.view(att)["players"][att]["hand"]["red"]

    mid, decide = last_message_with(fake, "decide")
    public = fake.messages[mid]["content"]
    assert f"{a}'s {piece} is attacking {d}'s {piece} in a revolt at {where}." in public
    assert f"Strength: {a} {strength['attacker']}, {d} {strength['defender']}, before reinforcements" in public
    assert f"{a} chooses how many temples (red tiles) to commit." in public
    assert "(commit <n>)" not in public and "before reinforcements)" not in public

    panel = response(await harness.press(USERS[att], mid, decide))
    assert panel.ephemeral
    assert panel.content.startswith("**A revolt: choose your reinforcements.**\n"
                                    f"{a}, your {piece} is attacking {d}'s {piece} in a revolt at {where}. "
                                    f"Strength: you {strength['attacker']}, {d} {strength['defender']}, before "
                                    "reinforcements; a tie goes to the defender. "
                                    f"Choose how many temples (red tiles) to commit: you hold **{held}**.")
    assert "(attacker, strength" not in panel.content

    # The defender hears what the attacker added and that a tie is theirs.
    await harness.press(USERS[att], panel.message_id, buttons(fake, panel.message_id)["Commit 1"])
    mid, decide = last_message_with(fake, "decide")
    panel = response(await harness.press(USERS[dfn], mid, decide))
    assert (f"{d}, {a}'s {piece} is attacking your {piece} in a revolt at {where}. Strength: {a} "
            f"{strength['attacker'] + 1} ({strength['attacker']} + 1 temple added), you {strength['defender']} "
            "before your reinforcements; a tie goes to you, the defender.") in panel.content


async def test_a_war_names_its_leaders_its_place_and_its_tiles(harness, fake):
    game_id = await reach_conflict(harness, USERS, "war")
    table = await harness.service.load(game_id)
    p = table.game.pending
    colour, tile = p["colour"], M.TILES_OF[p["colour"]]
    status = response(await harness.command(ALICE, table.row.channel_id, "status")).content
    assert (f"Awaited: {table.label(p['attacker'])}'s {colour} ({M.LEADER_OF[colour]}) is attacking "
            f"{table.label(p['defender'])}'s {colour} ({M.LEADER_OF[colour]}) in a war over the {colour} leaders at "
            f"{p['marker']}.") in status
    assert f"chooses how many {tile}s ({colour} tiles) to commit." in status


async def test_leaders_are_named_by_the_word_a_move_uses(harness):
    game_id = await open_game(harness, USERS)
    table = await harness.service.load(game_id)
    seat = table.game.to_move
    mine = response(await harness.command(USERS[seat], table.row.channel_id, "hand")).content
    assert "Leaders: in supply: red (priest), blue (farmer), green (trader), black (king)" in mine
    square = next(m for m in table.game.legal_moves() if m.startswith("leader red ")).split()[2]
    await harness.command(USERS[seat], table.row.channel_id, "move", action=f"leader priest {square}")
    status = response(await harness.command(ALICE, table.row.channel_id, "status")).content
    assert (f"leaders on the board: red (priest) on {square}; in supply: blue (farmer), green (trader), "
            "black (king)") in status
    assert not re.search(r"in supply: priest", status)


def test_durations_are_said_in_words():
    assert clock_texts.span(86_400) == "1 day" and clock_texts.span(2 * 3600) == "2 hours"
    assert clock_texts.span(30 * 60) == "30 minutes" and clock_texts.span(1) == "1 second"
    assert clock_texts.span(86_400 + 3600) == "1 day 1 hour" and clock_texts.span(3600 + 60) == "1 hour 1 minute"
    assert [clock_texts.length(c) for c in ("2m", "1h", "12h", "24h", "72h")] == [
        "2 minutes", "1 hour", "12 hours", "1 day", "3 days"]


def test_decision_buttons_say_what_they_do():
    assert move_label("war red") == "Fight the red war first"
    assert move_label("monument red-blue E5") == "Build the red-blue monument on E5"
    assert move_label("decline") == "Build no monument"
    assert move_label("treasure B2") == "Take the treasure on B2"
    assert move_label("commit 2") == "Commit 2"
