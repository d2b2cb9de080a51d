"""The finisher and the records tables on both back ends: statistics stored number by number, ratings equal to
openskill's, each game recorded once (run twice, run together, interrupted anywhere), in the order games ended."""

from __future__ import annotations

import asyncio
import json
import time

import pytest
from openskill.models import PlackettLuce

from bot.records.finisher import Finisher
from bot.records.profiles import profile
from bot.records.ratings import Rating
from bot.records.stats import PlayerStats
from bot.records.totals import Totals, profile_game
from bot.storage import Storage
from bot.storage.outbox import NewAnnouncement, OutboxStore, Stored
from bot.storage.records import RecordsStore
from tests.records_helpers import GUILD, OTHER_GUILD, people, random_game, store_game
from tests.stats_helpers import SCRIPT, START, expected_scripted, scripted_rows

# The database matters here, so these run on SQLite and on PostgreSQL.
pytestmark = pytest.mark.both_databases


async def opened(database: str) -> Storage:
    return await Storage.open(database)


async def scripted(storage: Storage, **kwargs) -> int:
    g, rows = scripted_rows()
    moves = [(r.seat, r.move, r.events) for r in rows]
    return await store_game(storage, people("Alice", "Bob"), moves, snapshot=g.position(), started_at=START,
                            times=[at for _, _, at in SCRIPT], ended_at=SCRIPT[-1][2], end_reason="2 treasures",
                            **kwargs)


def as_dict(row) -> dict:
    return dict(zip(row.keys(), tuple(row), strict=True))  # sqlite3.Row and asyncpg's Record alike


async def test_a_scripted_game_is_stored_number_by_number(database):
    storage = await opened(database)
    try:
        game_id = await scripted(storage)
        made = await Finisher(storage).catch_up(GUILD)
        assert [r.game_id for r in made] == [game_id] and made[0].outcome == "rated"
        rows = [as_dict(r) for r in await storage.db.fetch(
            "SELECT * FROM player_games WHERE game_id = ? ORDER BY seat", game_id)]
        archer, bull = expected_scripted()
        for row, want, key, name in zip(rows, (archer, bull), ("user:1001", "user:1002"), ("Alice", "Bob"),
                                        strict=True):
            assert (row["player"], row["name"], row["dynasty"], row["guild_id"]) == (key, name, want.dynasty, GUILD)
            assert (row["place"], row["rank"], row["score"], bool(row["resigned"])) == (want.place, want.place,
                                                                                         want.score, False)
            assert {c: row[c] for c in ("red", "blue", "green", "black")} == want.totals
            assert {s: row[f"{s}_points"] for s in want.points_by_source} == want.points_by_source
            for field in ("revolts_won_attacking", "revolts_lost_attacking", "revolts_won_defending",
                          "revolts_lost_defending", "wars_won_attacking", "wars_lost_attacking",
                          "wars_won_defending", "wars_lost_defending", "tiles_committed", "tiles_placed",
                          "monuments_built", "catastrophes_used", "turns"):
                assert row[field] == getattr(want, field), field
            assert row["timed_turns"] == len(want.turn_seconds)
            assert row["time_seconds"] == pytest.approx(want.time_seconds)
            assert row["ended_at"] == SCRIPT[-1][2] and row["record_id"] == made[0].id
        # Archer: 1 tile point, 1 revolt, 1 treasure; 35 s + 27 s of turns and 7 s deciding in Bull's turn.
        assert [(r["tiles_points"], r["revolts_points"], r["wars_points"], r["treasures_points"]) for r in rows] == [
            (1, 1, 0, 1), (0, 0, 2, 0)]
        assert [r["time_seconds"] for r in rows] == [69.0, 92.0]
        record = as_dict(await storage.db.fetchrow("SELECT * FROM game_records WHERE game_id = ?", game_id))
        assert (record["moves"], record["turns"], record["ended_by"], record["outcome"]) == (12, 3, "rules", "rated")
        assert record["started_at"] == START and record["ended_at"] == SCRIPT[-1][2]
        stats = json.loads(record["stats"])
        assert [PlayerStats.from_dict(p) for p in stats["players"]] == [archer, bull]
    finally:
        await storage.close()


def wording(record) -> NewAnnouncement:
    return NewAnnouncement(channel_id=record.channel_id, kind="ratings", content=f"ratings of {record.game_id}",
                           guild_id=record.guild_id, game_id=record.game_id, created_at=time.time())


