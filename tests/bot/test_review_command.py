"""`/tne review` through the bot's own command tree (tests/bot_harness.py): the review posted in the channel (its
progress edited in place, the chart, each player's accuracy and costliest moves with their pictures), computed once
per game and stored, a player's own review in private, and every refusal in words that changes nothing."""

from __future__ import annotations

import asyncio
import random
import re

from bot.records.reviews import Reviews
from bot.service.table import GameError
from bot.storage import Statement
from bot.storage.reviews import ReviewsStore
from engine import DYNASTIES
from engine.ai.review import PART_MOVES, Review
from tests.bot_harness import ALICE, BOB, CAROL, CHANNEL, DAVE, GUILD_ID, Call, Harness, User, open_game, response
from tests.channel_helpers import PRIVATE, private_channel
from tests.records_helpers import OTHER_GUILD, people, random_game, store_game

PNG = b"\x89PNG"
MOVES = PART_MOVES + 3  # two review jobs: the progress shows between them


async def resigned_game(h: Harness, users: list[User], moves: int = MOVES, seed: int = 3) -> int:
    """A game of these people played through the service for `moves` moves, then Bob's `/tne resign`: it has a
    result (Alice wins) and a short record, so its review takes seconds."""
    game_id = await open_game(h, users)
    rng = random.Random(seed)
    for _ in range(moves):
        game = (await h.service.load(game_id)).game
        await h.service.play(game_id, rng.choice(game.legal_moves()), user_id=users[game.to_move].id)
    await h.command(BOB, CHANNEL, "resign")
    assert (await h.service.load(game_id)).row.status == "over"
    return game_id


def review_payload(h: Harness, user: User, channel: int = CHANNEL, **options) -> dict:
    """`/tne review` as Discord sends it: `private` is a boolean option (type 5)."""
    payload = h.command_payload(user, channel, "review", **options)
    for option in payload["data"]["options"][0]["options"]:
        if option["name"] == "private":
            option["type"] = 5
    return payload


async def ask(h: Harness, user: User, channel: int = CHANNEL, **options) -> list[Call]:
    return await h.dispatch(review_payload(h, user, channel, **options))


def service(h: Harness) -> Reviews:
    return h.bot.controller.reviews


async def stored_count(h: Harness) -> int:
    return await ReviewsStore.of(h.service.storage).count()


def posts(calls: list[Call]) -> list[Call]:
    """What the review put in front of people, after its first response: the edits of it and the follow-ups."""
    return [c for c in calls if c.kind in ("original_edit", "followup")]


def summary_of(calls: list[Call], game_id: int) -> Call:
    (done,) = [c for c in calls if c.kind == "original_edit" and c.content.startswith(f"**Review of game #{game_id}**")]
    return done


async def test_the_review_shows_progress_then_the_chart_accuracy_and_costliest_moves_and_is_stored_once(harness):
    h = harness
    h.bot.controller.review_edit_every = 0.0
    game_id = await resigned_game(h, [ALICE, BOB])
    calls = await ask(h, CAROL)  # a spectator may ask; the channel sees it

    first = response(calls)
    assert not first.ephemeral and first.content == f"Reviewing game #{game_id}…"
    progress = [c.content for c in calls if c.kind == "original_edit" and not c.files]
    assert progress == [f"Reviewing game #{game_id}… {100 * PART_MOVES // MOVES}%"]  # between the two jobs
    done = summary_of(calls, game_id)
    assert done is posts(calls)[len(progress)], "the progress message becomes the review"
    assert [name for name, _ in done.files] == ["review-chances.png"] and done.files[0][1].startswith(PNG)

    review = Review.from_json(await ReviewsStore.of(h.service.storage).get(game_id))
    lines = done.content.splitlines()
    assert lines[0] == f"**Review of game #{game_id}** — Alice, Bob"
    for player, name in zip(review.players, ("Alice", "Bob"), strict=True):
        assert (f"**{name}**: accuracy {player.accuracy:.0f}% · " in done.content)
        assert re.search(rf"\*\*{name}\*\*: accuracy \d+% · \d+ inaccurac(y|ies) · \d+ mistakes? · \d+ blunders?$",
                         done.content, re.M)
    # Each player with a costly move gets a message of their (up to) three costliest, each with its picture.
    followups = [c for c in calls if c.kind == "followup"]
    costly = [p for p in review.players if p.costliest]
    assert [c.content.splitlines()[0] for c in followups] == [
        f"**{('Alice', 'Bob')[p.seat]}'s costliest moves**" for p in costly]
    for call, player in zip(followups, costly, strict=True):
        assert not call.ephemeral and 1 <= len(player.costliest) <= 3
        assert [n for n, _ in call.files] == [f"review-move-{i + 1}-{DYNASTIES[player.seat]}.png"
                                              for i in player.costliest]
        assert all(data.startswith(PNG) for _, data in call.files)
        for line, index in zip(call.content.splitlines()[1:], player.costliest, strict=True):
            mv = review.move(index)
            assert line.startswith(f"**Move {index + 1}** `{mv.played}` — ") and f"`{mv.best}` was best" in line
            assert mv.seat == player.seat and mv.loss > 0
    assert all(len(c.content) <= 2000 and len(c.files) <= 10 for c in calls)
    assert service(h).computed == 1 and service(h).parts == 2 and await stored_count(h) == 1

    # Asked again (by a player, this time naming the game): the stored review, at once, nothing computed.
    again = await ask(h, ALICE, game=game_id)
    assert service(h).computed == 1 and service(h).parts == 2 and await stored_count(h) == 1
    assert not [c for c in again if c.kind == "original_edit" and not c.files]  # no progress shown
    assert summary_of(again, game_id).content == done.content
    assert [c.content for c in again if c.kind == "followup"] == [c.content for c in followups]


