"""A language is a translator's job: its catalog and one line in data/locales/LINGUAS, and the bot speaks it
everywhere (the server's language, a person's language, the web pages' language list, ranks, the refusal that lists
the languages) with no code change. Here a throwaway Italian catalog in a temporary data folder."""

from __future__ import annotations

import json
import shutil

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from bot.language import words
from bot.language.locales import LOCALE_DIR, catalog_path, load
from bot.language.person_languages import PersonLanguages
from bot.language.refusals import said
from bot.language.server_languages import UNKNOWN, ServerLanguages, choices, language_set_text
from bot.service.table import GameError
from bot.storage import Storage
from bot.web.page_texts import PageTexts
from bot.web.speech import choose

GUILD, PERSON = 71, 72


@pytest.fixture
def data(tmp_path):
    """The shipped catalogs, and an Italian one added as a translator adds it."""
    for lang in ("de", "fr", "es"):
        catalog_path(lang, tmp_path).parent.mkdir(parents=True)
        shutil.copy(catalog_path(lang), catalog_path(lang, tmp_path))
    shutil.copy(LOCALE_DIR / "LINGUAS", tmp_path / "LINGUAS")
    catalog = Catalog(locale="it", domain="tne")
    catalog.add("This server's public posts are now in {language}.",
                "I messaggi pubblici di questo server ora sono in {language}.")
    catalog.add("The language is one of: {languages}.", "La lingua è una di: {languages}.")
    catalog.add("1st", "1º", context="a rank")
    catalog.add("{n}th", "{n}º", context="a rank")
    catalog.add("Board", "Tabellone")
    catalog.add("Your hand", "La tua mano")
    path = catalog_path("it", tmp_path)
    path.parent.mkdir(parents=True)
    with path.open("wb") as fp:
        write_po(fp, catalog)
    with (tmp_path / "LINGUAS").open("a", encoding="utf-8") as fp:
        fp.write("it\n")  # the one line
    return tmp_path


@pytest.fixture
async def storage(database):
    store = await Storage.open(database)
    yield store
    await store.close()


def test_the_new_language_is_read_and_named_in_its_own_words(data):
    locales = load(data)
    assert locales.languages == ("en", "de", "fr", "es", "it")
    it = locales.for_tag("it-CH")
    assert it.lang == "it" and it.name == "italiano" and it.gettext("Board") == "Tabellone"
    # Ranks come from its catalog too, not from code that knows the language.
    assert (words.ordinal(1, it), words.ordinal(4, it)) == ("1º", "4º")


async def test_a_server_chooses_it_and_the_refusal_lists_it(data, storage):
    locales = load(data)
    assert choices(locales) == {"auto": "Discord's guess", "en": "English", "de": "Deutsch", "fr": "Français",
                                "es": "Español", "it": "Italiano"}
    languages = ServerLanguages(storage.servers, locales)
    t = await languages.choose(GUILD, "it", can_manage=True)
    assert t.lang == "it" and (await languages.texts(GUILD)).lang == "it"
    assert language_set_text("it", t) == "I messaggi pubblici di questo server ora sono in italiano."
    with pytest.raises(GameError) as refused:
        await languages.choose(GUILD, "xx", can_manage=True)
    assert refused.value.template == UNKNOWN
    assert said(refused.value, t) == "La lingua è una di: auto, en, de, fr, es, it."
    assert said(refused.value) == "The language is one of: auto, en, de, fr, es, it."


async def test_a_person_whose_discord_speaks_it_is_written_to_in_it(data, storage):
    people = PersonLanguages(storage.clocks, load(data))
    await people.remember(PERSON, "it")
    assert await people.language_of(PERSON) == "it"


def test_the_web_pages_offer_it(data):
    locales = load(data)
    assert choose("it-IT,en;q=0.5", locales.languages) == "it"
    page = json.loads(PageTexts.build(locales).bodies["it"])
    assert page["lang"] == "it" and page["texts"]["Your hand"] == "La tua mano"


def test_without_its_line_the_catalog_is_not_spoken(data):
    (data / "LINGUAS").write_text("de\nfr\nes\n", encoding="utf-8")
    assert load(data).for_tag("it").lang == "en"
