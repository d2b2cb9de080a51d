"""The record commands through the bot's real command tree (tests/bot_harness.py), on SQLite and PostgreSQL:
rating changes after the final standings, export, replay, history pages, profile, leaderboard, help."""

from __future__ import annotations

import io
import json
import random
import re

import pytest
from PIL import Image

from bot.discord_front.help import texts as help_texts
from bot.discord_front.records import texts as records_texts
from bot.discord_front.records.texts import ordinal, signed
from bot.records.export import turns
from bot.records.ratings import MIN_TURNS, Rating
from bot.storage import PlayerRow, Storage
from bot.storage.outbox import OutboxStore
from bot.storage.records import RecordsStore
from engine import record as records
from tests.bot_harness import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    DAVE,
    EPHEMERAL,
    GUILD_ID,
    Call,
    Harness,
    User,
    announced,
    open_game,
    response,
)
from tests.records_helpers import (
    OTHER_GUILD,
    attachment,
    people,
    public_texts,
    random_game,
    stats,
    stats_payload,
    store_game,
)

# --- acting through the command tree -----------------------------------------------------------------------------


async def play_to_the_end(h: Harness, users: list[User], game_id: int, seed: int, *, last_by_command: bool = True
                          ) -> list[Call]:
    """Random legal moves through the service until one move is left, then that move through `/tne move`;
    gives the calls the last move made."""
    rng = random.Random(seed)
    while True:
        table = await h.service.load(game_id)
        game = table.game
        move = rng.choice(game.legal_moves())
        trial = game.copy()
        trial.play(move)
        seat = game.to_move
        if trial.over and last_by_command:
            return await h.command(users[seat], CHANNEL, "move", action=move)
        await h.service.play(game_id, move, user_id=users[seat].id)
        if trial.over:
            return []


async def finished_game(h: Harness, users: list[User], seed: int) -> tuple[int, list[Call]]:
    game_id = await open_game(h, users)
    calls = await play_to_the_end(h, users, game_id, seed)
    return game_id, calls


# --- rating changes at the end --------------------------------------------------------------------------------------


@pytest.mark.fuzz
async def test_the_rating_changes_follow_the_final_standings(harness):
    h = harness
    game_id, _ = await finished_game(h, [ALICE, BOB], seed=5)
    await h.bot.controller.idle()  # the game recorded, the outbox's posts made
    posts = [c for c in announced(h.fake.calls) if c.content]
    final = next(i for i, c in enumerate(posts) if "**The game is over**" in c.content)
    assert "Final standings" in posts[final].content
    rated = [c for c in posts if c.content.startswith("**Ratings after game")]
    assert rated == [posts[final + 1]], "posted once, right after the final standings"
    ratings = rated[0].content
    table = await h.service.load(game_id)
    standings = sorted(table.game.standings(), key=lambda s: (s["place"], s["seat"]))
    changes = []
    for s in standings:
        before = Rating()
        row = await RecordsStore.of(h.service.storage).rating(GUILD_ID, f"user:{[ALICE, BOB][s['seat']].id}")
        after = Rating(row.mu, row.sigma)
        changes.append(f"{[ALICE, BOB][s['seat']].name} {after.display} ({signed(after.display - before.display)})")
    assert ratings.startswith(f"**Ratings after game #{game_id}:** {', '.join(changes)}")
    assert "−" in ratings or "±0" in ratings  # the loser's change, with a true minus sign
    assert rated[0].kind == "channel" and rated[0].data["allowed_mentions"]["parse"] == []
    (stored,) = [a for a in await OutboxStore(h.service.storage.db).of_game(game_id) if a.kind == "ratings"]
    assert stored.state == "sent" and stored.content == ratings
    # Another look by the finisher (a sweep, a restart) changes nothing and posts nothing.
    assert await h.bot.controller.finisher.sweep() == 0
    assert (await h.bot.controller.finisher.ended(game_id)).game_id == game_id
    await h.bot.controller.idle()
    assert len([c for c in announced(h.fake.calls) if c.content.startswith("**Ratings after game")]) == 1
    assert await h.service.storage.db.fetchval("SELECT COUNT(*) FROM game_records") == 1


