"""The engine's words in the reader's language, through the bot's command layer: `/tne log`'s event lines, a hint's
reason, a private review's reasons and `/tne stats history`'s end reasons read in the asker's language (German,
French), English readers get exactly the engine's English, and a review stored before its words were kept still
reads (in English). The catalogs translate every template the review and the hint can say."""

from __future__ import annotations

import ast
import random
import re
from functools import partial
from pathlib import Path
from string import Formatter

from bot.discord_front.play.texts import hint_text
from bot.discord_front.records.review_texts import _costly_line
from bot.language import numbers
from bot.language import text as T
from bot.language.locales import ENGLISH, load
from bot.language.table_words import event_line, label
from bot.service.endings import Ending, said
from bot.storage.reviews import ReviewsStore
from engine.ai.phrases import say
from engine.ai.review import Review
from tests.bot_harness import ALICE, BOB, CHANNEL, Harness, User, open_game, response

LOCALES = load()
DE, FR = LOCALES.texts["de"], LOCALES.texts["fr"]
ROOT = Path(__file__).resolve().parents[2]


async def ask(h: Harness, user: User, sub: str, locale: str, **options):
    payload = h.command_payload(user, CHANNEL, sub, **options)
    payload.update(locale=locale, guild_locale="en-US")
    return await h.dispatch(payload)


async def played(h: Harness, users: list[User], moves: int, seed: int = 5, **options) -> int:
    """A game of these people with `moves` random moves played through the service."""
    game_id = await open_game(h, users, **options)
    rng = random.Random(seed)
    for _ in range(moves):
        game = (await h.service.load(game_id)).game
        await h.service.play(game_id, rng.choice(game.legal_moves()), user_id=users[game.to_move].id)
    return game_id


# --- /tne log -------------------------------------------------------------------------------------------------------


async def test_the_log_speaks_the_askers_language_and_english_stays_the_engines(harness):
    h = harness
    game_id = await played(h, [ALICE, BOB], 8)
    table = await h.service.load(game_id)
    shown = [e for m in table.moves[-8:] for e in m.events if e.get("type") not in ("draw", "game_over")]
    logs = {lang: response(await ask(h, ALICE, "log", lang)) for lang in ("de", "fr", "en-US")}
    assert all(call.ephemeral for call in logs.values())
    german, french, english = (logs[lang].content for lang in ("de", "fr", "en-US"))
    for e in shown:
        assert event_line(e, t=DE) in german and event_line(e, t=FR) in french, e
        assert e["text"] in english, e  # word for word the engine's line
    assert event_line(shown[0], t=DE) != shown[0]["text"], "a German line is not the English one"
    seat = table.moves[-1].seat
    assert f"{label(table, seat, t=DE)}: `" in german and f"{table.label(seat)}: `" in english
    assert any(w in german for w in ("Plättchen", "Anführer", "Tempel", "Bauernhof", "Markt", "Siedlung", "passt"))
    assert any(w in french for w in ("tuile", "chef", "temple", "ferme", "marché", "colonie", "passe"))


# --- hints ----------------------------------------------------------------------------------------------------------

# A reason starts with what the move does, or (a move that scores and fights nothing now) with the move itself.
GERMAN_VERBS = ("erzielt", "kämpft", "nimmt", "baut", "schickt", "hält", "kein Monument", "die Wahl unseres",
                "ein ", "eine ", "dein Anführer", "deinen Anführer")
FRENCH_VERBS = ("marque", "mène", "prend", "construit", "renvoie", "garde", "aucun monument", "le choix de notre",
                "une tuile", "une catastrophe", "votre chef", "reprendre", "échanger")


async def test_a_hint_is_explained_in_the_askers_language(harness):
    h = harness
    h.bot.controller.hints.budget = 0.2
    game_id = await open_game(h, [ALICE, BOB], hints="on")
    seat = (await h.service.load(game_id)).game.to_move
    asker = [ALICE, BOB][seat]
    (german,) = [c for c in await ask(h, asker, "hint", "de") if c.content.startswith("Tipp: **")]
    assert german.ephemeral
    reason = german.content.split(" — ", 1)[1].split("\n", 1)[0]
    assert reason.startswith(GERMAN_VERBS), reason
    (french,) = [c for c in await ask(h, asker, "hint", "fr") if c.content.startswith("Conseil : **")]
    assert french.content.split(" — ", 1)[1].startswith(FRENCH_VERBS), french.content


