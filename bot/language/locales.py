"""The languages the bot speaks: gettext catalogs (data/locales/<lang>/LC_MESSAGES/tne.po) read with Babel, a
locale tag resolved to one of them, and each language's words, plurals, durations and dates. Discord-free.

The message ids are the English texts themselves (English is the source language and has no catalog): a text
without a translation reads in English, never as an id. `pybabel extract` (or `python -m bot.language.catalogs
extract`) refreshes the template. A language is its catalog plus its code in data/locales/LINGUAS (docs/languages.md):
no code names a language.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta, tzinfo
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Literal

from babel import Locale
from babel.dates import format_date, format_datetime, format_timedelta
from babel.messages.pofile import read_po

from bot.language.grammar import text_of

Spoken = Literal["narrow", "short", "medium", "long"]  # Babel's widths of a duration in words

# Found beside the packages, as render/fonts.py finds data/fonts.
LOCALE_DIR = Path(__file__).resolve().parents[2] / "data" / "locales"
DOMAIN = "tne"
SOURCE = "en"
# The languages shipped, one code a line (gettext's convention, which Weblate keeps up to date); each has a catalog.
LINGUAS = "LINGUAS"

Key = str | tuple[str, str]  # a message id, or (context, id)


def N_(message: str) -> str:
    """Marks a text for the catalogs (`python -m bot.language.catalogs extract`); it is translated where it is shown."""
    return message


def C_(context: str, message: str) -> tuple[str, str]:
    """Marks a text with its context for the catalogs (babel.cfg's `C_`); it is said later with `pgettext`."""
    return context, message


def listed(directory: Path = LOCALE_DIR) -> tuple[str, ...]:
    """Every language the bot speaks, the source first, then those data/locales/LINGUAS lists (`#` starts a
    comment; codes may share a line, space-separated)."""
    path = directory / LINGUAS
    codes = path.read_text(encoding="utf-8").split("\n") if path.is_file() else []
    found = [code for line in codes for code in line.split("#")[0].split()]
    return (SOURCE, *dict.fromkeys(code for code in found if code != SOURCE))


# Every language the bot speaks, the source first, as the installed data lists them.
LANGUAGES = listed()


def own_name(lang: str) -> str:
    """A language named in its own words, as a sentence of it says it ('Deutsch', 'français'): Babel's data."""
    return Locale.parse(lang).get_display_name(lang) or lang


def normalize(tag: str | None) -> str:
    """A locale tag in one spelling: lower case, `-` between parts, no encoding (`de_CH.UTF-8` → `de-ch`)."""
    tag = re.split(r"[.@]", (tag or "").strip())[0]
    return tag.replace("_", "-").lower()


def resolve(tag: str | None, languages: tuple[str, ...] = LANGUAGES) -> str:
    """The language we have for a locale tag: the tag itself, else its language without the region (de-CH → de,
    fr-CA → fr), else the source language (unknown, empty, C, POSIX)."""
    norm = normalize(tag)
    if norm in languages:
        return norm
    primary = norm.split("-")[0]
    return primary if primary in languages else languages[0]


def catalog_path(lang: str, directory: Path = LOCALE_DIR) -> Path:
    return directory / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def _english_plural(n: int) -> int:
    return 0 if n == 1 else 1


@dataclass(frozen=True)
class Texts:
    """One language's words: gettext lookups (fuzzy and empty entries left out), plurals by the rule of the
    catalog's Plural-Forms header, and Babel's durations, dates and numbers in the locale's form."""

    lang: str
    messages: Mapping[Key, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))
    plural: Callable[[int], int] = _english_plural

    @property
    def locale(self) -> Locale:
        return Locale.parse(self.lang)

    @property
    def name(self) -> str:
        """The language named in its own words, as a sentence of it says it ('Deutsch', 'français')."""
        return own_name(self.lang)

    def find(self, message: str, context: str | None = None) -> str | None:
        """The translation of a text, or None where this language has none (the source language has none); its
        `format` follows the language's grammar (bot/language/grammar.py: French elision)."""
        forms = self.messages.get((context, message) if context else message)
        return text_of(self.lang)(forms[0]) if forms else None

    def gettext(self, message: str) -> str:
        found = self.find(message)
        return message if found is None else found

    def pgettext(self, context: str, message: str) -> str:
        found = self.find(message, context)
        return message if found is None else found

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form for `n` things by this language's plural rule; the English forms where there is no
        translation. The text keeps its placeholders: format it after choosing."""
        forms = self.messages.get(singular)
        if not forms:
            return singular if _english_plural(n) == 0 else plural
        index = self.plural(n)
        return text_of(self.lang)(forms[index] if 0 <= index < len(forms) else forms[-1])

    def duration(self, span: timedelta | float, *, format: Spoken = "long", threshold: float = 0.85) -> str:
        """A span of time in words, rounded to its largest unit as people say it ("1 Tag", "2 jours")."""
        return format_timedelta(span if isinstance(span, timedelta) else timedelta(seconds=span), threshold=threshold,
                                format=format, locale=self.locale)

    def day(self, when: date | datetime | float, *, format: str = "medium") -> str:
        """A day in the locale's form ("05.03.2026", "5 mars 2026" with format="long"); a float is a Unix time."""
        if isinstance(when, int | float):
            when = datetime.fromtimestamp(when, tz=UTC)
        return format_date(when, format=format, locale=self.locale)

    def moment(self, when: datetime | float, *, format: str = "medium", tz: tzinfo = UTC) -> str:
        """A moment in the locale's form, in `tz` (UTC unless told); a float is a Unix time."""
        if isinstance(when, int | float):
            when = datetime.fromtimestamp(when, tz=UTC)
        return format_datetime(when, format=format, tzinfo=tz, locale=self.locale)


