"""The storage package on both back ends (a SQLite file and a real PostgreSQL): schema, game queries, write
groups, transactions, row locks, and the errors the service sees."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from bot.storage import (
    MIGRATIONS,
    BusyError,
    DatabaseURL,
    DiskFullError,
    DuplicateError,
    GameStatus,
    MoveRow,
    PlayerRow,
    Returned,
    StaleError,
    Statement,
    Storage,
    UnavailableError,
    URLError,
    connect,
    migrate,
    parse_url,
)
from bot.storage import sqlite as sqlite_driver
from bot.storage.sql import for_postgresql, for_sqlite, returns_rows, split_script
from tests.ports import free_port

# The database matters here, so these run on SQLite and on PostgreSQL.
pytestmark = pytest.mark.both_databases

SNOWFLAKE = 1_234_567_890_123_456_789  # Discord ids pass 32 bits; they must come back exact
POSITION = {"board": "x" * 100, "turn": 3}


async def open_store(database: str) -> Storage:
    return await Storage.open(database)


async def lobby(store: Storage, channel: int = SNOWFLAKE, host: int = SNOWFLAKE + 1) -> int:
    return await store.create_game(guild_id=SNOWFLAKE + 2, channel_id=channel, host=PlayerRow(0, host, "Alice"),
                                   seats=2, board="standard", scores="hidden")


async def started(store: Storage, channel: int = SNOWFLAKE) -> int:
    game_id = await lobby(store, channel)
    await store.set_lobby(game_id, 0, [PlayerRow(0, SNOWFLAKE + 1, "Alice"), PlayerRow(1, 7, "Bob")])
    await store.start_game(game_id, 1, 12345, POSITION)
    return game_id


def move(n: int, text: str = "pass") -> MoveRow:
    return MoveRow(n, n % 2, 7, text, [{"type": "pass", "n": n}])


async def test_schema_is_created_once_and_reopens(database, back_end):
    store = await open_store(database)
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        names = {t.name for t in await store.db.tables()}
        assert {"games", "players", "moves", "schema_version"} <= names
        if back_end == "sqlite":
            assert await store.db.fetchval("PRAGMA journal_mode") == "wal"
    finally:
        await store.close()
    store = await open_store(database)  # migrations run once only
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        assert await store.db.fetchval("SELECT COUNT(*) FROM schema_version") == len(MIGRATIONS)
    finally:
        await store.close()


async def test_a_new_migration_upgrades_an_existing_database(database):
    store = await open_store(database)
    game_id = await lobby(store)
    await store.close()
    db = await connect(database)
    try:
        notes = "CREATE TABLE notes (id {identity}, game_id BIGINT REFERENCES games(id), body TEXT NOT NULL);"
        assert await migrate(db, [*MIGRATIONS, notes]) == len(MIGRATIONS) + 1
        (note,) = await db.write(Statement("INSERT INTO notes (game_id, body) VALUES (?, ?) RETURNING id",
                                           (game_id, "hello")))
        assert note.rows[0][0] == 1
        assert [t.name for t in await db.tables() if t.name == "notes"] == ["notes"]
    finally:
        await db.close()
    with pytest.raises(UnavailableError, match="newer than this bot knows"):  # older code, newer database
        await open_store(database)


async def test_a_database_newer_than_the_bot_is_refused(database):
    store = await open_store(database)
    await store.db.write(Statement("INSERT INTO schema_version (version) VALUES (?)", (len(MIGRATIONS) + 5,)))
    await store.close()
    with pytest.raises(UnavailableError, match="newer than this bot knows"):
        await open_store(database)


async def test_two_processes_migrating_at_once_both_succeed(database):
    first, second = await asyncio.gather(open_store(database), open_store(database))
    try:
        assert await first.schema_version() == await second.schema_version() == len(MIGRATIONS)
        assert await first.db.fetchval("SELECT COUNT(*) FROM schema_version") == len(MIGRATIONS)
    finally:
        await first.close()
        await second.close()


async def test_a_game_round_trips_with_discord_sized_ids(database):
    store = await open_store(database)
    try:
        game_id = await started(store)
        game = await store.get_game(game_id)
        assert (game.guild_id, game.channel_id, game.host_id) == (SNOWFLAKE + 2, SNOWFLAKE, SNOWFLAKE + 1)
        assert game.status == GameStatus.ACTIVE and isinstance(game.status, GameStatus)
        assert (game.rev, game.move_count, game.seed, game.snapshot) == (2, 0, 12345, POSITION)
        assert game.players == [PlayerRow(0, SNOWFLAKE + 1, "Alice"), PlayerRow(1, 7, "Bob")]
        for n in range(3):
            await store.add_move(game_id, 2 + n, move(n), {**POSITION, "turn": n}, over=False)
        assert [m.n for m in await store.moves(game_id)] == [0, 1, 2]
        assert (await store.moves(game_id))[1] == move(1)
        await store.drop_last_move(game_id, 5, 2, POSITION)
        game = await store.get_game(game_id)
        assert (game.rev, game.move_count, game.snapshot) == (6, 2, POSITION)
        await store.resign_seat(game_id, 6, 1)
        game = await store.get_game(game_id)
        assert game.players[1].resigned and game.players[1].level == "resigned" and game.players[1].is_bot
        await store.add_move(game_id, 7, move(2, "commit 0"), POSITION, over=True, end_reason="treasures")
        game = await store.get_game(game_id)
        assert (game.status, game.end_reason, game.move_count) == (GameStatus.OVER, "treasures", 3)
        assert await store.active_game_ids() == []
        assert await store.live_game_id(SNOWFLAKE) is None
        assert await store.last_finished_game_id(SNOWFLAKE) == game_id
        assert await store.get_game(game_id + 1000) is None
    finally:
        await store.close()


async def test_a_second_live_game_in_a_channel_is_a_duplicate(database):
    store = await open_store(database)
    try:
        first = await lobby(store)
        with pytest.raises(DuplicateError):
            await lobby(store)
        assert await store.db.fetchval("SELECT COUNT(*) FROM players") == 1  # the refused host seat is not left
        await store.end_game(first, 0, "cancelled", "the host cancelled it")
        second = await lobby(store)  # an ended game frees the channel
        assert second != first and await store.live_game_id(SNOWFLAKE) == second
        assert await store.last_finished_game_id(SNOWFLAKE) is None  # a cancelled lobby was never played
    finally:
        await store.close()


async def test_a_stale_revision_writes_nothing(database):
    store = await open_store(database)
    try:
        game_id = await started(store)
        await store.add_move(game_id, 2, move(0), POSITION, over=False)
        with pytest.raises(StaleError):
            await store.add_move(game_id, 2, move(1), POSITION, over=False)  # rev 2 is gone
        with pytest.raises(StaleError):
            await store.drop_last_move(game_id, 2, 0, POSITION)
        with pytest.raises(StaleError):
            await store.set_lobby(game_id, 3, [])  # no longer a lobby
        with pytest.raises(StaleError):
            await store.end_game(game_id, 99, "abandoned", "x")
        assert [m.n for m in await store.moves(game_id)] == [0]
        game = await store.get_game(game_id)
        assert (game.rev, game.move_count, game.status, len(game.players)) == (3, 1, GameStatus.ACTIVE, 2)
    finally:
        await store.close()


async def test_concurrent_writes_of_many_games_commit_and_a_stale_one_fails_alone(database, back_end, monkeypatch):
    groups: list[int] = []
    real_group = sqlite_driver._group

    def counting_group(conn, units):
        groups.append(len(units))
        return real_group(conn, units)

    monkeypatch.setattr(sqlite_driver, "_group", counting_group)
    store = await open_store(database)
    try:
        games = [await started(store, channel=1000 + i) for i in range(40)]
        groups.clear()
        writes = [store.add_move(g, 2, move(0), {"game": g}, over=False) for g in games]
        writes.append(store.add_move(games[5], 7, move(0), {}, over=False))  # stale: fails alone
        outcomes = await asyncio.gather(*writes, return_exceptions=True)
        assert outcomes[:40] == [[]] * 40  # committed (no extra statements, so no extra results)
        assert isinstance(outcomes[40], StaleError)
        for g in games:
            row = await store.get_game(g)
            assert (row.rev, row.move_count, row.snapshot) == (3, 1, {"game": g})
            assert [m.move for m in await store.moves(g)] == ["pass"]
        if back_end == "sqlite":
            assert sum(groups) == 41 and max(groups) > 1  # committed together, not one by one
    finally:
        await store.close()


async def test_write_returns_ids_counts_rows_and_undoes_on_a_failed_expectation(database):
    store = await open_store(database)
    db = store.db
    try:
        game_id = await lobby(store)
        inserted, seat = await db.write(
            Statement("INSERT INTO games (channel_id, host_id, status, seats, board, scores, created_at, updated_at) "
                      "VALUES (?, ?, 'over', 2, 'standard', 'open', ?, ?) RETURNING id", (5, 6, 1.5, 1.5)),
            Statement("INSERT INTO players (game_id, seat, user_id, name) VALUES (?, 0, 6, 'Zed')", (Returned(0),)),
        )
        new_id = inserted.rows[0]["id"]
        assert new_id > game_id and inserted.rowcount == 1 and seat.rowcount == 1
        assert await db.fetchval("SELECT name FROM players WHERE game_id = ?", new_id) == "Zed"
        with pytest.raises(StaleError):
            await db.write(Statement("UPDATE games SET seats = 4 WHERE id = ?", (new_id,)),
                           Statement("UPDATE games SET seats = 3 WHERE id = ?", (-1,), expect=1))
        assert await db.fetchval("SELECT seats FROM games WHERE id = ?", new_id) == 2  # the first was undone too
        (updated,) = await db.write(Statement("UPDATE games SET seats = 3 WHERE id IN (?, ?)", (game_id, new_id)))
        assert updated.rowcount == 2
    finally:
        await store.close()


async def test_a_transaction_commits_or_rolls_back_as_a_whole(database):
    store = await open_store(database)
    db = store.db
    try:
        game_id = await lobby(store)
        async with db.transaction() as tx:
            row = await tx.fetchrow("SELECT rev, seats FROM games WHERE id = ?", game_id)
            assert await tx.execute("UPDATE games SET seats = ?, rev = rev + 1 WHERE id = ? AND rev = ?",
                                    row["seats"] + 1, game_id, row["rev"]) == 1
        with pytest.raises(RuntimeError):
            async with db.transaction() as tx:
                await tx.execute("UPDATE games SET seats = 4 WHERE id = ?", game_id)
                assert await tx.fetchval("SELECT seats FROM games WHERE id = ?", game_id) == 4
                raise RuntimeError("changed my mind")
        assert await db.fetchval("SELECT seats FROM games WHERE id = ?", game_id) == 3
        with pytest.raises(DuplicateError):
            async with db.transaction() as tx:
                await tx.execute("UPDATE games SET seats = 4 WHERE id = ?", game_id)
                await tx.execute("INSERT INTO players (game_id, seat, user_id, name) VALUES (?, 0, 1, 'x')", game_id)
        assert await db.fetchval("SELECT seats FROM games WHERE id = ?", game_id) == 3
        assert await store.get_game(game_id) is not None  # the connection is usable after all that
    finally:
        await store.close()


JOBS = "CREATE TABLE jobs (id {identity}, owner TEXT, lease_until DOUBLE PRECISION NOT NULL DEFAULT 0);"
CLAIM = ("UPDATE jobs SET owner = ?, lease_until = ? WHERE id = (SELECT id FROM jobs WHERE lease_until < ? "
         "ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id")


async def test_work_is_claimed_by_exactly_one_worker(database):
    db = await connect(database)
    try:
        await migrate(db, [*MIGRATIONS, JOBS])
        for _ in range(5):
            await db.write(Statement("INSERT INTO jobs (owner) VALUES (NULL)"))

        async def worker(name: str) -> list[int]:
            got = []
            while True:
                async with db.transaction() as tx:
                    row = await tx.fetchrow("SELECT id FROM jobs WHERE owner IS NULL ORDER BY id LIMIT 1 "
                                            "FOR UPDATE SKIP LOCKED")
                    if row is None:
                        return got
                    await asyncio.sleep(0.01)  # hold the row lock while the other worker looks
                    assert await tx.execute("UPDATE jobs SET owner = ? WHERE id = ?", name, row["id"]) == 1
                    got.append(row["id"])

        a, b = await asyncio.gather(worker("a"), worker("b"))
        assert sorted(a + b) == [1, 2, 3, 4, 5] and not set(a) & set(b)
        # A lease that ran out is claimed again in one statement; a live one is not.
        await db.write(Statement("UPDATE jobs SET lease_until = ?", (1e9,)),
                       Statement("UPDATE jobs SET lease_until = ? WHERE id = 1", (100.0,)))
        (claimed,) = await db.write(Statement(CLAIM, ("c", 200.0, 150.0)))
        assert [r["id"] for r in claimed.rows] == [1]
        (claimed,) = await db.write(Statement(CLAIM, ("d", 300.0, 150.0)))
        assert claimed.rows == [] and claimed.rowcount == 0
    finally:
        await db.close()


async def test_finding_the_last_finished_game_uses_the_channel_index(database, back_end):
    store = await open_store(database)
    db = store.db
    try:
        query = "SELECT id FROM games WHERE channel_id = ? AND status IN (?, ?) ORDER BY id DESC LIMIT 1"
        if back_end == "sqlite":
            plan = " ".join(r["detail"] for r in await db.fetch("EXPLAIN QUERY PLAN " + query, 1, "over", "x"))
            assert "USING INDEX games_by_channel" in plan and "SCAN games" not in plan.replace("USING INDEX", "")
        else:
            async with db.transaction() as tx:
                await tx.execute("SET LOCAL enable_seqscan = off")
                plan = " ".join(r[0] for r in await tx.fetch("EXPLAIN " + query, 1, "over", "x"))
            assert "games_by_channel" in plan and "Seq Scan" not in plan
    finally:
        await store.close()


async def test_sqlite_busy_is_a_busy_error_and_nothing_is_lost(tmp_path, monkeypatch):
    monkeypatch.setattr(sqlite_driver, "BUSY_TIMEOUT_MS", 100)
    path = str(tmp_path / "busy.sqlite3")
    store = await open_store(path)
    try:
        game_id = await started(store)
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        with pytest.raises(BusyError):
            await store.add_move(game_id, 2, move(0), POSITION, over=False)
        other.execute("ROLLBACK")
        other.close()
        await store.add_move(game_id, 2, move(0), POSITION, over=False)  # the same write goes through later
        assert [m.n for m in await store.moves(game_id)] == [0]
    finally:
        await store.close()


async def test_postgresql_lock_wait_is_a_busy_error(postgres):
    url = postgres.database()
    store = await open_store(url)
    try:
        game_id = await lobby(store)
        async with store.db.transaction() as holder:
            await holder.fetch("SELECT id FROM games WHERE id = ? FOR UPDATE", game_id)
            with pytest.raises(BusyError):
                async with store.db.transaction() as tx:
                    await tx.fetch("SELECT id FROM games WHERE id = ? FOR UPDATE NOWAIT", game_id)
    finally:
        await store.close()


async def test_sqlite_disk_full_is_reported_and_the_database_recovers(tmp_path):
    store = await open_store(str(tmp_path / "full.sqlite3"))
    try:
        game_id = await started(store)
        pages = await store.db.fetchval("PRAGMA page_count")
        await store.db.fetch(f"PRAGMA max_page_count = {pages + 2}")  # as if the disk filled up
        with pytest.raises(DiskFullError):
            await store.add_move(game_id, 2, move(0), {"big": "x" * 200_000}, over=False)
        game = await store.get_game(game_id)
        assert (game.rev, game.move_count) == (2, 0)  # nothing of it was written
        await store.db.fetch("PRAGMA max_page_count = 1073741823")
        await store.add_move(game_id, 2, move(0), {"big": "x" * 200_000}, over=False)
        assert (await store.get_game(game_id)).move_count == 1
    finally:
        await store.close()


async def test_unusable_sqlite_files_say_which_and_why(tmp_path):
    with pytest.raises(UnavailableError, match="does not exist") as missing:
        await open_store(str(tmp_path / "no" / "such" / "tne.sqlite3"))
    assert str(tmp_path / "no" / "such") in missing.value.line()
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"this is not a database, just some text that someone saved here\n" * 100)
    with pytest.raises(UnavailableError, match="not a SQLite database") as corrupt:
        await open_store(str(junk))
    assert corrupt.value.line().startswith(f"Cannot use the database sqlite:///{junk}: ")
    with pytest.raises(UnavailableError, match="is a folder"):
        await open_store(str(tmp_path))


async def test_unusable_postgresql_says_which_and_why_without_the_password(postgres):
    wrong = postgres.url(password="not-the-password")
    with pytest.raises(UnavailableError, match="refused the password for user postgres") as refused:
        await open_store(wrong)
    assert "not-the-password" not in refused.value.line() and "***" in refused.value.line()
    closed = f"postgresql://postgres:secret-pw@127.0.0.1:{free_port()}/tne"
    with pytest.raises(UnavailableError, match="nothing accepts connections") as down:
        await open_store(closed)
    assert "secret-pw" not in down.value.line()


# The schema version 1 exactly as bot/storage.py created it before this package: users' files look like this.
OLD_SCHEMA = """
CREATE TABLE schema_version (version INTEGER NOT NULL);
INSERT INTO schema_version VALUES (1);
CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, guild_id INTEGER, channel_id INTEGER NOT NULL,
    host_id INTEGER NOT NULL, status TEXT NOT NULL, seats INTEGER NOT NULL, board TEXT NOT NULL, scores TEXT NOT NULL,
    seed INTEGER, rev INTEGER NOT NULL DEFAULT 0, move_count INTEGER NOT NULL DEFAULT 0, snapshot TEXT,
    end_reason TEXT, created_at REAL NOT NULL, updated_at REAL NOT NULL);
