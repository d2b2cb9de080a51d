"""The engine's fast paths agree with plain labelling: cached, merged and lifted regions on many positions."""

import random

import pytest

import engine.regions
from engine import Game
from engine.legal import _stays_whole, legal_moves
from engine.regions import Regions, regions_of
from engine.state import State


def partition(regions: Regions) -> set[tuple[frozenset[int], tuple[int, ...]]]:
    """The regions as sets of squares with their leaders, whatever their ids."""
    return {(frozenset(sq), tuple(sorted(found))) for sq, found in zip(regions.squares, regions.leaders, strict=True)
            if sq}


def labels_agree(regions: Regions) -> bool:
    return all(regions.label[sq] == rid for rid, members in enumerate(regions.squares) for sq in members)


@pytest.mark.parametrize(("players", "board", "seed"), [(2, "standard", 1), (3, "advanced", 2), (4, "standard", 3)])
def test_incremental_and_lifted_regions_match_a_fresh_labelling(players: int, board: str, seed: int,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    merges = []
    real_added = engine.regions._added
    monkeypatch.setattr(engine.regions, "_added", lambda *a: merges.append(1) or real_added(*a))
    fresh_labellings = []
    real_init = Regions.__init__

    def counted_init(self: Regions, state: State, exclude: int = -1) -> None:
        fresh_labellings.append(exclude)
        real_init(self, state, exclude)
    monkeypatch.setattr(Regions, "__init__", counted_init)
    rng = random.Random(seed)
    g = Game.new(players=players, seed=seed, board=board)
    checked = moves = whole = carried = 0
    while not g.over:
        state: State = g._state
        before = len(fresh_labellings)
        fast = regions_of(state)
        labelled_afresh = len(fresh_labellings) > before
        fresh = Regions(state)
        del fresh_labellings[before:]  # only regions_of's own labellings count
        if labelled_afresh:
            fresh_labellings.append(-1)
        assert partition(fast) == partition(fresh) and labels_agree(fast)
        assert fast.free() == [sq for sq, rid in enumerate(fresh.label) if rid < 0]
        assert fast.kingdom_touches() == fresh.kingdom_touches()
        # The empty squares and the temples are carried along as pieces come and go: same as counted afresh.
        carried += (fast._open is not None and fast._open[0] is state.cat and fast._temples is not None
                    and fast._temples[0] is state.down)
        assert fast.open_squares(state.cat) == fresh.open_squares(state.cat)
        assert fast.temples(state.tile, state.down) == fresh.temples(state.tile, state.down)
        for p in state.players:
            for sq in p.leaders:
                if sq >= 0:
                    lifted = fast.lifted(sq, state.leader)
                    without = Regions(state, exclude=sq)
                    assert partition(lifted) == partition(without) and labels_agree(lifted)
                    assert lifted.free() == [x for x, rid in enumerate(without.label) if rid < 0]
                    checked += 1
                    if _stays_whole(fast.label, sq, fast.label[sq]):  # then the rest is one region
                        rest = set(fast.squares[fast.label[sq]]) - {sq}
                        assert len({without.label[x] for x in rest}) <= 1
                        whole += 1
        legal = g.legal_moves()
        # Everything kept with the cached labelling (empty squares, temples, catastrophe squares, kingdom
        # counts) gives the same moves as a copy of the state that starts with no cache at all.
        uncached = state.copy()
        uncached.regions_cache = None
        before = len(fresh_labellings)
        assert legal == legal_moves(uncached)
        del fresh_labellings[before:]  # not regions_of's labelling of the game
        building = [m for m in legal if m.split()[0] in ("tile", "leader", "commit", "war", "monument", "treasure")]
        g.play(rng.choice(building) if building and rng.random() < 0.85 else rng.choice(legal))
        moves += 1
        if rng.random() < 0.1:
            g = g.copy()  # copies share the cache: it must still be judged against their own board
    assert len(merges) > 50 and checked > 50 and whole > 20 and carried > moves / 2
    # Leaders moved or withdrawn update the labelling too: fresh ones are rare.
    assert fresh_labellings.count(-1) < moves / 5
