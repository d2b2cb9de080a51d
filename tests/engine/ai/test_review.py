"""The post-game review: a planted blunder is found as the player's costliest move with the right better move;
refusals in words (a public record, a move that does not replay, malformed stored data); the same record always
gives the same review, whole or assembled from parts; the JSON round trip."""

import functools
import json
import random
from collections.abc import Callable
from dataclasses import replace

import pytest

from engine import Game
from engine.ai import choose_move
from engine.ai.chances import win_chances
from engine.ai.judge import settle_traced
from engine.ai.review import (
    ACCURACY_POINTS,
    LABELS,
    PART_MOVES,
    SURE,
    THRESHOLDS,
    MoveReview,
    Review,
    ReviewError,
    ReviewPart,
    assemble,
    label_for,
    move_accuracy,
    review,
    review_move,
    review_part,
)
from engine.ai.sampling import determinise
from engine.move import Move
from engine.record import Record, RecordedMove, RecordPlayer, Resignation, write
from engine.state import JSON

NAMES = [RecordPlayer("Alice"), RecordPlayer("Bob")]


def play(seed: int, level: str = "medium", plant: Callable[[Game], str | None] | None = None,
         stop: int | None = None, then: int | None = None) -> tuple[Record, int | None]:
    """A seeded 2-player game of the level on both seats, to its end, its first `stop` moves or `then` moves after
    the planted one; `plant(game)` may replace a move once (its index is returned with the complete record)."""
    g = Game.new(players=2, seed=seed)
    planted = None
    while not g.over and (stop is None or len(g.move_stack) < stop):
        if planted is not None and then is not None and len(g.move_stack) > planted + then:
            break
        seat = g.to_move
        move = plant(g) if plant is not None and planted is None else None
        if move is not None:
            planted = len(g.move_stack)
        else:
            move = choose_move(g.view(seat), seat, level, seed=len(g.move_stack))
        g.play(move, seat)
    return write(g, NAMES), planted


def throw_away_a_won_war(g: Game) -> str | None:
    """`commit 0` where the attacker of a war would surely win by committing (all hands known) and loses without."""
    p = g.pending
    if p is None or p["kind"] != "war" or p["attacker_commit"] is not None:
        return None
    hands = [pl["hand"] for pl in g.position()["players"]]
    colour = p["commit_colour"]
    a, d = p["strength"]["attacker"], p["strength"]["defender"]
    return "commit 0" if a <= d < a + hands[p["attacker"]][colour] - hands[p["defender"]][colour] else None


@functools.cache
def short_record() -> Record:
    """The first 24 moves of a medium game (a complete record of a game still going on)."""
    return play(4, stop=24)[0]


@functools.cache
def heard_short_review() -> tuple[Review, tuple[tuple[int, int], ...]]:
    """The short record's review and the progress it reported on the way (done, total)."""
    heard: list[tuple[int, int]] = []
    whole = review(short_record(), lambda done, total: heard.append((done, total)))
    return whole, tuple(heard)


def short_review() -> Review:
    return heard_short_review()[0]


# ---- the planted blunder ----------------------------------------------------------------------------------

@functools.cache
def planted_war() -> tuple[Record, int, Review]:
    """The seeded game to a few moves past the planted commit, reviewed whole: each move is judged from its own
    position, so the moves after these would not change what is said of them (and would take a minute more)."""
    record, index = play(PLANTED_SEED, plant=throw_away_a_won_war, then=AFTER_PLANT)
    assert index is not None, "the seeded game has no war to throw away"
    return record, index, review(record)


PLANTED_SEED = 2
AFTER_PLANT = 4  # moves played after the planted one


def test_a_war_thrown_away_is_the_players_costliest_move_with_the_winning_commit_as_best() -> None:
    record, index, result = planted_war()
    seat = record.moves[index].seat
    mv = result.move(index)
    assert mv is not None and mv.played == "commit 0"
    assert result.players[seat].costliest[0] == index
    assert mv.label in ("mistake", "blunder")
    # The better move wins that war: replayed on the true position, the mover takes it.
    before = record.start()
    for _, _ in zip(range(index), record.steps(before), strict=False):
        pass
    events: list[JSON] = list(before.play(mv.best))
    settle_traced(before, seat, None, events)
    assert mv.best.startswith("commit ") and mv.best != "commit 0"
    assert any(e["type"] == "war_won" and e["winner"] == seat for e in events)
    assert "war" in mv.reason and "committing 0" in mv.reason.lower() and mv.best.split()[1] in mv.reason


