"""Public pictures speak the server's language: the board a German server's channel is shown, and the picture
stored with each announcement, are drawn with German labels; an English server's as ever."""

from __future__ import annotations

import render
from bot.discord_front.announcer import Announcer
from bot.discord_front.pictures import draw_board
from bot.language.locales import load
from bot.service.said import START, account
from tests.bot_harness import ALICE, BOB, CHANNEL, Harness, open_game, response


async def board_in(h: Harness, guild_locale: str) -> tuple[bytes, bytes, bytes]:
    """/tne board asked in a server Discord says speaks `guild_locale`: the PNG, and the same board drawn in
    German and in English."""
    game_id = await open_game(h, [ALICE, BOB])
    table = await h.service.load(game_id)
    payload = h.command_payload(ALICE, CHANNEL, "board")
    payload.update(guild_locale=guild_locale, locale="en-US")
    calls = await h.dispatch(payload)
    assert not response(calls).ephemeral
    (data,) = [d for c in calls for _, d in (c.files or []) if c.files]
    view, names = table.game.view(None), table.names()
    german, english = load().for_tag("de"), load().for_tag("en")
    return (data, draw_board(view, names, h.bot.controller.clock_line(table, german), "de"),
            draw_board(view, names, h.bot.controller.clock_line(table, english), "en"))


async def test_a_german_servers_board_is_drawn_in_german(harness):
    data, german, english = await board_in(harness, "de")
    assert german != english
    assert data == german


async def test_an_english_servers_board_is_drawn_as_ever(harness):
    data, _, english = await board_in(harness, "en-US")
    assert data == english


async def test_an_announcements_picture_is_drawn_in_the_language_it_was_worded_in(harness):
    game_id = await open_game(harness, [ALICE, BOB])
    table = await harness.service.load(game_id)
    french = load().for_tag("fr")
    notice = Announcer().notice(account(START, table), t=french)
    assert notice.picture is not None and notice.picture["lang"] == "fr"
    file = await harness.bot.painter.public(notice.picture)  # as the courier delivers it, later, any process
    view, names = notice.picture["view"], notice.picture["names"]
    clock = notice.picture.get("clock")
    line = render.ClockLine(clock.get("text"), frozenset(clock.get("standins") or ())) if clock else None
    assert file.fp.read() == draw_board(view, names, line, "fr") != draw_board(view, names, line, "en")
