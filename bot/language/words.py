"""The game's own words in a player's language: colours, leaders, tiles, dynasties, counts and ranks.

Every text that names a piece of the game says it through here, so a language says each piece one way
everywhere (German uses the published terms: Tempel, Siedlung, Markt, Bauernhof, Priester, König, Händler,
Bauer). Moves keep their canonical English notation: only the words around them change."""

from __future__ import annotations

from bot.language.locales import ENGLISH, N_, SOURCE, Texts
from engine.constants import COLOURS, DYNASTIES, LEADER_NAMES, TILE_NAMES

# Marked for the catalogs (each word is said one way in every text of a language).
COLOUR_WORDS = {"red": N_("red"), "blue": N_("blue"), "green": N_("green"), "black": N_("black")}
TILE_WORDS = {"temple": N_("temple"), "farm": N_("farm"), "market": N_("market"), "settlement": N_("settlement")}
LEADER_WORDS = {"priest": N_("priest"), "farmer": N_("farmer"), "trader": N_("trader"), "king": N_("king")}
DYNASTY_WORDS = {"archer": N_("Archer"), "bull": N_("Bull"), "lion": N_("Lion"), "urn": N_("Urn")}
# The boards, said as `/tne new` offers them (the same msgids as its choices).
BOARD_WORDS = {"standard": N_("standard"), "advanced": N_("advanced")}
# The computer levels, said as `/tne addbot` offers them (the same msgids as its choices).
LEVEL_WORDS = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}


def colour(name: str, t: Texts = ENGLISH) -> str:
    """A colour as the language says it ('rot')."""
    return t.gettext(COLOUR_WORDS[name])


def tile(name: str, t: Texts = ENGLISH) -> str:
    """A tile by its colour ('red' → 'temple', 'Tempel')."""
    return t.gettext(TILE_WORDS[TILE_NAMES[COLOURS.index(name)]])


def leader_name(name: str, t: Texts = ENGLISH) -> str:
    """A leader by its colour ('red' → 'priest', 'Priester')."""
    return t.gettext(LEADER_WORDS[LEADER_NAMES[COLOURS.index(name)]])


def leader(name: str, t: Texts = ENGLISH) -> str:
    """A leader as the game calls it: 'red (priest)', 'rot (Priester)', 'rouge (prêtre)'."""
    return f"{colour(name, t)} ({leader_name(name, t)})"


def dynasty(seat: int, t: Texts = ENGLISH) -> str:
    """A seat's dynasty, capitalised as a name: 'Archer', 'Bogenschütze'."""
    return t.gettext(DYNASTY_WORDS[DYNASTIES[seat]])


def level(name: str, t: Texts = ENGLISH) -> str:
    """A computer level as `/tne addbot` names it ('easy', 'leicht', 'facile'); an unknown level stays as it is."""
    return t.gettext(LEVEL_WORDS[name]) if name in LEVEL_WORDS else name


def board(name: str, t: Texts = ENGLISH) -> str:
    """A board as `/tne new` names it ('standard', 'Fortgeschritten'); an unknown board stays as it is."""
    return t.gettext(BOARD_WORDS[name]) if name in BOARD_WORDS else name


def count(n: int, singular: str, plural: str, t: Texts = ENGLISH) -> str:
    """'1 tile', '3 Plättchen': the form for n by the language's plural rule, with n in the text as `{n}`.
    The forms are catalog texts holding `{n}` ('{n} tile', '{n} tiles')."""
    return t.ngettext(singular, plural, n).format(n=n)


def ordinal(n: int, t: Texts = ENGLISH) -> str:
    """A rank: '1st', '1.' (German), '1er'/'2e' (French). English (the source) by its own rule; every other language by
    its catalog: the first three ranks each, and any other rank by one form holding `{n}`."""
    if t.lang == SOURCE:
        suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        return f"{n}{suffix}"
    if n == 1:
        # Translators: a rank in the standings or a leaderboard, written short: "1.", "1er"
        return t.pgettext("a rank", "1st")
    if n == 2:
        # Translators: a rank in the standings or a leaderboard, written short: "2.", "2e"
        return t.pgettext("a rank", "2nd")
    if n == 3:
        # Translators: a rank in the standings or a leaderboard, written short: "3.", "3e"
        return t.pgettext("a rank", "3rd")
    # Translators: any other rank ({n} is 4 or more; also 21, 22…), written short: "{n}.", "{n}e"
    return t.pgettext("a rank", "{n}th").format(n=n)
