"""Every engine event is said by one function (bot/table_words.event_line) from its type and data, never from its
English `text`: in English it reads word for word as the engine's line (the contract's `text`), in German and French
from the catalogs; the end of a game and a monument's point carry the data that says them."""

from __future__ import annotations

import random

import pytest

from bot.language.locales import ENGLISH, load
from bot.language.table_words import LINES, event_line
from engine import Game

LOCALES = load()
DE, FR = LOCALES.texts["de"], LOCALES.texts["fr"]


def events(seeds: range) -> list[dict]:
    """Every event of random games of 2, 3 and 4 players."""
    out = []
    for seed in seeds:
        game, rng = Game.new(players=2 + seed % 3, seed=seed), random.Random(seed)
        while not game.over:
            out.extend(game.play(rng.choice(game.legal_moves())))
    return out


@pytest.fixture(scope="module")
def played() -> list[dict]:
    return events(range(24))


def test_random_games_raise_every_kind_of_event(played) -> None:
    assert {e["type"] for e in played} == set(LINES)


def test_the_english_said_from_the_data_is_the_engines_line(played) -> None:
    for e in played:
        assert LINES[e["type"]](e, ENGLISH) == e["text"], e


@pytest.mark.parametrize("t", [DE, FR], ids=["de", "fr"])
def test_every_event_is_said_from_its_data_without_the_english_text(played, t) -> None:
    for e in played:
        said = LINES[e["type"]](e, t)  # no fallback: the data alone says it
        assert said == event_line({k: v for k, v in e.items() if k != "text"}, t=t), e
        assert "{" not in said and said != e["text"], (said, e)


def test_the_end_and_a_monuments_point_carry_their_data(played) -> None:
    over = [e for e in played if e["type"] == "game_over"]
    assert over and all(isinstance(e["treasures"], int) and e["termination"] in ("treasures", "bag") for e in over)
    monument = [e for e in played if e["type"] == "point" and e["reason"] == "monument"]
    assert monument and all(e["monument"] in e["text"] for e in monument)
    ended = over[0]
    assert event_line(ended, t=DE).startswith("Die Partie ist vorbei: ")
    assert event_line(ended, t=FR) != ended["text"]


def test_plurals_follow_the_readers_rule() -> None:
    draw = {"type": "draw", "text": "", "seat": 1, "count": 0, "wanted": 2}
    assert event_line(draw) == "Bull draws 0 tiles: the bag is empty, 2 short."
    assert event_line(draw, t=FR).startswith("Taureau pioche 0 tuile :")  # French counts 0 as one
    commit = {"type": "commit", "text": "", "seat": 0, "count": 1, "colour": "green", "side": "attacker"}
    assert event_line(commit, t=DE) == "Bogenschütze setzt 1 grünes Plättchen ein."
    assert event_line(commit, t=FR) == "Archer engage 1 tuile verte."


def test_an_event_this_version_does_not_know_reads_as_its_text() -> None:
    assert event_line({"type": "future", "text": "Something new."}, t=DE) == "Something new."
