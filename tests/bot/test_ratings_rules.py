"""Ratings that can be neither farmed nor dodged, through the real command tree: a game counts only after every
person took MIN_TURNS turns, and a player who abandons a game that counts loses it."""

from __future__ import annotations

import random

from bot.records.ratings import MIN_TURNS, too_short, turns_taken
from bot.records.stats import game_stats
from bot.records.unrated import NotRated, UnratedKind
from bot.storage.records import RATED, UNRATED, RecordsStore
from engine import Game
from tests.bot_harness import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD_ID,
    Harness,
    User,
    announced,
    answered_privately,
    open_game,
    response,
)


async def pass_turns(h: Harness, users: list[User], game_id: int, turns: int) -> None:
    """Every seat passes (a pass ends its turn), `turns` times round the table."""
    for _ in range(turns * len(users)):
        table = await h.service.load(game_id)
        calls = await h.command(users[table.game.to_move], CHANNEL, "move", action="pass")
        assert not answered_privately(response(calls)), response(calls).content


async def rating(h: Harness, user: User):
    return await RecordsStore.of(h.service.storage).rating(GUILD_ID, f"user:{user.id}")


def rating_posts(h: Harness) -> list[str]:
    return [c.content for c in announced(h.fake.calls) if c.content.startswith("**Ratings after game")]


async def test_games_resigned_at_once_do_not_farm_a_rating(harness):
    h = harness
    for _ in range(3):
        game_id = await open_game(h, [ALICE, BOB])
        await pass_turns(h, [ALICE, BOB], game_id, 1)
        calls = await h.command(BOB, CHANNEL, "resign")
        assert "resigned" in response(calls).content
        await h.bot.controller.idle()
        record = await RecordsStore.of(h.service.storage).record_of(game_id)
        assert record.outcome == UNRATED and record.note.startswith("too_short:")
    for user in (ALICE, BOB):
        row = await rating(h, user)
        assert (row.rating, row.games) == (1000, 0), "three one-turn games moved nobody's rating"
    assert rating_posts(h) == []
    told = [c.content for c in announced(h.fake.calls) if " is not rated.** Too short to be rated" in c.content]
    assert len(told) == 3, "each channel is told why its game did not move a rating"


async def test_a_resignation_after_enough_play_is_rated(harness):
    h = harness
    game_id = await open_game(h, [ALICE, BOB])
    await pass_turns(h, [ALICE, BOB], game_id, MIN_TURNS)
    await h.command(BOB, CHANNEL, "resign")
    await h.bot.controller.idle()
    record = await RecordsStore.of(h.service.storage).record_of(game_id)
    assert record.outcome == RATED
    assert (await rating(h, ALICE)).rating > 1000 > (await rating(h, BOB)).rating
    assert len(rating_posts(h)) == 1


async def test_abandoning_a_game_under_way_is_a_loss_for_the_abandoner(harness):
    h = harness
    game_id = await open_game(h, [ALICE, BOB])
    await pass_turns(h, [ALICE, BOB], game_id, MIN_TURNS)
    calls = await h.command(ALICE, CHANNEL, "abandon")
    told = response(calls).content
    assert told.startswith(f"Game #{game_id} was abandoned by Alice. It was under way, so it counts as "
                           "Alice (Archer)'s resignation: a loss for them."), told
    assert "**Bob (Bull) wins!**" in told and told.endswith("— resigned"), told
    await h.bot.controller.idle()
    row = await h.service.storage.get_game(game_id)
    assert row.status == "over" and [p.resigned for p in row.players] == [True, False]
    record = await RecordsStore.of(h.service.storage).record_of(game_id)
    assert record.outcome == RATED
    ranks = {s["player"]: s["rank"] for s in record.summary}
    assert ranks == {f"user:{ALICE.id}": 2, f"user:{BOB.id}": 1}
    assert (await rating(h, ALICE)).rating < 1000 < (await rating(h, BOB)).rating
    assert rating_posts(h) and rating_posts(h)[0].startswith(f"**Ratings after game #{game_id}")
    assert await h.service.storage.live_game_id(CHANNEL) is None


async def test_abandoning_before_enough_play_counts_nowhere(harness):
    h = harness
    game_id = await open_game(h, [ALICE, BOB])
    await pass_turns(h, [ALICE, BOB], game_id, MIN_TURNS - 1)
    calls = await h.command(ALICE, CHANNEL, "abandon")
    told = response(calls).content
    assert told.startswith(f"Game #{game_id} was abandoned by Alice.\n**The game is over** (it was abandoned): no "
                           "result, nobody wins and nothing is rated."), told
    await h.bot.controller.idle()
    await h.bot.controller.finisher.sweep()
    assert (await h.service.storage.get_game(game_id)).status == "abandoned"
    assert await RecordsStore.of(h.service.storage).record_of(game_id) is None
    assert await rating(h, ALICE) is None


VIEW_AND_SEND = (1 << 10) | (1 << 11)  # View Channel and Send Messages, nothing more


async def test_abandoning_is_refused_to_others_and_changes_nothing(harness):
    h = harness
    game_id = await open_game(h, [ALICE, BOB])
    await pass_turns(h, [ALICE, BOB], game_id, MIN_TURNS)
    payload = h.command_payload(BOB, CHANNEL, "abandon")
    # Bob may view and write in the channel (or he would be refused for that), but holds no right over the game.
    payload["member"]["permissions"] = str(VIEW_AND_SEND)
    payload["app_permissions"] = "0"
    calls = await h.dispatch(payload)
    assert response(calls).ephemeral and "Only the host" in response(calls).content
    row = await h.service.storage.get_game(game_id)
    assert row.status == "active" and not any(p.resigned for p in row.players)


def test_turns_are_counted_as_the_statistics_count_them():
    from bot.storage import MoveRow, PlayerRow

    rng = random.Random(3)
    game, moves = Game.new(players=3, seed=4), []
    while not game.over:
        seat = game.to_move
        move = rng.choice(game.legal_moves())
        moves.append(MoveRow(len(moves), seat, None, move, game.play(move)))
    players = [PlayerRow(i, 1000 + i, f"P{i}") for i in range(3)]
    stats = game_stats(moves, players, status="over")
    assert turns_taken(moves, 3) == [p.turns for p in stats.players]


def test_too_short_asks_every_person_but_not_the_computers():
    assert too_short([MIN_TURNS, MIN_TURNS - 1], [True, False]) is None
    short = too_short([MIN_TURNS, MIN_TURNS - 1], [True, True])
    assert short == NotRated(UnratedKind.TOO_SHORT, MIN_TURNS, MIN_TURNS - 1)
    assert too_short([0, 0], [False, False]) is None
