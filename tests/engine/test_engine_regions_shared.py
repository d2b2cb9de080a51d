"""Copies of a game share its last labelling of the board (engine/regions.py): a catastrophe placed on an empty
square of one copy must not spoil the original's open squares (a tile on that square crashed the original)."""

from engine import Game


def test_a_copys_catastrophe_leaves_the_originals_open_squares_alone() -> None:
    g = Game.new(players=2, seed=1)
    g.legal_moves()
    hand = g.position()["players"][g.to_move]["hand"]
    colour = next(c for c in ("blue", "green", "black", "red") if hand[c])
    catastrophes = {m.split()[1] for m in g.legal_moves() if m.startswith("catastrophe")}
    square = next(m.split()[2] for m in g.legal_moves() if m.startswith(f"tile {colour} ")
                  and m.split()[2] in catastrophes)
    copy = g.copy(history=False)
    copy.play(f"catastrophe {square}")
    copy.legal_moves()  # the copy's open squares, without `square`, as of its own catastrophes
    g.play(f"tile {colour} {square}")
    assert sorted(g.legal_moves()) == sorted(Game.from_position(g.position()).legal_moves())
    assert sorted(copy.legal_moves()) == sorted(Game.from_position(copy.position()).legal_moves())
