"""The message catalogs: the template is what the code says now, and every language's catalog has every message
of it, translated, with the same placeholders, commands and options, and the plural forms its language needs.

When this fails after a text changed: `python -m bot.language.catalogs extract`, then `pybabel update` and translate
(README, "Adding a language")."""

from __future__ import annotations

import re

import pytest
from babel.messages.plurals import get_plural

from bot.language.catalogs import TEMPLATE, keys, read, template
from bot.language.locales import LANGUAGES, LOCALE_DIR, catalog_path

TRANSLATED = LANGUAGES[1:]
# `{name}` (str.format) and `%(name)s` / `%s` (printf) placeholders.
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%(?:\([^)]*\))?[sdifr%]")
COMMAND = re.compile(r"/tne [a-z]+")
CODE = re.compile(r"`([^`]*)`")
OPTION = re.compile(r"\b([a-z_]+):")


def forms(message) -> tuple[str, ...]:
    return tuple(message.string) if isinstance(message.string, list | tuple) else (message.string,)


def ids(message) -> tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, list | tuple) else (message.id,)


def options(text: str) -> set[str]:
    """The option names written in code spans (`/tne new seats:3` → seats)."""
    return {name for code in CODE.findall(text) for name in OPTION.findall(code)}


def test_the_template_is_what_the_code_says_now():
    assert keys(read(TEMPLATE)) == keys(template()), "run `python -m bot.language.catalogs extract`"


def test_there_is_a_catalog_for_each_language_and_no_other():
    found = sorted(p.parent.parent.name for p in LOCALE_DIR.glob("*/LC_MESSAGES/tne.po"))
    assert found == sorted(TRANSLATED)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_catalog_has_every_message_translated_with_the_same_placeholders(lang):
    catalog = read(catalog_path(lang), lang)
    assert keys(catalog) == keys(read(TEMPLATE)), f"run `pybabel update` for {lang}"
    assert str(catalog.locale) == lang and not catalog.fuzzy
    assert catalog.num_plurals == get_plural(lang).num_plurals
    for message in catalog:
        if not message.id:
            continue
        source, translated = ids(message), forms(message)
        assert not message.fuzzy, (lang, source[0])
        assert all(t.strip() for t in translated), (lang, source[0])
        if message.pluralizable:
            assert len(translated) == catalog.num_plurals, (lang, source[0])
        wanted = sorted(PLACEHOLDER.findall(source[-1]))
        for text in translated:
            assert sorted(PLACEHOLDER.findall(text)) == wanted, (lang, source[0], text)
            # Commands and their options keep their English names in every language.
            assert set(COMMAND.findall(text)) == set(COMMAND.findall(source[0])), (lang, source[0], text)
            assert options(source[0]) <= options(text), (lang, source[0], text)