async def test_a_two_player_resignation_flags_the_seat_and_counts_it_last(harness):
    h = harness
    game_id = await open_game(h, [ALICE, BOB])
    for _ in range(2 * MIN_TURNS):  # enough play for the game to be rated
        await h.command(ALICE if (await h.service.load(game_id)).game.to_move == 0 else BOB, CHANNEL, "move",
                        action="pass")
    calls = await h.command(BOB, CHANNEL, "resign")
    texts = public_texts(calls)
    assert texts[0].startswith("Bob (Bull) resigns. **The game is over** (Bob (Bull) resigned). "
                               "**Alice (Archer) wins!**")
    row = await h.service.storage.get_game(game_id)
    assert [p.resigned for p in row.players] == [False, True]  # set in the transaction that ended the game
    assert row.ended_at is not None and row.status == "over"
    record = await RecordsStore.of(h.service.storage).record_of(game_id)
    assert record.ended_by == "resignation"
    by_player = {s["player"]: s for s in record.summary}
    assert by_player["user:1002"]["rank"] == 2 and by_player["user:1001"]["rank"] == 1
    assert texts[1] == records_texts.rating_changes(record).text
    assert re.search(r"Alice \d{4} \(\+\d+\), Bob \d{3,4} \(−\d+\)", texts[1]), texts[1]


async def test_abandoned_games_do_not_count(harness):
    h = harness
    game_id = await open_game(h, [ALICE, BOB])
    await h.command(ALICE if (await h.service.load(game_id)).game.to_move == 0 else BOB, CHANNEL, "move",
                    action="pass")
    calls = await h.command(ALICE, CHANNEL, "abandon")
    (text,) = public_texts(calls)
    assert text.startswith(f"Game #{game_id} was abandoned by Alice.") and "(not a result)" in text
    await h.bot.controller.finisher.sweep()
    assert await h.service.storage.db.fetchval("SELECT COUNT(*) FROM game_records") == 0
    (text,) = public_texts(await stats(h, ALICE, "leaderboard"))
    assert text.startswith("Nobody is rated in this server yet")
    answer = response(await stats(h, ALICE, "history"))  # private: it lists other channels' games
    assert answer.ephemeral and answer.content.startswith("No game has been played to its end in this server yet")


# --- export ---------------------------------------------------------------------------------------------------------


async def test_export_gives_a_public_record_while_the_game_runs_and_a_complete_one_after(harness):
    h = harness
    game_id = await open_game(h, [ALICE, BOB, CAROL])
    rng = random.Random(2)
    for _ in range(12):
        table = await h.service.load(game_id)
        await h.service.play(game_id, rng.choice(table.game.legal_moves()),
                             user_id=[ALICE, BOB, CAROL][table.game.to_move].id)
    calls = await h.command(DAVE, CHANNEL, "export")  # a spectator may export the running game
    call, data = attachment(calls, f"game-{game_id}.tne.json")
    assert call.ephemeral and response(calls).ephemeral
    assert "as the table sees it" in call.content
    text = data.decode()
    raw = json.loads(text)
    assert "deal" not in raw and all(isinstance(n, int) for m in raw["moves"] for _, n in m.get("draws", []))
    assert "result" not in raw and raw["site"] == "Discord" and raw["date"].endswith("Z")
    rec = records.read(text)
    assert not rec.complete and len(rec.moves) == 12
    assert [p.name for p in rec.players] == ["Alice", "Bob", "Carol"]

    await play_to_the_end(h, [ALICE, BOB, CAROL], game_id, seed=3)
    calls = await h.command(DAVE, CHANNEL, "export", game=game_id)
    call, data = attachment(calls, f"game-{game_id}.tne.json")
    rec = records.read(data.decode())
    assert rec.complete and rec.deal is not None
    table = await h.service.load(game_id)
    replayed = rec.replay()  # checks the record's result against the replayed game, too
    assert replayed.standings() == table.game.standings()
    assert len(rec.moves) == len(table.moves)


async def test_export_refuses_other_servers_games_and_games_that_never_started(harness):
    h = harness
    storage: Storage = h.service.storage
    p = random_game(2, 9)
    other = await store_game(storage, people("Alice", "Bob"), p.moves, snapshot=p.game.position(), seed=9,
                             guild_id=OTHER_GUILD, channel_id=77)
    for command in ("export", "replay"):
        calls = await h.command(ALICE, CHANNEL, command, game=other)
        assert [c.kind for c in calls] == ["response"] and response(calls).ephemeral
        assert response(calls).content == f"There is no game #{other} in this server."
        assert not any(c.files for c in calls)
    calls = await h.command(ALICE, CHANNEL, "export", game=other + 1000)
    assert response(calls).content == f"There is no game #{other + 1000} in this server."
    calls = await h.command(ALICE, CHANNEL, "export")
    assert response(calls).content.startswith("This channel has no game yet")
    await h.command(ALICE, CHANNEL, "new", seats=2)
    lobby = (await h.service.channel_table(CHANNEL)).id
    calls = await h.command(BOB, CHANNEL, "export")
    assert response(calls).ephemeral and response(calls).content == f"Game #{lobby} has not started yet."


# --- replay ---------------------------------------------------------------------------------------------------------