async def test_two_asking_at_once_share_one_computation(harness):
    h = harness
    game_id = await resigned_game(h, [ALICE, BOB], moves=4)
    calls = await h.dispatch(review_payload(h, ALICE), review_payload(h, CAROL))
    assert service(h).computed == 1 and service(h).parts == 1 and await stored_count(h) == 1
    done = [c for c in calls if c.kind == "original_edit" and c.content.startswith(f"**Review of game #{game_id}**")]
    assert len(done) == 2 and done[0].content == done[1].content


async def test_a_private_review_shows_the_asker_their_own_moves_only(harness):
    h = harness
    game_id = await resigned_game(h, [ALICE, BOB])
    calls = await ask(h, BOB, private=True)
    assert all(c.ephemeral or c.kind == "original_edit" for c in calls)
    assert response(calls).ephemeral
    review = Review.from_json(await ReviewsStore.of(h.service.storage).get(game_id))
    done = summary_of(calls, game_id)
    assert h.fake.messages[done.message_id]["flags"] & 64, "the edited message is the private one"
    assert "**Bob**: accuracy" in done.content and "**Alice**: accuracy" not in done.content
    assert [n for n, _ in done.files] == ["review-chances.png"]
    pages = [c for c in calls if c.kind == "followup"]
    assert pages and all(c.ephemeral for c in pages) and pages[0].content.startswith("**Your moves**")
    listed = [int(m[1]) for c in pages for m in re.finditer(r"^(\d+)\. `", c.content, re.M)]
    assert listed == [mv.index + 1 for mv in review.moves if mv.seat == 1]
    assert [n for n, _ in pages[0].files] == [f"review-move-{i + 1}-bull.png" for i in review.players[1].costliest]
    assert not any(c.files for c in pages[1:])
    for mv in review.moves:
        if mv.seat == 1 and mv.best != mv.played:
            assert f"`{mv.best}` was better" in "\n".join(c.content for c in pages)


async def refused(h: Harness, user: User, text: str, channel: int = CHANNEL, **options) -> None:
    """The review is refused privately in these words, and nothing is computed, stored or posted."""
    before = (service(h).computed, await stored_count(h))
    calls = await ask(h, user, channel, **options)
    assert [c.kind for c in calls] == ["response"], [(c.kind, c.content) for c in calls]
    assert response(calls).ephemeral and response(calls).content == text
    assert not any(c.files for c in calls)
    assert (service(h).computed, await stored_count(h)) == before


async def test_reviews_are_refused_in_words_that_change_nothing(harness):
    h = harness
    await refused(h, ALICE, "This channel has no finished game yet. Name one by its number, e.g. `game:12`.")
    p = random_game(2, 9)
    other = await store_game(h.service.storage, people("Alice", "Bob"), p.moves, snapshot=p.game.position(),
                             seed=9, guild_id=OTHER_GUILD, channel_id=77)
    await refused(h, ALICE, f"There is no game #{other} in this server.", game=other)
    await refused(h, ALICE, f"There is no game #{other + 1000} in this server.", game=other + 1000)

    running = await open_game(h, [ALICE, BOB])
    await refused(h, ALICE, f"Game #{running} is still being played: a review comes once it is over.", game=running)
    await refused(h, ALICE, "This channel has no finished game yet. Name one by its number, e.g. `game:12`.")
    await h.command(ALICE, CHANNEL, "abandon")
    await refused(h, ALICE, f"Game #{running} was abandoned: it has no result to review.")

    early = await store_game(h.service.storage, people("Alice", "Bob"), [], snapshot=p.game.position(), seed=9,
                             status="over", end_reason="Bob (Bull) resigned", resigned=1)
    await refused(h, ALICE, f"Game #{early} ended before anyone moved: there is nothing to review.", game=early)

    finished = await resigned_game(h, [ALICE, BOB], moves=2)
    await refused(h, DAVE, f"You did not play in game #{finished}, so it has no review of your own. Ask without "
                           "`private` to see everyone's.", private=True)


