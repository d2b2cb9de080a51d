"""The one exception a player can cause."""

from __future__ import annotations


def N_(message: str) -> str:
    """Marks an English template for the bot's catalogs (`python -m bot.catalogs extract`); the engine translates
    nothing itself."""
    return message


class IllegalMove(ValueError):
    """A move that is malformed or breaks a rule; its message says why in plain words.

    `template` is the English text with `{name}` placeholders and `values` fill them: a front end may say the same
    in the player's language. str() is the English text, as always."""

    def __init__(self, template: str, **values: object) -> None:
        self.template = template
        self.values = values
        super().__init__(template.format(**values) if values else template)
