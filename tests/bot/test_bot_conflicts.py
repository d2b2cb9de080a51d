"""Decisions through components: reinforcements chosen on private buttons, 'not yours' for everyone else."""

from __future__ import annotations

import pytest

from tests.bot_harness import (
    ALICE,
    BOB,
    CAROL,
    buttons,
    last_message_with,
    reach_conflict,
    response,
)

# The database matters here, so these run on SQLite and on PostgreSQL.
pytestmark = pytest.mark.both_databases

USERS = [ALICE, BOB]


async def test_war_reinforcements_through_private_buttons(harness, fake):
    game_id = await reach_conflict(harness, USERS, "war")
    table = await harness.service.load(game_id)
    pending = dict(table.game.pending)
    attacker, defender = USERS[pending["attacker"]], USERS[pending["defender"]]
    colour = pending["commit_colour"]
    hands = table.game.position()["players"]
    mid, decide = last_message_with(fake, "decide")
    # The attacker's own move started it: named, not pinged, in the reply to that move (issue 37).
    assert f"**{attacker.name} (" in fake.messages[mid]["content"] and "<@" not in fake.messages[mid]["content"]
    assert attacker.name in " ".join(buttons(fake, mid))

    # Anyone else pressing gets a private "not yours" and nothing changes.
    for intruder in (defender, CAROL):
        calls = await harness.press(intruder, mid, decide)
        assert response(calls).ephemeral and "not yours" in response(calls).content
        assert len(calls) == 1
    assert (await harness.service.load(game_id)).row.move_count == table.row.move_count

    calls = await harness.press(attacker, mid, decide)
    panel = response(calls)
    held = hands[pending["attacker"]]["hand"][colour]
    assert panel.ephemeral and f"({colour} tiles) to commit: you hold **{held}**." in panel.content
    assert panel.labels() == [f"Commit {n}" for n in range(held + 1)]
    calls = await harness.press(attacker, panel.message_id, buttons(fake, panel.message_id)[f"Commit {held}"])
    assert response(calls).payload["type"] == 7  # the private panel is updated in place
    public = next(c for c in calls if c.kind == "channel")
    assert not public.ephemeral and f"played `commit {held}`" in public.content
    assert f"<@{defender.id}>" in public.content

    # The defender answers on their own private panel, opened from the new public message.
    mid2, decide2 = last_message_with(fake, "decide")
    assert mid2 == public.message_id
    calls = await harness.press(defender, mid2, decide2)
    panel = response(calls)
    assert f" {pending['strength']['attacker'] + held} ({pending['strength']['attacker']} + {held} " in panel.content
    held_d = hands[pending["defender"]]["hand"][colour]
    calls = await harness.press(defender, panel.message_id, buttons(fake, panel.message_id)["Commit 0"])
    public = next(c for c in calls if c.kind == "channel")
    result = next(e for e in (await harness.service.load(game_id)).moves[-1].events if e["type"] == "war_won")
    assert result["text"] in public.content
    assert held_d >= 1
    table = await harness.service.load(game_id)
    assert [m.move for m in table.moves[-2:]] == [f"commit {held}", "commit 0"]

    # The old buttons are spent: pressing again applies nothing twice.
    calls = await harness.press(attacker, mid, decide)
    assert response(calls).ephemeral and "already been made" in response(calls).content


async def test_a_repeated_click_never_applies_twice(harness, fake):
    game_id = await reach_conflict(harness, USERS, "war")
    table = await harness.service.load(game_id)
    attacker = USERS[table.game.pending["attacker"]]
    mid, decide = last_message_with(fake, "decide")
    panel = response(await harness.press(attacker, mid, decide))
    commit0 = buttons(fake, panel.message_id)["Commit 0"]
    before = table.row.move_count
    # Two presses arriving together (a double click): one applies, the other is told it is out of date.
    calls = await harness.dispatch(harness.press_payload(attacker, panel.message_id, commit0),
                                   harness.press_payload(attacker, panel.message_id, commit0))
    answers = [c for c in calls if c.kind == "response"]
    assert len(answers) == 2
    assert sum(1 for c in answers if c.payload["type"] == 7) == 1
    assert sum(1 for c in answers if c.ephemeral and "out of date" in c.content) == 1
    assert (await harness.service.load(game_id)).row.move_count == before + 1


async def test_revolt_and_other_decisions_use_the_same_panel(harness, fake):
    game_id = await reach_conflict(harness, USERS, "revolt")
    table = await harness.service.load(game_id)
    pending = table.game.pending
    attacker = USERS[pending["attacker"]]
    mid, decide = last_message_with(fake, "decide")
    panel = response(await harness.press(attacker, mid, decide))
    assert "red tile" in panel.content  # revolts are fought with temples whatever the leader's colour
    assert panel.labels()[0] == "Commit 0"