async def test_a_game_in_a_channel_the_asker_cannot_view_is_no_game_of_theirs(harness):
    h = harness
    h.bot._connection.parse_channel_create(private_channel(ALICE, BOB))
    p = random_game(2, 5, stop=6)
    hidden = await store_game(h.service.storage, people("Alice", "Bob"), p.moves, snapshot=p.game.position(),
                              seed=5, channel_id=PRIVATE, end_reason="Bob (Bull) resigned", resigned=1)
    await refused(h, DAVE, f"There is no game #{hidden} in this server.", game=hidden)
    # Alice may view it: hers comes privately, since this channel may not see that one.
    calls = await ask(h, ALICE, game=hidden)
    assert response(calls).ephemeral and all(c.ephemeral or c.kind == "original_edit" for c in calls)
    assert summary_of(calls, hidden).files and await stored_count(h) == 1


async def test_a_stored_game_that_does_not_replay_is_named_by_its_move(harness):
    h = harness
    p = random_game(2, 7, stop=8)
    game_id = await store_game(h.service.storage, people("Alice", "Bob"), p.moves, snapshot=p.game.position(),
                               seed=7, end_reason="Bob (Bull) resigned", resigned=1)
    await h.service.storage.db.write(Statement("UPDATE moves SET move = ? WHERE game_id = ? AND n = ?",
                                               ("monument red J5", game_id, 4)))
    calls = await ask(h, ALICE, game=game_id)
    said = [c.content for c in calls if c.kind == "original_edit"][-1]
    assert said.startswith(f"The record of game #{game_id} does not replay at move 5 (") and said.endswith(
        "), so it cannot be reviewed."), said
    assert not any(c.files for c in calls) and await stored_count(h) == 0 and service(h).computed == 0


async def test_reviews_wait_in_the_analysis_lanes_fair_queue_not_the_computer_players(harness):
    h = harness
    game_id = await resigned_game(h, [ALICE, BOB], moves=2)
    queue = service(h).workers.queue
    computers = h.bot.controller.seats.workers
    assert service(h).workers is h.bot.controller.hints.workers and service(h).workers is not computers
    assert queue is not computers.queue
    slots, queue.slots = queue.slots, 1
    try:
        async with queue.slot("another server", "its review"):  # a review being computed elsewhere
            asking = asyncio.create_task(ask(h, CAROL))
            for _ in range(1000):
                if queue.waiting():
                    break
                await asyncio.sleep(0.01)
            assert queue.waiting() == 1 and service(h).parts == 0  # the review waits its turn
        await asking
    finally:
        queue.slots = slots
    assert service(h).computed == 1 and await ReviewsStore.of(h.service.storage).get(game_id) is not None


async def test_the_review_and_its_refusals_cross_worker_processes(harness):
    """What the jobs send and return (a stored game, review parts, pictures, a refusal in words) survives being
    pickled to and from a real worker process, as the bot's computer players' workers run them."""
    from bot.background.workers import Workers
    from bot.records.service import Records
    from bot.service.visibility import Sight, Viewer

    h = harness
    p = random_game(2, 4, stop=5)
    good = await store_game(h.service.storage, people("Alice", "Bob"), p.moves, snapshot=p.game.position(), seed=4,
                            end_reason="Bob (Bull) resigned", resigned=1)
    bad = await store_game(h.service.storage, people("Alice", "Bob"), p.moves, snapshot=p.game.position(), seed=4,
                           channel_id=CHANNEL + 1, end_reason="Bob (Bull) resigned", resigned=1)
    await h.service.storage.db.write(Statement("UPDATE moves SET move = ? WHERE game_id = ? AND n = ?",
                                               ("monument red J5", bad, 2)))
    workers = Workers(1, name="review test")
    try:
        reviews = Reviews(h.service.storage, Records(h.service.storage), workers, part_moves=2)
        viewer = Viewer(ALICE.id, CHANNEL, lambda channel_id: Sight.ALL)
        seen: list[tuple[int, int]] = []
        game = await reviews.game(GUILD_ID, CHANNEL, good, viewer=viewer)
        reviewed = await reviews.review(GUILD_ID, game, lambda done, total: seen.append((done, total)))
        assert reviewed.fresh and seen == [(2, 5), (4, 5), (5, 5)] and reviews.parts == 3
        assert reviewed.review == Review.from_json(await ReviewsStore.of(h.service.storage).get(good))
        pictures = await reviews.pictures(GUILD_ID, reviewed)
        assert pictures.chart.data.startswith(PNG)
        assert [pic.index for pic in pictures.moves] == [i for pl in reviewed.review.players for i in pl.costliest]
        game = await reviews.game(GUILD_ID, CHANNEL, bad, viewer=viewer)
        try:
            await reviews.review(GUILD_ID, game)
        except GameError as exc:
            assert str(exc).startswith(f"The record of game #{bad} does not replay at move 3 (")
        else:
            raise AssertionError("a record that does not replay was reviewed")
        assert await ReviewsStore.of(h.service.storage).get(bad) is None
    finally:
        workers.close()


