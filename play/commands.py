"""The terminal's commands (moves, undo, hint, board, help, quit) in the player's language: each is shown in its
language's word and read in that word or the English one, as move words are (bot/language/move_words.py)."""

from __future__ import annotations

from bot.language import words
from bot.language.locales import ENGLISH, Texts
from bot.language.move_words import fold, spellings, verb_words

COMMANDS = ("moves", "undo", "hint", "board", "help", "quit")
# Other ways out, in every language.
QUIT_ALSO = ("exit", "q")


def command_words(t: Texts = ENGLISH) -> dict[str, str]:
    """Each command as a player of this language types it ('moves' → 'züge'); one word, no space."""
    return {
        # Translators: a command typed at the terminal: list the legal moves (one word, lower case)
        "moves": t.pgettext("a command typed at the terminal", "moves"),
        # Translators: a command typed at the terminal: take back your last action (one word, lower case)
        "undo": t.pgettext("a command typed at the terminal", "undo"),
        # Translators: a command typed at the terminal: ask the hard player for a move (one word, lower case)
        "hint": t.pgettext("a command typed at the terminal", "hint"),
        # Translators: a command typed at the terminal: show the board again (one word, lower case)
        "board": t.pgettext("a command typed at the terminal", "board"),
        # Translators: a command typed at the terminal: show the help (one word, lower case)
        "help": t.pgettext("a command typed at the terminal", "help"),
        # Translators: a command typed at the terminal: stop the game (one word, lower case)
        "quit": t.pgettext("a command typed at the terminal", "quit"),
    }


def command(word: str, t: Texts = ENGLISH) -> str | None:
    """The command a typed word names ('Züge', 'zuege' or 'moves' → 'moves'), or None for any other word."""
    folded = fold(word)
    if folded in QUIT_ALSO:
        return "quit"
    for name, said in command_words(t).items():
        if folded == name or folded in spellings(said):
            return name
    return None


def help_words(t: Texts = ENGLISH) -> dict[str, str]:
    """What the help and the hints about commands are formatted with: each verb of a move and each command in the
    language's words (the words a player may type), and a temple's name and red for examples."""
    return {**verb_words(t), **command_words(t), "temple": words.tile("red", t),
            "red": str(words.colour("red", t))}
