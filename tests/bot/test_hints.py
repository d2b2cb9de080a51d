"""Casual games with hints through the bot's command tree (tests/bot_harness.py): `/tne new hints:on`, `/tne hint`
answered privately from the asker's own view, refused in words wherever it does not belong, counted once, told at
the game's end and kept in its record; such a game is never rated. Its storage on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from bot.discord_front.lobby import texts as lobby_texts
from bot.records.finisher import PLAYED_WITH_HINTS
from bot.records.ratings import MIN_TURNS
from bot.records.unrated import said as unrated_said
from bot.service.hints import FAILED, NO_HINTS, STALE, question
from bot.service.table import GameError
from bot.storage import MIGRATIONS, PlayerRow, Statement, Storage, connect, migrate
from bot.storage.hints import Counted
from bot.storage.records import UNRATED, RecordsStore
from tests.bot_harness import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    Harness,
    User,
    announced,
    find_conflict,
    open_game,
    play_moves,
    response,
)
from tests.records_helpers import attachment

FAST = 0.2  # seconds a hint thinks in these tests (the bot's is bot.hints.HINT_BUDGET)
HINT = re.compile(r"^Hint: \*\*(.+?)\*\*")


@pytest.fixture
async def h(harness):
    harness.bot.controller.hints.budget = FAST
    return harness


async def hints_game(h: Harness, users: list[User] | None = None, **options) -> int:
    return await open_game(h, users or [ALICE, BOB], hints="on", **options)


async def to_move(h: Harness, game_id: int, users: list[User]) -> User:
    return users[(await h.service.load(game_id)).game.to_move]


async def stored_hints(h: Harness, game_id: int) -> int:
    return await h.service.storage.db.fetchval("SELECT COUNT(*) FROM hints WHERE game_id = ?", game_id)


def hint_answer(calls) -> tuple[str, str]:
    """The private answer of a /tne hint (after its private "thinking…"): the move and the whole text."""
    (said,) = [c for c in calls if c.content.startswith("Hint: ")]
    assert said.ephemeral
    return HINT.match(said.content)[1], said.content


async def pass_turns(h: Harness, game_id: int, users: list[User], turns: int) -> None:
    for _ in range(turns):
        await h.command(await to_move(h, game_id, users), CHANNEL, "move", action="pass")


# --- the option --------------------------------------------------------------------------------------------------


async def test_a_game_opened_with_hints_says_so_in_its_lobby_and_opening(h):
    lobby = response(await h.command(ALICE, CHANNEL, "new", seats=2, hints="on"))
    assert lobby_texts.HINTS_ON in lobby.content and not lobby.ephemeral
    table = await h.service.channel_table(CHANNEL)
    assert table.row.hints and (await h.service.storage.get_game(table.id)).hints
    await h.command(BOB, CHANNEL, "join")
    await h.command(ALICE, CHANNEL, "start")
    opening = next(c for c in announced(h.fake.calls) if "**The game begins!**" in c.content)
    assert lobby_texts.HINTS_ON in opening.content


async def test_a_game_opened_without_hints_says_nothing_of_them(h):
    lobby = response(await h.command(ALICE, CHANNEL, "new", seats=2))
    assert "Hints" not in lobby.content
    assert not (await h.service.channel_table(CHANNEL)).row.hints


async def test_hints_other_than_on_or_off_are_refused_and_open_nothing(h):
    with pytest.raises(GameError, match="Hints are on"):
        await h.service.new_game(guild_id=1, channel_id=CHANNEL, user_id=ALICE.id, name="Alice", hints="maybe")
    assert await h.service.storage.live_game_id(CHANNEL) is None


# --- asking ------------------------------------------------------------------------------------------------------


async def test_a_hint_on_your_turn_is_a_legal_move_said_only_to_you_and_counted(h):
    game_id = await hints_game(h)
    table = await h.service.load(game_id)
    seat = table.game.to_move
    calls = await h.command([ALICE, BOB][seat], CHANNEL, "hint")
    move, text = hint_answer(calls)
    assert move in table.game.legal_moves()
    assert " — " in text and "Your 1st hint in this game" in text
    assert announced(calls) == [], "nothing said in the channel"
    assert await stored_hints(h, game_id) == 1
    assert (await h.service.load(game_id)).row.players[seat].hints == 1
    assert (await h.service.storage.get_game(game_id)).players[seat].hints == 1


async def test_a_hint_for_a_decision_is_one_of_its_answers(h):
    game_id = await hints_game(h)
    table = await h.service.load(game_id)
    await play_moves(h, [ALICE, BOB], game_id, find_conflict(2, table.row.seed, "war"))
    table = await h.service.load(game_id)
    assert table.game.pending
    move, _ = hint_answer(await h.command([ALICE, BOB][table.game.to_move], CHANNEL, "hint"))
    assert move in table.game.legal_moves()


async def test_no_hint_when_it_is_not_your_turn_nor_for_a_spectator_and_nothing_is_counted(h):
    game_id = await hints_game(h)
    table = await h.service.load(game_id)
    waiting = [ALICE, BOB][1 - table.game.to_move]
    refused = response(await h.command(waiting, CHANNEL, "hint"))
    assert refused.ephemeral and refused.content.startswith("It is not your turn:")
    spectator = response(await h.command(CAROL, CHANNEL, "hint"))
    assert spectator.ephemeral and spectator.content == "You are not playing in this game, so there is no hint for you."
    assert await stored_hints(h, game_id) == 0


async def test_a_game_that_can_be_rated_has_no_hints(h):
    game_id = await open_game(h, [ALICE, BOB])
    asker = await to_move(h, game_id, [ALICE, BOB])
    refused = response(await h.command(asker, CHANNEL, "hint"))
    assert refused.ephemeral and refused.content == NO_HINTS
    assert "`/tne new hints:on`" in refused.content
    assert await stored_hints(h, game_id) == 0


async def test_no_hint_without_a_game_or_before_it_starts(h):
    nothing = response(await h.command(ALICE, CHANNEL, "hint"))
    assert nothing.ephemeral and nothing.content.startswith("There is no game in this channel.")
    await h.command(ALICE, CHANNEL, "new", seats=2, hints="on")
    lobby = response(await h.command(ALICE, CHANNEL, "hint"))
    assert lobby.ephemeral and lobby.content == "The game has not started yet."


# --- the hint service: counted once, only when still true, never on failure ------------------------------------


async def test_a_hint_is_counted_once_per_interaction_even_when_answered_twice(h):
    game_id = await hints_game(h)
    table = await h.service.load(game_id)
    asker = [ALICE, BOB][table.game.to_move]
    hints = h.bot.controller.hints
    q = hints.question(table, asker.id)
    first = await hints.answer(q, interaction_id=555)
    again = await hints.answer(q, interaction_id=555)  # Discord delivered the interaction twice
    assert (first.used, again.used) == (1, 1)
    assert await stored_hints(h, game_id) == 1
    assert (await hints.answer(q, interaction_id=556)).used == 2


async def test_a_hint_whose_game_moved_on_meanwhile_is_not_shown_nor_counted(h):
    game_id = await hints_game(h)
    table = await h.service.load(game_id)
    asker = [ALICE, BOB][table.game.to_move]
    hints = h.bot.controller.hints
    q = hints.question(table, asker.id)
    await h.service.play(game_id, "pass", user_id=asker.id)  # a move (or an undo) while the hint was thought
    with pytest.raises(GameError) as refused:
        await hints.answer(q, interaction_id=700)
    assert str(refused.value) == STALE
    assert await stored_hints(h, game_id) == 0


async def test_a_hint_that_fails_is_not_counted(h):
    game_id = await hints_game(h)
    table = await h.service.load(game_id)
    hints = h.bot.controller.hints
    q = hints.question(table, [ALICE, BOB][table.game.to_move].id)
    with pytest.raises(GameError) as refused:
        await hints.answer(replace(q, view={}), interaction_id=701)  # nothing a player could think from
    assert str(refused.value) == FAILED
    assert await stored_hints(h, game_id) == 0


async def test_the_hint_is_thought_from_the_askers_own_view_only(h):
    game_id = await hints_game(h, [ALICE, BOB, CAROL])
    table = await h.service.load(game_id)
    seat = table.game.to_move
    q = question(table, [ALICE, BOB, CAROL][seat].id)
    assert q.view == table.game.view(seat)
    others = [p for i, p in enumerate(q.view["players"]) if i != seat]
    assert all(p.get("hand") is None for p in others) and q.view.get("bag") is None


# --- the end: counts told, kept in the record; never rated ------------------------------------------------------


async def test_the_hints_used_are_told_at_the_end_kept_in_the_record_and_the_game_is_not_rated(h):
    users = [ALICE, BOB]
    game_id = await hints_game(h, users)
    alice = next(i for i, u in enumerate(users) if u is ALICE)
    for _ in range(2 * MIN_TURNS):  # enough play for the game to be rated, were it not played with hints
        if (await h.service.load(game_id)).game.to_move == alice and await stored_hints(h, game_id) < 2:
            hint_answer(await h.command(ALICE, CHANNEL, "hint"))
        await pass_turns(h, game_id, users, 1)
    assert await stored_hints(h, game_id) == 2
    calls = await h.command(BOB, CHANNEL, "resign")
    await h.bot.controller.idle()
    final = next(c.content for c in announced(calls) if "**The game is over**" in c.content)
    assert "Hints used: Alice 2, Bob 0." in final
    record = await RecordsStore.of(h.service.storage).record_of(game_id)
    assert record.outcome == UNRATED and record.note == PLAYED_WITH_HINTS.stored() == "hints"
    told = [c.content for c in announced(h.fake.calls) if "is not rated" in c.content]
    assert told == [f"**Game #{game_id} is not rated.** {unrated_said(PLAYED_WITH_HINTS)}"]
    _, data = attachment(await h.command(CAROL, CHANNEL, "export", game=game_id), f"game-{game_id}.tne.json")
    assert json.loads(data)["hints"] == [2, 0]


async def test_a_running_hints_games_record_tells_no_counts_yet(h):
    game_id = await hints_game(h)
    hint_answer(await h.command(await to_move(h, game_id, [ALICE, BOB]), CHANNEL, "hint"))
    _, data = attachment(await h.command(CAROL, CHANNEL, "export"), f"game-{game_id}.tne.json")
    assert "hints" not in json.loads(data)


async def test_abandoning_a_hints_game_is_no_rated_resignation(h):
    users = [ALICE, BOB]
    game_id = await hints_game(h, users)
    await pass_turns(h, game_id, users, 2 * MIN_TURNS)
    await h.command(ALICE, CHANNEL, "abandon")
    row = await h.service.storage.get_game(game_id)
    assert row.status == "abandoned" and not any(p.resigned for p in row.players)


# --- storage, both back ends --------------------------------------------------------------------------------------


async def _started(store: Storage, *, hints: bool) -> int:
    game_id = await store.create_game(guild_id=5, channel_id=9_000 + hints, host=PlayerRow(0, 11, "Alice"), seats=2,
                                      board="standard", scores="hidden", hints=hints)
    await store.set_lobby(game_id, 0, [PlayerRow(0, 11, "Alice"), PlayerRow(1, 12, "Bob")])
    await store.start_game(game_id, 1, 123, {"turn": 1})
    return game_id


@pytest.mark.both_databases
async def test_the_option_and_the_counts_are_stored(database):
    store = await Storage.open(database)
    try:
        game_id = await _started(store, hints=True)
        plain = await _started(store, hints=False)
        assert (await store.get_game(game_id)).hints and not (await store.get_game(plain)).hints
        big = 1_234_567_890_123_456_789  # interaction ids are Discord snowflakes
        assert await store.hints.count(game_id, 2, 0, 0, "tile red F7", big) == Counted.COUNTED
        assert await store.hints.count(game_id, 2, 0, 0, "tile red F7", big) == Counted.AGAIN
        assert await store.hints.count(game_id, 1, 1, 0, "pass", big + 1) == Counted.STALE  # an older revision
        assert await store.hints.count(game_id, 2, 0, 0, "pass", big + 2) == Counted.COUNTED
        assert [p.hints for p in (await store.get_game(game_id)).players] == [2, 0]
        assert [p.hints for p in (await store.get_game(plain)).players] == [0, 0]
        await store.end_game(game_id, 2, "over", "it ended")
        assert await store.hints.count(game_id, 3, 1, 0, "pass", big + 3) == Counted.STALE  # over: no more hints
    finally:
        await store.close()
    store = await Storage.open(database)  # a restart keeps both
    try:
        row = await store.get_game(game_id)
        assert row.hints and [p.hints for p in row.players] == [2, 0]
    finally:
        await store.close()


@pytest.mark.both_databases
async def test_a_database_from_before_hints_keeps_its_games_without_them(database):
    before = next(i for i, m in enumerate(MIGRATIONS) if "CREATE TABLE hints" in str(m))
    db = await connect(database)
    try:
        await migrate(db, MIGRATIONS[:before])
        await db.write(Statement("INSERT INTO games (guild_id, channel_id, host_id, status, seats, board, scores, "
                                 "created_at, updated_at) VALUES (5, 77, 11, 'lobby', 2, 'standard', 'hidden', 0, 0)"),
                       Statement("INSERT INTO players (game_id, seat, user_id, name) VALUES (1, 0, 11, 'Alice')"))
    finally:
        await db.close()
    store = await Storage.open(database)
    try:
        row = await store.get_game(1)
        assert row is not None and not row.hints and row.players[0].hints == 0
    finally:
        await store.close()
