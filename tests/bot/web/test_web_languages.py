"""The web board in the player's language (issue 32): GET /api/texts gives the pages' texts from the catalogs, every
text the pages show is one of them, and the API's refusals come in the requester's language; English elsewhere."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.language.locales import load
from bot.web.page_texts import PLURALS, SPOKEN, TEXTS, WORDS
from bot.web.speech import choose
from tests.bot.web.web_fixtures import ALICE, BOB, running

STATIC = Path(__file__).resolve().parents[3] / "bot" / "web" / "static"
# tr("…") and trn("…", "…", n) in the page's modules; the English id is the first literal.
CALL = re.compile(r"""\btrn?\(\s*"((?:[^"\\]|\\.)*)"(?:\s*,\s*"((?:[^"\\]|\\.)*)")?""")
MARKED = re.compile(r"<(\w+)[^>]*\sdata-t(?:-html)?(?=[\s>])[^>]*>(.*?)</\1>", re.S)
ATTRIBUTE = re.compile(r'(title|aria-label)="([^"]*)"[^>]*\sdata-t-\1\b')


async def texts(web, query: str = "", **headers: str) -> dict:
    answer = await web.client.get(f"/api/texts{query}", headers=headers)
    assert answer.status == 200 and "max-age" in answer.headers["Cache-Control"]
    return await answer.json()


async def test_the_pages_texts_in_german_and_french_from_the_catalogs(web):
    german = await texts(web, "?lang=de")
    assert german["lang"] == "de" and german["texts"]["Your hand"] == "Deine Hand"
    assert german["texts"]["Pass"] == "Passen" and german["texts"]["priest"] == "Priester"
    assert german["plurals"]["Your turn ({n} action left)."][1] == "Du bist am Zug (noch {n} Aktionen)."
    assert german["categories"] == ["one", "other"]
    french = await texts(web, "?lang=fr")
    assert french["texts"]["Your hand"] == "Votre main" and french["texts"]["trader"] == "marchand"
    assert french["categories"] == ["one", "many", "other"]  # French catalogs have a form for millions
    assert len(french["plurals"]["Swap {n} tile"]) == 3
    english = await texts(web, "?lang=en")
    assert english["texts"]["Your hand"] == "Your hand"
    assert english["plurals"]["Swap {n} tile"] == ["Swap {n} tile", "Swap {n} tiles"]


@pytest.mark.parametrize(("asked", "lang"), [("de-CH", "de"), ("de_AT.UTF-8", "de"), ("fr-CA", "fr"), ("pt-BR", "en"),
                                             ("", "en"), ("nonsense!", "en"), ("pt-BR,fr-CA,de", "fr")])
async def test_a_locale_falls_back_to_the_language_we_have(web, asked, lang):
    assert (await texts(web, f"?lang={asked}"))["lang"] == lang


async def test_without_lang_the_browsers_accept_language_decides(web):
    assert (await texts(web, **{"Accept-Language": "fr-CA,fr;q=0.9,en;q=0.5"}))["lang"] == "fr"
    assert (await texts(web, **{"Accept-Language": "en-US,de;q=0.5"}))["lang"] == "en"
    assert (await texts(web, **{"Accept-Language": "de;q=0.2,fr;q=0.8"}))["lang"] == "fr"
    assert choose("de;q=0,fr", ("en", "de", "fr")) == "fr"  # q=0: not wanted at all


def page_ids() -> set[str]:
    """Every English text the pages look up or mark, read from the static files themselves."""
    found: set[str] = set()
    for path in STATIC.glob("*.js"):
        for singular, _plural in CALL.findall(path.read_text(encoding="utf-8")):
            found.add(singular.replace('\\"', '"'))
    for path in STATIC.glob("*.html"):
        page = path.read_text(encoding="utf-8")
        for _tag, inner in MARKED.findall(page):
            found.add(re.sub(r"\s+", " ", inner).strip().replace("&amp;", "&"))
        for _attr, value in ATTRIBUTE.findall(page):
            found.add(value)
    return found


def test_every_text_the_pages_show_is_marked_and_translated():
    ids = page_ids()
    assert {"Your hand", "Signed in as {name}", "Your turn ({n} action left).", "Connecting to Discord…",
            "show more to the left", "Games played here"} <= ids  # the scan sees the pages' texts
    known = set(TEXTS) | set(SPOKEN) | {singular for singular, _ in PLURALS} | set(WORDS)
    assert ids - known == set(), "mark these in bot/web/page_texts.py"
    locales = load()
    for lang in ("de", "fr"):
        t = locales.texts[lang]
        missing = [text for text in (*TEXTS, *SPOKEN, *WORDS) if t.find(text) is None]
        missing += [singular for singular, _ in PLURALS if not t.messages.get(singular)]
        assert missing == [], (lang, missing)


async def test_a_refusal_of_the_service_comes_in_the_requesters_language(web):
    game_id = await running(web.service)  # Alice (seat 0) to move
    csrf = await web.sign_in(BOB, "Bob")
    table = await web.service.current(game_id)
    move = next(m for m in table.game.legal_moves() if m.startswith("tile"))
    body = {"move": move, "revision": table.row.rev}
    german = await web.client.post(f"/api/games/{game_id}/moves?lang=de", json=body, headers={"X-TNE-CSRF": csrf})
    assert german.status == 400
    assert (await german.json())["error"] == "Du bist nicht am Zug: Alice (Bogenschütze) ist dran."
    french = await web.client.post(f"/api/games/{game_id}/moves", json=body,
                                   headers={"X-TNE-CSRF": csrf, "Accept-Language": "fr-FR"})
    assert (await french.json())["error"].startswith("Ce n'est pas votre tour")
    english = await web.client.post(f"/api/games/{game_id}/moves", json=body, headers={"X-TNE-CSRF": csrf})
    assert (await english.json())["error"] == "It is not your turn: Alice (Archer) is to play."
    after = await web.service.current(game_id)
    assert after.row.rev == table.row.rev and not after.moves  # refused in every language, nothing applied


async def test_the_apis_own_refusals_in_the_requesters_language(web):
    game_id = await running(web.service)
    missing = await web.client.get(f"/api/games/{game_id}?lang=de")
    assert missing.status == 401
    assert (await missing.json())["error"] == ("Melde dich zuerst an: `/tne web` im Kanal der Partie gibt dir einen "
                                               "persönlichen Link.")
    await web.sign_in(ALICE, "Alice")
    hidden = await web.client.get("/api/games/999", headers={"Accept-Language": "fr-CA"})
    assert (await hidden.json())["error"] == "Il n'y a aucune partie n° 999 que vous puissiez voir."
    plain = await web.client.get("/api/games/999")
    assert (await plain.json())["error"] == "There is no game #999 you can see."


async def test_the_session_tells_the_page_the_persons_remembered_language(web):
    await web.sign_in(ALICE, "Alice")
    assert (await (await web.client.get("/api/session")).json())["lang"] is None  # Discord has not told us yet
    await web.service.person_languages.remember(ALICE, "de-AT")  # what her Discord said in a slash command
    assert (await (await web.client.get("/api/session")).json())["lang"] == "de"

