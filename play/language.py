"""The terminal's language, from the environment as the C library reads it: LC_ALL, then LC_MESSAGES, then LANG
(the first one set wins); a locale we have no catalog for reads English (de_CH → German, fr_CA → French)."""

from __future__ import annotations

import os
from collections.abc import Mapping

from bot.language.locales import Texts, load

ORDER = ("LC_ALL", "LC_MESSAGES", "LANG")


def locale_tag(environ: Mapping[str, str] | None = None) -> str | None:
    """The locale the environment asks for ('de_CH.UTF-8'), or None when none is set."""
    env = os.environ if environ is None else environ
    return next((env[name] for name in ORDER if env.get(name)), None)


def terminal_texts(environ: Mapping[str, str] | None = None) -> Texts:
    """The texts of the terminal's language."""
    return load().for_tag(locale_tag(environ))
