"""Whatever a player types, play() either makes the move or refuses it with IllegalMove, changing nothing."""

import functools
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Game, IllegalMove, canonical
from tests.profiles import examples

WORDS = ["tile", "leader", "withdraw", "catastrophe", "swap", "pass", "commit", "war", "monument", "decline",
         "treasure", "red", "blue", "green", "black", "r", "k", "temple", "king", "F7", "A1", "P11", "Q3", "a0",
         "red-blue", "green-red", "red-red", "0", "3", "-1", "99", "", "💎", "\t", "DROP TABLE"]


@functools.cache
def games() -> list[Game]:
    """A few positions from seeded random play: an opening, a mid-game and whatever decision comes up."""
    out = []
    for seed in (1, 2, 3):
        rng = random.Random(seed)
        g = Game.new(players=2 + seed % 3, seed=seed)
        for i in range(400):
            if g.over:
                break
            if i in (0, 60) or (g.pending is not None and len(out) < 12):
                out.append(g.copy())
            g.play(rng.choice(g.legal_moves()))
    return out


# The positions are played on first use, not while the tests are collected.
INDEX = st.deferred(lambda: st.integers(0, len(games()) - 1))


@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    index=INDEX,
    text=st.one_of(st.text(max_size=40), st.lists(st.sampled_from(WORDS), max_size=5).map(" ".join)),
    seat=st.one_of(st.none(), st.integers(-1, 4)),
)
def test_any_input_is_played_or_refused_cleanly(index: int, text: str, seat: int | None) -> None:
    g = games()[index].copy()
    before = g.position()
    legal = set(g.legal_moves())
    to_move = g.to_move
    try:
        g.play(text, seat=seat)
    except IllegalMove as err:
        assert str(err)
        assert g.position() == before
        return
    assert canonical(text) in legal
    assert seat is None or seat == to_move


@settings(max_examples=examples(150), deadline=None)
@given(index=INDEX, data=st.data())
def test_legal_moves_are_accepted_in_any_case_and_spacing(index: int, data: st.DataObject) -> None:
    g = games()[index].copy()
    move = data.draw(st.sampled_from(sorted(g.legal_moves())))
    typed = "  ".join(w.upper() if data.draw(st.booleans()) else w for w in move.split())
    g.play(f" {typed} ", seat=g.to_move)
    assert g.position() != games()[index].position()
