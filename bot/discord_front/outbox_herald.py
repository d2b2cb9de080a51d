"""How the Discord front end words each change of a running game for the outbox (the service's `Herald`).

A notice holds only plain data (text, user ids, button descriptions, the public picture's description), so it can
be stored with the change and delivered by any process later, after a restart too.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.background import clocks
from bot.discord_front import messages as M
from bot.discord_front.play import texts as play_texts
from bot.discord_front.settings import texts as settings_texts
from bot.discord_front.views import layout, table_view
from bot.language import clock_texts, seat_names
from bot.language import text as T
from bot.language.locales import ENGLISH, N_, Texts
from bot.language.locales import load as load_locales
from bot.language.table_words import label
from bot.service.events import ClockEvent
from bot.service.table import Notice, Played, Table
from bot.storage.rows import GameStatus
from bot.web.auth import Links

DIRECT = "reminder-dm"  # a reminder sent as a direct message (in the channel when the person's DMs are closed)
OPEN_BOARD = N_("Open the board")  # the label /tne board's link button has too


def buttons(view: discord.ui.View | None) -> list[dict[str, Any]]:
    """A view's buttons as stored data (custom id, label, style, emoji; a link button's url instead of an id)."""
    out = []
    for item in view.children if view is not None else []:
        button: Any = getattr(item, "item", item)  # a DynamicItem wraps its button
        stored = {"custom_id": button.custom_id, "label": button.label, "style": button.style.value,
                  "emoji": str(button.emoji) if button.emoji else None}
        if button.url:
            stored["url"] = button.url
        out.append(stored)
    return out


def link_button(url: str, *, t: Texts = ENGLISH) -> dict[str, Any]:
    """The web board's "Open the board" link button, as stored data."""
    return {"custom_id": None, "label": t.gettext(OPEN_BOARD), "style": discord.ButtonStyle.link.value, "emoji": None,
            "url": url}


def view_of(stored: list[dict[str, Any]]) -> discord.ui.View | None:
    """The buttons back as a view to send (the DynamicItem pattern answers their presses, restarts included)."""
    if not stored:
        return None
    return layout(*(discord.ui.Button(url=b["url"], label=b.get("label"), emoji=b.get("emoji")) if b.get("url")
                    else discord.ui.Button(custom_id=b["custom_id"], label=b.get("label"),
                                           style=discord.ButtonStyle(b.get("style") or 2), emoji=b.get("emoji"))
                    for b in stored))


def picture(table: Table, now: float | None = None, *, t: Texts = ENGLISH) -> dict[str, Any] | None:
    """The public picture that follows a message: the board, or the final picture once the game is over. Only
    the spectator view is kept: a public picture never shows hands or hidden points. With `now`, the board's panel
    shows the turn clock as it stands then."""
    game = table.game
    if game is None:
        return None
    # A game ended by a resignation is over for the table though not by the rules: it gets the final picture too.
    final = game.over or table.row.status == GameStatus.OVER
    out: dict[str, Any] = {"kind": "final" if final else "board", "game_id": table.id, "n": len(table.moves),
           "view": game.view(None), "names": seat_names.seat_names([p.name for p in table.players],
                                                                   [p.level for p in table.players], t)}
    if final:
        out["standings"] = table.standings()
        out["names"] = [n + t.gettext(" (resigned)") if p.resigned else n for n, p in zip(out["names"], table.players,
                                                                                strict=True)]
    elif now is not None:
        clock = table.row.clock
        out["clock"] = {"text": clock_texts.clock_words(clock, now, t=t),
                        "standins": sorted(clocks.standin_seats(clock, table.players))}
    return out


def _notice(kind: str, table: Table, post: M.Post, *, with_picture: bool = True, now: float | None = None,
            activity: bool = False, links: Links | None = None, t: Texts = ENGLISH) -> Notice:
    stored = buttons(table_view(table, activity=activity, t=t))
    if links is not None and with_picture:
        # The board message opens the game's public page, as /tne board's answer does, finished games too.
        stored.append(link_button(links.spectator(table.id, table.row.channel_id), t=t))
    shown = picture(table, now, t=t) if with_picture else None
    if shown is not None:
        # The picture's labels speak the post's language (bot/discord_front/pictures.py Painter.public).
        shown["lang"] = t.lang
    return Notice(kind, T.fit(post.text), list(post.pings), stored, shown)


class DiscordHerald:
    """Words a change as the channel sees it (bot/discord_front/play/texts.py and its neighbours), with the buttons of
    bot/discord_front/views.py; `now` is the
    service's time source, for the clock on the board's panel; `links`: the web board's addresses, when it is on."""

    def __init__(self, now: clocks.Now | None = None, *, activity: bool = False, links: Links | None = None) -> None:
        self.now = now
        self.activity = activity  # the Activity is configured: the board message carries its launch button
        self.links = links  # the web board is on: the board message carries its "Open the board" link

    def start(self, table: Table, *, t: Texts = ENGLISH) -> Notice:
        return _notice("start", table, play_texts.opening(table, t=t), now=self.now() if self.now else None,
                       activity=self.activity, links=self.links, t=t)

    def move(self, played: Played, *, t: Texts = ENGLISH) -> Notice:
        return _notice("move", played.table, play_texts.account(played, t=t), now=self.now() if self.now else None,
                       activity=self.activity, links=self.links, t=t)

    def clock(self, table: Table, event: ClockEvent, mode: str, now: float, *, t: Texts = ENGLISH,
              language: str = "en") -> Notice | None:
        """A reminder as the person wants it (a ping here, a direct message, or nothing) in their `language`, or
        the stand-in taking their seat (always said here, for the whole table in the server's `t`, pinging nobody)."""
        if event.kind == clocks.TIMED_OUT:
            # Said for the whole table, pinging nobody: the stand-in acts now, not the person (issue 33's rule).
            return Notice("stand-in", T.fit(settings_texts.reminder(table, event, now, ping=False, t=t).text), [])
        if mode == "off":
            return None
        post = settings_texts.reminder(table, event, now, ping=True, t=load_locales().for_tag(language))
        return Notice(DIRECT if mode == "dm" else "reminder", T.fit(post.text), list(post.pings))

    def away(self, table: Table, seat: int, away: bool, *, t: Texts = ENGLISH) -> Notice:
        return _notice("away", table, play_texts.away_text(table, seat, away, t=t), with_picture=False, t=t)

    def undo(self, table: Table, seat: int, move: str, *, t: Texts = ENGLISH) -> Notice:
        return _notice("undo", table, play_texts.takeback(table, seat, move, t=t), links=self.links, t=t)

    def resign(self, table: Table, seat: int, *, t: Texts = ENGLISH) -> Notice:
        """The board as it stands, or, when the resignation ends the game, the final standings picture."""
        return _notice("resign", table, play_texts.resignation(table, label(table, seat, t=t), t=t), links=self.links,
                       t=t)

    def abandon(self, table: Table, who: str, seat: int | None = None, *, t: Texts = ENGLISH) -> Notice:
        """No picture for a game that counts nowhere: the final one would name a winner, and it has none; one that
        counts as the abandoning player's resignation ends like any other, picture included."""
        return _notice("abandon", table, play_texts.abandonment(table, who, seat, t=t), with_picture=seat is not None,
                       links=self.links, t=t)
