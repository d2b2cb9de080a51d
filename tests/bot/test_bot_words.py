"""What players type and read: autocomplete in order, the rules in brief, long or odd moves, one vocabulary."""

from __future__ import annotations

import engine.ai
from bot.background.autoplay import LEVELS
from bot.discord_front.completion import kinds, matching_moves
from bot.discord_front.help.texts import RULES_TEXT
from bot.language import text as T
from engine import Game
from tests.bot_harness import (
    ALICE,
    BOB,
    BOT_USER,
    CHANNEL,
    Harness,
    assert_within_limits,
    open_game,
    response,
)


def seed_with(predicate, players: int = 2) -> int:
    """A seed whose first player's legal moves satisfy `predicate`."""
    return next(s for s in range(1, 500) if predicate(Game.new(players=players, seed=s).legal_moves()))


def has_green_in_column_l(legal: list[str]) -> bool:
    return any(m.startswith("tile green L") for m in legal)


async def test_autocomplete_matches_words_in_place_through_the_command_tree(fake, tmp_path):
    h = await Harness(fake, str(tmp_path / "tne.sqlite3"), seed=seed_with(has_green_in_column_l)).start()
    try:
        game_id = await open_game(h, [ALICE, BOB])
        table = await h.service.load(game_id)
        me = [ALICE, BOB][table.game.to_move]
        legal = table.game.legal_moves()

        offered = await h.autocomplete(me, CHANNEL, "tile green L")
        column_l = [m for m in legal if m.startswith("tile green L")]
        assert offered == column_l[:25] and offered
        assert all(m.split()[2][0] == "L" and m.split()[2][1:].isdigit() for m in offered)

        offered = await h.autocomplete(me, CHANNEL, "tile g")
        assert offered and all(m.startswith("tile green ") for m in offered)
        offered = await h.autocomplete(me, CHANNEL, "lead")
        assert offered and all(m.startswith("leader ") for m in offered)
        assert await h.autocomplete(me, CHANNEL, "PA") == ["pass"]

        # Words in place come first, then moves that have the typed words in order further on.
        square = column_l[0].split()[2]
        offered = await h.autocomplete(me, CHANNEL, f"green {square.lower()}")
        assert offered[0] == f"tile green {square}"
        assert all("green" in m.split() for m in offered)
        assert await h.autocomplete(me, CHANNEL, "tile green Z") == []
        assert await h.autocomplete(me, CHANNEL, "") == [value for _, value in kinds(legal)][:25]
    finally:
        await h.close()


def test_matching_moves_orders_in_place_before_in_order():
    legal = ["tile red A1", "tile red L1", "leader red L1", "tile blue L2", "withdraw red", "pass"]
    assert matching_moves(legal, "tile red l") == ["tile red L1"]
    assert matching_moves(legal, "red l") == ["tile red L1", "leader red L1"]
    assert matching_moves(legal, "le") == ["leader red L1"]
    assert matching_moves(legal, "l") == ["leader red L1", "tile red L1", "tile blue L2"]
    assert matching_moves(legal, "red") == ["tile red A1", "tile red L1", "leader red L1", "withdraw red"]
    assert matching_moves(legal, "tile ") == ["tile red A1", "tile red L1", "tile blue L2"]
    assert matching_moves(legal, "zzz") == []


async def test_rules_in_brief_cover_what_a_new_player_needs(harness):
    call = response(await harness.command(ALICE, CHANNEL, "help", topic="rules"))
    assert call.ephemeral and call.content == RULES_TEXT and len(RULES_TEXT) <= T.CONTENT_LIMIT
    for needed in ("**6 hidden tiles**", "**2 actions**", "next to a red temple", "**Catastrophe**", "**Revolt**",
                   "**War**", "**Monuments**", "**Treasures**", "weakest colour", "blue on rivers"):
        assert needed in RULES_TEXT, needed


