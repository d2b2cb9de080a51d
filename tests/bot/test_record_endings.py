"""Every way a game ends is recorded with its result: by the rules, by resignation (the seats still playing ranked,
the resigned last), only computers left (a resignation too) and abandoned (no result); `play --replay` says so."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine import Game
from engine.record import Record, RecordError, RecordPlayer, Resignation, read, write
from tests.bot_harness import ALICE, BOB, CAROL, CHANNEL, DAVE, Harness, open_game, seed_where_first
from tests.play_helpers import run
from tests.records_helpers import attachment

NAMES = [RecordPlayer("Alice"), RecordPlayer("Bob"), RecordPlayer("Carol")]


def played(moves: int, seed: int = 5, players: int = 3) -> Game:
    rng = random.Random(seed)
    g = Game.new(players=players, seed=seed)
    while len(g.move_stack) < moves:
        g.play(rng.choice(g.legal_moves()))
    assert not g.over
    return g


def resigned_record() -> tuple[Game, Record]:
    g = played(30)
    return g, write(g, NAMES, termination="resignation", resigned=[Resignation(2, 10), Resignation(1, 30)])


def test_a_game_ended_by_resignation_ranks_the_seats_still_playing_and_the_resigned_last() -> None:
    g, record = resigned_record()
    data = json.loads(record.dumps())
    assert data["termination"] == "resignation"
    assert data["resigned"] == [{"seat": 2, "after": 10}, {"seat": 1, "after": 30}]
    rules = {s["seat"]: s for s in g.standings()}
    assert [(r["seat"], r["place"]) for r in data["result"]] == [(0, 1), (1, 2), (2, 2)]
    assert [(r["score"], r["totals"]) for r in data["result"]] == [(rules[s]["score"], rules[s]["totals"])
                                                                   for s in range(3)]
    again = read(record.dumps())
    assert again == record and again.dumps() == record.dumps()
    assert again.replay(seed=5) == g  # checks the result against the replayed game


def test_an_abandoned_game_has_no_result() -> None:
    g = played(12)
    record = write(g, NAMES, termination="abandoned")
    data = json.loads(record.dumps())
    assert data["termination"] == "abandoned" and "result" not in data and "resigned" not in data
    assert read(record.dumps()) == record and read(record.dumps()).replay(seed=5) == g


def test_a_game_the_rules_ended_says_so() -> None:
    rng = random.Random(1)
    g = Game.new(players=2, seed=1)
    while not g.over:
        g.play(rng.choice(g.legal_moves()))
    data = json.loads(write(g).dumps())
    assert data["termination"] == "rules" and data["result"]
    with pytest.raises(ValueError, match="the rules ended this game"):
        write(g, termination="resignation", resigned=[Resignation(0, 3)])


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(termination="resigned"), "termination must be rules, resignation or abandoned, not 'resigned'"),
    (lambda d: d.update(termination="abandoned"), "an abandoned game has no result, yet the record gives one"),
    (lambda d: d.pop("result"), "a game ended by resignation gives its result, and the record has none"),
    (lambda d: d.pop("resigned"), "a game ended by resignation names the seats that resigned, and resigned is empty"),
    (lambda d: d.update(resigned={"seat": 1}), r'resigned must be a list of \{"seat": <seat>, "after": <moves'),
    (lambda d: d.update(resigned=[{"seat": 1}]), r'resigned must be a list of \{"seat"'),
    (lambda d: d["resigned"].append({"seat": 5, "after": 3}), "resigned: seat 5 is not a seat of this 3-player game"),
    (lambda d: d["resigned"][0].update(after=31), "resigned: seat 2 resigned after 31 moves, but the record has 30"),
    (lambda d: d["resigned"][0].update(after="ten"), "resigned: seat 2 resigned after 'ten' moves"),
    (lambda d: d["resigned"].append({"seat": 2, "after": 3}), "resigned: seat 2 is listed twice"),
])
def test_the_reader_refuses_a_malformed_ending_naming_the_problem(change, message) -> None:
    _, record = resigned_record()
    data = record.to_json()
    change(data)
    with pytest.raises(RecordError, match=message):
        read(json.dumps(data))


def test_a_resignation_result_that_disagrees_with_the_game_is_refused_on_replay() -> None:
    _, record = resigned_record()
    data = record.to_json()
    data["result"][0]["place"], data["result"][1]["place"] = 2, 1
    with pytest.raises(RecordError, match=r"the record's result .* is not the replayed game's"):
        read(json.dumps(data)).replay()
    data = record.to_json()
    data["resigned"] = [{"seat": 0, "after": 30}]  # the winner changes: the result no longer fits
    with pytest.raises(RecordError, match="is not the replayed game's"):
        read(json.dumps(data)).replay()


def test_replay_at_the_terminal_shows_a_resigned_games_result_and_says_when_one_was_abandoned(
        monkeypatch, capsys, tmp_path: Path) -> None:
    g, record = resigned_record()
    path = tmp_path / "resigned.tne.json"
    path.write_text(record.dumps(), encoding="utf-8")
    status, out, err = run(monkeypatch, capsys, ["--replay", str(path)])
    assert status == 0, err
    assert "the game was not over" not in out
    assert "Carol (Lion) resigned after move 10" in out and "Bob (Bull) resigned after move 30" in out
    assert "the game ended by resignation after move 30" in out
    assert f"  1. Alice (Archer): score {g.standings()[0]['score']}" in out
    assert "  2. Bob (Bull)" in out and "  2. Carol (Lion)" in out

    path = tmp_path / "abandoned.tne.json"
    path.write_text(write(played(12), NAMES, termination="abandoned").dumps(), encoding="utf-8")
    status, out, _ = run(monkeypatch, capsys, ["--replay", str(path)])
    assert status == 0 and "the game was abandoned after move 12; it has no result" in out
    assert "not over" not in out


# --- the bot's export -------------------------------------------------------------------------------------------


async def exported(h: Harness, game_id: int) -> dict:
    calls = await h.command(DAVE, CHANNEL, "export", game=game_id)
    _, data = attachment(calls, f"game-{game_id}.tne.json")
    return json.loads(data.decode())


async def test_a_resigned_games_export_has_its_result_and_replays_with_the_winner(harness, monkeypatch, capsys,
                                                                                 tmp_path: Path):
    h = harness
    users = [ALICE, BOB, CAROL]
    game_id = await open_game(h, users)
    rng = random.Random(4)
    carol_resigned = None
    for _ in range(60):
        h.bot.controller.kick(game_id)  # moves made through the service: the table's seats play on when asked
        await h.bot.controller.idle()
        table = await h.service.load(game_id)
        if table.row.status != "active":
            break
        seat = table.game.to_move
        if table.players[seat].resigned:
            continue  # the table plays for Carol
        await h.service.play(game_id, rng.choice(table.game.legal_moves()), user_id=users[seat].id)
        if seat == 2 and carol_resigned is None and len(table.moves) >= 8:
            carol_resigned = len(await h.service.storage.moves(game_id))  # right after a move of her own
            await h.command(CAROL, CHANNEL, "resign")
        elif carol_resigned is not None and len(table.moves) > carol_resigned + 12:
            await h.command(BOB, CHANNEL, "resign")  # Alice alone is left: the game is over
    table = await h.service.load(game_id)
    assert table.row.status == "over" and not table.game.over and carol_resigned is not None
    data = await exported(h, game_id)
    assert data["termination"] == "resignation"
    assert data["resigned"] == [{"seat": 1, "after": len(table.moves)}, {"seat": 2, "after": carol_resigned}]
    assert [(r["seat"], r["place"]) for r in data["result"]] == [(0, 1), (1, 2), (2, 2)]
    assert all(m["move"] in ("pass", "commit 0", "decline") for m in data["moves"][carol_resigned:]
               if m["seat"] == 2)
    path = tmp_path / "game.tne.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    status, out, err = run(monkeypatch, capsys, ["--replay", str(path)])
    assert status == 0, err
    assert "the game ended by resignation" in out and "  1. Alice (Archer): score" in out


async def test_the_last_person_resigning_among_computers_is_recorded_as_a_resignation(fake, database):
    h = await Harness(fake, database, seed=seed_where_first(0, players=3)).start()
    try:
        await h.command(ALICE, CHANNEL, "new", seats=3)
        await h.command(ALICE, CHANNEL, "addbot", level="easy")
        await h.command(ALICE, CHANNEL, "addbot", level="easy")
        await h.command(ALICE, CHANNEL, "start")
        table = await h.service.channel_table(CHANNEL)
        await h.service.play(table.id, "pass", user_id=ALICE.id)
        await h.command(ALICE, CHANNEL, "resign")
        table = await h.service.load(table.id)
        assert table.row.status == "over"
        data = await exported(h, table.id)
        assert data["termination"] == "resignation"
        assert data["resigned"] == [{"seat": 0, "after": len(table.moves)}]
        places = {r["seat"]: r["place"] for r in data["result"]}
        assert places[0] == 3 and sorted([places[1], places[2]]) in ([1, 2], [1, 1])
        assert read(json.dumps(data)).replay() is not None  # the result checks
    finally:
        await h.close()


async def test_an_abandoned_games_export_says_so_and_has_no_result(harness):
    h = harness
    game_id = await open_game(h, [ALICE, BOB])
    table = await h.service.load(game_id)
    await h.service.play(game_id, "pass", user_id=[ALICE, BOB][table.game.to_move].id)
    await h.command(ALICE, CHANNEL, "abandon")
    data = await exported(h, game_id)
    assert data["termination"] == "abandoned" and "result" not in data and "resigned" not in data
    assert "deal" in data and len(data["moves"]) == 1
    read(json.dumps(data)).replay()