CREATE UNIQUE INDEX one_live_game_per_channel ON games(channel_id) WHERE status IN ('lobby', 'active');
CREATE TABLE players (game_id INTEGER NOT NULL REFERENCES games(id), seat INTEGER NOT NULL,
    user_id INTEGER NOT NULL, name TEXT NOT NULL, level TEXT, resigned INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat));
CREATE TABLE moves (game_id INTEGER NOT NULL REFERENCES games(id), n INTEGER NOT NULL, seat INTEGER NOT NULL,
    user_id INTEGER, move TEXT NOT NULL, events TEXT NOT NULL, created_at REAL NOT NULL, PRIMARY KEY (game_id, n));
INSERT INTO games VALUES (1, 5, 42, 7, 'active', 2, 'standard', 'hidden', 99, 3, 1, '{"turn": 1}', NULL, 1.0, 2.0);
INSERT INTO players VALUES (1, 0, 7, 'Alice', NULL, 0), (1, 1, 8, 'Bob', NULL, 0);
INSERT INTO moves VALUES (1, 0, 0, 7, 'pass', '[]', 1.5);
"""


async def test_an_existing_users_file_is_migrated_in_place(tmp_path):
    path = tmp_path / "tne.sqlite3"
    with sqlite3.connect(path) as old:
        old.executescript(OLD_SCHEMA)
    store = await open_store(str(path))
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        game = await store.get_game(1)
        assert (game.status, game.rev, game.snapshot, [p.name for p in game.players]) == \
            ("active", 3, {"turn": 1}, ["Alice", "Bob"])
        await store.add_move(1, 3, MoveRow(1, 1, 8, "pass", []), {"turn": 2}, over=False)
        assert [m.move for m in await store.moves(1)] == ["pass", "pass"]
        indexes = {r[0] for r in await store.db.fetch("SELECT name FROM sqlite_master WHERE type = 'index'")}
        assert {"games_by_channel", "games_by_status", "one_live_game_per_channel"} <= indexes
    finally:
        await store.close()


def test_urls_and_their_safe_spelling():
    assert parse_url("tne.sqlite3") == DatabaseURL("sqlite", path="tne.sqlite3")
    assert parse_url("sqlite:///games/tne.sqlite3").path == "games/tne.sqlite3"
    assert parse_url("sqlite:////var/lib/tne.sqlite3").path == "/var/lib/tne.sqlite3"
    assert parse_url("sqlite:///:memory:").memory
    pg = parse_url("postgresql://tne:s3cret@db.example:5433/tne?sslmode=require")
    assert pg.dialect == "postgresql" and str(pg) == "postgresql://tne:***@db.example:5433/tne?sslmode=require"
    assert str(parse_url("postgres://tne@db/tne?password=s3cret")) == "postgresql://tne@db/tne?password=***" \
        .replace("postgresql", "postgres")
    for bad in ("", "sqlite://tne.sqlite3", "sqlite:///", "mysql://x@y/z", "postgresql:///nohost"):
        with pytest.raises(URLError):
            parse_url(bad)


def test_sql_spelled_for_each_back_end():
    assert for_postgresql("SELECT '?', \"a?\" FROM t WHERE a = ? AND b IN (?, ?)") == \
        "SELECT '?', \"a?\" FROM t WHERE a = $1 AND b IN ($2, $3)"
    assert for_sqlite("SELECT id FROM jobs ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED") == \
        "SELECT id FROM jobs ORDER BY id LIMIT 1"
    assert for_sqlite("SELECT 1 FROM t FOR UPDATE OF t NOWAIT") == "SELECT 1 FROM t"
    assert returns_rows("UPDATE t SET a = 1 RETURNING id") and returns_rows("select 1")
    assert not returns_rows("UPDATE t SET note = 'RETURNING'")
    assert not returns_rows("WITH x AS (SELECT 1) DELETE FROM t")
    script = "CREATE TABLE a (x INT); -- a comment; with a semicolon\nCREATE TABLE b (\n  y INT -- why; not\n);\n"
    # Semicolons inside comments end nothing.
    assert split_script(script) == ["CREATE TABLE a (x INT); -- a comment; with a semicolon",
                                    "CREATE TABLE b (\n  y INT -- why; not\n);"]


async def test_inside_a_sqlite_transaction_only_its_own_calls_are_allowed(tmp_path):
    store = await open_store(str(tmp_path / "tne.sqlite3"))
    try:
        game_id = await lobby(store)
        with pytest.raises(RuntimeError, match="use tx's methods"):
            async with store.db.transaction() as tx:
                await tx.execute("UPDATE games SET seats = 3 WHERE id = ?", game_id)
                await store.get_game(game_id)  # would wait forever for the transaction it runs in
        assert (await store.get_game(game_id)).seats == 2  # rolled back, and the database is free again
    finally:
        await store.close()


def test_missing_postgresql_programs_fail_with_how_to_install(monkeypatch):
    from tests import pg

    monkeypatch.setenv("TNE_PG_BIN", "")
    monkeypatch.setattr(pg.glob, "glob", lambda pattern: [])
    monkeypatch.setattr(pg.shutil, "which", lambda name: None)
    with pytest.raises(pg.PostgresMissing, match=r"apt-get install -y postgresql"):
        pg.find_bin()


async def test_two_processes_moving_one_game_at_once_one_wins(database):
    """Two bot processes (two connections or pools) race for the same revision: the database lets one write."""
    first = await open_store(database)
    second = await open_store(database)
    try:
        game_id = await started(first)
        outcomes = await asyncio.gather(first.add_move(game_id, 2, move(0, "tile red A1"), {"by": 1}, over=False),
                                        second.add_move(game_id, 2, move(0, "tile red B1"), {"by": 2}, over=False),
                                        return_exceptions=True)
        assert sorted(type(o).__name__ for o in outcomes) == ["StaleError", "list"]
        winner = "tile red A1" if outcomes[0] == [] else "tile red B1"
        assert [m.move for m in await second.moves(game_id)] == [winner]
        game = await first.get_game(game_id)
        assert (game.rev, game.move_count, game.snapshot) == (3, 1, {"by": 1 if outcomes[0] == [] else 2})
    finally:
        await first.close()
        await second.close()


async def test_a_hosts_open_lobbies_in_one_server(database):
    store = await open_store(database)
    try:
        host = PlayerRow(0, 77, "Host")
        ids = {}
        for channel, guild in ((1, 10), (2, 10), (3, 11), (4, None)):
            ids[channel] = await store.create_game(guild_id=guild, channel_id=channel, host=host, seats=2,
                                                   board="standard", scores="open")
        await store.start_game(ids[2], 0, 1, POSITION)  # started: no longer a lobby
        await store.create_game(guild_id=10, channel_id=5, host=PlayerRow(0, 78, "Other"), seats=2,
                                board="standard", scores="open")
        assert await store.open_lobbies(10, 77) == [1]
        assert await store.open_lobbies(11, 77) == [3]
        assert await store.open_lobbies(None, 77) == [4]
        assert await store.open_lobbies(12, 77) == []
    finally:
        await store.close()
