"""Moves in the player's words: autocomplete names moves in the asker's language while its values stay canonical
notation, and `/tne move` reads each language's colour, tile, leader and verb words (accents optional) as the
notation's English ones; English words and square names always work, and no alias clashes with another word."""

from __future__ import annotations

from types import MappingProxyType

import pytest

from bot.discord_front.completion import matching_moves, suggestions
from bot.language.locales import ENGLISH, Locales, Texts, load
from bot.language.move_words import build_aliases, kind_label, label, notation_words, to_notation
from engine import Game
from engine.squares import SQUARE_NAMES
from tests.bot_harness import ALICE, BOB, CHANNEL, open_game, response

GERMAN, FRENCH = load().texts["de"], load().texts["fr"]


def test_labels_name_each_kind_of_move_in_german_and_french():
    cases = {
        "tile red F7": ("Plättchen rot (Tempel) auf F7", "tuile rouge (temple) en F7"),
        "tile blue C3": ("Plättchen blau (Bauernhof) auf C3", "tuile bleue (ferme) en C3"),
        "leader black G5": ("Anführer schwarz (König) auf G5", "chef noir (roi) en G5"),
        "withdraw green": ("Anführer grün (Händler) zurückziehen", "retirer le chef vert (marchand)"),
        "catastrophe A1": ("Katastrophe auf A1", "catastrophe en A1"),
        "swap red red blue": ("Plättchen tauschen: Tempel, Tempel, Bauernhof",
                              "échanger des tuiles : temple, temple, ferme"),
        "pass": ("passen", "passer"),
        "commit 0": ("0 Plättchen einsetzen", "engager 0 tuile"),
        "commit 2": ("2 Plättchen einsetzen", "engager 2 tuiles"),
        "war red": ("Krieg: rot (Priester)", "guerre : rouge (prêtre)"),
        "monument red-blue F7": ("Monument rot-blau auf F7", "monument rouge-bleu en F7"),
        "decline": ("kein Monument bauen", "ne construire aucun monument"),
        "treasure B2": ("Schatz auf B2 nehmen", "prendre le trésor en B2"),
    }
    for move, (german, french) in cases.items():
        assert (label(move, GERMAN), label(move, FRENCH), label(move, ENGLISH)) == (german, french, move)


def test_english_choices_are_the_notation_as_before_and_other_languages_keep_canonical_values():
    legal = Game.new(players=2, seed=11).legal_moves()
    english = suggestions(legal, "")
    assert ("tile red", "tile red") in [(n.split(" …")[0], v) for n, v in english]
    assert all(n.endswith(" moves)") or n == v for n, v in english)
    german = suggestions(legal, "", t=GERMAN)
    assert [v for _, v in german] == [v for _, v in english]
    names = dict((v, n) for n, v in german)
    red = sum(1 for m in legal if m.startswith("tile red "))
    assert names["tile red"] == f"Plättchen rot (Tempel) … ({red} Züge)" and names["pass"] == "passen"
    assert dict((v, n) for n, v in suggestions(legal, "", t=FRENCH))["swap"].startswith("échanger des tuiles … (")
    typed = suggestions(legal, "tile red F", t=GERMAN)
    assert typed and all(v.startswith("tile red F") and n == label(v, GERMAN) for n, v in typed)


def test_a_kind_with_one_move_is_named_without_a_count():
    assert kind_label("tile red", 1, GERMAN) == "Plättchen rot (Tempel)"
    assert kind_label("swap", 1, FRENCH) == "échanger des tuiles"
    assert kind_label("withdraw green", 1, FRENCH) == "retirer le chef vert (marchand)"
    assert kind_label("tile red", 1) == "tile red" and kind_label("tile red", 2) == "tile red … (2 moves)"


def test_each_language_s_words_read_as_the_notation():
    cases = {
        "Plättchen rot F7": "tile red F7", "plaettchen ROT f7": "tile red f7", "plattchen tempel F7": "tile temple F7",
        "tuile rouge F7": "tile red F7", "tuile bleue C3": "tile blue C3", "Tuile Ferme C3": "tile farm C3",
        "Anführer König G5": "leader king G5", "anfuehrer schwarz G5": "leader black G5",
        "chef roi G5": "leader king G5", "chef prêtre G5": "leader priest G5", "chef pretre G5": "leader priest G5",
        "zurückziehen grün": "withdraw green", "retirer marchand": "withdraw trader",
        "tauschen rot rot blau": "swap red red blue", "échanger rouge ferme": "swap red farm",
        "echanger noir": "swap black", "passen": "pass", "passer": "pass", "einsetzen 2": "commit 2",
        "engager 0": "commit 0", "Krieg rot": "war red", "guerre vert": "war green",
        "monument rot-blau F7": "monument red-blue F7", "monument rouge-blue F7": "monument red-blue F7",
        "ablehnen": "decline", "refuser": "decline", "Schatz B2": "treasure B2", "trésor B2": "treasure B2",
        "Katastrophe A1": "catastrophe A1", "Bauer Händler Markt Siedlung": "farmer trader market settlement",
        "paysan habitation marché": "farmer settlement market",
        "fermier colonie": "farmer settlement", "chef fermier G5": "leader farmer G5",
        "tuile colonie C3": "tile settlement C3",
    }
    for typed, notation in cases.items():
        assert to_notation(typed) == notation, typed
    for english in ("tile red F7", "leader k G5", "swap temple farms", "monument red-blue F7", "pass", "commit 3"):
        assert to_notation(english) == english  # untouched, spacing included


