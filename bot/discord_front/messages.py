"""The text helpers every feature shares: a post, mentions, who is due, plural words, pages."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.background import clocks
from bot.language import text as T
from bot.language import words
from bot.language.locales import ENGLISH, Texts
from bot.language.table_words import label
from bot.service.table import Table
from bot.storage.rows import GameStatus
from engine import COLOURS, LEADER_NAMES, TILE_NAMES
from engine.game import ANSWERS

COLOUR_EMOJI = dict(zip(COLOURS, ("🟥", "🟦", "🟩", "⬛"), strict=True))
LEADER_OF = dict(zip(COLOURS, LEADER_NAMES, strict=True))
TILES_OF = dict(zip(COLOURS, TILE_NAMES, strict=True))
LIMIT = T.CONTENT_LIMIT


@dataclass(frozen=True)
class Post:
    """A public message: its text and exactly the people it pings (by user id)."""

    text: str
    pings: tuple[int, ...] = ()


def clip(text: str, limit: int = LIMIT) -> str:
    """Cut a text to fit one message, saying that it was cut."""
    return T.fit(text, limit)


def mention(table: Table, seat: int, *, t: Texts = ENGLISH) -> str:
    """A ping for a person, plain name for a computer seat."""
    player = table.player(seat)
    return label(table, seat, t=t) if player.is_bot else f"<@{player.user_id}> ({words.dynasty(seat, t)})"


def present(table: Table, seat: int) -> bool:
    """Whether a person plays this seat now: not a computer, and not the stand-in (away, or their time ran out)."""
    player = table.player(seat)
    return not player.is_bot and not clocks.stand_in_plays(table.row.clock, player)


def new_occasion(table: Table) -> bool:
    """Whether whoever acts now faces a new turn or a new decision since the last move, rather than acting on in one
    they were told of already. Read from the moves alone: nothing more is remembered."""
    if not table.moves:
        return True  # the game's first turn
    game = table.live
    last = table.moves[-1]
    if any(e.get("type") == "turn" for e in last.events):
        return True  # that move ended a turn: a new one begins
    if game.pending is None:
        return False  # the turn goes on: its second action, or its first once the decisions it raised are answered
    # A decision asked of them is new, unless they are still answering it (several treasures to pick, say).
    return last.seat != game.to_move or last.move.split(" ", 1)[0] not in ANSWERS[game.pending["kind"]]


def due(table: Table) -> tuple[int, ...]:
    """The people pinged now: the person to move or decide, if they are present and this is a new turn or decision
    for them; nobody for a computer or a seat the stand-in plays."""
    game = table.game
    if game is None or game.over or table.row.status != GameStatus.ACTIVE:
        return ()
    seat = game.to_move
    if seat is None or not present(table, seat) or not new_occasion(table):
        return ()
    return (table.player(seat).user_id,)


def leader(colour: str) -> str:
    """A leader as players type it and as the game calls it: 'red (priest)'."""
    return f"{colour} ({LEADER_OF[colour]})"


def chain(parts: Sequence[str], t: Texts) -> str:
    """Parts of one line, one after another: 'a; b' (French sets its semicolon apart: 'a ; b')."""
    # Translators: two parts of a list joined, the second possibly a list itself (a semicolon in English)
    return t.gettext("{first}; {second}").format(first=parts[0], second=chain(parts[1:], t)) if len(parts) > 1 \
        else "".join(parts)


def n_moves(n: int, t: Texts) -> str:
    # Translators: a count of moves played in a game
    return t.ngettext("{n} move", "{n} moves", n).format(n=n)


def n_actions(n: int, t: Texts) -> str:
    # Translators: a count of actions (each turn has two)
    return t.ngettext("{n} action", "{n} actions", n).format(n=n)


def n_tiles(n: int, t: Texts) -> str:
    # Translators: a count of tiles (the game's pieces)
    return t.ngettext("{n} tile", "{n} tiles", n).format(n=n)


def n_catastrophes(n: int, t: Texts) -> str:
    # Translators: a count of catastrophe tiles a player has left
    return t.ngettext("{n} catastrophe", "{n} catastrophes", n).format(n=n)


def n_games(n: int, t: Texts) -> str:
    # Translators: a count of games (a player's record)
    return t.ngettext("{n} game", "{n} games", n).format(n=n)


def n_wins(n: int, t: Texts) -> str:
    # Translators: a count of games won
    return t.ngettext("{n} win", "{n} wins", n).format(n=n)


def when(moment: float, style: str = "R") -> str:
    """A Discord timestamp: every reader sees it in their own time zone ('in 3 hours', 'Tuesday 14:00')."""
    return f"<t:{int(moment)}:{style}>"


def channel_link(guild_id: int | None, channel_id: int) -> str:
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"


def paged(head: str, lines: list[str], paged_head: Callable[[int, int], str], limit: int = LIMIT) -> list[str]:
    """Whole lines under a heading, as few messages within `limit` as they need: one keeps `head`; several each
    say which page they are (`paged_head(page, pages)`, counted from 1). A line is never split across pages."""
    whole = "\n".join([head, *lines])
    if len(whole) <= limit:
        return [whole]
    room = limit - len(paged_head(len(lines), len(lines))) - 1  # the longest heading these pages can have
    chunks: list[list[str]] = [[]]
    used = 0
    for line in lines:
        line = T.fit(line, room)  # only a line longer than a whole page (none is) would be cut
        if chunks[-1] and used + 1 + len(line) > room:
            chunks.append([])
            used = 0
        used += len(line) + (1 if chunks[-1] else 0)
        chunks[-1].append(line)
    return ["\n".join([paged_head(i + 1, len(chunks)), *chunk]) for i, chunk in enumerate(chunks)]
