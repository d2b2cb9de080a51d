"""The rivals' replies in hard's rollouts: in 2-player games every kind of action is in their reach."""

import random

import pytest

from engine import Game
from engine.ai import search as search_module
from engine.ai.sampling import determinise, unseen_tiles
from engine.ai.search import REPLY_WIDTH, reply, search, value_of
from engine.analysis import facts
from tests.engine_helpers import positions


def test_a_reply_of_every_kind_is_never_worse_and_sometimes_better_for_the_rival() -> None:
    gained = 0
    found = positions(2, 11) + positions(2, 12)
    assert len(found) > 20
    for game in found:
        mover = facts(game).player
        narrow = value_of(reply(game.copy(history=False), mover, REPLY_WIDTH), mover)
        wide = value_of(reply(game.copy(history=False), mover, REPLY_WIDTH, every_kind=True), mover)
        assert wide >= narrow - 1e-9
        gained += wide > narrow + 1e-9
    assert gained > 0


@pytest.mark.parametrize(("players", "every_kind"), [(2, True), (4, False)])
def test_hard_widens_replies_in_two_player_games_only(monkeypatch: pytest.MonkeyPatch, players: int,
                                                      every_kind: bool) -> None:
    seen: list[tuple[int, bool]] = []

    def fake_rollout(sample: Game, seat: int, move: str, follow: object, pool: object, width: int,
                     kinds: bool = False) -> float:
        seen.append((width, kinds))
        return 0.0

    monkeypatch.setattr(search_module, "rollout", fake_rollout)
    game = Game.new(players=players, seed=3)
    seat = game.to_move
    view = game.view(seat)
    ticks = iter(range(100_000))
    search(view, determinise(view, seat, random.Random(2)), seat, random.Random(1), unseen_tiles(view, seat), 1.0,
           lambda: next(ticks) * 0.001)
    assert seen
    assert set(seen) == {(REPLY_WIDTH if players == 2 else 2, every_kind)}
