"""Every text the web board's pages show (board, server page, Activity), marked for the catalogs, and the table of
them in each language that `GET /api/texts` answers. The pages look each text up by its English id and show the
English where a language lacks it; placeholders `{name}` are filled by the page after the lookup."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from bot.language import words
from bot.language.locales import N_, Locales, Texts


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Marks a text with a plural for the catalogs; the page chooses the form (`{n}` in both)."""
    return singular, plural


# The page's own texts, in the order the board page, the server page and the Activity show them.
TEXTS: tuple[str, ...] = (
    # index.html
    N_("Tigris & Euphrates"),
    N_("This server's games"),
    N_("This page shows a game to its players and to the people watching its channel."),
    N_("To get in, type <code>/tne web</code> in the game's Discord channel: the bot answers with your own link (it "
       "signs you in) and a link anyone in the channel may use to watch."),
    N_("live updates"),
    N_("Zoom: then tap a part of the board"),
    N_("Zoom in"),
    N_("show more to the left"),
    N_("show more above"),
    N_("show more below"),
    N_("show more to the right"),
    N_("Show the whole board"),
    N_("Whole board"),
    N_("Your hand"),
    N_("Final standings"),
    N_("previous move"),
    N_("replay: move"),
    N_("next move"),
    N_("Log"),
    N_("Your decision"),
    # board.js
    N_("The server answered {status}."),
    N_("The server refused ({status})."),
    N_("The server could not be reached; try again."),
    N_("Seat {n}"),
    N_("Waiting for players to join."),
    N_("This game was abandoned."),
    N_("The game is over."),
    N_("{name} must decide."),
    N_("Your turn."),
    N_("{name} to play."),
    N_("Game {id} · Tigris & Euphrates"),
    N_("Game {id} · {names}"),
    N_("Signed in as {name}"),
    N_("Watching"),
    N_("{name}'s {leader} ({colour})"),
    N_("strength in this kingdom"),
    N_("strength {n}"),
    N_("Move {n}: {move}"),
    N_("The start"),
    N_("{square} is not a legal square for that piece."),
    N_("Tap the part of the board to zoom to."),
    # panels.js
    N_("you"),
    N_("{leader}: on {square}"),
    N_("{leader}: in supply"),
    N_("{colour} points"),
    N_("treasures"),
    N_("points hidden"),
    N_("tiles in hand"),
    N_("catastrophes left"),
    N_("catastrophe"),
    N_("{leader} ({colour}) on {square}"),
    N_("Swap tiles"),
    N_("Don't swap"),
    N_("Withdraw {leader}"),
    N_("Swap tiles…"),
    N_("Pass"),
    N_("Undo"),
    N_("Choose the tiles to give back, then confirm."),
    N_("Tap a highlighted square."),
    N_("Choose a tile, leader or catastrophe."),
    N_("no tiles"),
    N_("Commit {n}"),
    N_("Fight the {colour} war"),
    N_("Build {monument} at {square}"),
    N_("Build no monument"),
    N_("Take the treasure on {square}"),
    N_("Attacker"),
    N_("Defender"),
    N_("{colour} revolt"),
    N_("{colour} war"),
    N_("(resigned)"),
    N_("Player"),
    N_("Score"),
    # server.html, server.js
    N_("Tigris & Euphrates · server"),
    N_("This page shows a server's finished games and its leaderboard."),
    N_("To get in, type <code>/tne web</code> in one of the server's game channels: the bot answers with your own "
       "link (it signs you in)."),
    N_("Games played here"),
    N_("newer games"),
    N_("◀ Newer"),
    N_("older games"),
    N_("Older ▶"),
    N_("Leaderboard"),
    N_("{first} and {second}"),
    N_("{names} won"),
    N_("no winner"),
    N_("the game ended"),
    N_("No game has been played to its end here yet."),
    N_("page {page} of {pages}"),
    N_("Sign in with <code>/tne web</code> to see the leaderboard."),
    N_("Nobody is rated here yet: ratings start with the first finished game."),
    N_("You: {rank} of {rated} — {rating}"),
    N_("You are not rated yet: finish a game here to join the {n} rated players."),
    N_("This address names no server."),
    # activity.html, activity.js
    N_("Connecting to Discord…"),
    N_("Signing you in…"),
    N_("Signed in as {name}. Finding this channel's game…"),
    N_("Launch the Activity in a channel with a game."),
    N_("Opening the board…"),
)

# keyboard.js: what a screen reader says of the board's squares (issue 41, "Everyone can play").
SPOKEN: tuple[str, ...] = (
    N_("The board"),
    N_("{tile} ({colour})"),
    N_("monument ({colours})"),
    N_("face-down tile"),
    N_("treasure"),
    N_("river"),
    N_("{name}'s kingdom"),
    N_("kingdom of {names}"),
    N_("last move"),
    N_("you can play here"),
)

PLURALS: tuple[tuple[str, str], ...] = (
    N_plural("Your turn ({n} action left).", "Your turn ({n} actions left)."),
    N_plural("{name} to play ({n} action left).", "{name} to play ({n} actions left)."),
    N_plural("Kingdom of {n} square", "Kingdom of {n} squares"),
    N_plural("Swap {n} tile", "Swap {n} tiles"),
    N_plural("{n} game", "{n} games"),
    N_plural("{n} win", "{n} wins"),
)

# The game's own words, said as everywhere else (bot/language/words.py): the page names pieces and computer levels by
# their
# English word.
WORDS: tuple[str, ...] = (*words.COLOUR_WORDS.values(), *words.TILE_WORDS.values(), *words.LEADER_WORDS.values(),
                          *words.DYNASTY_WORDS.values(), *words.LEVEL_WORDS.values())


# CLDR's plural categories in the order gettext numbers a catalog's forms (Babel writes Plural-Forms so).
CATEGORIES = ("zero", "one", "two", "few", "many", "other")


def categories(t: Texts) -> list[str]:
    """The language's plural categories in its catalog's order: the page picks form i for the category that
    `Intl.PluralRules` gives n ("one", "many", "other" in French)."""
    tags = t.locale.plural_form.tags
    return [c for c in CATEGORIES if c in tags or c == "other"]


def table(t: Texts) -> dict[str, Any]:
    """One language's texts for the page: each English id to its text, each plural's singular to its forms."""
    plurals = {}
    for singular, plural in PLURALS:
        forms = t.messages.get(singular)
        plurals[singular] = list(forms) if forms else [singular, plural]
    return {"lang": t.lang, "texts": {text: t.gettext(text) for text in (*TEXTS, *SPOKEN, *WORDS)}, "plurals": plurals,
            "categories": categories(t) if t.messages else ["one", "other"]}


@dataclass(frozen=True)
class PageTexts:
    """Each language's table as the JSON `GET /api/texts` answers, built once at start."""

    bodies: Mapping[str, str]

    @classmethod
    def build(cls, locales: Locales) -> PageTexts:
        return cls(MappingProxyType({lang: json.dumps(table(t), ensure_ascii=False)
                                     for lang, t in locales.texts.items()}))
