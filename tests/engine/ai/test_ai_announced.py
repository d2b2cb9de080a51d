"""Rivals' points as the table announced them: derived from public events only, and used by the players."""

import random

import pytest

from engine import Game
from engine.ai import choose_move
from engine.ai.sampling import determinise, with_announced
from engine.analysis import announced_points

BUILDING = ("tile", "leader", "commit", "war", "monument", "treasure")


def _played(players: int, seed: int, moves: int | None = None) -> tuple[Game, list[dict]]:
    """A seeded game of mostly building random moves (conflicts, monuments and treasures all happen), and
    every event it produced."""
    g = Game.new(players=players, seed=seed)
    rng = random.Random(seed)
    events: list[dict] = []
    while not g.over and (moves is None or len(g.move_stack) < moves):
        legal = g.legal_moves()
        building = [m for m in legal if m.split()[0] in BUILDING]
        events.extend(g.play(rng.choice(building) if building and rng.random() < 0.85 else rng.choice(legal)))
    return g, events


def test_announced_points_are_every_seats_real_points() -> None:
    reasons = set()
    for players, seed in ((2, 5), (3, 6), (4, 7), (2, 11)):
        g, events = _played(players, seed)
        assert any(e["type"] == "treasure" for e in events)
        reasons |= {e["reason"] for e in events if e["type"] == "point"}
        assert announced_points(events, players) == [p["points"] for p in g.position()["players"]]
    assert {"tile", "war", "revolt", "monument"} <= reasons  # every way of scoring was counted


def test_announced_points_add_up_from_a_start() -> None:
    _, events = _played(2, 8)
    half = len(events) // 2
    first = announced_points(events[:half], 2)
    kept = [dict(t) for t in first]
    assert announced_points(events[half:], 2, first) == announced_points(events, 2)
    assert first == kept  # the start is not changed


def test_announced_points_refuse_a_point_without_a_colour() -> None:
    with pytest.raises(ValueError, match="no colour"):
        announced_points([{"type": "point", "seat": 0, "colour": "purple", "count": 1}], 2)


def test_sampled_games_carry_the_announced_rival_points() -> None:
    g, events = _played(3, 9, moves=120)
    assert not g.over
    seat = g.to_move
    view = g.view(seat)
    truth = [p["points"] for p in g.position()["players"]]
    assert all(p["points"] is None for i, p in enumerate(view["players"]) if i != seat)
    filled = with_announced(view, announced_points(events, 3))
    assert [p["points"] for p in filled["players"]] == truth
    assert view["players"][(seat + 1) % 3]["points"] is None  # the view given is left alone
    sampled = determinise(filled, seat, random.Random(1)).position()
    assert [p["points"] for p in sampled["players"]] == truth
    # Without them, rivals' points are only estimated.
    guessed = determinise(view, seat, random.Random(1)).position()
    assert [p["points"] for p in guessed["players"]] != truth


def test_choose_move_takes_announced_points_and_refuses_bad_ones() -> None:
    g, events = _played(2, 10, moves=80)
    seat = g.to_move
    view = g.view(seat)
    announced = announced_points(events, 2)
    for level in ("easy", "medium"):
        assert choose_move(view, seat, level, seed=3, announced=announced) in g.legal_moves()
    with pytest.raises(ValueError, match="lists 3 seats"):
        choose_move(view, seat, "easy", announced=[*announced, announced[0]])
    bad = [dict(a) for a in announced]
    bad[1 - seat]["red"] = -1
    with pytest.raises(ValueError, match="counts per colour"):
        choose_move(view, seat, "easy", announced=bad)


def test_the_bot_passes_the_announced_points_to_its_computer_seats() -> None:
    from bot.background import autoplay
    from bot.background.seats import computer_turn
    from bot.service.game_service import Table
    from bot.storage.rows import GameRow, MoveRow, PlayerRow

    g = Game.new(players=2, seed=12)
    rng = random.Random(12)
    moves = []
    while len(moves) < 90 or g.to_move != 1:
        legal = g.legal_moves()
        building = [m for m in legal if m.split()[0] in BUILDING]
        move = rng.choice(building) if building and rng.random() < 0.85 else rng.choice(legal)
        seat = g.to_move
        moves.append(MoveRow(len(moves), seat, None, move, g.play(move)))
    row = GameRow(id=1, guild_id=None, channel_id=1, host_id=7, status="active", seats=2, board="standard",
                  scores="hidden", seed=12, rev=len(moves), move_count=len(moves), snapshot=None, end_reason=None,
                  players=[PlayerRow(0, 7, "Ann"), PlayerRow(1, 0, "Computer", level="medium")])
    turn = computer_turn(Table(row, g, moves))
    assert turn is not None and turn.seat == 1
    truth = [p["points"] for p in g.position()["players"]]
    assert turn.announced == truth and any(sum(p.values()) for p in truth)

    move = autoplay.pick_move(turn.view, 1, "medium", turn.legal, seed=1, budget=None, announced=turn.announced)
    assert move in turn.legal
    # The points reach the player itself: a list for the wrong number of seats is refused there.
    with pytest.raises(ValueError, match="lists 3 seats"):
        autoplay.pick_move(turn.view, 1, "medium", turn.legal, seed=1, budget=None,
                           announced=[*turn.announced, turn.announced[0]])