def openskill_directly(ratings: list[tuple[float, float]], ranks: list[int]) -> list[tuple[float, float]]:
    model = PlackettLuce(mu=25.0, sigma=25.0 / 3)
    teams = [[model.rating(mu=mu, sigma=sigma)] for mu, sigma in ratings]
    return [(t[0].mu, t[0].sigma) for t in model.rate(teams, ranks=[float(r) for r in ranks])]


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 5)])
async def test_ratings_equal_openskill_called_directly(database, players, seed):
    storage = await opened(database)
    try:
        seats = people(*["Alice", "Bob", "Carol", "Dave"][:players])
        first, second = random_game(players, seed), random_game(players, seed + 100)
        ids = [await store_game(storage, seats, p.moves, snapshot=p.game.position(), seed=p.seed, ended_at=at)
               for p, at in ((first, 2000.0), (second, 3000.0))]
        await Finisher(storage).catch_up(GUILD)
        expected = [(25.0, 25.0 / 3)] * players
        for game_id, played in zip(ids, (first, second), strict=True):
            places = {s["seat"]: s["place"] for s in played.game.standings()}
            expected = openskill_directly(expected, [places[i] for i in range(players)])
            rows = [as_dict(r) for r in await storage.db.fetch(
                "SELECT mu_after, sigma_after, rank, place FROM player_games WHERE game_id = ? ORDER BY seat",
                game_id)]
            assert [r["rank"] for r in rows] == [places[i] for i in range(players)]
            for row, (mu, sigma) in zip(rows, expected, strict=True):
                assert row["mu_after"] == pytest.approx(mu, abs=1e-9)
                assert row["sigma_after"] == pytest.approx(sigma, abs=1e-9)
        stored = await storage.db.fetch("SELECT player, mu, sigma, rating, games FROM ratings WHERE guild_id = ? "
                                        "ORDER BY player", GUILD)
        for row, (mu, sigma) in zip(stored, expected, strict=True):
            assert (row["mu"], row["sigma"]) == (pytest.approx(mu, abs=1e-9), pytest.approx(sigma, abs=1e-9))
            assert row["rating"] == Rating(mu, sigma).display and row["games"] == 2
    finally:
        await storage.close()


async def counts(storage: Storage) -> tuple[int, int, list[int]]:
    records = await storage.db.fetchval("SELECT COUNT(*) FROM game_records")
    rows = await storage.db.fetchval("SELECT COUNT(*) FROM player_games")
    games = [r[0] for r in await storage.db.fetch("SELECT games FROM ratings ORDER BY player")]
    return records, rows, games


async def test_a_game_is_recorded_once_however_often_and_however_concurrently_the_finisher_runs(database):
    storage = await opened(database)
    try:
        played = random_game(3, 7)
        game_id = await store_game(storage, people("Alice", "Bob", "Carol"), played.moves,
                                   snapshot=played.game.position(), seed=7)
        told: list[Stored] = []
        finishers = [Finisher(storage, announcement=wording, stored=told.append) for _ in range(3)]
        await asyncio.gather(*(f.catch_up(GUILD) for f in finishers), finishers[0].sweep(), finishers[1].sweep())
        assert await counts(storage) == (1, 3, [1, 1, 1])
        assert await finishers[2].catch_up(GUILD) == [] and await finishers[0].sweep() == 0
        records = await asyncio.gather(*(f.ended(game_id) for f in finishers))
        assert {r.game_id for r in records} == {game_id}
        assert await counts(storage) == (1, 3, [1, 1, 1])
        # The rating changes went into the outbox once, with the record, and the outbox was told of them once.
        (stored,) = await OutboxStore(storage.db).of_game(game_id)
        assert (stored.kind, stored.content, stored.channel_id) == ("ratings", f"ratings of {game_id}", 4242)
        assert [t.id for t in told] == [stored.id]
    finally:
        await storage.close()


async def test_an_interrupted_finisher_leaves_nothing_half_done(database):
    """Cancel the finisher at every point it waits (as a killed process would stop): each time either nothing
    or the whole record is stored, and the next run completes it exactly once."""
    storage = await opened(database)
    try:
        played = random_game(2, 11)
        game_id = await store_game(storage, people("Alice", "Bob"), played.moves, snapshot=played.game.position(),
                                   seed=11)
        steps = 0
        while True:
            task = asyncio.create_task(Finisher(storage, announcement=wording).catch_up(GUILD))
            for _ in range(steps):
                await asyncio.sleep(0)
            finished = task.done()
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
            records, rows, games = await counts(storage)
            assert (records, rows, games) in ((0, 0, []), (1, 2, [1, 1])), steps
            assert len(await OutboxStore(storage.db).of_game(game_id)) == records  # with the record or not at all
            if records:
                break
            assert not finished
            steps += 1
        assert steps > 3  # it was cut at several points before it completed
        await Finisher(storage).catch_up(GUILD)
        assert await counts(storage) == (1, 2, [1, 1])
        assert await storage.db.fetchval("SELECT recorded_at FROM games WHERE id = ?", game_id) is not None
    finally:
        await storage.close()


