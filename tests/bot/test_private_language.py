"""Private answers and refusals in the asker's language (Discord's `locale` of the person asking), through the
bot's command layer: in one game a German, a French and an English player each read their own language, whatever
the server's; a text the catalogs do not have reads in English."""

from __future__ import annotations

import re

from bot.language import words
from bot.language.locales import ENGLISH, load
from bot.language.refusals import said
from bot.language.table_words import label as seat_label
from bot.service.table import GameError
from engine import Game, IllegalMove
from engine.boards import BOARDS
from engine.squares import SQUARE_NAMES
from tests.bot_harness import ALICE, BOB, CAROL, CHANNEL, last_message_with, open_game, response
from tests.clock_helpers import FakeTime
from tests.marked_texts import refusals

LOCALES = load()
DE, FR = LOCALES.texts["de"], LOCALES.texts["fr"]
LANGUAGE = {ALICE.id: "de", BOB.id: "fr", CAROL.id: "en-US"}  # each person's Discord client


async def ask(harness, user, sub: str, *, guild_locale: str = "en-US", locale: str | None = None, **options):
    """A command by `user` from a client in their language, in a server that speaks `guild_locale`."""
    payload = harness.command_payload(user, CHANNEL, sub, **options)
    payload.update(locale=locale or LANGUAGE[user.id], guild_locale=guild_locale)
    return await harness.dispatch(payload)


async def private_answer(harness, user, sub: str, **options) -> str:
    call = response(await ask(harness, user, sub, **options))
    assert call.ephemeral, (sub, call.content)
    return call.content


async def three_languages(harness) -> tuple[int, dict]:
    """A game of Alice (German client), Bob (French) and Carol (English); their users by seat."""
    people = [ALICE, BOB, CAROL]
    game_id = await open_game(harness, people)
    table = await harness.service.load(game_id)
    return game_id, {table.seat_of(u.id): u for u in people}


async def test_hand_status_and_games_in_each_askers_language(harness):
    # Time stands still: the clock's words ('1 day left', '23 hours 59 minutes left') must not hang on the machine's
    # speed (this failed under load when the turn's first half second had passed).
    harness.bot.service.now = FakeTime()
    game_id, by_seat = await three_languages(harness)
    table = await harness.service.load(game_id)
    mover = by_seat[table.game.to_move]

    hands = {u.id: await private_answer(harness, u, "hand", guild_locale="fr") for u in (ALICE, BOB, CAROL)}
    assert hands[ALICE.id].startswith("**Deine Hand** — ") and "Plättchen: 🟥 rot ×" in hands[ALICE.id]
    assert "im Vorrat: rot (Priester), blau (Bauer), grün (Händler), schwarz (König)" in hands[ALICE.id]
    assert hands[BOB.id].startswith("**Votre main** — ") and "Tuiles : 🟥 rouge ×" in hands[BOB.id]
    assert "en réserve : rouge (prêtre), bleu (fermier), vert (marchand), noir (roi)" in hands[BOB.id]
    assert hands[CAROL.id].startswith("**Your hand** — ") and "in supply: red (priest)" in hands[CAROL.id]
    # Whoever is to move is told so in their words.
    said = {ALICE.id: "Du bist am Zug: noch 2 Aktionen.", BOB.id: "À vous de jouer : encore 2 actions.",
            CAROL.id: "Your turn: 2 actions left."}
    assert said[mover.id] in hands[mover.id]

    status = {u.id: await private_answer(harness, u, "status", guild_locale="de") for u in (ALICE, BOB, CAROL)}
    # The seat's dynasty in each reader's words (the name as it is).
    label = {lang: seat_label(table, table.game.to_move, t=t) for lang, t in (("de", DE), ("fr", FR), ("en", ENGLISH))}
    assert status[ALICE.id].startswith(f"**Partie #{game_id}** — Spielplan Standard, Punkte verdeckt, 0 Züge gespielt.")
    assert f"Am Zug: {label['de']}, noch 2 Aktionen." in status[ALICE.id]
    assert "Bedenkzeit: 1 Tag pro Zug; wenn die Zeit abläuft, spielt die Vertretung." in status[ALICE.id]
    assert "Plättchen auf der Hand, 2 Katastrophen; Anführer im Vorrat:" in status[ALICE.id]
    assert status[BOB.id].startswith(f"**Partie n° {game_id}** — plateau standard, scores cachés, 0 coup au total.")
    assert f"Tour : {label['fr']}, encore 2 actions." in status[BOB.id]
    assert "6 tuiles en main, 2 catastrophes ; chefs en réserve :" in status[BOB.id]
    assert status[CAROL.id].startswith(f"**Game #{game_id}** — standard board, scores hidden, 0 moves played.")
    assert f"Turn: {label['en']}, 2 actions left." in status[CAROL.id]

    waiting = {u.id: await private_answer(harness, u, "games", mine=True) for u in (ALICE, BOB, CAROL)}
    mine = {ALICE.id: "**Warten auf dich** (1):", BOB.id: "**Vous attendent** (1) :",
            CAROL.id: "**Waiting for you** (1):"}
    nothing = {ALICE.id: "Auf diesem Server wartet keine Partie auf dich.",
               BOB.id: "Aucune partie de ce serveur ne vous attend.",
               CAROL.id: "No game in this server is waiting for you."}
    for user in (ALICE, BOB, CAROL):
        assert waiting[user.id].startswith(mine[user.id] if user is mover else nothing[user.id]), waiting[user.id]
    turn = {ALICE.id: f"Partie #{game_id}: du bist am Zug; noch 1 Tag von 1 Tag",
            BOB.id: f"partie n° {game_id} : à vous de jouer ; encore 1 jour sur 1 jour",
            CAROL.id: f"game #{game_id}: your turn; 1 day left of 1 day"}
    assert f"• <#{CHANNEL}> — {turn[mover.id]} — https://discord.com/channels/" in waiting[mover.id]


