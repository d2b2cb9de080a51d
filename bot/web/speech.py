"""Which language a web request is answered in: the `lang` the page sends, else the browser's Accept-Language;
the first tag we have a language for wins (de-CH → de, fr-CA → fr), else English."""

from __future__ import annotations

from aiohttp import web

from bot.language.locales import SOURCE, Locales, Texts, normalize


def choose(tags: str | None, languages: tuple[str, ...]) -> str:
    """The first of a comma-separated list of locale tags (q-values as Accept-Language writes them, highest
    first) that one of `languages` speaks; the source language when none does."""
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate((tags or "").split(",")):
        tag, _, params = part.partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        if tag.strip() and q > 0:
            ranked.append((-q, i, tag))
    for _, _, tag in sorted(ranked):
        norm = normalize(tag)
        for candidate in (norm, norm.split("-")[0]):
            if candidate in languages:
                return candidate
    return SOURCE if SOURCE in languages else languages[0]


def texts_of(request: web.Request, locales: Locales) -> Texts:
    """The requester's language: `?lang=` (what the page chose), else the Accept-Language header."""
    asked = request.query.get("lang") or request.headers.get("Accept-Language")
    return locales.texts[choose(asked, locales.languages)]