@pytest.mark.fuzz
async def test_replay_posts_a_gif_with_one_frame_per_turn_within_the_channels_limit(harness):
    h = harness
    h.bot.controller.replay_edit_every = 0.0
    game_id, _ = await finished_game(h, [ALICE, BOB], seed=8)
    calls = await h.command(CAROL, CHANNEL, "replay")
    assert response(calls).ephemeral is False
    assert response(calls).content == f"Drawing the replay of game #{game_id}…"
    call, gif = attachment(calls, ".gif")
    assert call.kind == "original_edit" and call is calls[-1]
    moves = await h.service.storage.moves(game_id)
    frames = turns([(m.seat, m.move, m.events) for m in moves])
    assert call.content.startswith(f"**Replay of game #{game_id}** — Alice, Bob; {frames} turns")
    image = Image.open(io.BytesIO(gif))
    assert image.format == "GIF" and image.n_frames == frames
    assert len(gif) <= 8 << 20
    progress = [c.content for c in calls if c.kind == "original_edit" and not c.files]
    done = [int(m[1]) for c in progress if (m := re.search(r"turn (\d+)/(\d+)", c))]
    assert done == sorted(done) and all(f"/{frames}…" in c for c in progress)

    # A channel with a small upload limit gets a smaller GIF, still one frame per turn.
    limit = len(gif) // 3
    payload = h.command_payload(CAROL, CHANNEL, "replay", game=game_id)
    payload["attachment_size_limit"] = limit
    _, small = attachment(await h.dispatch(payload), ".gif")
    assert len(small) <= limit and Image.open(io.BytesIO(small)).n_frames == frames


@pytest.mark.fuzz
async def test_replay_refuses_running_games_and_says_when_nothing_fits(harness):
    h = harness
    game_id = await open_game(h, [ALICE, BOB])
    calls = await h.command(ALICE, CHANNEL, "replay", game=game_id)
    assert response(calls).ephemeral
    assert response(calls).content == f"Game #{game_id} is still being played; its replay comes once it is over."
    calls = await h.command(ALICE, CHANNEL, "replay")
    assert response(calls).content.startswith("This channel has no finished game yet")
    await play_to_the_end(h, [ALICE, BOB], game_id, seed=4)
    payload = h.command_payload(ALICE, CHANNEL, "replay")
    payload["attachment_size_limit"] = 2000
    calls = await h.dispatch(payload)
    assert not any(c.files for c in calls)
    assert calls[-1].content.startswith(f"The replay of game #{game_id} is too long to fit")


# --- history, profile, leaderboard ----------------------------------------------------------------------------------


async def stored_games(h: Harness, count: int, *, first_seed: int = 100) -> list[int]:
    """`count` finished 2-player games between Alice and Bob, stored directly and recorded (ending 1 s apart)."""
    ids = []
    for i in range(count):
        p = random_game(2, first_seed + i)
        ids.append(await store_game(h.service.storage, people("Alice", "Bob"), p.moves, snapshot=p.game.position(),
                                    seed=p.seed, ended_at=1_700_000_000.0 + i, end_reason="treasures:2"))
    await h.bot.controller.finisher.sweep()
    return ids


def buttons_of(call: Call) -> dict[str, tuple[str, bool]]:
    from tests.bot_harness import iter_components

    return {c["label"]: (c["custom_id"], bool(c.get("disabled"))) for c in
            iter_components(call.data.get("components") or []) if "custom_id" in c}


async def test_history_pages_newest_first_with_buttons_that_survive_a_restart(fake, database):
    h = await Harness(fake, database, seed=11).start()
    try:
        ids = await stored_games(h, 12)
        abandoned = await open_game(h, [ALICE, BOB])
        await h.command(ALICE, CHANNEL, "abandon")
        calls = await stats(h, CAROL, "history")
        first = response(calls)
        assert first.ephemeral  # private: it lists other channels' games
        lines = first.content.splitlines()
        assert lines[0] == "**Games played in this server** — newest first, page 1 of 2 (12 games)"
        shown = [int(m[1]) for line in lines if (m := re.match(r"\*\*#(\d+)\*\*", line))]
        assert shown == ids[::-1][:10] and abandoned not in shown
        assert "<t:1700000011:d>" in lines[1]
        assert re.search(r"\d\. Alice \d+ · \d\. Bob \d+ — (Alice|Bob|Alice and Bob) won; only 2 treasures left",
                         first.content)
        newer, older = buttons_of(first)["◀ Newer"], buttons_of(first)["Older ▶"]
        assert newer[1] and not older[1]
        await stored_games(h, 1, first_seed=500)  # a game ending meanwhile does not shift the pages
    finally:
        await h.close()
    h = await Harness(fake, database, seed=11).start()  # buttons work after a restart
    try:
        calls = await h.press(CAROL, first.message_id, older[0])
        page = response(calls)
        assert page.payload["type"] == 7  # the history message itself shows the page
        shown = [int(m[1]) for m in re.finditer(r"\*\*#(\d+)\*\*", page.content)]
        assert shown == ids[::-1][10:] and "page 2 of 2 (12 games)" in page.content
        back = buttons_of(page)["◀ Newer"]
        assert not back[1] and buttons_of(page)["Older ▶"][1]
        calls = await h.press(ALICE, first.message_id, back[0])
        assert [int(m[1]) for m in re.finditer(r"\*\*#(\d+)\*\*", response(calls).content)] == ids[::-1][:10]
        beyond = await h.bot.controller.records.history(GUILD_ID, 99, anchor=int(older[0].split(":")[2]))
        assert (beyond.page, beyond.pages) == (1, 2)  # a page past the end shows the last one
    finally:
        await h.close()


