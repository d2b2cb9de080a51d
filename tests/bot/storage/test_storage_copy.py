"""`python -m bot migrate-db`: a server's games copied SQLite -> PostgreSQL and back, for real, ids kept,
checked; a target that holds games is refused unless told to replace them."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest

import bot.storage.schema
from bot.storage import MIGRATIONS, MoveRow, PlayerRow, Statement, Storage
from bot.storage.copy import CopyError, copy_database
from bot.storage.leases import CHANNEL, Leases
from bot.storage.outbox import NewAnnouncement, OutboxStore, insert_statement
from bot.storage.url import redact

ROOT = Path(__file__).resolve().parents[3]
# The records tables (statistics and ratings), empty here: tests/bot/records/test_records_storage.py copies them full.
NO_RECORDS = {"game_records": 0, "player_games": 0, "ratings": 0, "record_servers": 0, "hints": 0, "reviews": 0,
              "servers": 0, "web_used_links": 0, "lobby_messages": 0}


async def fill(url: str) -> list[int]:
    """Games in every state: a lobby, a cancelled lobby, a game with moves and a resigned seat, a finished one;
    the starts' announcements (one owed, one delivered) and a lease (which is not copied)."""
    store = await Storage.open(url)
    try:
        ids = []
        for channel in range(4):
            ids.append(await store.create_game(guild_id=900_000_000_000_000_000 + channel, channel_id=channel,
                                               host=PlayerRow(0, 800_000_000_000_000_000 + channel, f"Host {channel}"),
                                               seats=3, board="standard", scores="open"))
        await store.end_game(ids[1], 0, "cancelled", "the host cancelled it")
        for gid in ids[2:]:
            seats = [PlayerRow(0, 800_000_000_000_000_002, "Ann"), PlayerRow(1, 0, "Easy", "easy"),
                     PlayerRow(2, 5, "Cé ☃ \"quoted\" 'name'")]
            await store.set_lobby(gid, 0, seats)
            opening = NewAnnouncement(
                channel_id=gid, kind="start", content="**The game begins!** Cé ☃", guild_id=900_000_000_000_000_002,
                game_id=gid, rev=2, pings=[800_000_000_000_000_002], buttons=[{"custom_id": f"tne:{gid}:0:hand"}],
                picture={"kind": "board", "view": {"turn": 0}}, interaction_id=700_000_000_000_000_000 + gid,
                reply_token="token", reply_until=2.5, created_at=1.0 / 3)
            await store.start_game(gid, 1, 2**31 - 1, {"turn": 0, "nested": {"list": [1, 2.5, None]}},
                                   also=[insert_statement(opening)])
            for n in range(25):
                await store.add_move(gid, 2 + n, MoveRow(n, n % 3, None if n % 3 == 1 else 5, f"tile red A{n}",
                                                         [{"type": "tile", "n": n, "text": "ü"}]),
                                     {"turn": n + 1}, over=False)
        await store.resign_seat(ids[2], 27, 2)
        await store.add_move(ids[3], 27, MoveRow(25, 1, None, "pass", []), {"turn": 26}, over=True,
                             end_reason="the treasures ran out")
        await store.db.write(Statement("UPDATE announcements SET state = 'sent', message_id = ? WHERE game_id = ?",
                                       (600_000_000_000_000_000, ids[3])))
        await Leases(store.db).claim(CHANNEL, 2, "a process of the source", 10.0, 0.0)
        await store.clocks.set_notify(800_000_000_000_000_002, "dm")
        return ids
    finally:
        await store.close()


async def dump(url: str, ids: list[int]) -> list:
    store = await Storage.open(url)
    try:
        outbox = OutboxStore(store.db)
        return [(await store.get_game(i), await store.moves(i), await outbox.of_game(i)) for i in ids]
    finally:
        await store.close()


async def next_id(url: str, channel: int = 999) -> int:
    store = await Storage.open(url)
    try:
        return await store.create_game(guild_id=1, channel_id=channel, host=PlayerRow(0, 1, "New"), seats=2,
                                       board="standard", scores="open")
    finally:
        await store.close()