def test_a_whole_review_covers_every_choice_and_the_curve() -> None:
    record, _, result = planted_war()
    assert len(result.curve) == len(record.moves) + 1
    assert all(abs(sum(point) - 1) < 1e-9 for point in result.curve)
    assert result.curve[-1] == win_chances(record.replay())
    assert [m.index for m in result.moves] == sorted(m.index for m in result.moves)
    for m in result.moves:
        assert m.seat == record.moves[m.index].seat and m.played == str(record.moves[m.index].move)
        assert 0 <= m.chance_played <= 1 and 0 <= m.chance_best <= 1
        assert m.loss >= 0 and m.noise >= 0 and m.label == label_for(m.loss, m.noise)
        assert (m.reason == "") == (m.best == m.played)
    for p in result.players:
        mine = [m for m in result.moves if m.seat == p.seat]
        assert (p.inaccuracies, p.mistakes, p.blunders) == tuple(
            sum(1 for m in mine if m.label == label) for label in LABELS)
        assert p.accuracy == pytest.approx(sum(move_accuracy(m.sure_loss) for m in mine) / len(mine))
        losses = [result.move(i).loss for i in p.costliest]  # type: ignore[union-attr]
        assert losses == sorted(losses, reverse=True) and len(p.costliest) <= 3
        assert all(result.move(i).label is not None for i in p.costliest)  # type: ignore[union-attr]


# ---- parts, determinism, what is left out ----------------------------------------------------------------

def test_the_same_record_gives_the_same_review_whole_or_from_parts() -> None:
    record = short_record()
    whole, heard = heard_short_review()
    assert heard == ((10, 24), (20, 24), (24, 24))
    parts = [review_part(record, s, min(24, s + PART_MOVES)) for s in range(0, 24, PART_MOVES)]
    assert assemble(record, parts) == whole
    assert assemble(record, list(reversed(parts))) == whole
    assert review_part(record, 5, 15).moves == tuple(m for m in whole.moves if 5 <= m.index < 15)


def test_parts_must_cover_the_record() -> None:
    record = short_record()

    def part(start: int, stop: int) -> ReviewPart:
        return ReviewPart(start, stop, (), ((0.5, 0.5),) * (stop - start))
    assert len(assemble(record, [part(0, 10), part(10, 24)]).curve) == 25
    with pytest.raises(ReviewError, match="gap or overlap"):
        assemble(record, [part(0, 10), part(12, 24)])
    with pytest.raises(ReviewError, match="gap or overlap"):
        assemble(record, [part(0, 12), part(10, 24)])
    with pytest.raises(ReviewError, match="end at move 10"):
        assemble(record, [part(0, 10)])
    with pytest.raises(ReviewError, match="not 20 to 30"):
        review_part(record, 20, 30)


def test_forced_moves_are_left_out() -> None:
    record, _, result = planted_war()
    game, forced = record.start(), set()
    for i, m in enumerate(record.moves):
        if len(game.legal_moves()) == 1:
            forced.add(i)
        game.play(m.move, m.seat, draws=[(seat, list(colours)) for seat, colours in m.draws])
    assert forced, "the game has a forced move (a decision with one answer)"
    assert {m.index for m in result.moves} == set(range(len(record.moves))) - forced


def test_the_tables_moves_for_a_resigned_seat_are_left_out() -> None:
    record = short_record()
    reviewed = {m.index for m in short_review().moves}
    resigned = replace(record, resigned=(Resignation(1, 12),))
    left = {m.index for m in review_part(resigned, 0, 24).moves}
    assert left == {i for i in reviewed if i < 12 or record.moves[i].seat == 0}
    assert left != reviewed


# ---- refusals --------------------------------------------------------------------------------------------

def test_a_public_record_is_refused_in_words() -> None:
    public = replace(short_record(), deal=None)
    with pytest.raises(ReviewError, match="complete record of a finished game") as exc:
        review(public)
    assert exc.value.move is None


def test_a_record_whose_move_does_not_replay_names_it_and_says_why() -> None:
    record = short_record()
    bad = list(record.moves)
    bad[6] = RecordedMove(bad[6].seat, Move.parse("commit 9"), bad[6].draws)
    broken = replace(record, moves=tuple(bad))
    with pytest.raises(ReviewError) as exc:
        review_part(broken, 10, 20)  # the moves before a part are replayed too
    assert exc.value.move == 7
    assert "move 7" in str(exc.value) and "commit 9" in str(exc.value)


def test_a_wrong_result_is_refused() -> None:
    record, _ = play(4, stop=24)
    done = replace(record, result=({"seat": 0, "score": 9, "place": 1, "totals": {}},
                                   {"seat": 1, "score": 0, "place": 2, "totals": {}}), termination="rules")
    with pytest.raises(ReviewError, match="does not replay"):
        review_part(done, 20, 24)