def test_hint_text_says_the_words_and_keeps_english_as_it_was():
    words = ((("{parts}."), {"parts": ((("scores {points} point", "scores {points} points"),
                                        {"n": 3, "points": ((("{n} {colour}", "{n} {colour}"),
                                                             {"n": 3, "colour": "red"}),)}),)}),)
    english = "scores 3 red points."
    assert say(words) == english
    assert hint_text("pass", english, 1, reason_words=words).startswith("Hint: **pass** — scores 3 red points.\n")
    german = hint_text("pass", english, 1, reason_words=words, t=DE)
    assert german.startswith("Tipp: **pass** — erzielt 3 rote Punkte.")
    french = hint_text("pass", english, 1, reason_words=words, t=FR)
    assert french.startswith("Conseil : **pass** — marque 3 points rouges.")
    # A hint without words (none were given) reads its English reason in every language.
    assert "— scores 3 red points." in hint_text("pass", english, 1, t=DE)


# --- reviews --------------------------------------------------------------------------------------------------------


async def finished(h: Harness) -> int:
    game_id = await played(h, [ALICE, BOB], 13, seed=3)
    await h.command(BOB, CHANNEL, "resign")
    return game_id


def private_review(h: Harness, user: User, locale: str) -> dict:
    payload = h.command_payload(user, CHANNEL, "review", private=True)
    for option in payload["data"]["options"][0]["options"]:
        if option["name"] == "private":
            option["type"] = 5
    payload.update(locale=locale, guild_locale="en-US")
    return payload


async def own_pages(h: Harness, user: User, locale: str) -> str:
    calls = await h.dispatch(private_review(h, user, locale))
    return "\n".join(c.content for c in calls if c.kind == "followup")


async def test_a_private_review_gives_its_reasons_in_the_askers_language(harness):
    h = harness
    h.bot.controller.review_edit_every = 0.0
    game_id = await finished(h)
    english = await own_pages(h, BOB, "en-US")
    review = Review.from_json(await ReviewsStore.of(h.service.storage).get(game_id))
    # Only a labelled move is given with its reason (one within the noise is 'no clear loss').
    reasoned = [mv for mv in review.moves if mv.seat == 1 and mv.reason and mv.label]
    assert reasoned and all(mv.words for mv in reasoned)
    german, french = await own_pages(h, BOB, "de"), await own_pages(h, BOB, "fr")
    for mv in reasoned:
        assert f": {T.prose(mv.reason, 300)}" in english, mv  # exactly the engine's English
        for t, page in ((DE, german), (FR, french)):  # numbers too in the language's form ('2,5', '47 %')
            said = say(mv.words, t.gettext, t.ngettext, decimal=partial(numbers.decimal, t=t),
                       percent=partial(numbers.percent, t=t))
            assert T.prose(said, 300) in page
        assert T.prose(mv.reason, 300) not in german
    assert german.startswith("**Deine Züge**")


async def test_a_review_stored_before_its_words_reads_in_english(harness):
    h = harness
    h.bot.controller.review_edit_every = 0.0
    game_id = await finished(h)
    await own_pages(h, BOB, "en-US")
    store = ReviewsStore.of(h.service.storage)
    stored = await store.get(game_id)
    for move in stored["moves"]:
        move.pop("words", None)
    await store.replace(game_id, stored)
    review = Review.from_json(await store.get(game_id))
    reasoned = [mv for mv in review.moves if mv.seat == 1 and mv.reason and mv.label]
    assert reasoned and not any(mv.words for mv in review.moves)
    german = await own_pages(h, BOB, "de")
    assert german.startswith("**Deine Züge**")
    for mv in reasoned:
        assert f": {T.prose(mv.reason, 300)}" in german


def test_the_costliest_line_says_the_words():
    words = ((("{played} lost the war at {at} ({winner} took {took}); {best} wins it."),
              {"played": "commit 0", "best": "commit 2", "at": "F4", "winner": "Bob",
               "took": ((("{n} {colour} point", "{n} {colour} points"), {"n": 2, "colour": "black"}),)}),)
    english = "commit 0 lost the war at F4 (Bob took 2 black points); commit 2 wins it."
    assert say(words) == english
    from engine.ai.review import MoveReview

    mv = MoveReview(4, 0, "commit 0", "commit 2", 0.2, 0.5, "blunder", english, words)
    assert _costly_line(mv, ENGLISH).endswith(f"`commit 2` was best: {english}")
    assert _costly_line(mv, DE).endswith("`commit 2` war am besten: commit 0 hat den Krieg auf F4 verloren (Bob "
                                           "erhielt 2 schwarze Punkte); commit 2 gewinnt ihn.")
    assert "commit 0 a perdu la guerre en F4 (Bob a pris 2 points noirs) ; commit 2 la gagne." in _costly_line(mv, FR)


# --- /tne stats history ---------------------------------------------------------------------------------------------


