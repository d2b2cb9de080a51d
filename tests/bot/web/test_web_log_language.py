"""The web board's log and seat names in the page's language (issue 39/40): the server says each move's events
through the bot's language layer (bot/table_words.event_line) in the language the page asked for, never the
engine's English `text`; a computer seat is named by its level in that language ('Computer (mittel)')."""

from __future__ import annotations

import random

from bot.language.locales import LOCALE_DIR, SOURCE, listed, load
from bot.language.table_words import event_line
from tests.bot.web.web_fixtures import ALICE, BOB, CHANNEL, GUILD
from tests.english_left import english_lines

LOCALES = load()
LANGUAGES = [lang for lang in listed(LOCALE_DIR) if lang != SOURCE]
ENGLISH = ("places their", "'s turn", " scores ", " passes", " draws ", "Medium computer", "Archer")


async def played(service, moves: int) -> int:
    """Alice and Bob, `moves` random moves played through the service."""
    table = await service.new_game(guild_id=GUILD, channel_id=CHANNEL, user_id=ALICE, name="Alice", seats=2)
    await service.join(table.id, BOB, "Bob")
    await service.start(table.id, ALICE)
    rng = random.Random(7)
    for _ in range(moves):
        game = (await service.current(table.id)).game
        await service.play(table.id, rng.choice(game.legal_moves()), user_id=(ALICE, BOB)[game.to_move])
    return table.id


async def test_the_log_is_said_in_the_pages_language(web):
    game_id = await played(web.service, 10)
    await web.sign_in(ALICE, "Alice")
    table = await web.service.current(game_id)
    payloads = {lang: await (await web.client.get(f"/api/games/{game_id}?lang={lang}")).json()
                for lang in ("en", *LANGUAGES)}
    for lang, payload in payloads.items():
        t = LOCALES.texts.get(lang) or LOCALES.for_tag(lang)
        said = [" ".join(event_line(e, t=t) for e in m.events if e["type"] not in ("draw", "game_over"))
                for m in table.moves]
        assert [entry["text"] for entry in payload["log"]] == said[-len(payload["log"]):], lang
    german = " ".join(entry["text"] for entry in payloads["de"]["log"])
    assert not [phrase for phrase in ENGLISH if phrase in german], german
    assert "Bogenschütze" in german or "Stier" in german
    for lang in LANGUAGES:  # no English sentence in any language's log (tests/english_left.py), names aside
        log = "\n".join(entry["text"] for entry in payloads[lang]["log"])
        assert log and not english_lines(log, ["Alice", "Bob"]), english_lines(log, ["Alice", "Bob"])
    engine = " ".join(e["text"] for m in table.moves for e in m.events if e["type"] not in ("draw", "game_over"))
    english = " ".join(entry["text"] for entry in payloads["en"]["log"])
    assert english in engine  # English reads word for word as the engine's lines


async def test_a_computer_seat_is_named_in_the_pages_language(web):
    table = await web.service.new_game(guild_id=GUILD, channel_id=CHANNEL, user_id=ALICE, name="Alice", seats=2)
    await web.service.add_bot(table.id, ALICE, "medium")
    await web.sign_in(ALICE, "Alice")
    names = {lang: (await (await web.client.get(f"/api/games/{table.id}?lang={lang}")).json())["names"]
             for lang in ("de", "fr", "en")}
    assert names == {"de": ["Alice", "Computer (mittel)"], "fr": ["Alice", "Ordinateur (moyen)"],
                     "en": ["Alice", "Medium computer"]}
