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


def test_play_is_the_one_verb_and_peek_gives_the_move_as_played() -> None:
    g = Game.new(players=2, seed=5)
    assert not hasattr(g, "push")
    seat = g.to_move
    events = g.play("pass", seat=seat)
    played = g.peek()
    assert (played.move, played.seat, played.events) == (Move("pass"), seat, events)
    with pytest.raises(IllegalMove, match="keeps no history"):
        g.copy(history=False).peek()
    with pytest.raises(IllegalMove, match="No move has been played on this game"):
        Game.new(players=2, seed=5).peek()


def test_pop_takes_back_every_move_whatever_it_drew_or_decided() -> None:
    g = played_game(7, players=3)
    assert g.over
    stack = g.move_stack
    replay = Game.new(players=3, seed=7, board="standard")
    positions = [replay.position()]
    for p in stack:
        replay.play(p.move)
        positions.append(replay.position())
    verbs = {p.move.verb for p in stack}
    assert {"swap", "pass", "commit"} & verbs and any(p.drawn for p in stack)
    for n in range(len(stack), 0, -1):
        assert g.pop() == stack[n - 1].move
        assert g.position() == positions[n - 1] and len(g.move_stack) == n - 1
    with pytest.raises(IllegalMove, match="No move has been played on this game"):
        g.pop()
    assert g.position() == positions[0]


def test_pop_gives_back_what_may_be_undone_and_plays_on_the_same() -> None:
    g = Game.new(players=2, seed=11)
    first = next(m for m in g.legal_moves() if m.verb == "tile")
    g.play(first)
    before = g.position()
    g.play("pass")  # ends the turn: draws, and nothing can be undone
    assert not g.can_undo()
    assert g.pop() == "pass"
    assert g.position() == before and g.can_undo(g.to_move)
    assert g.undo() == first and not g.can_undo() and g.move_stack == []
    g.play(first)
    g.play("pass")
    assert g.pop() == "pass" and g.pop() == first and g.move_stack == []
    assert g == Game.new(players=2, seed=11) and not g.can_undo()


def test_pop_on_a_game_read_from_a_position_stops_at_that_position() -> None:
    g = played_game(2, moves=40)
    start = Game.from_position(g.position())
    for m in ("pass",) * 3:
        start.play(m)
    for _ in range(3):
        start.pop()
    assert start.position() == g.position()
    with pytest.raises(IllegalMove, match="No move has been played on this game"):
        start.pop()


def test_pop_refuses_on_a_copy_without_history_and_changes_nothing() -> None:
    g = Game.new(players=2, seed=5)
    g.play("pass")
    bare = g.copy(history=False)
    bare.play("pass")
    before = bare.position()
    with pytest.raises(IllegalMove, match="keeps no history"):
        bare.pop()
    assert bare.position() == before


def test_pop_restores_what_a_position_said_may_be_undone() -> None:
    g = Game.new(players=2, seed=11)
    g.play(next(m for m in g.legal_moves() if m.verb == "tile"))
    read = Game.from_position(g.position())
    assert "undo" in read.position()
    read.play("pass")
    read.pop()
    assert read.position() == g.position() and read.can_undo(read.to_move)


def test_standings_are_the_documented_dicts_typed_like_the_outcomes() -> None:
    from dataclasses import fields

    from engine import Standing, StandingDict

    g = played_game(5, players=4)
    rows = g.standings()
    outcome = g.outcome()
    assert outcome is not None and all(type(s) is dict for s in rows)
    assert list(StandingDict.__annotations__) == [f.name for f in fields(Standing)] == list(rows[0])
    assert [Standing(**s) for s in rows] == list(outcome.standings)
    assert {s["place"] for s in rows} >= {1}


def test_a_game_read_back_from_its_complete_record_equals_the_original() -> None:
    from engine import record

    for seed in (7, 8, 9):
        g = played_game(seed, players=2 + seed % 3)
        assert g.over
        back = record.read(record.write(g).dumps()).replay()  # no seed: the record's draws say what came
        assert back == g and g == back
        assert back.position()["seed"] != g.position()["seed"]
        assert back.outcome() == g.outcome() and back.standings() == g.standings()


def test_a_game_that_may_still_draw_differs_from_one_with_another_seed() -> None:
    from engine import record

    g = played_game(4, moves=30)
    assert not g.over and any(g.position()["bag"].values())
    text = record.write(g).dumps()
    assert record.read(text).replay() != g  # its next draws would come from another seed
    assert record.read(text).replay(seed=4) == g
    other = Game.from_position({**g.position(), "seed": 5})
    assert other != g
