"""Keeping the message catalogs: `python -m bot.language.catalogs extract` runs `pybabel extract` from the repository
root, which writes data/locales/tne.pot from the sources alone (babel.cfg: the marking calls; pyproject.toml's
[tool.babel.extract_messages]: the folders and the template). A translation platform runs the same command. Each
language's catalog is then brought up to date with `pybabel update` (docs/languages.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from bot.language.locales import DOMAIN, LOCALE_DIR

ROOT = LOCALE_DIR.parent.parent
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"


def extract(path: Path = TEMPLATE) -> None:
    """Write the template as the sources say it now (to `path`; the committed template unless told)."""
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "--quiet", "extract", "-o", str(path)],
                   cwd=ROOT, check=True)


def keys(catalog: Catalog) -> list[tuple[str | tuple[str, ...], str | None]]:
    """What identifies each message of a catalog (its id, plural id included, and context), in order."""
    return [(m.id if isinstance(m.id, str) else tuple(m.id), m.context) for m in catalog if m.id]


def read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as fp:
        return read_po(fp, locale=locale, domain=DOMAIN)


def main(argv: list[str]) -> int:
    if argv != ["extract"]:
        print("usage: python -m bot.language.catalogs extract   (the same as `pybabel extract`; then `pybabel update`; "
              "see docs/languages.md)", file=sys.stderr)
        return 2
    extract()
    print(f"{TEMPLATE.relative_to(ROOT)}: written")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