async def test_sqlite_to_postgresql_and_back(tmp_path, postgres):
    sqlite_url = f"sqlite:///{tmp_path / 'tne.sqlite3'}"
    pg_url = postgres.database()
    back_url = f"sqlite:///{tmp_path / 'back.sqlite3'}"
    ids = await fill(sqlite_url)
    said: list[str] = []
    there = await copy_database(sqlite_url, pg_url, say=said.append)
    assert {c.name: c.rows for c in there} == {"games": 4, "players": 8, "moves": 51, "announcements": 2,
                                                "notify": 1, **NO_RECORDS}
    assert said[0] == f"Copying {sqlite_url} -> {redact(pg_url)}" and "postgres:***@" in said[0]
    assert "tne-test-only" not in "\n".join(said)
    assert said[-1] == "Done: 66 rows in 14 tables copied and checked."
    assert await dump(pg_url, ids) == await dump(sqlite_url, ids)
    copied = await Storage.open(pg_url)
    assert await Leases(copied.db).holder(CHANNEL, 2) is None, "leases name the source's processes: not copied"
    await copied.close()
    assert await next_id(pg_url) == max(ids) + 1  # the identity sequence goes on after the copied ids

    back = await copy_database(pg_url, back_url, say=said.append)
    assert {c.name: (c.rows, c.checksum) for c in back}["moves"] == {c.name: (c.rows, c.checksum)
                                                                     for c in there}["moves"]
    assert await dump(back_url, [*ids, max(ids) + 1]) == await dump(pg_url, [*ids, max(ids) + 1])
    assert await next_id(back_url, channel=1000) == max(ids) + 2


async def test_a_target_with_games_is_refused_unless_replaced(tmp_path, postgres):
    source = f"sqlite:///{tmp_path / 'tne.sqlite3'}"
    target = postgres.database()
    ids = await fill(source)
    await fill(target)
    await next_id(target)  # the target now holds 5 games of its own
    with pytest.raises(CopyError, match="already holds 5 game"):
        await copy_database(source, target, say=lambda _: None)
    store = await Storage.open(target)
    assert await store.db.fetchval("SELECT COUNT(*) FROM games") == 5  # untouched
    await store.close()
    await copy_database(source, target, replace=True, say=lambda _: None)
    assert await dump(target, ids) == await dump(source, ids)
    store = await Storage.open(target)
    assert await store.db.fetchval("SELECT COUNT(*) FROM games") == 4
    await store.close()
    with pytest.raises(CopyError, match=r"there is no file .*missing\.sqlite3 to copy from"):
        await copy_database(str(tmp_path / "missing.sqlite3"), target, replace=True, say=lambda _: None)
    assert not (tmp_path / "missing.sqlite3").exists()
    with pytest.raises(CopyError, match="same database"):
        await copy_database(source, str(tmp_path / "." / "tne.sqlite3"), say=lambda _: None)


async def test_a_table_added_later_is_copied_too(tmp_path, postgres, monkeypatch):
    notes = "CREATE TABLE notes (id {identity}, game_id BIGINT REFERENCES games(id), body TEXT, at DOUBLE PRECISION);"
    monkeypatch.setattr(bot.storage.schema, "MIGRATIONS", [*MIGRATIONS, notes])
    source = f"sqlite:///{tmp_path / 'tne.sqlite3'}"
    target = postgres.database()
    ids = await fill(source)
    store = await Storage.open(source)
    for i in range(3):
        await store.db.write(Statement("INSERT INTO notes (game_id, body, at) VALUES (?, ?, ?)",
                                       (ids[i], f"note {i}", 1.0 / 3 + i)))
    await store.close()
    copied = await copy_database(source, target, say=lambda _: None)
    assert [c.name for c in copied] == ["games", "announcements", "game_records", "hints", "lobby_messages", "moves",
                                        "notes", "notify", "player_games", "players", "ratings", "record_servers",
                                        "reviews", "servers", "web_used_links"]
    store = await Storage.open(target)
    try:
        rows = await store.db.fetch("SELECT id, game_id, body, at FROM notes ORDER BY id")
        assert [tuple(r) for r in rows] == [(i + 1, ids[i], f"note {i}", 1.0 / 3 + i) for i in range(3)]
        (new,) = await store.db.write(Statement("INSERT INTO notes (body) VALUES ('x') RETURNING id"))
        assert new.rows[0][0] == 4
    finally:
        await store.close()


@pytest.mark.process
def test_the_command_copies_and_says_what_it_did(tmp_path, postgres):
    source = f"sqlite:///{tmp_path / 'tne.sqlite3'}"
    target = postgres.database()
    asyncio.run(fill(source))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = [sys.executable, "-m", "bot", "migrate-db", "--from", source, "--to", target]
    done = subprocess.run(run, env=env, capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith(f"Copying {source} -> postgresql://postgres:***@127.0.0.1:")
    copied = dict(line.split()[:2] for line in lines[1:-1])
    assert copied == {"games": "4", "announcements": "2", "moves": "51", "notify": "1", "players": "8",
                      **{t: "0" for t in NO_RECORDS}}
    assert all(line.endswith("checked") for line in lines[1:-1])
    assert lines[-1] == "Done: 66 rows in 14 tables copied and checked."
    assert "tne-test-only" not in done.stdout + done.stderr
    again = subprocess.run(run, env=env, capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert again.returncode == 1 and again.stdout == ""
    assert again.stderr.strip().startswith("migrate-db: Cannot use the database postgresql://postgres:***@")
    assert "already holds 4 games; nothing was copied. Pass --replace" in again.stderr