def test_no_alias_clashes_with_another_word_or_a_square_name():
    aliases, clashes = build_aliases(load())
    assert not clashes, f"left out as clashing: {sorted(clashes)}"
    reserved = notation_words()
    squares = {s.lower() for s in SQUARE_NAMES}
    for typed, english in aliases.items():
        assert typed not in reserved and typed not in squares, typed
        assert english in reserved, (typed, english)
    # Every language's words are there, and English words are never aliases of something else.
    for word in ("rot", "blau", "grün", "schwarz", "tempel", "bauernhof", "markt", "siedlung", "priester", "bauer",
                 "händler", "könig", "rouge", "bleu", "vert", "noir", "temple", "ferme", "marché", "habitation",
                 "prêtre", "paysan", "marchand", "roi"):
        assert word in aliases or reserved.get(word) is not None, word


def test_a_word_that_would_clash_is_left_out():
    # A made-up language whose word for "blue" is another colour's English name, and whose king is a square.
    odd = Texts("xx", MappingProxyType({"blue": ("red",), "king": ("a1",), "green": ("verde",),
                                         "priest": ("verde",)}))
    aliases, clashes = build_aliases(Locales(MappingProxyType({"en": ENGLISH, "xx": odd})))
    assert clashes == {"red", "a1", "verde"}
    assert "red" not in aliases and "a1" not in aliases and "verde" not in aliases


def test_a_partly_typed_word_is_read_in_english_and_the_asker_s_language_only():
    legal = ["tile blue B2", "leader blue C3", "pass"]
    assert matching_moves(legal, "pa") == ["pass"]  # not crowded by French paysan's (farmer's) blue moves
    assert matching_moves(legal, "pa", lang="de") == ["pass"]  # passen
    assert matching_moves(legal, "pa", lang="fr") == ["pass", "tile blue B2", "leader blue C3"]  # passer, paysan
    assert matching_moves(legal, "plättchen bl", lang="de") == ["tile blue B2"]  # whole words of any language
    assert matching_moves(legal, "tuile bl") == ["tile blue B2"]


async def choices(harness, user, current: str, locale: str) -> list[tuple[str, str]]:
    data = {"id": "1", "name": "tne", "type": 1, "options": [
        {"type": 1, "name": "move", "options": [{"type": 3, "name": "action", "value": current, "focused": True}]}]}
    payload = harness._base(user, CHANNEL, 4, data)
    payload.update(locale=locale, guild_locale="en-US")
    calls = await harness.dispatch(payload)
    (call,) = [c for c in calls if c.kind == "response"]
    return [(c["name"], c["value"]) for c in call.payload["data"]["choices"]]


async def test_autocomplete_names_moves_in_the_asker_s_language_with_canonical_values(harness):
    game_id = await open_game(harness, [ALICE, BOB])
    table = await harness.service.load(game_id)
    me = [ALICE, BOB][table.game.to_move]
    legal = table.game.legal_moves()
    first = next(m for m in legal if m.startswith("tile red "))
    square = first.split()[2]
    german = await choices(harness, me, f"plättchen rot {square}", "de")
    assert german[0] == (f"Plättchen rot (Tempel) auf {square}", first)
    french = await choices(harness, me, f"tuile rouge {square}", "fr")
    assert french[0] == (f"tuile rouge (temple) en {square}", first)
    english = await choices(harness, me, f"tile red {square}", "en-US")
    assert english[0] == (first, first)
    partly = await choices(harness, me, "plätt ro", "de")
    assert partly and all(v.startswith("tile red ") and n.startswith("Plättchen rot (Tempel) auf ") for n, v in partly)
    kinds = dict((v, n) for n, v in await choices(harness, me, "", "de-AT"))
    assert kinds["pass"] == "passen" and kinds["tile red"].startswith("Plättchen rot (Tempel) … (")


@pytest.mark.parametrize(("words", "locale"), [("plättchen rot", "de"), ("Tuile Rouge", "fr"),
                                              ("plaettchen tempel", "de"), ("tile red", "en-US")])
async def test_a_move_typed_in_the_player_s_words_plays_the_canonical_move(harness, words, locale):
    game_id = await open_game(harness, [ALICE, BOB])
    table = await harness.service.load(game_id)
    me = [ALICE, BOB][table.game.to_move]
    first = next(m for m in table.game.legal_moves() if m.startswith("tile red "))
    payload = harness.command_payload(me, CHANNEL, "move", action=f"{words} {first.split()[2].lower()}")
    payload.update(locale=locale)
    await harness.dispatch(payload)
    table = await harness.service.load(game_id)
    assert [m.move for m in table.moves] == [first]


async def test_a_word_no_language_has_is_refused_and_changes_nothing(harness):
    game_id = await open_game(harness, [ALICE, BOB])
    table = await harness.service.load(game_id)
    me = [ALICE, BOB][table.game.to_move]
    payload = harness.command_payload(me, CHANNEL, "move", action="plättchen lila F7")
    payload.update(locale="de")
    answer = response(await harness.dispatch(payload))
    assert answer.ephemeral and "lila" in answer.content  # the engine's reason, naming the word
    after = await harness.service.load(game_id)
    assert after.moves == [] and after.row.rev == table.row.rev
