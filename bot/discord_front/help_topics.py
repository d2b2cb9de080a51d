"""`/tne help [topic]` in the asker's language: the English topics of bot/discord_front/messages.py are the catalogs'
ids."""

from __future__ import annotations

from bot.discord_front import messages as M
from bot.language.locales import N_, Texts

NO_HELP = N_("There is no help on that.")


def help_answer(texts: Texts, topic: str) -> str:
    """The topic's text in this language; a topic that does not exist is answered with the ones that do."""
    text = M.HELP_TOPICS.get(topic)
    if text is None:
        return f"{texts.gettext(NO_HELP)} {texts.gettext(M.MORE_HELP)}"
    return texts.gettext(text)