async def test_a_stored_reviews_pictures_are_drawn_once_however_often_it_is_asked(harness, monkeypatch):
    from bot.records import reviews as reviews_module

    h = harness
    drawn: list[int] = []
    draw = reviews_module.pictures_job

    def counted(game, data, lang="en"):
        drawn.append(game.id)
        return draw(game, data, lang)

    monkeypatch.setattr(reviews_module, "pictures_job", counted)
    game_id = await resigned_game(h, [ALICE, BOB], moves=4)
    first = await ask(h, CAROL)
    again = await ask(h, ALICE, game=game_id)
    assert drawn == [game_id], "drawn for the first ask only"
    charts = [summary_of(calls, game_id).files for calls in (first, again)]
    assert charts[0] and charts[0] == charts[1], "the same chart both times"
    assert service(h).computed == 1


async def test_a_second_review_while_the_first_is_worked_out_is_refused_in_words_and_changes_nothing(harness):
    from bot.service.allowance import BUSY

    h = harness
    game_id = await resigned_game(h, [ALICE, BOB], moves=2)
    queue = service(h).workers.queue
    slots, queue.slots = queue.slots, 1
    try:
        async with queue.slot("another server", "its hint"):  # the analysis lane busy: the first review waits
            first = asyncio.create_task(ask(h, CAROL))
            for _ in range(1000):
                if queue.waiting():
                    break
                await asyncio.sleep(0.01)
            assert queue.waiting() == 1
            second = await ask(h, CAROL, game=game_id)
            assert [c.content for c in second] == [BUSY] and second[0].ephemeral
            assert queue.waiting() == 1 and service(h).parts == 0, "the refused review queued nothing"
        await first
    finally:
        queue.slots = slots
    assert service(h).computed == 1 and await stored_count(h) == 1


def test_review_lines_print_the_decimal_comma_and_a_decided_games_margins():
    """German and French lines write −1,8; a reason's chances read as the language writes a percent; once the game
    is decided a best move is told by its final margin, not by '100% to win' again and again."""
    from bot.discord_front.records import review_texts
    from bot.language.locales import load
    from engine.ai.phrases import N_, phrase
    from engine.ai.review import MoveReview, PlayerReview

    words = (phrase(N_("{best} leaves you better placed than {played}: a {chance_best} chance to win against "
                       "{chance_played} after the rivals' replies."), best="tile red F7", played="pass",
                    chance_best="47%", chance_played="44%"),)
    slip = MoveReview(1, 0, "pass", "tile red F7", 0.44, 0.47, "inaccuracy", "English reason", words, -5.3, -3.55)
    late = MoveReview(8, 0, "tile blue E3", "tile blue E3", 0.0, 0.0, None, "", (), -41.25, -41.25)
    early = MoveReview(3, 0, "tile red A1", "tile red A1", 0.46, 0.46, None, "", (), -1.0, -1.0)
    curve = tuple((0.5, 0.5) if i < 5 else (0.01, 0.99) for i in range(11))
    players = (PlayerReview(0, 46.0, 1, 0, 0, (1,)), PlayerReview(1, 90.0, 0, 0, 0, ()))
    rv = Review(players, (slip, early, late), curve)
    de = load().for_tag("de")
    # A message's prose has its no-break spaces made plain: either reads '47 %'.
    own = "\n".join(review_texts.review_own(rv, 0, t=de)).replace("\u00a0", " ")
    assert "Ungenauigkeit, −1,8 Punkte" in own and "47 % Siegchance statt 44 %" in own
    assert "4. `tile red A1` — am besten (46 % Siegchance)" in own
    assert "9. `tile blue E3` — am besten (erwarteter Endvorsprung −41,2 Punkte)" in own
    assert "−1,8 Punkte Endvorsprung" in review_texts.review_costliest(rv, 0, ["Anna", "Bert"], t=de)
    fr = "\n".join(review_texts.review_own(rv, 0, t=load().for_tag("fr")))
    assert "−1,8 points" in fr and "(écart final attendu −41,2 points)" in fr
    en = "\n".join(review_texts.review_own(rv, 0))
    assert "9. `tile blue E3` — best (expected final margin −41.2 points)" in en and "100% to win" not in en