async def test_history_says_the_end_reason_in_the_askers_language(harness):
    from tests.records_helpers import people, random_game, stats_payload, store_game

    for i, reason in enumerate(("treasures:2", "resigned:1")):
        p = random_game(2, 200 + i)
        await store_game(harness.service.storage, people("Alice", "Bob"), p.moves, snapshot=p.game.position(),
                         seed=p.seed, ended_at=1_700_000_000.0 + i, end_reason=reason)
    await harness.bot.controller.finisher.sweep()

    async def history(locale: str) -> str:
        payload = stats_payload(harness, ALICE, "history")
        payload.update(locale=locale)
        return response(await harness.dispatch(payload)).content

    german, french, english = await history("de"), await history("fr"), await history("en-US")
    assert "; nur noch 2 Schätze auf dem Spielplan" in german and "; Bob (Stier) hat aufgegeben" in german
    assert f"; {said(Ending.parse('treasures:2'), t=FR)}" in french
    assert "; only 2 treasures left on the board" in english and "; Bob (Bull) resigned" in english


# --- the catalogs ---------------------------------------------------------------------------------------------------


def engine_templates() -> list[str | tuple[str, str]]:
    """Every N_ and NP_ template in the engine's reasons (engine/ai/explain.py, engine/ai/hint.py)."""
    out: list[str | tuple[str, str]] = []
    for name in ("explain.py", "hint.py"):
        for node in ast.walk(ast.parse((ROOT / "engine" / "ai" / name).read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("N_", "NP_"):
                texts = [ast.literal_eval(a) for a in node.args]
                out.append(texts[0] if node.func.id == "N_" else (texts[0], texts[1]))
    return out


def fields(text: str) -> set[str]:
    return {f for _, f, _, _ in Formatter().parse(text) if f}


def test_the_catalogs_translate_every_engine_template_with_its_placeholders():
    templates = engine_templates()
    assert len(templates) > 30 and "Against {played}, {best} {parts}." in templates
    for lang, texts in (("de", DE), ("fr", FR)):
        for template in templates:
            singular = template if isinstance(template, str) else template[0]
            entry = texts.find(singular)
            assert entry, (lang, singular)
            forms = [texts.gettext(singular)] if isinstance(template, str) else \
                [texts.ngettext(template[0], template[1], n) for n in (1, 2, 5)]
            for form in forms:
                assert form and fields(form) == fields(singular), (lang, singular, form)
    assert re.search(r"\{leader\}", DE.gettext("sends a rival's {leader} home"))


# --- pictures and the terminal --------------------------------------------------------------------------------------

LOST_WAR = ((("{played} lost the war at {at} ({winner} took {took}); {best} wins it."),
             {"played": "commit 0", "best": "commit 2", "at": "F4", "winner": "Bob",
              "took": ((("{n} {colour} point", "{n} {colour} points"), {"n": 2, "colour": "black"}),)}),)


def test_a_review_pictures_caption_gives_the_reason_in_its_language():
    from bot.language.picture_words import wording
    from engine.ai.review import MoveReview
    from render.review import caption_lines

    english = say(LOST_WAR)
    mv = MoveReview(4, 0, "commit 0", "commit 2", 0.2, 0.5, "blunder", english, LOST_WAR)
    assert caption_lines(mv, ["Alice", "Bob"])[3] == [english]
    assert caption_lines(mv, ["Alice", "Bob"], wording("de"))[3] == [
        "commit 0 hat den Krieg auf F4 verloren (Bob erhielt 2 schwarze Punkte); commit 2 gewinnt ihn."]
    assert caption_lines(mv, ["Alice", "Bob"], wording("fr"))[3] == [
        "commit 0 a perdu la guerre en F4 (Bob a pris 2 points noirs) ; commit 2 la gagne."]
    older = MoveReview(4, 0, "commit 0", "commit 2", 0.2, 0.5, "blunder", english)  # stored before the words
    assert caption_lines(older, ["Alice", "Bob"], wording("de"))[3] == [english]


def test_the_terminals_hint_speaks_its_language():
    from engine import Game
    from play.hints import Hints

    game = Game.new(players=2, seed=4)
    seat = game.to_move
    english = Hints(2, 0.1).give(game, seat, [{}, {}])
    assert english.startswith("hint (1 used): ")
    german = Hints(2, 0.1).give(game, seat, [{}, {}], DE)
    assert german.startswith("Tipp (1 genutzt): ") and german.split(" — ", 1)[1].startswith(GERMAN_VERBS)
    french = Hints(2, 0.1).give(game, seat, [{}, {}], FR)
    assert french.startswith("conseil (utilisés : 1) : ") and french.split(" — ", 1)[1].startswith(FRENCH_VERBS)
