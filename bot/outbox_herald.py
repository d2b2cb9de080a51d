"""How the Discord front end words each change of a running game for the outbox (the service's `Herald`).

A notice holds only plain data (text, user ids, button descriptions, the public picture's description), so it can
be stored with the change and delivered by any process later, after a restart too.
"""

from __future__ import annotations

import discord

from bot import messages as M
from bot import text as T
from bot.service import Notice, Played, Table
from bot.views import layout, table_view


def buttons(view: discord.ui.View | None) -> list[dict]:
    """A view's buttons as stored data (custom id, label, style, emoji)."""
    out = []
    for item in view.children if view is not None else []:
        button = getattr(item, "item", item)  # a DynamicItem wraps its button
        out.append({"custom_id": button.custom_id, "label": button.label, "style": button.style.value,
                    "emoji": str(button.emoji) if button.emoji else None})
    return out


def view_of(stored: list[dict]) -> discord.ui.View | None:
    """The buttons back as a view to send (the DynamicItem pattern answers their presses, restarts included)."""
    if not stored:
        return None
    return layout(*(discord.ui.Button(custom_id=b["custom_id"], label=b.get("label"),
                                      style=discord.ButtonStyle(b.get("style") or 2), emoji=b.get("emoji"))
                    for b in stored))


def picture(table: Table) -> dict | None:
    """The public picture that follows a message: the board, or the final picture once the game is over. Only
    the spectator view is kept: a public picture never shows hands or hidden points."""
    game = table.game
    if game is None:
        return None
    out = {"kind": "final" if game.over else "board", "game_id": table.id, "n": len(table.moves),
           "view": game.view(None), "names": table.names()}
    if game.over:
        out["standings"] = game.standings()
    return out


def _notice(kind: str, table: Table, post: M.Post, *, with_picture: bool = True) -> Notice:
    return Notice(kind, T.fit(post.text), list(post.pings), buttons(table_view(table)),
                  picture(table) if with_picture else None)


class DiscordHerald:
    """Words a change as the channel sees it (bot/messages.py), with the buttons of bot/views.py."""

    def start(self, table: Table) -> Notice:
        return _notice("start", table, M.opening(table))

    def move(self, played: Played) -> Notice:
        return _notice("move", played.table, M.account(played))

    def undo(self, table: Table, seat: int, move: str) -> Notice:
        return _notice("undo", table, M.takeback(table, seat, move))

    def resign(self, table: Table, seat: int) -> Notice:
        over = table.row.status != "active"
        return _notice("resign", table, M.resignation(table, table.label(seat)), with_picture=not over)

    def abandon(self, table: Table, who: str) -> Notice:
        post = M.Post(f"Game #{table.id} was abandoned by {T.name(who)}.")
        return _notice("abandon", table, post, with_picture=False)
