"""Game records (tne-record/1): round trips, replays, and records refused with the move and the reason."""

import functools
import json
import random

import pytest

from engine import Game, IllegalMove
from engine.record import Record, RecordError, RecordPlayer, from_moves, read, rebuild, write

PLAYERS = [RecordPlayer("Alice"), RecordPlayer("Easy computer", "easy"), RecordPlayer("Bob"),
           RecordPlayer("Hard computer", "hard")]


def played(players: int, board: str, seed: int, moves: int | None = None) -> Game:
    """A seeded game played to its end (or `moves` moves), mostly placing tiles as real games do."""
    rng = random.Random(seed)
    g = Game.new(players=players, seed=seed, board=board)
    while not g.over and (moves is None or len(g.move_stack) < moves):
        legal = g.legal_moves()
        placing = [m for m in legal if m.startswith(("tile", "leader"))]
        g.play(rng.choice(placing if placing and rng.random() < 0.8 else legal))
    return g


GAMES = [(n, board) for n in (2, 3, 4) for board in ("standard", "advanced")]


@functools.cache
def whole_game(players: int, board: str) -> Game:
    """The seeded game played to its end for these players and board, played on first use."""
    return played(players, board, seed=10 * players + (board == "advanced"))


def edited(record: Record, change) -> str:
    data = record.to_json()
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(("players", "board"), GAMES)
def test_a_whole_game_round_trips_through_its_record(players: int, board: str) -> None:
    g = whole_game(players, board)
    seed = g.position()["seed"]
    record = write(g, PLAYERS[:players], date="2026-11-22T18:04:00Z", site="tests")
    text = record.dumps()
    again = read(text)
    assert again == record and again.complete
    assert again.dumps() == text and read(json.loads(text)) == record
    assert again.replay(seed) == g  # the same seed: the very same game, counter and all
    other = again.replay(seed=seed + 1)  # any seed: the draws come from the record
    assert other.standings() == g.standings()
    assert {**other.position(), "seed": seed} == g.position()
    data = json.loads(text)
    assert data["result"] == [{k: s[k] for k in ("seat", "score", "place", "totals")} for s in g.standings()]
    assert data["end"] == g.outcome().reason
    assert [p["kind"] for p in data["players"]] == [p.kind for p in PLAYERS[:players]]
    assert len(data["moves"]) == len(g.move_stack) > 100


def test_the_record_lists_every_draw_in_order_and_the_deal() -> None:
    g = whole_game(2, "standard")
    data = write(g).to_json()
    assert data["first"] == g.start.first
    assert data["deal"] == [list(hand) for hand in g.start.deal]
    hands = [dict.fromkeys(("red", "blue", "green", "black"), 0) for _ in range(2)]
    for seat, hand in enumerate(data["deal"]):
        for c in hand:
            hands[seat][c] += 1
    drawn = [dict.fromkeys(("red", "blue", "green", "black"), 0) for _ in range(2)]
    for m, p in zip(data["moves"], g.move_stack, strict=True):
        assert m == {"seat": p.seat, "move": str(p.move),
                     **({"draws": [[s, list(c)] for s, c in p.drawn]} if p.drawn else {})}
        for seat, colours in m.get("draws", []):
            for c in colours:
                drawn[seat][c] += 1
    assert sum(sum(d.values()) for d in drawn) == g.position()["draws"] - 12


def test_an_unfinished_complete_record_replays_and_plays_on() -> None:
    g = played(3, "standard", seed=5, moves=40)
    record = read(write(g).dumps())
    assert record.result is None and record.end is None
    again = record.replay(seed=5)
    assert again == g
    for _ in range(20):
        move = g.legal_moves()[0]
        assert again.play(move) == g.play(move)