async def test_games_are_rated_in_the_order_they_ended_per_server(database):
    storage = await opened(database)
    try:
        seats = people("Alice", "Bob")
        games = [random_game(2, s) for s in (21, 22, 23)]
        # Stored in id order 0, 1, 2, but they ended in the order 2, 0, 1; a game of another server in between.
        ends = [3000.0, 4000.0, 2000.0]
        ids = [await store_game(storage, seats, p.moves, snapshot=p.game.position(), seed=p.seed, ended_at=at)
               for p, at in zip(games, ends, strict=True)]
        other = await store_game(storage, seats, games[0].moves, snapshot=games[0].game.position(), seed=21,
                                 guild_id=OTHER_GUILD, channel_id=99, ended_at=2500.0)
        assert await Finisher(storage).sweep() == 4
        order = [r[0] for r in await storage.db.fetch("SELECT game_id FROM game_records WHERE guild_id = ? "
                                                      "ORDER BY id", GUILD)]
        assert order == [ids[2], ids[0], ids[1]]
        expected: dict[str, Rating] = {}
        from bot.records.ratings import SeatResult, rate_game

        for i in (2, 0, 1):
            places = {s["seat"]: s["place"] for s in games[i].game.standings()}
            changes = rate_game([SeatResult(s, f"user:{1001 + s}", places[s]) for s in range(2)], expected,
                                status="over")
            expected.update({c.player: c.after for c in changes})
        stored = {r["player"]: (r["mu"], r["sigma"], r["games"]) for r in await storage.db.fetch(
            "SELECT player, mu, sigma, games FROM ratings WHERE guild_id = ?", GUILD)}
        assert stored == {p: (pytest.approx(r.mu), pytest.approx(r.sigma), 3) for p, r in expected.items()}
        assert await storage.db.fetchval("SELECT games FROM ratings WHERE guild_id = ? AND player = 'user:1001'",
                                         OTHER_GUILD) == 1  # ratings are per server
        assert other not in order
    finally:
        await storage.close()


async def test_abandoned_cancelled_and_moveless_games_do_not_count(database):
    storage = await opened(database)
    try:
        seats = people("Alice", "Bob")
        p = random_game(2, 31, stop=10)
        abandoned = await store_game(storage, seats, p.moves, snapshot=p.game.position(), seed=31,
                                     status="abandoned")
        moveless = await store_game(storage, seats, [], snapshot=p.game.position(), seed=31, status="over",
                                    end_reason="Alice (Archer) resigned", resigned=0)
        assert await Finisher(storage).sweep() == 1  # the moveless game, recorded as skipped
        record = as_dict(await storage.db.fetchrow("SELECT outcome, note FROM game_records WHERE game_id = ?",
                                                   moveless))
        assert record == {"outcome": "skipped", "note": "no_moves"}
        assert await storage.db.fetchval("SELECT COUNT(*) FROM game_records WHERE game_id = ?", abandoned) == 0
        assert await counts(storage) == (1, 0, [])
    finally:
        await storage.close()


async def test_a_resigned_game_counts_the_resigning_seat_last(database):
    storage = await opened(database)
    try:
        p = random_game(3, 41, stop=36)  # every seat took MIN_TURNS turns: the resignation is rated
        game_id = await store_game(storage, people("Alice", "Bob", "Carol"), p.moves, snapshot=p.game.position(),
                                   seed=41, status="over", end_reason="Carol (Lion) resigned", resigned=2)
        (made,) = await Finisher(storage).catch_up(GUILD)
        assert made.ended_by == "resignation" and made.game_id == game_id
        by_seat = {s["seat"]: s for s in made.summary}
        assert by_seat[2]["resigned"] and by_seat[2]["rank"] == 3 and by_seat[2]["place"] == 3
        assert by_seat[2]["after"] < by_seat[2]["before"] + 20  # last place in a first game
    finally:
        await storage.close()


async def test_profile_from_running_totals_equals_the_profile_from_every_game(database):
    """Running totals (one row) give what bot.records.profiles.profile computes from the whole history."""
    storage = await opened(database)
    try:
        seats = people("Alice", "Bob", "Carol")
        history: list[PlayerStats] = []
        for n in range(7):
            p = random_game(3, 50 + n)
            # Alice sits in a different seat each game (so her dynasty changes).
            order = [seats[(i + n) % 3] for i in range(3)]
            rotated = [type(s)(i, s.user_id, s.name) for i, s in enumerate(order)]
            await store_game(storage, rotated, p.moves, snapshot=p.game.position(), seed=p.seed,
                             ended_at=5000.0 + n, times=[5000.0 + i for i in range(len(p.moves))])
        await Finisher(storage).catch_up(GUILD)
        records = await storage.db.fetch("SELECT stats, summary FROM game_records ORDER BY id")
        for r in records:
            seat = next(s["seat"] for s in json.loads(r["summary"]) if s["player"] == "user:1001")
            history.append(PlayerStats.from_dict(json.loads(r["stats"])["players"][seat]))
        store = RecordsStore.of(storage)
        row = await store.rating(GUILD, "user:1001")
        recent = await store.recent_games(GUILD, "user:1001", 10)
        built = Totals.from_dict(row.totals).profile([profile_game(g) for g in recent])
        assert built == profile(history)
        assert built.totals.games == 7 and built.totals.best_dynasty is not None
        assert row.games == 7 and row.wins == built.totals.wins
    finally:
        await storage.close()
