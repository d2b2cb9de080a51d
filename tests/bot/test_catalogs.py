"""The message catalogs: the template is what the code says now, and every language's catalog has every message
of it, translated, with the same placeholders, commands and options, and the plural forms its language needs.

When this fails after a text changed: `python -m bot.language.catalogs extract`, then `pybabel update` and translate
(README, "Adding a language")."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

import pytest
from babel.messages.plurals import get_plural

from bot.language.catalogs import ROOT, TEMPLATE, keys, read
from bot.language.locales import LANGUAGES, LOCALE_DIR, catalog_path
from bot.language.words import COLOUR_FORMS

TRANSLATED = LANGUAGES[1:]
# `{name}` (str.format) and `%(name)s` / `%s` (printf) placeholders.
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%(?:\([^)]*\))?[sdifr%]")
COMMAND = re.compile(r"/tne [a-z]+")
CODE = re.compile(r"`([^`]*)`")
FORM = re.compile(r"\{(\w+):([a-z][a-z-]*)\}")
OPTION = re.compile(r"\b([a-z_]+):")


def forms(message) -> tuple[str, ...]:
    return tuple(message.string) if isinstance(message.string, list | tuple) else (message.string,)


def ids(message) -> tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, list | tuple) else (message.id,)


def options(text: str) -> set[str]:
    """The option names written in code spans (`/tne new seats:3` → seats)."""
    return {name for code in CODE.findall(text) for name in OPTION.findall(code)}


SOURCES = ("bot", "engine", "render", "play")


def notes(catalog) -> list[list[str]]:
    return [list(m.auto_comments) for m in catalog if m.id]


def test_pybabel_extract_writes_the_template_from_the_sources_alone(tmp_path):
    """What a translation platform runs: `pybabel extract` with the committed configuration, on a copy of the
    sources whose packages cannot be imported, gives the committed template, translators' notes included."""
    for name in ("babel.cfg", "pyproject.toml"):
        shutil.copy(ROOT / name, tmp_path / name)
    for package in SOURCES:
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("*.pyc", "static"))
        (tmp_path / package / "__init__.py").write_text('raise ImportError("extraction imported the code")\n')
    out = tmp_path / "tne.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "--quiet", "extract", "-o", str(out)],
                   cwd=tmp_path, check=True)
    fresh, committed = read(out), read(TEMPLATE)
    assert keys(committed) == keys(fresh), "run `pybabel extract` (or python -m bot.language.catalogs extract)"
    assert notes(committed) == notes(fresh)


def test_every_description_and_choice_of_the_command_tree_is_in_the_template():
    from discord import app_commands

    from bot.background.clocks import CLOCKS
    from bot.discord_front.cog import CLOCK_NAMES, TneCog

    assert list(CLOCK_NAMES) == list(CLOCKS)
    marked = {key for key, context in keys(read(TEMPLATE)) if context is None}
    tne = TneCog(controller=None).__cog_app_commands_group__  # type: ignore[arg-type]
    assert tne is not None and tne.description in marked
    languages = set(LANGUAGES)
    for command in tne.walk_commands():
        assert command.description in marked, command.qualified_name
        if isinstance(command, app_commands.Group):
            continue
        for param in command.parameters:
            assert param.description == "…" or str(param.description) in marked, (command.qualified_name, param.name)
            for choice in param.choices:
                # A language is named in its own words, from Babel's data, in every client.
                assert choice.value in languages or choice.name in marked, (command.qualified_name, choice)


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
            # A translation may name the form of a colour its grammar needs ({colour:tiles}).
            for name, form in FORM.findall(text):
                assert name == "colour" and form in COLOUR_FORMS, (lang, source[0], text)
            assert sorted(PLACEHOLDER.findall(FORM.sub(r"{\1}", text))) == wanted, (lang, source[0], text)
            # Commands and their options keep their English names in every language.
            assert set(COMMAND.findall(text)) == set(COMMAND.findall(source[0])), (lang, source[0], text)
            assert options(source[0]) <= options(text), (lang, source[0], text)


# Short texts in files other helpers own this session (bot/service/*: the coordinator; move_words.py: the glossary
# work): their notes are added there, not here.


def test_every_short_text_has_a_note_for_translators():
    """A text of three words or fewer ("open", "full", "played") is ambiguous alone: each has a `# Translators:`
    note beside it in the code, or a context that says where it is shown."""
    bare = [m.id for m in read(TEMPLATE) if m.id and len(ids(m)[0].split()) <= 3 and not m.auto_comments
            and not m.context]
    assert not bare, bare
    for text in ("open", "full", "played", "Your hand", "hidden"):
        assert any(m.auto_comments for m in read(TEMPLATE) if ids(m)[0] == text), text
