"""Every text the web board's pages show (board, server page, Activity), marked for the catalogs, and the table of
them in each language that `GET /api/texts` answers. The pages look each text up by its English id and show the
English where a language lacks it; placeholders `{name}` are filled by the page after the lookup."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from bot.language import grammar, words
from bot.language.locales import N_, Locales, Texts
from engine.constants import COLOURS


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Marks a text with a plural for the catalogs; the page chooses the form (`{n}` in both)."""
    return singular, plural


# The page's own texts, in the order the board page, the server page and the Activity show them.
TEXTS: tuple[str, ...] = (
    # index.html
    # Translators: the game's name, as published in your language
    N_("Tigris & Euphrates"),
    # Translators: the web page's heading: the games of this Discord server
    N_("This server's games"),
    N_("This page shows a game to its players and to the people watching its channel."),
    N_("To get in, type <code>/tne web</code> in the game's Discord channel: the bot answers with your own link (it "
       "signs you in) and a link anyone in the channel may use to watch."),
    # Translators: the web page: the board follows the game as it is played
    N_("live updates"),
    N_("Zoom: then tap a part of the board"),
    # Translators: a web board button
    N_("Zoom in"),
    N_("show more to the left"),
    # Translators: a web board button: move the zoomed view up
    N_("show more above"),
    # Translators: a web board button: move the zoomed view down
    N_("show more below"),
    N_("show more to the right"),
    N_("Show the whole board"),
    # Translators: a web board button: show the whole board again
    N_("Whole board"),
    # Translators: a web board panel: the tiles in your hand
    N_("Your hand"),
    # Translators: a web board panel's heading, after the game
    N_("Final standings"),
    # Translators: a replay button (a screen reader's name)
    N_("previous move"),
    # Translators: a replay slider's name, before the move's number
    N_("replay: move"),
    # Translators: a replay button (a screen reader's name)
    N_("next move"),
    # Translators: a web board panel: the game's moves in words
    N_("Log"),
    N_("Your decision"),
    # board.js
    N_("The server answered {status}."),
    N_("The server refused ({status})."),
    N_("The server could not be reached; try again."),
    # Translators: a player's seat by its number, when the name is not known
    N_("Seat {n}"),
    N_("Waiting for players to join."),
    N_("This game was abandoned."),
    N_("The game is over."),
    # Translators: the web board: a player must make a decision
    N_("{name} must decide."),
    # Translators: the web board: it is your turn
    N_("Your turn."),
    # Translators: the web board: whose turn it is
    N_("{name} to play."),
    N_("Game {id} · Tigris & Euphrates"),
    N_("Game {id} · {names}"),
    N_("Signed in as {name}"),
    # Translators: the web board: you watch the game, you do not play in it
    N_("Watching"),
    # Translators: a leader on the web board, said by screen readers ("Alice's priest (red)")
    N_("{name}'s {leader} ({colour})"),
    N_("strength in this kingdom"),
    # Translators: a side's strength in the revolt or war under way (a kingdom panel's line)
    N_("strength in this conflict"),
    # Translators: a side's strength in a revolt or war
    N_("strength {n}"),
    # Translators: a replay's move by its number; {move} in the game's notation
    N_("Move {n}: {move}"),
    # Translators: a replay's move by its number and who played it; {move} in the game's notation
    N_("Move {n}, {name}: {move}"),
    # Translators: a replay: the position before the first move
    N_("The start"),
    N_("{square} is not a legal square for that piece."),
    N_("Tap the part of the board to zoom to."),
    # Translators: the web board's confirm bar: play the move that was tapped
    N_("Play"),
    # Translators: the web board's button that asks the computer for a suggested move (/tne hint)
    N_("Hint"),
    # Translators: the web board while a hint is being worked out
    N_("Thinking…"),
    # Translators: the web board's confirm bar: do not play the move that was tapped
    N_("Don't play"),
    N_("Ask before playing a tapped move:"),
    N_("on a turn's last action"),
    # Translators: a choice after "Ask before playing a tapped move:"
    N_("on every move"),
    # Translators: a choice after "Ask before playing a tapped move:"
    N_("never"),
    N_("Play {move}? Tap the square again or press Play."),
    N_("It is your turn's last action: the draw after it makes it final."),
    N_("Choose a tile, leader or catastrophe first, then tap a highlighted square."),
    # panels.js
    N_("you"),
    # Translators: a leader and where it stands (a screen reader's text)
    N_("{leader}: on {square}"),
    # Translators: a leader not on the board (a screen reader's text)
    N_("{leader}: in supply"),
    # Translators: a player's points of one colour (a screen reader's text)
    N_("{colour} points"),
    # Translators: a player's treasures, a column's heading
    N_("treasures"),
    # Translators: a player's points when the game keeps scores hidden
    N_("points hidden"),
    # Translators: a column: how many tiles a player holds
    N_("tiles in hand"),
    # Translators: a column: how many catastrophe tiles a player has left
    N_("catastrophes left"),
    # Translators: a catastrophe tile on the board (a screen reader's name)
    N_("catastrophe"),
    N_("{leader} ({colour}) on {square}"),
    # Translators: the title of the web board's swap panel
    N_("Swap tiles"),
    # Translators: a web board button: close the swap panel without swapping
    N_("Don't swap"),
    # Translators: a web board button: take a leader back from the board
    N_("Withdraw {leader}"),
    # Translators: a web board button: open the swap panel
    N_("Swap tiles…"),
    # Translators: a web board button: pass this action
    N_("Pass"),
    # Translators: a web board button: take back your last action
    N_("Undo"),
    N_("Choose the tiles to give back, then confirm."),
    N_("Tap a highlighted square."),
    N_("Choose a tile, leader or catastrophe."),
    # Translators: a web board: a hand with no tiles
    N_("no tiles"),
    N_("Commit {n}"),
    N_("Fight the {colour} war"),
    N_("Build {monument} at {square}"),
    N_("Build no monument"),
    N_("Take the treasure on {square}"),
    # Translators: a revolt's or war's side that attacks
    N_("Attacker"),
    # Translators: a revolt's or war's side that defends
    N_("Defender"),
    # Translators: a revolt over the leaders of one colour (a heading; the page fills {colour} as the plain word)
    N_("{colour} revolt"),
    # Translators: a war over the leaders of one colour (a heading; the page fills {colour} as the plain word)
    N_("{colour} war"),
    # Translators: after a player's name: the player resigned
    N_("(resigned)"),
    # Translators: a table's column: the player
    N_("Player"),
    # Translators: a table's column: the final score (the weakest colour's points)
    N_("Score"),
    N_("The score is a player's weakest colour. Each treasure counts as a point in the colour where it helps most: a "
       "total shows its own points + the treasures added."),
    # server.html, server.js
    N_("Tigris & Euphrates · server"),
    N_("This page shows a server's finished games and its leaderboard."),
    N_("To get in, type <code>/tne web</code> in one of the server's game channels: the bot answers with your own "
       "link (it signs you in)."),
    # Translators: the server page's heading: finished games
    N_("Games played here"),
    # Translators: a server page link: the previous page of games
    N_("newer games"),
    N_("◀ Newer"),
    # Translators: a server page link: the next page of games
    N_("older games"),
    N_("Older ▶"),
    # Translators: the server page's heading: the best rated players
    N_("Leaderboard"),
    # Translators: two names or items joined
    N_("{first} and {second}"),
    N_("{names} won"),
    N_("no winner"),
    # Translators: the web page: why a game is over, when no other reason is known
    N_("the game ended"),
    N_("No game has been played to its end here yet."),
    N_("page {page} of {pages}"),
    N_("Sign in with <code>/tne web</code> to see the leaderboard."),
    N_("Nobody is rated here yet: ratings start with the first finished game."),
    N_("You: {rank} of {rated} — {rating}"),
    N_("You are not rated yet: finish a game here to join the {n} rated players."),
    N_("This address names no server."),
    # Translators: the server page: the heading of the list of running games
    N_("Games being played"),
    # Translators: the server page: a game still in its lobby
    N_("waiting for players"),
    # Translators: the server page's heading: {name} is the Discord server's name
    N_("Server: {name}"),
    # Translators: the server page's heading when the server's name is not known
    N_("Server number {id}"),
    N_("No game is being played here now."),
    # activity.html, activity.js
    # Translators: the Discord Activity, while it starts
    N_("Connecting to Discord…"),
    # Translators: the Discord Activity, while it signs the player in
    N_("Signing you in…"),
    N_("Signed in as {name}. Finding this channel's game…"),
    N_("Launch the Activity in a channel with a game."),
    # Translators: the Discord Activity, while it opens the board
    N_("Opening the board…"),
    N_("This is the board's Discord Activity: it runs inside Discord, started from a game's channel."),
    N_("Open the web board instead"),
)

