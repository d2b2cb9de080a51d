"""`/tne help [topic]` in the asker's language: the English topics of bot/discord_front/help/texts.py are the catalogs'
ids."""

from __future__ import annotations

from bot.discord_front.help import texts as help_texts
from bot.language.locales import N_, Texts

NO_HELP = N_("There is no help on that.")


def help_answer(texts: Texts, topic: str) -> str:
    """The topic's text in this language; a topic that does not exist is answered with the ones that do."""
    text = help_texts.HELP_TOPICS.get(topic)
    if text is None:
        return f"{texts.gettext(NO_HELP)} {texts.gettext(help_texts.MORE_HELP)}"
    return texts.gettext(text)
