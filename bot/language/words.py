"""The game's own words in a player's language: colours, leaders, tiles, dynasties, counts and ranks.

Every text that names a piece of the game says it through here, so a language says each piece one way
everywhere (German uses the published terms: Tempel, Siedlung, Markt, Bauernhof, Priester, König, Händler,
Bauer). Moves keep their canonical English notation: only the words around them change."""

from __future__ import annotations

from collections.abc import Callable
from types import MappingProxyType

from bot.language.grammar import Word
from bot.language.locales import C_, ENGLISH, N_, SOURCE, Texts
from engine.constants import COLOURS, DYNASTIES, LEADER_NAMES, TILE_NAMES

# Marked for the catalogs (each word is said one way in every text of a language).
COLOUR_WORDS = {
    # Translators: a colour of the game (its tiles, leaders and points), the plain word: rot, rouge
    "red": N_("red"),
    # Translators: a colour of the game, the plain word
    "blue": N_("blue"),
    # Translators: a colour of the game, the plain word
    "green": N_("green"),
    # Translators: a colour of the game, the plain word
    "black": N_("black"),
}
# The forms of a colour a translation may name where it slots one ("{colour:tiles}"): the colour said with each
# noun it qualifies, for the languages whose adjectives agree or decline (docs/languages.md). The plain `{colour}`
# stays the word of COLOUR_WORDS.
COLOUR_FORMS: dict[str, dict[str, tuple[str, str]]] = {
    "tile": {
        # Translators: "red" said of one tile, as your grammar needs (une tuile verte, ein grünes Plättchen)
        "red": C_("a colour, of one tile", "red"),
        # Translators: "blue" said of one tile, as your grammar needs (une tuile verte, ein grünes Plättchen)
        "blue": C_("a colour, of one tile", "blue"),
        # Translators: "green" said of one tile, as your grammar needs (une tuile verte, ein grünes Plättchen)
        "green": C_("a colour, of one tile", "green"),
        # Translators: "black" said of one tile, as your grammar needs (une tuile verte, ein grünes Plättchen)
        "black": C_("a colour, of one tile", "black"),
    },
    "tiles": {
        # Translators: "red" said of several tiles, as your grammar needs (des tuiles vertes, grüne Plättchen)
        "red": C_("a colour, of several tiles", "red"),
        # Translators: "blue" said of several tiles, as your grammar needs (des tuiles vertes, grüne Plättchen)
        "blue": C_("a colour, of several tiles", "blue"),
        # Translators: "green" said of several tiles, as your grammar needs (des tuiles vertes, grüne Plättchen)
        "green": C_("a colour, of several tiles", "green"),
        # Translators: "black" said of several tiles, as your grammar needs (des tuiles vertes, grüne Plättchen)
        "black": C_("a colour, of several tiles", "black"),
    },
    "leader": {
        # Translators: "red" said of one leader, as your grammar needs (le chef vert, der grüne Anführer)
        "red": C_("a colour, of one leader", "red"),
        # Translators: "blue" said of one leader, as your grammar needs (le chef vert, der grüne Anführer)
        "blue": C_("a colour, of one leader", "blue"),
        # Translators: "green" said of one leader, as your grammar needs (le chef vert, der grüne Anführer)
        "green": C_("a colour, of one leader", "green"),
        # Translators: "black" said of one leader, as your grammar needs (le chef vert, der grüne Anführer)
        "black": C_("a colour, of one leader", "black"),
    },
    "leaders": {
        # Translators: "red" of several leaders, as your grammar needs (les chefs verts, die/den grünen Anführer)
        "red": C_("a colour, of several leaders", "red"),
        # Translators: "blue" of several leaders, as your grammar needs (les chefs verts, die/den grünen Anführer)
        "blue": C_("a colour, of several leaders", "blue"),
        # Translators: "green" of several leaders, as your grammar needs (les chefs verts, die/den grünen Anführer)
        "green": C_("a colour, of several leaders", "green"),
        # Translators: "black" of several leaders, as your grammar needs (les chefs verts, die/den grünen Anführer)
        "black": C_("a colour, of several leaders", "black"),
    },
    "point": {
        # Translators: "red" said of one point, as your grammar needs (un point vert, ein grüner Punkt)
        "red": C_("a colour, of one point", "red"),
        # Translators: "blue" said of one point, as your grammar needs (un point vert, ein grüner Punkt)
        "blue": C_("a colour, of one point", "blue"),
        # Translators: "green" said of one point, as your grammar needs (un point vert, ein grüner Punkt)
        "green": C_("a colour, of one point", "green"),
        # Translators: "black" said of one point, as your grammar needs (un point vert, ein grüner Punkt)
        "black": C_("a colour, of one point", "black"),
    },
    "points": {
        # Translators: "red" said of several points, as your grammar needs (des points verts, grüne Punkte)
        "red": C_("a colour, of several points", "red"),
        # Translators: "blue" said of several points, as your grammar needs (des points verts, grüne Punkte)
        "blue": C_("a colour, of several points", "blue"),
        # Translators: "green" said of several points, as your grammar needs (des points verts, grüne Punkte)
        "green": C_("a colour, of several points", "green"),
        # Translators: "black" said of several points, as your grammar needs (des points verts, grüne Punkte)
        "black": C_("a colour, of several points", "black"),
    },
}
TILE_WORDS = {
    # Translators: a tile: the red one (the game's published name in your language)
    "temple": N_("temple"),
    # Translators: a tile: the blue one, placed on rivers
    "farm": N_("farm"),
    # Translators: a tile: the green one
    "market": N_("market"),
    # Translators: a tile: the black one
    "settlement": N_("settlement"),
}
LEADER_WORDS = {
    # Translators: a leader: the red one
    "priest": N_("priest"),
    # Translators: a leader: the blue one
    "farmer": N_("farmer"),
    # Translators: a leader: the green one (takes treasures)
    "trader": N_("trader"),
    # Translators: a leader: the black one
    "king": N_("king"),
}
DYNASTY_WORDS = {
    # Translators: a dynasty, the first seat's symbol, used as a player's name: capitalised like a name
    "archer": N_("Archer"),
    # Translators: a dynasty, the second seat's symbol, used as a player's name
    "bull": N_("Bull"),
    # Translators: a dynasty, the third seat's symbol, used as a player's name
    "lion": N_("Lion"),
    # Translators: a dynasty, the fourth seat's symbol, used as a player's name
    "urn": N_("Urn"),
}
# The boards, said as `/tne new` offers them (the same msgids as its choices).
BOARD_WORDS = {
    # Translators: a board of /tne new (a choice of its board option too): the standard board
    "standard": N_("standard"),
    # Translators: a board of /tne new: the advanced board
    "advanced": N_("advanced"),
}
# The computer levels, said as `/tne addbot` offers them (the same msgids as its choices).
LEVEL_WORDS = {
    # Translators: a computer player's level (a choice of /tne addbot level too): easy
    "easy": N_("easy"),
    # Translators: a computer player's level: medium
    "medium": N_("medium"),
    # Translators: a computer player's level: hard
    "hard": N_("hard"),
}


def colour(name: str, t: Texts = ENGLISH) -> Word:
    """A colour as the language says it ('rot'), with its forms for a translation that names one ('{colour:tiles}'
    → 'rote'); a form this language did not translate is the plain word."""
    forms = {form: found for form, by_colour in COLOUR_FORMS.items()
             if (found := t.find(by_colour[name][1], by_colour[name][0])) is not None}
    return Word(t.gettext(COLOUR_WORDS[name]), MappingProxyType(forms))


def lookup(t: Texts) -> Callable[[str], str]:
    """`t.gettext` for code that looks the game's words up by their English msgids (pictures, the computer players'
    reasons): a colour comes with its forms, so a translation may name one there too ('{colour:tile}')."""

    def gettext(message: str) -> str:
        return colour(message, t) if message in COLOUR_WORDS else t.gettext(message)

    return gettext


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