async def test_the_log_in_each_askers_language(harness):
    game_id, by_seat = await three_languages(harness)
    assert await private_answer(harness, ALICE, "log") == "Noch keine Züge."
    assert await private_answer(harness, BOB, "log") == "Aucun coup pour l'instant."
    assert await private_answer(harness, CAROL, "log") == "No moves yet."
    table = await harness.service.load(game_id)
    await ask(harness, by_seat[table.game.to_move], "move", action="pass")
    assert (await private_answer(harness, ALICE, "log")).startswith(f"**Der letzte Zug von Partie #{game_id}:**\n1. ")
    french = await private_answer(harness, BOB, "log")
    assert french.startswith(f"**Le dernier coup de la partie n° {game_id} :**")
    # French sets its colon apart, in the log line as anywhere ('1. Alice (Archer) : `pass` — …').
    assert re.search(r"\n1\. .+ : `pass` — ", french), french
    assert (await private_answer(harness, CAROL, "log")).startswith(f"**The last move of game #{game_id}:**")


async def test_refusals_and_illegal_moves_in_each_askers_language(harness):
    game_id, by_seat = await three_languages(harness)
    river = SQUARE_NAMES[BOARDS["standard"].river.index(True)]
    not_your_turn = {"de": "Du bist nicht am Zug: {who} ist dran.",
                     "fr": "Ce n'est pas votre tour : c'est à {who} de jouer.",
                     "en-US": "It is not your turn: {who} is to play."}
    on_river = {"de": f"{river} ist ein Flussfeld: Anführer stehen nur auf Land.",
                "fr": f"{river} est une case de fleuve : les chefs se placent seulement sur la terre.",
                "en-US": f"{river} is a river square: leaders stand only on land."}
    not_a_square = {"de": "'Z99' ist kein Feld: Spalten gehen von A bis P, Zeilen von 1 bis 11, etwa F7.",
                    "fr": "'Z99' n'est pas une case : les colonnes vont de A à P et les lignes de 1 à 11, comme F7.",
                    "en-US": "'Z99' is not a square: columns are A to P and rows 1 to 11, like F7."}
    no_tile = {"de": "Du hast kein {colour}es Plättchen auf der Hand.",
               "fr": "Vous n'avez aucune tuile {colour} en main.",
               "en-US": "You have no {colour} tile in your hand."}
    for _ in range(3):  # each person in turn: two passes end a turn
        table = await harness.service.load(game_id)
        mover = by_seat[table.game.to_move]
        lang = LANGUAGE[mover.id]
        for other in (u for u in by_seat.values() if u is not mover):
            refused = await private_answer(harness, other, "move", action="pass")
            reader = {"de": DE, "fr": FR}.get(LANGUAGE[other.id], ENGLISH)
            who = seat_label(table, table.game.to_move, t=reader)  # the mover's dynasty in the reader's words
            assert refused == not_your_turn[LANGUAGE[other.id]].format(who=who)
        assert await private_answer(harness, mover, "move", action=f"leader red {river}") == on_river[lang]
        assert await private_answer(harness, mover, "move", action="tile red Z99") == not_a_square[lang]
        hand = table.game.view(table.game.to_move)["players"][table.game.to_move]["hand"]
        missing = next((c for c in ("red", "green", "black") if not hand.get(c)), None)
        if missing is not None:  # a colour the mover holds none of, named in their words
            # French agrees the colour with "tuile" (its catalog's form for one tile).
            colour = (FR.pgettext("a colour, of one tile", missing) if lang == "fr"
                      else {"de": DE}.get(lang, ENGLISH).gettext(missing))
            land = next(s for i, s in enumerate(SQUARE_NAMES) if not BOARDS["standard"].river[i])
            refused = await private_answer(harness, mover, "move", action=f"tile {missing} {land}")
            assert refused == no_tile[lang].format(colour=colour)
        assert (await harness.service.load(game_id)).row.move_count == table.row.move_count  # nothing changed
        for _ in range(2):
            await ask(harness, mover, "move", action="pass")


