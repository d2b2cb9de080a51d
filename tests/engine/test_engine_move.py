"""The Move value type and the typed face of Game: play, peek, Played and the move stack."""

import functools
import random

import pytest

from engine import Game, IllegalMove, Move, Played
from tests.engine_helpers import game, tiles


@functools.cache
def positions() -> list[Game]:
    """Positions of seeded random games on both boards: openings, mid-games, every kind of decision.

    Mostly tiles are placed (as in real games, so monuments come up), otherwise any legal move."""
    out = []
    for seed in range(6):
        rng = random.Random(seed)
        g = Game.new(players=2 + seed % 3, seed=seed, board="standard" if seed % 2 else "advanced")
        n = 0
        while not g.over:
            if n % 15 == 0 or g.pending is not None:
                out.append(g.copy())
            legal = g.legal_moves()
            placing = [m for m in legal if m.startswith(("tile", "leader"))]
            g.play(rng.choice(placing if placing and rng.random() < 0.85 else legal))
            n += 1
    return out


def test_every_legal_move_of_many_positions_reads_back_to_itself() -> None:
    kinds = set()
    count = 0
    for g in positions():
        for text in g.legal_moves():
            move = Move.parse(text)
            assert str(move) == text
            assert Move.parse(text.upper()) == move
            assert eval(repr(move), {"Move": Move}) == move
            kinds.add(g.pending["kind"] if g.pending else "action")
            count += 1
    assert kinds == {"action", "revolt", "war", "war_order", "monument", "treasure"}
    assert count > 30_000


@pytest.mark.parametrize(
    ("text", "fields"),
    [
        ("tile R f7", {"verb": "tile", "colour": "red", "square": "F7"}),
        ("leader king g3", {"verb": "leader", "colour": "black", "square": "G3"}),
        ("withdraw farmer", {"verb": "withdraw", "colour": "blue"}),
        ("catastrophe h3", {"verb": "catastrophe", "square": "H3"}),
        ("swap black red blue red", {"verb": "swap", "tiles": ("red", "red", "blue", "black")}),
        ("pass", {"verb": "pass"}),
        ("commit 007", {"verb": "commit", "count": 7}),
        ("war k", {"verb": "war", "colour": "black"}),
        ("monument black-green e5", {"verb": "monument", "pair": "green-black", "square": "E5"}),
        ("decline", {"verb": "decline"}),
        ("treasure b2", {"verb": "treasure", "square": "B2"}),
    ],
)
def test_parsed_moves_have_typed_fields(text: str, fields: dict) -> None:
    move = Move.parse(text)
    assert move == Move(**fields)
    empty = {"colour": None, "square": None, "count": None, "pair": None, "tiles": ()}
    assert {k: getattr(move, k) for k in ("verb", *empty)} == {**empty, **fields}
    assert move.is_action == (fields["verb"] in ("tile", "leader", "withdraw", "catastrophe", "swap", "pass"))
    assert move.is_decision is not move.is_action


@pytest.mark.parametrize(
    ("fields", "why"),
    [
        ({"verb": "dance"}, "not a verb"),
        ({"verb": "tile", "colour": "red"}, "a tile move has colour, square"),
        ({"verb": "pass", "square": "F7"}, "a pass move has no fields"),
        ({"verb": "tile", "colour": "Red", "square": "F7"}, "not a colour"),
        ({"verb": "tile", "colour": "red", "square": "f7"}, "not a square"),
        ({"verb": "commit", "count": -1}, "0 or more"),
        ({"verb": "commit", "count": True}, "0 or more"),
        ({"verb": "monument", "pair": "green-red", "square": "E5"}, "not a monument"),
        ({"verb": "swap", "tiles": ("blue", "red")}, "order red, blue, green, black"),
        ({"verb": "swap", "tiles": ("red",) * 7}, "1 to 6"),
    ],
)
def test_a_move_built_by_hand_must_be_canonical(fields: dict, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        Move(**fields)


def test_moves_are_values() -> None:
    assert Move.parse("tile red F7") == Move("tile", colour="red", square="F7")
    assert len({Move.parse("swap r b"), Move.parse("swap blue red"), Move("swap", tiles=("red", "blue"))}) == 1
    with pytest.raises(AttributeError):
        Move.parse("pass").verb = "decline"  # type: ignore[misc]


def test_peek_gives_what_was_played_and_play_its_events() -> None:
    g = game(tiles(red="B5"), [{"black": "B6"}], hands=[{"red": 3, "blue": 3}])
    g.play(Move.parse("tile red C5"), seat=0)
    played = g.peek()
    assert played == Played(Move("tile", colour="red", square="C5"), 0, played.events)
    assert [e["text"] for e in played.events] == ["Archer places a red temple on C5.",
                                                 "Archer scores 1 red point."]
    assert g.play(Move("tile", colour="red", square="D5")) == g.move_stack[-1].events
    assert [str(p.move) for p in g.move_stack] == ["tile red C5", "tile red D5"]
    assert [p.seat for p in g.move_stack] == [0, 0]


def test_the_move_stack_keeps_what_each_move_drew_out_of_its_events() -> None:
    g = Game.new(players=2, seed=3)
    first = g.to_move
    g.play("pass")
    g.play("pass")
    played = g.move_stack
    assert played[0].seat == first and played[1].seat == 1 - first
    assert [(seat, len(colours)) for seat, colours in played[0].drawn] == []
    assert g.position()["players"][first]["hand"] == g.copy().position()["players"][first]["hand"]
    g.play("swap " + " ".join(c for c, n in g.position()["players"][first]["hand"].items() for _ in range(n)))
    swap = g.move_stack[-1]
    assert len(swap.drawn) == 1 and swap.drawn[0][0] == first and len(swap.drawn[0][1]) == 6
    hand = g.position()["players"][first]["hand"]
    assert {c: swap.drawn[0][1].count(c) for c in hand} == hand
    assert all(set(e) <= {"type", "text", "seat", "count", "drawn", "wanted"} for e in swap.events)


def test_a_refused_move_leaves_the_stack_as_it_was() -> None:
    g = Game.new(players=2, seed=1)
    g.play("pass")
    with pytest.raises(IllegalMove):
        g.play("tile blue A1")
    assert [str(p.move) for p in g.move_stack] == ["pass"]


def test_copies_share_no_history_and_a_search_copy_keeps_none() -> None:
    g = Game.new(players=2, seed=1)
    g.play("pass")
    copy = g.copy()
    copy.play("pass")
    assert len(g.move_stack) == 1 and len(copy.move_stack) == 2
    bare = g.copy(history=False)
    assert bare.move_stack == []
    assert bare.play("pass") == copy.peek().events
    assert bare.move_stack == [] and bare == copy
    assert Game.from_position(g.position()).move_stack == []
