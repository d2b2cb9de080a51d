"""The endings migration on both back ends: the English end reasons and unrated notes that earlier versions
stored become the codes of bot/service/endings.py and bot/records/unrated.py, once; a sentence no version wrote is left
as it is."""

from __future__ import annotations

import pytest

from bot.records.unrated import NotRated, UnratedKind
from bot.service.endings import Ending, EndKind
from bot.storage import MIGRATIONS, connect, migrate

pytestmark = pytest.mark.both_databases

BEFORE = next(v for v, m in enumerate(MIGRATIONS) if "UPDATE games SET end_reason" in str(m))

# What the bot stored before (bot/service/moves.py, bot/service/closings.py, bot/service/lobby.py, engine/outcome.py) →
# the code now.
ENDINGS = {
    "only 2 treasures left on the board": "treasures:2",
    "only 1 treasure left on the board": "treasures:1",
    "the bag could not fill a draw": "bag",
    "Alice (Archer) resigned": "resigned:0",
    "a_b*c (Bull) resigned": "resigned:1",
    "Hard computer (Lion) resigned": "resigned:2",
    "Dave (Urn) resigned and only computers were left": "resigned_to_computers:3",
    "Bob (Archer) (Bull) abandoned it": "abandoned_by:1",  # a name that looks like a label: its own dynasty counts
    "it was abandoned": "abandoned",
    "everyone was away for 14 days": "away:14",
    "everyone was away for 0.5 days": "away:0.5",
    "its channel was deleted": "channel_deleted",
    "the bot left the server": "bot_left",
    "nobody started it in time": "not_started",
    "the host cancelled it": "cancelled",
    "the treasures ran out": "the treasures ran out",  # no version wrote it: kept (it reads as a game that ended)
}
NOTES = {
    ("unrated", "Too short to be rated: every person must take at least 5 turns, and one took 2."): "too_short:5:2",
    ("unrated", "Played with hints: a casual game."): "hints",
    ("unrated", "Abandoned games do not count for ratings."): "abandoned",
    ("unrated", "A game between seats of one player only tells nothing: nobody is rated."): "one_player",
    ("unrated", "Seat 1 names no player."): "other",
    ("skipped", "no move was played"): "no_moves",
    ("skipped", "the moves do not replay: illegal move 'pass' at move 3"): "no_stats",
    ("rated", None): None,
}


async def test_stored_sentences_become_codes(database):
    db = await connect(database)
    try:
        assert await migrate(db, MIGRATIONS[:BEFORE]) == BEFORE  # a database as the bot before this change left it
        reasons = [*ENDINGS, None]
        notes = list(NOTES)
        async with db.transaction() as tx:
            for game_id, reason in enumerate(reasons, 1):
                await tx.execute(
                    "INSERT INTO games (id, guild_id, channel_id, host_id, status, seats, board, scores, seed, rev, "
                    "move_count, end_reason, created_at, updated_at) VALUES (?, 7, ?, 1, 'over', 2, 'standard', "
                    "'hidden', 1, 0, 0, ?, 1.0, 2.0)", game_id, 100 + game_id, reason)
                outcome, note = notes[game_id % len(notes)]
                await tx.execute(
                    "INSERT INTO game_records (game_id, guild_id, channel_id, outcome, note, ended_at, end_reason, "
                    "board, moves, turns, summary, recorded_at) VALUES (?, 7, ?, ?, ?, 2.0, ?, 'standard', 0, 0, "
                    "'[]', 3.0)", game_id, 100 + game_id, outcome, note, reason)
        assert await migrate(db) == len(MIGRATIONS)
        games = {r["id"]: r["end_reason"] for r in await db.fetch("SELECT id, end_reason FROM games")}
        records = {r["game_id"]: (r["end_reason"], r["note"])
                   for r in await db.fetch("SELECT game_id, end_reason, note FROM game_records")}
    finally:
        await db.close()
    for game_id, reason in enumerate(reasons, 1):
        want = ENDINGS.get(reason) if reason is not None else None
        assert games[game_id] == want, reason
        assert records[game_id] == (want, NOTES[notes[game_id % len(notes)]]), reason


def test_the_migrated_codes_read_as_what_the_sentences_said():
    assert Ending.parse("resigned:2") == Ending(EndKind.RESIGNED, seat=2)
    assert Ending.parse("away:0.5") == Ending(EndKind.AWAY, count=0.5)
    assert Ending.parse("the treasures ran out") == Ending(EndKind.ENDED)
    assert NotRated.parse("too_short:5:2") == NotRated(UnratedKind.TOO_SHORT, 5, 2)
    assert NotRated.parse("no_stats") == NotRated(UnratedKind.NO_STATS)
