"""The engine's face as python-chess users expect it: Move values from legal_moves, one verb to play, pop,
typed standings, and a game read back from its complete record equal to the original."""

import copy
import pickle
import random

import pytest

from engine import Game, IllegalMove, Move


def played_game(seed: int, players: int = 2, moves: int | None = None) -> Game:
    """A seeded game of mostly placements, to the end or for `moves` moves."""
    rng = random.Random(seed)
    g = Game.new(players=players, seed=seed, board="standard" if seed % 2 else "advanced")
    n = 0
    while not g.over and (moves is None or n < moves):
        legal = g.legal_moves()
        placing = [m for m in legal if m.verb in ("tile", "leader")]
        g.play(rng.choice(placing if placing and rng.random() < 0.85 else legal))
        n += 1
    return g


def test_legal_moves_are_moves_that_are_their_canonical_text() -> None:
    g = played_game(3, players=3, moves=60)
    kinds = set()
    for seen in (g, Game.new(players=2, seed=4)):
        legal = seen.legal_moves()
        assert legal and all(type(m) is Move for m in legal)
        for m in legal:
            assert m == Move.parse(str(m)) == str(m) and type(str(m)) is str
            assert hash(m) == hash(str(m)) and {str(m): 1}[m] == 1
            kinds.add(m.verb)
    assert {"tile", "leader", "catastrophe", "swap", "pass"} <= kinds
    tile = next(m for m in Game.new(players=2, seed=4).legal_moves() if m.verb == "tile")
    assert (tile.colour, tile.square, tile.count, tile.pair) == ("red", str(tile).split()[2], None, None)
    assert tile.tiles == ()
    swap = next(m for m in Game.new(players=2, seed=4).legal_moves() if m.verb == "swap")
    assert swap.tiles and str(swap) == "swap " + " ".join(swap.tiles)


def test_decisions_are_moves_too() -> None:
    seen = set()
    for seed in range(8):
        rng = random.Random(seed)
        g = Game.new(players=2 + seed % 3, seed=seed)
        while not g.over:
            legal = g.legal_moves()
            assert all(type(m) is Move for m in legal)
            if g.pending is not None:
                seen.add(g.pending["kind"])
                if g.pending["kind"] in ("revolt", "war"):
                    assert [m.count for m in legal] == list(range(len(legal)))
            placing = [m for m in legal if m.verb in ("tile", "leader")]
            g.play(rng.choice(placing if placing and rng.random() < 0.85 else legal))
    assert {"revolt", "war"} <= seen


def test_a_move_is_a_value_that_pickles_and_copies_as_itself() -> None:
    move = Move("monument", pair="red-blue", square="E5")
    assert move == "monument red-blue E5" and repr(move) == "Move.parse('monument red-blue E5')"
    back = pickle.loads(pickle.dumps(move))
    assert type(back) is Move and back == move and back.pair == "red-blue"
    assert copy.copy(move) is move and copy.deepcopy(move) is move
    with pytest.raises(AttributeError):
        move.square = "F7"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del move.pair
    assert f"{move}" == "monument red-blue E5" and str(move).count(" ") == 2


def test_a_move_built_from_text_alone_says_how_to_read_text() -> None:
    with pytest.raises(ValueError, match="'tile red F7' is not a verb"):
        Move("tile red F7")  # type: ignore[arg-type]
    with pytest.raises(IllegalMove, match="'dance' is not a move"):
        Move.parse("dance")