async def test_a_decision_panel_in_the_deciders_language(harness):
    from tests.bot_harness import reach_conflict

    LANGUAGE.setdefault(BOB.id, "fr")
    game_id = await reach_conflict(harness, [ALICE, BOB], "revolt")
    table = await harness.service.load(game_id)
    decider = ALICE if table.seat_of(ALICE.id) == table.game.to_move else BOB
    mid, decide = last_message_with(harness.fake, "decide")
    payload = harness.press_payload(decider, mid, decide)
    payload.update(locale=LANGUAGE[decider.id], guild_locale="en-US")
    panel = response(await harness.dispatch(payload))
    assert panel.ephemeral
    if decider is ALICE:
        assert panel.content.startswith("**Eine Revolte: Wähle deine Unterstützung.**\n")
        assert "eine Revolte auf " in panel.content and "Stärke: " in panel.content
        assert "Wähle, wie viele Tempel (rote Plättchen) du einsetzt: Du hast **" in panel.content
    else:
        assert panel.content.startswith("**Une révolte : choisissez vos renforts.**\n")
        assert "une révolte en " in panel.content and "Force : " in panel.content
        assert "Choisissez combien de temples (tuiles rouges) engager : vous en avez **" in panel.content
    # The other one is refused, in their language, with the decision in their words (English: the engine's).
    other = BOB if decider is ALICE else ALICE
    payload = harness.press_payload(other, mid, decide)
    payload.update(locale=LANGUAGE[other.id], guild_locale="en-US")
    refused = response(await harness.dispatch(payload)).content
    moved = await private_answer(harness, other, "move", action="pass")
    english = await private_answer(harness, other, "move", action="pass", locale="en-GB")
    assert english == f"It is not your move: {table.game.describe_pending()}."
    colour = table.game.pending["colour"]
    if other is ALICE:
        piece = words.leader(colour, DE)
        assert refused.startswith(f"Diese Wahl liegt nicht bei dir: Der Anführer {piece} von ")
        assert moved.startswith(f"Du bist nicht dran: Der Anführer {piece} von ") and "eine Revolte auf" in moved
    else:
        piece = words.leader(colour, FR)
        assert refused.startswith(f"Ce choix ne vous revient pas : Le chef {piece} du joueur ")
        assert moved.startswith(f"Ce n'est pas à vous : Le chef {piece} du joueur ") and "une révolte en" in moved
    assert (await harness.service.load(game_id)).row.move_count == table.row.move_count


async def test_a_language_we_do_not_have_reads_in_english(harness):
    await three_languages(harness)
    assert (await private_answer(harness, CAROL, "hand", locale="ja")).startswith("**Your hand** — ")
    assert (await private_answer(harness, ALICE, "hand", locale="de-AT")).startswith("**Deine Hand** — ")
    assert (await private_answer(harness, BOB, "hand", locale="fr-CA")).startswith("**Votre main** — ")