def test_a_public_record_hides_the_deal_and_the_drawn_colours() -> None:
    g = played(3, "standard", seed=6, moves=60)
    public = write(g, public=True)
    data = json.loads(public.dumps())
    assert "deal" not in data and not public.complete
    counts = [m["draws"] for m in data["moves"] if "draws" in m]
    assert counts and all(isinstance(n, int) for draws in counts for _, n in draws)
    assert [sum(n for _, n in m.get("draws", [])) for m in data["moves"]] == [
        sum(len(c) for _, c in p.drawn) for p in g.move_stack]
    assert read(public.dumps()) == public
    with pytest.raises(RecordError, match="a public record has no deal"):
        read(public.dumps()).replay()


def test_the_bot_s_stored_game_gives_the_same_record() -> None:
    g = played(4, "advanced", seed=7, moves=80)
    stored = [(p.seat, str(p.move)) for p in g.move_stack]
    record = from_moves("advanced", {"scores": "hidden"}, PLAYERS, 7, stored, date="2026-01-01T00:00:00Z",
                        site="Discord")
    assert record == write(g, PLAYERS, date="2026-01-01T00:00:00Z", site="Discord")
    assert rebuild("advanced", None, 4, 7, [m for _, m in stored]) == g


def test_a_stored_game_with_an_illegal_move_is_refused_naming_it() -> None:
    g = played(2, "standard", seed=8, moves=10)
    stored = [str(p.move) for p in g.move_stack]
    legal = rebuild("standard", None, 2, 8, stored[:6]).legal_moves()
    stored[6] = next(m for m in ("tile red A1", "tile blue A1", "withdraw red", "pass") if m not in legal)
    with pytest.raises(RecordError) as err:
        rebuild("standard", None, 2, 8, stored)
    assert err.value.move == 7 and str(err.value).startswith("move 7: ")


def play_record(record: Record, moves: int) -> Game:
    """The record's game after its first `moves` moves."""
    game = record.start()
    for _, _ in zip(range(moves), record.steps(game), strict=False):
        pass
    return game


def test_a_record_edited_to_an_illegal_move_is_refused_with_the_move_and_the_reason() -> None:
    record = write(whole_game(3, "advanced"))
    n = 31
    while record.moves[n - 1].move.is_decision:
        n += 1
    before = play_record(record, n - 1)
    move = next(m for m in ("tile red A1", "tile blue A1", "withdraw black", "withdraw red")
                if m not in before.legal_moves())
    text = edited(record, lambda d: d["moves"][n - 1].update(move=move))
    with pytest.raises(RecordError) as err:
        read(text).replay()
    with pytest.raises(IllegalMove) as why:
        before.play(move)
    name = ("Archer", "Bull", "Lion")[record.moves[n - 1].seat]
    assert err.value.move == n
    assert str(err.value) == f"move {n}: {name} '{move}': {why.value}"


def first_short_draw(record: Record) -> tuple[int, str]:
    """The first move whose first draw asks for more of some colour than the bag then holds, and that colour."""
    game = record.start()
    for n, m in enumerate(record.moves, 1):
        bag = game.position()["bag"]  # a move's first draw comes from the bag as it was before the move
        short = [c for c, left in bag.items() if m.draws and left < len(m.draws[0][1])]
        if short:
            return n, short[0]
        game.play(m.move, m.seat, draws=[(s, list(c)) for s, c in m.draws])
    raise AssertionError("the bag never ran short of a colour")


def test_a_record_edited_to_draw_a_colour_the_bag_no_longer_holds_is_refused() -> None:
    record = write(whole_game(2, "advanced"))
    n, colour = first_short_draw(record)
    seat, colours = record.moves[n - 1].draws[0]
    text = edited(record, lambda d: d["moves"][n - 1]["draws"][0].__setitem__(1, [colour] * len(colours)))
    with pytest.raises(RecordError) as err:
        read(text).replay()
    assert err.value.move == n
    assert str(err.value).endswith(f"the record draws a {colour} tile for {('Archer', 'Bull')[seat]}, and the "
                                   f"bag holds no {colour} tile then.")


