"""Buttons. Every button is one persistent DynamicItem whose custom id carries game, revision, action and move.

Views here are only layouts: they are stopped before sending so discord.py never stores them per message
(a stored ephemeral view times out after 15 minutes and would unregister the dynamic item with it). All
presses, before or after a restart, are dispatched by the DynamicItem registered once in setup_hook.
"""

from __future__ import annotations

import re
from typing import Any, Protocol

import discord

from bot.language import text, words
from bot.language.locales import ENGLISH, N_, Texts
from bot.records.service import HistoryPage
from bot.service.table import Table
from bot.storage.rows import FINISHED, GameStatus

TEMPLATE = r"tne:(?P<game>[0-9]+):(?P<rev>[0-9]+):(?P<action>[a-z]+)(?::(?P<arg>[A-Za-z0-9.\-]+))?"
MAX_BUTTONS = 25


class ButtonHandler(Protocol):
    async def on_button(self, interaction: discord.Interaction, press: Press) -> None: ...


class Press:
    """What a custom id says: game, the revision it was made for (0 = any), the action and its argument."""

    __slots__ = ("action", "arg", "game_id", "rev")

    def __init__(self, game_id: int, rev: int, action: str, arg: str | None) -> None:
        self.game_id, self.rev, self.action, self.arg = game_id, rev, action, arg

    @property
    def move(self) -> str:
        return (self.arg or "").replace(".", " ")


def custom_id(game_id: int, action: str, *, rev: int = 0, move: str | None = None) -> str:
    cid = f"tne:{game_id}:{rev}:{action}"
    if move:
        cid += ":" + move.replace(" ", ".")
    return cid


class TneButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE):
    """The one button class; the client (`interaction.client.controller`) decides what a press means."""

    def __init__(self, press: Press, *, label: str = "…", style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 emoji: str | None = None) -> None:
        super().__init__(discord.ui.Button(
            label=text.label(label), style=style, emoji=emoji,
            custom_id=custom_id(press.game_id, press.action, rev=press.rev, move=press.move or None),
        ))
        self.press = press

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> TneButton:
        press = Press(int(match["game"]), int(match["rev"]), match["action"], match["arg"])
        assert isinstance(item, discord.ui.Button)  # a DynamicItem made of a button is matched from one
        return cls(press, label=item.label or "…", style=item.style)

    async def callback(self, interaction: discord.Interaction) -> Any:
        controller: ButtonHandler = interaction.client.controller  # type: ignore[attr-defined]
        await controller.on_button(interaction, self.press)


def button(game_id: int, action: str, label: str, *, rev: int = 0, move: str | None = None,
           style: discord.ButtonStyle = discord.ButtonStyle.secondary, emoji: str | None = None) -> TneButton:
    return TneButton(Press(game_id, rev, action, (move or "").replace(" ", ".") or None), label=label, style=style,
                     emoji=emoji)


def layout(*items: discord.ui.Item[Any]) -> discord.ui.View:
    """A stopped view holding the items: sent as components, never stored (see the module docstring)."""
    view = discord.ui.View(timeout=None)
    for item in items[:MAX_BUTTONS]:
        view.add_item(item)
    view.stop()
    return view


def _pair(pair: str, t: Texts) -> str:
    return "-".join(words.colour(c, t) for c in pair.split("-"))


def move_label(move: str, *, t: Texts = ENGLISH) -> str:
    """A button label for a move."""
    parts = move.split()
    verb = parts[0]
    if verb == "commit":
        # Translators: a button: commit {n} tiles as reinforcements in a revolt or war
        return t.gettext("Commit {n}").format(n=parts[1])
    if verb == "war":
        if t.lang == ENGLISH.lang:
            return f"Fight the {parts[1]} war first"
        return t.gettext("Fight the war of the {leaders} first").format(leaders=words.leader(parts[1], t))
    if verb == "monument":
        return t.gettext("Build the {pair} monument on {square}").format(pair=_pair(parts[1], t), square=parts[2])
    if verb == "decline":
        # Translators: a button: decline to build a monument
        return t.gettext("Build no monument")
    if verb == "treasure":
        return t.gettext("Take the treasure on {square}").format(square=parts[1])
    return move.capitalize()


def lobby_view(table: Table, *, t: Texts = ENGLISH) -> discord.ui.View:
    gid = table.id
    return layout(
        # A rematch's seats are for the earlier game's players: they accept.
        button(gid, "join",
               # Translators: a rematch's lobby button: accept to play the finished game again
               t.gettext("Accept") if table.row.rematch_of is not None
               # Translators: a lobby button: take a seat in the game
               else t.gettext("Join"),
               style=discord.ButtonStyle.primary),
        # Translators: a lobby button: give up one's seat before the game starts
        button(gid, "leave", t.gettext("Leave")),
        # Translators: a lobby button (the host's): start the game
        button(gid, "start", t.gettext("Start"), style=discord.ButtonStyle.success),
        # Translators: a lobby button (the host's): cancel the game before it starts
        button(gid, "cancel", t.gettext("Cancel"), style=discord.ButtonStyle.danger),
    )


DECISION_NAMES = {
    # Translators: a button: commit tiles to a revolt or war
    "revolt": N_("Choose reinforcements"),
    # Translators: a button: commit tiles to a revolt or war
    "war": N_("Choose reinforcements"),
    # Translators: a button: choose which war is fought first
    "war_order": N_("Choose the war order"),
    # Translators: a button: choose a monument to build
    "monument": N_("Choose a monument"),
    # Translators: a button: choose which treasures to take
    "treasure": N_("Choose treasures"),
}