async def test_a_refusal_from_outside_a_game_is_translated_too(harness):
    assert await private_answer(harness, ALICE, "status") == ("In diesem Kanal gibt es keine Partie. Eröffne eine "
                                                             "mit `/tne new`.")
    assert await private_answer(harness, BOB, "status") == ("Il n'y a pas de partie dans ce salon. Ouvrez-en une "
                                                           "avec `/tne new`.")
    assert await private_answer(harness, CAROL, "status") == "There is no game in this channel. Open one with " \
        "`/tne new`."


def test_a_refusal_the_catalogs_do_not_have_reads_in_english():
    refusal = GameError("Nobody translated this refusal of {what}.", what="game #7")
    assert str(refusal) == said(refusal, DE) == said(refusal, FR) == "Nobody translated this refusal of game #7."
    assert said(GameError("A plain refusal."), FR) == "A plain refusal."


def test_a_refusal_keeps_its_template_across_a_process_pool():
    import pickle

    refusal = pickle.loads(pickle.dumps(GameError("Game #{n} has not started yet.", n=7)))
    assert said(refusal, DE) == "Partie #7 hat noch nicht begonnen." and str(refusal) == "Game #7 has not started yet."


def test_an_engine_refusal_becomes_a_translatable_refusal():
    try:
        Game.new(players=2, seed=1).play("tile red Z99")
    except IllegalMove as exc:
        refusal = GameError.refusing(exc)
    assert str(refusal) == "'Z99' is not a square: columns are A to P and rows 1 to 11, like F7."
    assert said(refusal, FR).startswith("'Z99' n'est pas une case")


def test_every_refusal_raised_in_bot_has_a_template_in_every_catalog():
    found = list(refusals("bot", "GameError"))
    assert len(found) > 60
    unmarked = [r.where for r in found if not r.texts]
    assert not unmarked, f"GameError without an N_ template: {unmarked}"
    for refusal in found:
        for text in refusal.texts:
            assert DE.find(text) and FR.find(text), (refusal.where, text)


async def test_records_answers_in_the_askers_language(harness):
    from tests.records_helpers import people, random_game, stats, stats_payload, store_game

    for i in range(3):
        p = random_game(2, 100 + i)
        await store_game(harness.service.storage, people("Alice", "Bob"), p.moves, snapshot=p.game.position(),
                         seed=p.seed, ended_at=1_700_000_000.0 + i, end_reason="treasures:2")
    await harness.bot.controller.finisher.sweep()

    async def stats_in(user, sub, locale, **kwargs) -> str:
        payload = stats_payload(harness, user, sub, **kwargs)
        payload.update(locale=locale)
        return response(await harness.dispatch(payload)).content

    history = {lang: await stats_in(ALICE, "history", lang) for lang in ("de", "fr", "en-US")}
    assert history["de"].startswith("**Gespielte Partien auf diesem Server** — neueste zuerst, Seite 1 von 1 "
                                    "(3 Partien)")
    assert "-# `/tne export game:<number>` gibt das Protokoll einer Partie" in history["de"]
    assert history["fr"].startswith("**Parties jouées sur ce serveur** — les plus récentes d'abord, page 1 sur 1 "
                                    "(3 parties)")
    assert history["en-US"].startswith("**Games played in this server** — newest first, page 1 of 1 (3 games)")
    profile = {lang: await stats_in(BOB, "profile", lang, target=ALICE) for lang in ("de", "fr", "en-US")}
    assert profile["de"].startswith("**Alice** — Wertungszahl **") and "3 Partien, " in profile["de"]
    assert "aus Plättchen" in profile["de"] and "Revolten gewonnen" in profile["de"]
    assert profile["fr"].startswith("**Alice** — cote **") and "par les tuiles" in profile["fr"]
    # Averages as each language writes numbers ('Platz im Schnitt 1,33'; 'place moyenne 1,33').
    assert re.search(r"Platz im Schnitt \d,\d", profile["de"]) and re.search(r"place moyenne \d,\d", profile["fr"])
    assert re.search(r"average place \d\.\d", profile["en-US"])
    assert profile["en-US"].startswith("**Alice** — rating **") and "from tiles" in profile["en-US"]
    assert await stats_in(ALICE, "profile", "fr", target=CAROL) == ("Carol n'a encore aucune partie terminée sur "
                                                                   "ce serveur.")
    assert response(await stats(harness, CAROL, "profile", target=CAROL)).content == ("Carol has no finished game "
                                                                                     "in this server yet.")
