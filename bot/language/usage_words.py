"""How a move is written (the engine's USAGE, engine/notation.py) in a reader's language: the verb and an example in
the words that language types (bot/language/move_words.py), so a refusal teaches a move the player can type."""

from __future__ import annotations

from bot.language import words
from bot.language.locales import ENGLISH, N_, Texts
from bot.language.move_words import verb_words
from engine.notation import USAGE, VERBS

# {tile} ... {treasure} are the verbs and {red} ... {green} the colours as the language types them; <colour>,
# <square>, <number> and <pair> say what is typed in their place.
USAGE_WORDS = {
    # Translators: how a tile is placed (a refusal); <colour> and <square> are what a player types in their place
    "tile": N_("{tile} <colour> <square>, for example '{tile} {red} F7'"),
    # Translators: how a leader is placed (a refusal)
    "leader": N_("{leader} <colour> <square>, for example '{leader} {black} G3'"),
    # Translators: how a leader is withdrawn (a refusal)
    "withdraw": N_("{withdraw} <colour>, for example '{withdraw} {green}'"),
    # Translators: how a catastrophe is played (a refusal)
    "catastrophe": N_("{catastrophe} <square>, for example '{catastrophe} H3'"),
    # Translators: how tiles are swapped (a refusal): one colour for each tile
    "swap": N_("{swap} <colour> ..., for example '{swap} {red} {red} {blue}'"),
    "pass": "{pass}",
    # Translators: how tiles are committed to a revolt or war (a refusal)
    "commit": N_("{commit} <number>, for example '{commit} 2'"),
    # Translators: how the next war is chosen (a refusal)
    "war": N_("{war} <colour>, for example '{war} {red}'"),
    # Translators: how a monument is built (a refusal); <pair> is two colours joined by a hyphen
    "monument": N_("{monument} <pair> <square>, for example '{monument} {red}-{blue} E5'"),
    "decline": "{decline}",
    # Translators: how a treasure is taken (a refusal)
    "treasure": N_("{treasure} <square>, for example '{treasure} B2'"),
}
# The engine's English usage → its verb.
VERB_OF = {text: verb for verb, text in USAGE.items()}


def usage(english: str, t: Texts = ENGLISH) -> str | None:
    """The engine's usage of a move in `t`'s language ('Plättchen <Farbe> <Feld>, zum Beispiel …'); None for a text
    that is no usage."""
    verb = VERB_OF.get(english)
    if verb is None:
        return None
    colours = {c: str(words.colour(c, t)) for c in ("red", "blue", "green", "black")}
    return t.gettext(USAGE_WORDS[verb]).format(**verb_words(t), **colours)


def verbs(key: str, value: object, t: Texts = ENGLISH) -> str | None:
    """The verbs a refusal lists ("use {verbs} or {last}": tile, leader, … treasure) in `t`'s words; None for any
    other value."""
    said = verb_words(t)
    if key == "verbs" and value == ", ".join(VERBS[:-1]):
        return ", ".join(said[verb] for verb in VERBS[:-1])
    if key == "last" and isinstance(value, str) and value in VERBS:
        return said[value]
    return None