async def test_a_very_long_move_is_refused_briefly(harness, fake):
    game_id = await open_game(harness, [ALICE, BOB])
    table = await harness.service.load(game_id)
    me = [ALICE, BOB][table.game.to_move]
    calls = await harness.command(me, CHANNEL, "move", action="tile red " + "F7" * 5000)
    (answer,) = calls
    assert answer.ephemeral and "is not a move" in answer.content
    assert len(answer.content) < 200, "only a short quotation of what was typed"
    assert (await harness.service.load(game_id)).row.move_count == 0
    assert_within_limits(fake)


async def test_a_very_long_move_in_a_button_is_refused_briefly(harness, fake):
    from tests.bot_harness import forge

    game_id = await open_game(harness, [ALICE, BOB])
    table = await harness.service.load(game_id)
    me = [ALICE, BOB][table.game.to_move]
    custom_id = f"tne:{game_id}:{table.row.rev}:play:tile.red." + "F7" * 5000
    calls = await harness.press(me, forge(fake, CHANNEL, custom_id), custom_id)
    (answer,) = calls
    assert answer.ephemeral and "is not a move" in answer.content and len(answer.content) < 200
    assert (await harness.service.load(game_id)).row.move_count == 0
    assert_within_limits(fake)


async def test_odd_text_in_a_move_gets_a_clear_refusal(harness):
    game_id = await open_game(harness, [ALICE, BOB])
    table = await harness.service.load(game_id)
    me = [ALICE, BOB][table.game.to_move]
    for odd in ("tile red <@1002>", "@everyone", "tile red \u202eF7"):
        (answer,) = await harness.command(me, CHANNEL, "move", action=odd)
        assert answer.ephemeral and "went wrong" not in answer.content
        assert answer.data["allowed_mentions"] == {"parse": []}
    assert (await harness.service.load(game_id)).row.move_count == 0


def test_one_definition_of_levels():
    assert set(LEVELS) <= set(engine.ai.LEVELS)
    assert BOT_USER  # the harness' bot user is no player: computer seats have no Discord account


async def test_addbot_offers_exactly_the_levels(fake, tmp_path):
    h = Harness(fake, str(tmp_path / "tne.sqlite3"))
    h.bot.sync_on_start = True
    await h.start()
    await h.close()
    (put,) = [c for c in fake.calls if c.method == "PUT" and "/commands" in c.path]
    addbot = next(o for o in put.payload[0]["options"] if o["name"] == "addbot")
    (level,) = addbot["options"]
    assert [c["value"] for c in level["choices"]] == list(LEVELS)


async def test_commit_with_a_superscript_digit_gets_the_engines_refusal(harness):
    from tests.bot_harness import reach_conflict

    game_id = await reach_conflict(harness, [ALICE, BOB], "war")
    table = await harness.service.load(game_id)
    attacker = [ALICE, BOB][table.game.pending["attacker"]]
    (answer,) = await harness.command(attacker, CHANNEL, "move", action="commit ²")
    assert answer.ephemeral and "went wrong" not in answer.content
    assert "is not a number of tiles" in answer.content and "commit 2" in answer.content
    after = await harness.service.load(game_id)
    assert after.row.move_count == table.row.move_count and after.game.pending == table.game.pending


async def test_new_offers_the_engines_boards_and_refuses_others(fake, tmp_path):
    from engine import BOARD_NAMES

    h = Harness(fake, str(tmp_path / "tne.sqlite3"))
    h.bot.sync_on_start = True
    await h.start()
    try:
        (put,) = [c for c in fake.calls if c.method == "PUT" and "/commands" in c.path]
        new = next(o for o in put.payload[0]["options"] if o["name"] == "new")
        board = next(o for o in new["options"] if o["name"] == "board")
        assert [c["value"] for c in board["choices"]] == list(BOARD_NAMES)
        (answer,) = await h.command(ALICE, CHANNEL, "new", seats=2, board="giant")
        assert answer.ephemeral and "The board is standard or advanced." in answer.content
        assert await h.service.storage.live_game_id(CHANNEL) is None
    finally:
        await h.close()