def test_broken_json_and_missing_fields_are_refused_saying_where() -> None:
    text = write(whole_game(2, "standard")).dumps()
    with pytest.raises(RecordError) as err:
        read(text[: len(text) // 2])
    assert err.value.move is None and str(err.value).startswith("not JSON: ")
    assert "line " in str(err.value) and "column " in str(err.value)
    record = write(whole_game(2, "standard"))
    cases = [
        (lambda d: d["moves"][4].pop("move"), "move 5: missing 'move'"),
        (lambda d: d["moves"][9].pop("seat"), "move 10: missing 'seat'"),
        (lambda d: d["moves"][2].update(move="tile red Z9"), "move 3: 'Z9' is not a square"),
        (lambda d: d["moves"][2].update(seat=7), "move 3: seat 7 is not a seat of this 2-player game"),
        (lambda d: d.pop("players"), "players must list 2 to 4 players"),
        (lambda d: d.update(format="pgn"), "the format is 'pgn', not 'tne-record/1'"),
        (lambda d: d["deal"][1].pop(), "seat 1's deal must be 6 colours"),
        (lambda d: d.update(first=2), "first must be a seat from 0 to 1"),
    ]
    for change, message in cases:
        with pytest.raises(RecordError) as err:
            read(edited(record, change))
        assert str(err.value).startswith(message), (message, str(err.value))
    with pytest.raises(RecordError, match="a record is a JSON object"):
        read("[1, 2]")


def test_records_whose_draws_or_result_disagree_with_the_game_are_refused() -> None:
    record = write(whole_game(2, "standard"))
    n = next(i for i, m in enumerate(record.moves, 1) if m.draws)
    seat = record.moves[n - 1].draws[0][0]
    dropped = edited(record, lambda d: d["moves"][n - 1].pop("draws"))
    with pytest.raises(RecordError, match=rf"^move {n}: .* draws \d+ tiles? here, and the record lists no such draw"):
        read(dropped).replay()
    extra = edited(record, lambda d: d["moves"][0].update(draws=[[seat, ["red"]]]))
    with pytest.raises(RecordError, match=r"^move 1: .*lists a draw of 1 for .* that this move does not make"):
        read(extra).replay()
    wrong = edited(record, lambda d: d["result"][0].update(score=99))
    with pytest.raises(RecordError, match=r"the record's result .* is not the replayed game's"):
        read(wrong).replay()
    cut = edited(record, lambda d: d.update(moves=d["moves"][:-1]))
    with pytest.raises(RecordError, match=r"gives a result, but after its .* moves the game goes on"):
        read(cut).replay()


def test_draws_given_to_play_that_disagree_change_nothing() -> None:
    g = Game.new(players=2, seed=3)
    g.play("pass")
    before = g.position()
    seat = g.to_move
    with pytest.raises(IllegalMove, match=r"the record lists a draw of 1 for .* that this move does not make"):
        g.play("pass", draws=[(seat, ["red"])])
    with pytest.raises(IllegalMove, match=r"not \[seat, \[colour"):
        g.play("pass", draws=[(seat, ["pink"])])
    assert g.position() == before and len(g.move_stack) == 1


def test_a_game_read_from_a_position_has_no_record_of_its_own() -> None:
    g = Game.from_position(Game.new().position())
    with pytest.raises(ValueError, match=r"record\.from_moves"):
        write(g)


def test_a_move_taken_back_is_not_in_the_record() -> None:
    g = played(2, "standard", seed=9, moves=20)
    while g.pending is not None or not any(m.startswith("tile") for m in g.legal_moves()):
        g.play(g.legal_moves()[0])
    before = [str(m.move) for m in write(g).moves]
    g.play(next(m for m in g.legal_moves() if m.startswith("tile")))
    if not g.can_undo():  # the turn's second action ended it: try again at the next turn's first
        while g.pending is not None:
            g.play(g.legal_moves()[0])
        before = [str(m.move) for m in write(g).moves]
        g.play(next(m for m in g.legal_moves() if m.startswith("tile")))
    g.undo()
    record = write(g)
    assert [str(m.move) for m in record.moves] == before
    assert read(record.dumps()).replay(seed=9) == g
