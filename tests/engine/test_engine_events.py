"""Event sentences: each says once what happened, and the points they report are the points scored."""

import random

import pytest

from engine import Game
from tests.engine_helpers import game, tiles


def texts(events: list[dict]) -> list[str]:
    return [e["text"] for e in events]


def revolt() -> Game:
    # Temples B5 and C5 with Archer's priest on B6; Bull's priest arrives on D5, beside C5.
    return game(tiles(red="B5 C5"), [{"red": "B6"}], player=1)


def test_a_revolt_the_defender_wins_on_a_tie() -> None:
    g = revolt()
    assert texts(g.play("leader red D5")) == [
        "Bull places their red leader on D5.",
        "Revolt! Bull's red leader on D5 challenges Archer's on B6: Bull attacks with 1, Archer defends with 1.",
    ]
    assert g.describe_pending() == ("Bull, attacking Archer in the red revolt (1 to 1 before reinforcements), "
                                   "must commit red tiles (commit <n>)")
    assert texts(g.play("commit 1")) == ["Bull commits 1 red tile."]
    assert g.describe_pending() == ("Archer, defending against Bull in the red revolt (1 to Bull's 2 with 1 tile "
                                   "committed), must commit red tiles (commit <n>)")
    assert texts(g.play("commit 1")) == [
        "Archer commits 1 red tile.",
        "Archer wins the red revolt 2 to 2 (a tie goes to the defender); Bull's red leader on D5 goes home.",
        "Archer scores 1 red point.",
    ]


def test_a_revolt_the_attacker_wins() -> None:
    g = revolt()
    g.play("leader red D5")
    g.play("commit 2")
    assert texts(g.play("commit 0")) == [
        "Archer commits 0 red tiles.",
        "Bull wins the red revolt 3 to 1; Archer's red leader on B6 goes home.",
        "Bull scores 1 red point.",
    ]


def test_a_war_with_tiles_removed() -> None:
    # Archer: temples B5 C5, priest B6. Bull: temple E5, priest E6. D5 joins them.
    g = game(tiles(red="B5 C5 E5"), [{"red": "B6"}, {"red": "E6"}],
             hands=[{"red": 1, "blue": 5}, {"red": 3, "blue": 3}])
    assert texts(g.play("tile red D5")) == [
        "Archer places a red temple on D5.",
        "The tile on D5 joins two kingdoms, and their red leaders meet.",
        "War over the red leaders: Archer attacks with 2, Bull defends with 1.",
    ]
    assert texts(g.play("commit 0")) == ["Archer commits 0 red tiles."]
    assert g.describe_pending() == ("Bull, defending against Archer in the red war (1 to Archer's 2 with 0 tiles "
                                   "committed), must commit red tiles (commit <n>)")
    assert texts(g.play("commit 2")) == [
        "Bull commits 2 red tiles.",
        "Bull wins the red war 3 to 2; Archer's red leader on B6 goes home; 2 red tiles removed.",
        "Bull scores 3 red points.",
    ]


def test_a_unification_without_a_war() -> None:
    g = game(tiles(red="B5 C5 E5"), [{"red": "B6"}, {"black": "E6"}])
    assert texts(g.play("tile red D5")) == [
        "Archer places a red temple on D5.",
        "The tile on D5 joins two kingdoms; no leaders of one colour meet.",
    ]


def test_a_monument_built_and_its_income() -> None:
    # Archer's priest on D7 beside the temple D6 keeps its support when the block B5-C6 turns face down.
    g = game(tiles(red="B5 C5 B6 D6"), [{"red": "D7"}], hands=[{"red": 2, "blue": 2, "green": 2}])
    assert texts(g.play("tile red C6")) == ["Archer places a red temple on C6.", "Archer scores 1 red point."]
    assert texts(g.play("monument red-green B5")) == ["Archer builds the red-green monument on B5."]
    assert texts(g.play("pass")) == [
        "Archer passes.",
        "Archer scores 1 red point from the red-green monument.",
        "Archer draws 1 tile.",
        "Bull's turn.",
    ]


def test_treasures_forced_and_chosen() -> None:
    g = game(tiles(red="B2 B3 C3"), treasures=["B2", "B3", "C3", "K1", "K11"])
    assert texts(g.play("leader green A3")) == [
        "Archer places their green leader on A3.",
        "Archer takes the corner treasure on B2.",
    ]
    assert g.describe_pending() == "Archer must choose a treasure to take (treasure <square>)"
    assert texts(g.play("treasure C3")) == ["Archer takes the treasure on C3."]


def test_a_catastrophe_that_sends_a_leader_home() -> None:
    g = game(tiles(red="B5"), [{"red": "B6"}])
    assert texts(g.play("catastrophe B5")) == [
        "Archer places a catastrophe on B5, destroying a red temple.",
        "Archer's red leader on B6 has no temple beside it after the catastrophe and goes home.",
    ]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_points_told_are_the_points_scored_and_no_sentence_is_said_twice(seed: int) -> None:
    rng = random.Random(seed)
    g = Game.new(players=2 + seed % 3, seed=seed, board="standard" if seed % 2 else "advanced")
    told = 0
    while not g.over:
        before = [p["points"] for p in g.position()["players"]]
        legal = g.legal_moves()
        placing = [m for m in legal if m.startswith(("tile", "leader"))]
        events = g.play(rng.choice(placing if placing and rng.random() < 0.85 else legal))
        after = [p["points"] for p in g.position()["players"]]
        for seat, (b, a) in enumerate(zip(before, after, strict=True)):
            said = {k: 0 for k in b}
            for e in events:
                if e["type"] == "point" and e["seat"] == seat:
                    said[e["colour"]] += e["count"]
                elif e["type"] == "treasure" and e["seat"] == seat:
                    said["treasure"] += 1
            assert {k: a[k] - b[k] for k in b} == said
            told += sum(said.values())
        sentences = [s for e in events for s in e["text"].split(". ")]
        assert len(sentences) == len(set(sentences)), sentences
    assert told > 20