# keyboard.js: what a screen reader says of the board's squares (issue 41, "Everyone can play").
SPOKEN: tuple[str, ...] = (
    # Translators: a screen reader's name for the board (its squares are read one by one)
    N_("The board"),
    # Translators: a square's tile, read by a screen reader: "temple (red)"
    N_("{tile} ({colour})"),
    # Translators: a square's monument, read by a screen reader: "monument (red and blue)"
    N_("monument ({colours})"),
    # Translators: a square's tile swapped face down, read by a screen reader
    N_("face-down tile"),
    # Translators: a square's treasure, read by a screen reader
    N_("treasure"),
    # Translators: a river square, read by a screen reader
    N_("river"),
    # Translators: the kingdom a square belongs to, read by a screen reader: "Alice's kingdom"
    N_("{name}'s kingdom"),
    # Translators: a kingdom of several players, read by a screen reader: "kingdom of Alice and Bob"
    N_("kingdom of {names}"),
    # Translators: the square of the last move, read by a screen reader
    N_("last move"),
    # Translators: a square where the chosen piece may be played, read by a screen reader
    N_("you can play here"),
)

PLURALS: tuple[tuple[str, str], ...] = (
    N_plural("Your turn ({n} action left).", "Your turn ({n} actions left)."),
    N_plural("{name} to play ({n} action left).", "{name} to play ({n} actions left)."),
    N_plural("Kingdom of {n} square", "Kingdom of {n} squares"),
    # Translators: a web board button: swap the {n} tiles chosen
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
    """One language's texts for the page: each English id to its text, each plural's singular to its forms, the
    language's rule where a value meets the word before it (French elision: bot/language/grammar.py) or null, and
    each colour's forms."""
    plurals = {}
    for singular, plural in PLURALS:
        forms = t.messages.get(singular)
        plurals[singular] = list(forms) if forms else [singular, plural]
    rule = grammar.rule_of(t.lang)
    # Each colour's forms by its plain word ("rouge": {"tiles": "rouges"}): a text names the one it needs
    # ("{colour:leaders}"), and the page, given the plain word, fills that form.
    colour_forms = {str(word): dict(word.forms) for word in (words.colour(c, t) for c in COLOURS) if word.forms}
    return {"lang": t.lang, "texts": {text: t.gettext(text) for text in (*TEXTS, *SPOKEN, *WORDS)},
            "plurals": plurals, "categories": categories(t) if t.messages else ["one", "other"],
            "grammar": json.loads(json.dumps(rule, default=dict)) if rule else None, "forms": colour_forms}


@dataclass(frozen=True)
class PageTexts:
    """Each language's table as the JSON `GET /api/texts` answers, built once at start."""

    bodies: Mapping[str, str]

    @classmethod
    def build(cls, locales: Locales) -> PageTexts:
        return cls(MappingProxyType({lang: json.dumps(table(t), ensure_ascii=False)
                                     for lang, t in locales.texts.items()}))
