"""The post-game review's second planted blunder: a leader placed into a revolt it must lose is found as that
player's costliest move, with a better move that does not lose the revolt."""

import functools

from engine import Game
from engine.ai import choose_move
from engine.ai.judge import settle_traced
from engine.ai.review import Review, review
from engine.record import Record, RecordPlayer, write
from engine.state import JSON

NAMES = [RecordPlayer("Alice"), RecordPlayer("Bob")]
# Found by trying seeds: at move 52 of this medium game Bob can move his green leader beside Alice's green
# leader at M5, whose temples alone beat his temples plus every red tile he holds (defender wins ties).
SEED, PLANTED, BLUNDER = 0, 52, "leader green P3"
AFTER = 4  # moves played after the blunder: both sides commit and the revolt is decided


def revolt_it_must_lose(game: Game, move: str) -> JSON:
    """The revolt `move` starts for the mover, checked lost whatever the mover commits (all hands known)."""
    seat = game.to_move
    after = game.copy(history=False)
    after.play(move, seat)
    p = after.pending
    assert p is not None and p["kind"] == "revolt" and p["attacker"] == seat, f"{move} starts no revolt of {seat}"
    hands = [pl["hand"] for pl in after.position()["players"]]
    a, d = p["strength"]["attacker"], p["strength"]["defender"]
    assert d >= a + hands[seat]["red"], f"the revolt is winnable: {a} + {hands[seat]['red']} red against {d}"
    return p


def position_before(record: Record, index: int) -> Game:
    """The true position (every hand known) just before the record's move `index`."""
    game = record.start()
    for _, _ in zip(range(index), record.steps(game), strict=False):
        pass
    return game


@functools.cache
def planted_revolt() -> tuple[Record, Review]:
    """The seeded game of the medium player on both seats with the blunder planted, to a few moves past it (the
    revolt decided), reviewed whole: each move is judged from its own position, so later moves would change
    nothing said of these."""
    g = Game.new(players=2, seed=SEED)
    while not g.over and len(g.move_stack) <= PLANTED + AFTER:
        seat = g.to_move
        if len(g.move_stack) == PLANTED:
            revolt_it_must_lose(g, BLUNDER)
            move = BLUNDER
        else:
            move = choose_move(g.view(seat), seat, "medium", seed=len(g.move_stack))
        g.play(move, seat)
    record = write(g, NAMES)
    return record, review(record)


def test_the_planted_revolt_is_lost_in_the_game() -> None:
    record, _ = planted_revolt()
    seat = record.moves[PLANTED].seat
    revolt = revolt_it_must_lose(position_before(record, PLANTED), BLUNDER)
    game = record.start()
    events = [e for i, played in enumerate(record.steps(game)) if i >= PLANTED
              for e in played.events if e["type"] == "revolt_won"]
    assert events[0]["winner"] == revolt["defender"] != seat and events[0]["colour"] == "green"


def test_a_leader_placed_into_a_lost_revolt_is_the_players_costliest_move() -> None:
    record, result = planted_revolt()
    seat = record.moves[PLANTED].seat
    mv = result.move(PLANTED)
    assert mv is not None and mv.played == BLUNDER and mv.seat == seat
    assert result.players[seat].costliest[0] == PLANTED
    assert mv.label in ("mistake", "blunder")
    assert mv.best != mv.played
    assert "revolt" in mv.reason and mv.best in mv.reason


def test_the_better_move_does_not_lose_that_revolt() -> None:
    record, result = planted_revolt()
    seat = record.moves[PLANTED].seat
    mv = result.move(PLANTED)
    assert mv is not None
    game = position_before(record, PLANTED)
    events: list[JSON] = list(game.play(mv.best, seat))
    settle_traced(game, seat, None, events)
    assert not any(e["type"] == "revolt_won" and e["loser"] == seat for e in events)
    assert game.position()["players"][seat]["leaders"].get("green") is not None  # the green leader stays out