# Translators: a button: open the panel of the decision the game waits for
DECIDE = N_("Decide")
ACTIVITY_LABEL = N_("Play on the board")


def table_view(table: Table, *, activity: bool = False, t: Texts = ENGLISH) -> discord.ui.View | None:
    """Buttons under a public game message: the awaited decision (for its owner only), "My hand", and, when the
    operator turned the Activity on, the button that opens the board in this channel; Rematch once it has ended."""
    game = table.game
    if game is not None and table.row.status in FINISHED:
        # Under the final standings: play it again, the same seats and options (/tne rematch).
        # Translators: a button under a finished game's standings: play the same game again
        return layout(button(table.id, "rematch", t.gettext("Rematch"), style=discord.ButtonStyle.success))
    if game is None or game.over or table.row.status != GameStatus.ACTIVE:
        return None
    items: list[discord.ui.Item[Any]] = []
    seat = game.to_move
    if game.pending and seat is not None and not table.player(seat).is_bot:
        label = f"{t.gettext(DECISION_NAMES.get(game.pending['kind'], DECIDE))} ({table.names()[seat]})"
        items.append(button(table.id, "decide", label, rev=table.row.rev, style=discord.ButtonStyle.primary))
    # Translators: a button: show me my tiles privately
    items.append(button(table.id, "hand", t.gettext("My hand"), emoji="🂠"))
    if activity:
        items.append(button(table.id, "activity", t.gettext(ACTIVITY_LABEL), style=discord.ButtonStyle.success))
    return layout(*items)


def decision_view(table: Table, *, t: Texts = ENGLISH) -> discord.ui.View:
    """The private panel: one button per legal answer to the awaited decision."""
    if table.game is None:
        raise ValueError(f"game {table.id} has no position to decide in")
    moves = table.game.legal_moves()
    return layout(*(button(table.id, "play", move_label(m, t=t), rev=table.row.rev, move=m,
                           style=discord.ButtonStyle.primary if i == 0 else discord.ButtonStyle.secondary)
                    for i, m in enumerate(moves)))


def hand_view(table: Table, seat: int, *, t: Texts = ENGLISH) -> discord.ui.View | None:
    """Buttons under a private hand: the decision answers when one is yours, else Pass on your turn."""
    game = table.game
    if game is None or game.over or game.to_move != seat:
        return None
    if game.pending:
        return decision_view(table, t=t)
    return layout(button(table.id, "play", t.gettext("Pass (end my actions)"), rev=table.row.rev, move="pass",
                         style=discord.ButtonStyle.danger))


HISTORY_TEMPLATE = r"tne:history:(?P<anchor>[0-9]+):(?P<page>[0-9]+)"


class HistoryButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=HISTORY_TEMPLATE):
    """Pages of `/tne stats history`: the custom id carries the page and the newest game shown when the first page
    was (so games ending meanwhile do not shift the pages); the server is the press's own."""

    def __init__(self, anchor: int, page: int, *, label: str = "…", disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(label=text.label(label), style=discord.ButtonStyle.secondary,
                                           custom_id=f"tne:history:{anchor}:{page}", disabled=disabled))
        self.anchor, self.page = anchor, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> HistoryButton:
        return cls(int(match["anchor"]), int(match["page"]), label=getattr(item, "label", None) or "…")

    async def callback(self, interaction: discord.Interaction) -> Any:
        await interaction.client.controller.on_history_page(  # type: ignore[attr-defined]
            interaction, self.anchor, self.page)


def history_view(page: HistoryPage, *, t: Texts = ENGLISH) -> discord.ui.View | None:
    """Newer and Older under a history page; none when everything fits on one page."""
    if page.pages <= 1:
        return None
    return layout(
        # Translators: a button: the previous page of a list, with newer games
        HistoryButton(page.anchor, max(0, page.page - 1), label=t.gettext("◀ Newer"), disabled=page.page == 0),
        # Translators: a button: the next page of a list, with older games
        HistoryButton(page.anchor, min(page.pages - 1, page.page + 1), label=t.gettext("Older ▶"),
                      disabled=page.page >= page.pages - 1),
    )


GAMES_TEMPLATE = r"tne:games:(?P<mine>[01]):(?P<page>[0-9]+)"


class GamesButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=GAMES_TEMPLATE):
    """Pages of `/tne games` (`mine`: only those waiting for the presser): the custom id carries only the page; the
    list is read afresh for whoever presses, so a crafted id shows nobody more than their own `/tne games`."""

    def __init__(self, mine: bool, page: int, *, label: str = "…", disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(label=text.label(label), style=discord.ButtonStyle.secondary,
                                           custom_id=f"tne:games:{int(mine)}:{page}", disabled=disabled))
        self.mine, self.page = mine, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> GamesButton:
        return cls(match["mine"] == "1", int(match["page"]), label=getattr(item, "label", None) or "…")

    async def callback(self, interaction: discord.Interaction) -> Any:
        await interaction.client.controller.on_games_page(  # type: ignore[attr-defined]
            interaction, self.mine, self.page)


def games_view(mine: bool, page: int, pages: int, *, t: Texts = ENGLISH) -> discord.ui.View | None:
    """Previous and Next under a page of `/tne games`; none when everything fits on one page."""
    if pages <= 1:
        return None
    return layout(
        # Translators: a button: the previous page of the games list
        GamesButton(mine, max(0, page - 1), label=t.gettext("◀ Previous"), disabled=page == 0),
        # Translators: a button: the next page of the games list
        GamesButton(mine, min(pages - 1, page + 1), label=t.gettext("Next ▶"), disabled=page >= pages - 1),
    )


OPEN_BOARD = N_("Open the board")  # the web board's link button, under the board message and /tne board's answer


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