# ---- stored form -----------------------------------------------------------------------------------------

def test_a_review_round_trips_through_json() -> None:
    whole = short_review()
    data = json.loads(json.dumps(whole.to_json()))
    assert Review.from_json(data) == whole
    assert whole.move(10_000) is None


@pytest.mark.parametrize("spoil", [
    lambda d: d.pop("curve"),
    lambda d: d.update(format="tne-review/0"),
    lambda d: d["moves"][0].update(label="catastrophe"),
    lambda d: d["moves"][0].update(chance_played="high"),
    lambda d: d["moves"][0].update(chance_best=-0.5),
    lambda d: d["moves"][0].update(margin_best=d["moves"][0]["margin_played"] - 1),
    lambda d: d["moves"][0].update(noise="small"),
    lambda d: d["moves"][0].pop("margin_played"),
    lambda d: d["players"][0].update(costliest="all"),
    lambda d: d["curve"][0].append(0.5),
    lambda d: d.update(moves={"index": 1}),
])
def test_malformed_review_data_is_refused_in_words(spoil: Callable[[dict], object]) -> None:
    data = short_review().to_json()
    spoil(data)
    with pytest.raises(ReviewError, match="stored review data"):
        Review.from_json(data)


def test_labels_and_accuracy_follow_the_documented_thresholds() -> None:
    inaccuracy, mistake, blunder = THRESHOLDS
    assert [label_for(x) for x in (0.0, inaccuracy - 0.01, inaccuracy, mistake - 0.01, mistake, blunder - 0.01,
                                   blunder, 30.0)] == [
        None, None, "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]
    assert move_accuracy(0.0) == 100.0 and move_accuracy(-1.0) == 100.0
    assert move_accuracy(ACCURACY_POINTS) == pytest.approx(100 / 2.718281828, abs=1e-6)
    assert move_accuracy(2.0) < move_accuracy(1.0) < move_accuracy(0.5)
    mv = MoveReview(3, 0, "pass", "tile red A1", 0.5, 0.5, "blunder", "x", (), -4.0, 3.0, 0.5)
    assert mv.loss == 7.0 and mv.sure_loss == pytest.approx(7.0 - SURE * 0.5)


def test_a_loss_within_the_sampling_noise_earns_no_label() -> None:
    """A move is labelled only when its loss less SURE standard errors reaches a threshold."""
    inaccuracy, mistake, _ = THRESHOLDS
    assert label_for(mistake + 0.1, 0.0) == "mistake"
    assert label_for(mistake + 0.1, 0.2 / SURE) == "inaccuracy"
    assert label_for(inaccuracy + 0.1, 1.0) is None


def test_an_old_stored_review_is_not_read_with_a_new_meaning() -> None:
    """A tne-review/1 review measured losses in chance to win: it is refused, so the bot computes it again."""
    data = short_review().to_json()
    assert data["format"] == "tne-review/2"
    old = {**data, "format": "tne-review/1"}
    for m in old["moves"]:
        for key in ("margin_played", "margin_best", "noise"):
            m.pop(key)
    with pytest.raises(ReviewError, match="not tne-review/2"):
        Review.from_json(old)


def test_a_move_is_judged_from_what_its_mover_knew() -> None:
    """The rivals' hands and the bag dealt again, consistently with the mover's view, change nothing of the verdict."""
    record = short_record()
    checked = 0
    for index in (16, 22):
        before = record.start()
        for _, _ in zip(range(index), record.steps(before), strict=False):
            pass
        seat = record.moves[index].seat
        other = determinise(before.view(seat), seat, random.Random(index))
        assert other.position()["players"] != before.position()["players"] or \
            other.position()["bag"] != before.position()["bag"]
        names = [p.name for p in record.players]
        move = str(record.moves[index].move)
        assert review_move(record, index, before, seat, move, names) == review_move(record, index, other, seat, move,
                                                                                    names)
        checked += 1
    assert checked == 2


def test_a_decided_game_is_said_once() -> None:
    """The point from which one seat's chance stayed at least DECIDED; None for a game open to its last move."""
    def rv(curve: list[tuple[float, float]]) -> Review:
        return Review((), (), tuple(curve))
    assert rv([(0.5, 0.5), (0.6, 0.4), (0.99, 0.01), (0.995, 0.005), (1.0, 0.0)]).decided == (1, 0)
    assert rv([(0.5, 0.5), (0.99, 0.01), (0.5, 0.5), (0.01, 0.99), (0.0, 1.0)]).decided == (2, 1)
    assert rv([(0.5, 0.5), (0.6, 0.4), (0.7, 0.3), (1.0, 0.0)]).decided is None
