"""Keeping the message catalogs: `python -m bot.language.catalogs extract` writes data/locales/tne.pot from the code.

The template holds every text a person reads that goes through the catalogs: what the code marks (`N_`,
`gettext`, `ngettext`, `pgettext` calls, found by Babel's extractor), every description and choice name of the
`/tne` command tree (read from the real tree, so a new option is never forgotten), and the help topics. Each
language's catalog is then brought up to date with Babel's own tool (README, "Adding a language").
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po
from discord import app_commands

from bot.discord_front.cog import TneCog
from bot.discord_front.help import texts as help_topics
from bot.language.locales import DOMAIN, LOCALE_DIR

ROOT = LOCALE_DIR.parent.parent
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
SOURCES = ("bot", "render", "play", "engine")
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None, "NP_": (1, 2),  # NP_(singular, plural): engine/ai/phrases.py
            "count": (2, 3),  # words.count(n, singular, plural, t)
            "N_plural": (1, 2)}  # bot/web/page_texts.py: a page text with a plural
# A parameter nobody described reads "…" in discord.py: nothing to translate.
UNDESCRIBED = "…"

HEADER = """\
# The texts of the Tigris & Euphrates bot that players read.
# Written by `python -m bot.language.catalogs extract`; each language's catalog is updated from it (README, "Adding a
# language").
#"""

Entry = tuple[str, str, str]  # (text, where it is shown, where it comes from)
COG = "bot/discord_front/cog.py"
HELP = "bot/discord_front/help/texts.py"


def command_texts() -> Iterator[Entry]:
    """Every description and choice name of `/tne`, in the order Discord shows them (names stay English)."""
    tne = TneCog(controller=None).__cog_app_commands_group__  # type: ignore[arg-type]
    assert tne is not None, "TneCog is a GroupCog: it always has its group"
    yield tne.description, "/tne: the command's description", COG
    for command in tne.walk_commands():
        where = f"/{command.qualified_name}"
        yield command.description, f"{where}: the description", COG
        if isinstance(command, app_commands.Group):
            continue
        for param in command.parameters:
            if param.description != UNDESCRIBED:
                yield str(param.description), f"{where} {param.name}: the option's description", COG
            for choice in param.choices:
                yield choice.name, f"{where} {param.name}: a choice (its value stays {choice.value!r})", COG


def help_texts() -> Iterator[Entry]:
    for topic, text in help_topics.HELP_TOPICS.items():
        yield text, f"/tne help topic:{topic} (at most 2,000 characters; commands keep their English names)", \
            HELP
    yield help_topics.MORE_HELP, "the end of /tne help's refusal of an unknown topic", HELP


def template() -> Catalog:
    """The template as the code stands now."""
    catalog = Catalog(domain=DOMAIN, project="tne-bot", version="1", header_comment=HEADER, charset="utf-8")
    for text, note, source in (*command_texts(), *help_texts()):
        known = catalog.get(text)
        if known is None:
            catalog.add(text, locations=[(source, 0)], auto_comments=[note])
        elif note not in known.auto_comments:
            known.auto_comments.append(note)
    for directory in SOURCES:
        for filename, lineno, message, comments, context in extract_from_dir(
                ROOT / directory, method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=("i18n:",),
                strip_comment_tags=True):
            catalog.add(message, None, [(f"{directory}/{filename}", lineno)], auto_comments=comments, context=context)
    return catalog


def keys(catalog: Catalog) -> list[tuple[str | tuple[str, ...], str | None]]:
    """What identifies each message of a catalog (its id, plural id included, and context), in order."""
    return [(m.id if isinstance(m.id, str) else tuple(m.id), m.context) for m in catalog if m.id]


def read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as fp:
        return read_po(fp, locale=locale, domain=DOMAIN)


def extract(path: Path = TEMPLATE) -> bool:
    """Rewrite the template when the code's texts changed; True when it did."""
    fresh = template()
    if path.is_file() and keys(read(path)) == keys(fresh):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as fp:
        write_po(fp, fresh, width=100, omit_header=False)
    return True


def main(argv: list[str]) -> int:
    if argv != ["extract"]:
        print("usage: python -m bot.language.catalogs extract   (then: pybabel update -i data/locales/tne.pot "
              "-d data/locales -D tne --width 100; see the README)", file=sys.stderr)
        return 2
    changed = extract()
    print(f"{TEMPLATE.relative_to(ROOT)}: " + ("rewritten" if changed else "already up to date"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
