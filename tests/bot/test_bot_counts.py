"""Counts as players read them: '1 action left', '2 actions left', '1 catastrophe', 'the last move', through the
real command tree; and clock choices said as durations ('12 hours', '1 day'), never as the option was typed."""

from __future__ import annotations

import re

from bot.background import clocks
from bot.language import clock_texts
from render.text import plural
from tests.bot_harness import ALICE, BOB, CHANNEL, Harness, open_game, response


def test_plural_says_one_and_many():
    assert [plural(n, "tile") for n in (0, 1, 2)] == ["0 tiles", "1 tile", "2 tiles"]
    assert plural(1, "lobby", "lobbies") == "1 lobby" and plural(3, "lobby", "lobbies") == "3 lobbies"


def test_clock_choices_as_durations():
    assert [clock_texts.length(c) for c in clocks.CLOCKS] == [
        "no clock", "2 minutes", "5 minutes", "15 minutes", "1 hour", "12 hours", "1 day", "3 days"]
    assert clock_texts.length("36h") == "36h", "a choice this version does not know is shown as stored"


def no_plural_guesses(text: str) -> None:
    assert "(s)" not in text and not re.search(r"\b1 (actions|tiles|catastrophes|moves|turns)\b", text), text


async def test_status_hand_log_and_board_count_in_words(fake, tmp_path):
    h = await Harness(fake, str(tmp_path / "tne.sqlite3"), seed=3).start()
    try:
        game_id = await open_game(h, [ALICE, BOB], clock="12h")
        table = await h.service.load(game_id)
        me = [ALICE, BOB][table.game.to_move]
        label = table.label(table.game.to_move)

        status = response(await h.command(BOB, CHANNEL, "status")).content
        no_plural_guesses(status)
        assert f"Turn: {label}, 2 actions left." in status and "0 moves played" in status
        assert "Clock: 12 hours per turn" in status
        assert status.count("6 tiles in hand, 2 catastrophes;") == 2
        board = response(await h.command(BOB, CHANNEL, "board")).content
        assert board.startswith(f"Game #{game_id} after 0 moves.")
        assert "2 actions left" in board

        # A catastrophe as the first action: one action and one catastrophe left for its player.
        move = next(m for m in table.game.legal_moves() if m.startswith("catastrophe "))
        await h.command(me, CHANNEL, "move", action=move)
        status = response(await h.command(BOB, CHANNEL, "status")).content
        no_plural_guesses(status)
        assert f"Turn: {label}, 1 action left." in status and "1 move played" in status
        assert "6 tiles in hand, 1 catastrophe;" in status and "6 tiles in hand, 2 catastrophes;" in status
        hand = response(await h.command(me, CHANNEL, "hand")).content
        assert "Your turn: 1 action left. Use `/tne move`." in hand and "Catastrophes: 1" in hand
        no_plural_guesses(hand)
        log = response(await h.command(BOB, CHANNEL, "log")).content
        assert log.startswith(f"**The last move of game #{game_id}:**")
        board = response(await h.command(BOB, CHANNEL, "board")).content
        assert board.startswith(f"Game #{game_id} after 1 move.") and "(1 action left)" in board

        await h.command(me, CHANNEL, "move", action="pass")
        log = response(await h.command(BOB, CHANNEL, "log")).content
        assert log.startswith(f"**The last 2 moves of game #{game_id}:**")
        turn = (await h.service.load(game_id)).game.to_move
        status = response(await h.command(BOB, CHANNEL, "status")).content
        no_plural_guesses(status)
        assert "2 moves played" in status and f"Turn: {table.label(turn)}, 2 actions left." in status
    finally:
        await h.close()