ENGLISH = Texts(SOURCE)  # the source language: every text as written, the default where no language is known


def read_catalog(lang: str, path: Path) -> Texts:
    """One language's catalog, read with Babel; untranslated and fuzzy entries are left out (they read in English)."""
    with path.open("rb") as fp:
        catalog = read_po(fp, locale=lang, domain=DOMAIN)
    messages: dict[Key, tuple[str, ...]] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        raw = tuple(message.string) if isinstance(message.string, list | tuple) else (message.string,)
        forms = tuple(form for form in raw if form)
        if not forms or len(forms) != len(raw):
            continue
        msgid = message.id[0] if isinstance(message.id, list | tuple) else message.id
        messages[(message.context, msgid) if message.context else msgid] = forms
    # The header's rule ("nplurals=2; plural=(n > 1);"), as gettext itself reads it.
    return Texts(lang, MappingProxyType(messages), gettext.c2py(catalog.plural_expr))


@dataclass(frozen=True)
class Locales:
    """Every language's texts, loaded once by the composition root; `for_tag` answers any locale tag."""

    texts: Mapping[str, Texts]

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(self.texts)

    def for_tag(self, tag: str | None) -> Texts:
        return self.texts[resolve(tag, self.languages)]


@lru_cache(maxsize=4)
def load(directory: Path = LOCALE_DIR, languages: tuple[str, ...] | None = None) -> Locales:
    """Read every catalog (the source language needs none); `languages`: those the directory's LINGUAS lists unless
    told. A missing catalog is the installation's fault: it fails at start, by name, rather than answering players
    in the wrong language later."""
    languages = languages or listed(directory)
    texts = {languages[0]: ENGLISH if languages[0] == SOURCE else Texts(languages[0])}
    for lang in languages[1:]:
        path = catalog_path(lang, directory)
        if not path.is_file():
            raise FileNotFoundError(f"The {lang} catalog is missing: {path}")
        texts[lang] = read_catalog(lang, path)
    return Locales(MappingProxyType(texts))
