"""bot/language/locales.py: a locale tag resolved to a language we have, and each language's words, plurals, durations
and
dates, read from real gettext catalogs."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from bot.language.locales import LANGUAGES, catalog_path, load, normalize, resolve


@pytest.mark.parametrize(("tag", "lang"), [
    ("de", "de"), ("de-CH", "de"), ("de-AT", "de"), ("de_CH", "de"), ("DE-at", "de"), ("de_DE.UTF-8", "de"),
    ("fr", "fr"), ("fr-CA", "fr"), ("fr_CA", "fr"), ("FR-ch", "fr"), ("fr_FR.UTF-8@euro", "fr"),
    ("en-GB", "en"), ("en-US", "en"), ("en", "en"),
    ("es-ES", "es"), ("es-419", "es"), ("it", "en"), ("ja", "en"), ("zh-CN", "en"), ("xx-YY", "en"), ("", "en"),
    (None, "en"), ("C", "en"),
    ("POSIX", "en"), ("  de-CH  ", "de"), ("deutsch", "en"),
])
def test_any_tag_resolves_to_a_language_we_have(tag, lang):
    assert resolve(tag) == lang


def test_a_tag_is_normalized_in_one_spelling():
    assert normalize("de_CH.UTF-8") == "de-ch" and normalize(None) == "" and normalize("pt_BR") == "pt-br"


def test_the_languages_are_english_german_french_and_spanish_with_the_source_first():
    assert LANGUAGES == ("en", "de", "fr", "es")
    locales = load()
    assert locales.languages == LANGUAGES
    assert locales.for_tag("de-CH").lang == "de" and locales.for_tag("fr-CA").lang == "fr"
    assert locales.for_tag("es-ES").lang == "es" and locales.for_tag("es-419").lang == "es"
    assert locales.for_tag("it").lang == "en" and locales.for_tag(None).lang == "en"


def test_the_real_catalogs_translate_and_english_has_no_catalog():
    locales = load()
    de, fr, en = (locales.for_tag(t) for t in ("de", "fr", "en-GB"))
    assert de.gettext("Open a game in this channel") == "Eine Partie in diesem Kanal eröffnen"
    assert fr.gettext("Open a game in this channel") == "Ouvrir une partie dans ce salon"
    assert en.gettext("Open a game in this channel") == "Open a game in this channel"
    assert en.find("Open a game in this channel") is None
    # A text that has no translation reads in English, never as an error or an empty string.
    assert de.gettext("A text nobody translated") == "A text nobody translated"
    assert de.find("A text nobody translated") is None


def write_catalog(directory: Path, lang: str, entries: list[tuple]) -> None:
    catalog = Catalog(locale=lang, domain="tne")
    for msgid, msgstr, *flags in entries:
        catalog.add(msgid, msgstr, flags=flags)
    path = catalog_path(lang, directory)
    path.parent.mkdir(parents=True)
    with path.open("wb") as fp:
        write_po(fp, catalog)
    with (directory / "LINGUAS").open("a", encoding="utf-8") as fp:  # the one line a language adds
        fp.write(f"{lang}\n")


@pytest.fixture
def small(tmp_path) -> Path:
    """German and French catalogs with a plural, a fuzzy entry and an untranslated one."""
    write_catalog(tmp_path, "de", [
        (("{n} game", "{n} games"), ("{n} Partie", "{n} Partien")),
        ("Resign", "Aufgeben", "fuzzy"),
        ("Pass", ""),
        ("Board", "Spielplan"),
    ])
    write_catalog(tmp_path, "fr", [
        (("{n} game", "{n} games"), ("{n} partie", "{n} de parties", "{n} parties")),
        ("Board", "Plateau"),
    ])
    return tmp_path


def test_plurals_follow_each_languages_rule_from_the_catalog_header(small):
    locales = load(small)
    de, fr, en = (locales.texts[lang] for lang in ("de", "fr", "en"))
    assert [de.ngettext("{n} game", "{n} games", n).format(n=n) for n in (0, 1, 2)] == \
        ["0 Partien", "1 Partie", "2 Partien"]
    # French counts 0 as one ("0 partie"), and a round million takes its own form.
    assert [fr.ngettext("{n} game", "{n} games", n).format(n=n) for n in (0, 1, 2, 1_000_000)] == \
        ["0 partie", "1 partie", "2 parties", "1000000 de parties"]
    assert [en.ngettext("{n} game", "{n} games", n).format(n=n) for n in (0, 1, 2)] == ["0 games", "1 game", "2 games"]
    # A plural nobody translated falls back to the English forms.
    assert de.ngettext("{n} turn", "{n} turns", 1) == "{n} turn" and de.ngettext("{n} turn", "{n} turns", 3) == \
        "{n} turns"


def test_fuzzy_and_empty_entries_read_in_english(small):
    de = load(small).texts["de"]
    assert de.gettext("Board") == "Spielplan"
    assert de.gettext("Resign") == "Resign" and de.find("Resign") is None
    assert de.gettext("Pass") == "Pass" and de.find("Pass") is None


def test_a_missing_catalog_fails_at_start_by_name(tmp_path):
    write_catalog(tmp_path, "de", [("Board", "Spielplan")])
    (tmp_path / "LINGUAS").write_text("de\nfr  # listed, but its catalog is not there\n", encoding="utf-8")
    with pytest.raises(FileNotFoundError, match="The fr catalog is missing"):
        load(tmp_path)


def test_durations_and_dates_in_the_locales_form():
    locales = load()
    de, fr, en = (locales.for_tag(t) for t in ("de-AT", "fr-CA", "en-US"))
    # French keeps a number with its unit (a no-break space).
    assert de.duration(timedelta(days=1)) == "1 Tag" and fr.duration(timedelta(days=2)) == "2\xa0jours"
    assert en.duration(timedelta(hours=5)) == "5 hours" and de.duration(90 * 60) == "2 Stunden"
    assert fr.duration(timedelta(minutes=5), format="short") == "5\xa0min"
    day = date(2026, 3, 5)
    assert (de.day(day), fr.day(day, format="long"), en.day(day)) == ("05.03.2026", "5 mars 2026", "Mar 5, 2026")
    # A Unix time is a moment in UTC.
    assert de.day(0) == "01.01.1970"
    moment = datetime(2026, 3, 5, 14, 30, tzinfo=UTC).timestamp()
    assert de.moment(moment, format="short") == "05.03.26, 14:30" and en.moment(moment, format="short") == \
        "3/5/26, 2:30\u202fPM"
