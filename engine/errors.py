"""The one exception a player can cause."""

from __future__ import annotations


def N_(message: str) -> str:
    """Marks an English template for the bot's catalogs (`python -m bot.language.catalogs extract`); the engine
    translates
    nothing itself."""
    return message


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Marks an English template with its plural for the catalogs; the form is chosen by the value `n`."""
    return singular, plural


class IllegalMove(ValueError):
    """A move that is malformed or breaks a rule; its message says why in plain words.

    `template` is the English text with `{name}` placeholders and `values` fill them: a front end may say the same
    in the player's language (bot/language/engine_words.py). A template with a plural (`NP_`) keeps both forms, `plural`
    the second, and is said by the reader's plural rule for the value `n`; a tuple value is a list of choices in
    notation ('war red', 'war blue'), said joined by "or". str() is the English text, as always."""

    def __init__(self, template: str | tuple[str, str], **values: object) -> None:
        if isinstance(template, tuple):
            self.template, plural = template
            self.plural: str | None = plural
            english = self.template if values.get("n") == 1 else plural  # English's own rule, for str() only
        else:
            self.template, self.plural, english = template, None, template
        self.values = values
        shown = {k: " or ".join(map(str, v)) if isinstance(v, tuple) else v for k, v in values.items()}
        super().__init__(english.format(**shown) if values else english)