async def test_profile_shows_totals_in_words_and_a_picture(harness):
    h = harness
    await stored_games(h, 4)
    calls = await stats(h, BOB, "profile", target=ALICE)
    first = response(calls)
    assert first.ephemeral and first.data["allowed_mentions"]["parse"] == []  # private: its chart shows games
    view = await h.bot.controller.records.profile(GUILD_ID, ALICE.id)
    t = view.profile.totals
    assert first.content.startswith(f"**Alice** — rating **{view.rating.rating}**, {ordinal(view.rank)} of 2")
    assert f"4 games, {t.wins} win" in first.content and f"average place {t.avg_place}" in first.content
    (call, png) = attachment(calls, "profile.png")
    assert call.kind == "original_edit"
    assert Image.open(io.BytesIO(png)).format == "PNG"
    calls = await stats(h, ALICE, "profile")  # one's own
    assert response(calls).content.startswith("**Alice** — rating")
    calls = await stats(h, ALICE, "profile", target=CAROL)
    assert response(calls).content == "Carol has no finished game in this server yet."
    assert not any(c.files for c in calls)


async def test_leaderboard_shows_the_top_and_the_callers_rank(harness):
    h = harness
    storage = h.service.storage
    seats = [*people("Alice", "Bob"), PlayerRow(2, 0, "Hard computer", "hard")]
    for i in range(3):
        p = random_game(3, 300 + i)
        await store_game(storage, seats, p.moves, snapshot=p.game.position(), seed=p.seed,
                         ended_at=1_700_000_000.0 + i)
    await h.bot.controller.finisher.sweep()
    board = await h.bot.controller.records.leaderboard(GUILD_ID, BOB.id)
    calls = await stats(h, BOB, "leaderboard")
    text = response(calls).content
    assert not response(calls).ephemeral
    lines = text.splitlines()
    assert lines[0].startswith("**Leaderboard**")
    ratings = [int(m[1]) for line in lines[1:4] if (m := re.search(r"\*\*(\d+)\*\*", line))]
    assert ratings == sorted(ratings, reverse=True) and len(ratings) == 3
    assert any("🤖 Hard computer" in line and "3 games" in line for line in lines)
    assert lines[-1] == (f"You: {ordinal(board.my_rank)} of 3 — **{board.me.rating}** · 3 games · "
                         f"{board.me.wins} win{'s' if board.me.wins != 1 else ''}")
    calls = await stats(h, CAROL, "leaderboard")
    assert response(calls).content.splitlines()[-1] == ("You are not rated yet: finish a game here to join the 3 "
                                                       "rated players.")


# --- help and the command tree --------------------------------------------------------------------------------------


def test_help_lists_every_command_and_tne_stays_within_discords_limit():
    from bot.discord_front.cog import TneCog

    tne = TneCog(controller=None).__cog_app_commands_group__  # type: ignore[arg-type]
    assert len(tne.commands) <= 25  # Discord allows 25 subcommands and groups under /tne
    names = [c.qualified_name for c in tne.walk_commands() if not hasattr(c, "commands")]
    assert {"tne stats history", "tne stats profile", "tne stats leaderboard", "tne export", "tne replay"} <= set(
        names)
    for name in names:
        assert any(f"`/{name}" in text for text in help_texts.HELP_TOPICS.values()), name


async def test_help_command_answers_privately(harness):
    calls = await harness.command(ALICE, CHANNEL, "help")
    assert response(calls).ephemeral and response(calls).content == help_texts.HELP_TEXT
    for text in help_texts.HELP_TOPICS.values():
        assert len(text) <= 2000, "Discord's limit: a longer help would be cut"
    assert response(calls).data["flags"] & EPHEMERAL


@pytest.mark.parametrize("sub", ["history", "leaderboard"])
async def test_record_commands_refuse_direct_messages(harness, sub):
    payload = stats_payload(harness, ALICE, sub)
    del payload["guild_id"], payload["member"]
    payload["user"] = ALICE.user_json()
    payload["context"] = 1
    calls = await harness.dispatch(payload)
    assert response(calls).ephemeral and "server channel" in response(calls).content
