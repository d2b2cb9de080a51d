"""Names shown right: blank-looking names fall back to a readable one, and names in end reasons are stored plain
and escaped exactly once where a message is written (the game's channel, history, replay)."""

from __future__ import annotations

import pytest

from bot.language import text as T
from tests.bot_harness import ALICE, CHANNEL, User, open_game, response
from tests.records_helpers import public_texts, stats

BLANK_LOOKING = ["\u3164", "\u115f\u1160", "\uffa0\uffa0", "\u034f", "\u3164\u034f \u2800", "\u0301\u0301"]


@pytest.mark.parametrize("blank", BLANK_LOOKING)
def test_blank_looking_names_fall_back_to_a_readable_one(blank):
    assert T.plain(blank) == ""
    assert T.name(blank) == "Player"
    assert T.label(blank) == "…"


def test_fillers_between_letters_read_as_one_space_and_real_marks_stay():
    assert T.plain("Ann\u3164\u3164Lee\u034f") == "Ann Lee"
    assert T.plain("Zoe\u0301") == "Zoé"  # a combining accent on a letter is part of the name
    assert T.plain("\u2764\ufe0f") == "\u2764\ufe0f"  # an emoji keeps its presentation selector


def test_prose_escapes_once_and_keeps_parentheses():
    assert T.prose("a_b*c (Archer) resigned") == r"a\_b\*c (Archer) resigned"
    assert T.prose("[x](https://evil.example) <@1>") == r"\[x\](https\://evil.example) \<\@1\>"


async def test_a_name_in_an_end_reason_is_stored_plain_and_shown_escaped_once(harness):
    h = harness
    odd = User(1010, "a_b*c")
    game_id = await open_game(h, [ALICE, odd])
    table = await h.service.load(game_id)
    await h.command([ALICE, odd][table.game.to_move], CHANNEL, "move", action="pass")
    calls = await h.command(odd, CHANNEL, "resign")
    row = await h.service.storage.get_game(game_id)
    assert row.end_reason == "resigned:1"  # the seat, not its name: readers name it as they show it
    assert r"**The game is over** (a\_b\*c (Bull) resigned)." in public_texts(calls)[0]
    status = response(await h.command(ALICE, CHANNEL, "status")).content
    assert r"a\_b\*c (Bull) resigned" in status and "\\\\" not in status
    await h.bot.controller.finisher.sweep()
    history = response(await stats(h, ALICE, "history")).content  # private since issue 33's visibility rule
    assert r"a\_b\*c (Bull) resigned" in history and "\\\\" not in history


async def test_a_blank_looking_name_is_shown_as_player(harness):
    h = harness
    ghost = User(1011, "\u3164\u034f")
    game_id = await open_game(h, [ALICE, ghost])
    table = await h.service.load(game_id)
    assert table.names() == ["Alice", "Player"] and table.label(1) == "Player (Bull)"
    status = response(await h.command(ALICE, CHANNEL, "status")).content
    assert "Player (Bull)" in status and "\u3164" not in status
