"""Pings (issue 33): a message buzzes only a person who must now act, who is present (not a computer, not a seat
the stand-in plays), and who was not already buzzed for this same turn or decision. Whole games through the
command tree count every ping; focused tests pin each case the issue names."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from bot.service.tables import replay
from bot.storage.outbox import OutboxStore
from engine import DYNASTIES
from tests.bot_harness import ALICE, BOB, CAROL, CHANNEL, Harness, User, announced, open_game, response


def pinged(call) -> list[int]:
    """Who Discord notifies for a new message: the content's user mentions that allowed_mentions lets through."""
    written = [int(u) for u in re.findall(r"<@!?(\d+)>", call.content)]
    allowed = call.data.get("allowed_mentions")
    assert allowed is not None, call.content
    assert not {"everyone", "roles"} & set(allowed.get("parse") or []), allowed
    if "users" in (allowed.get("parse") or []):
        return written
    return [u for u in written if str(u) in {str(a) for a in allowed.get("users") or []}]


def last_line(call) -> str:
    return call.content.rstrip().splitlines()[-1]


async def computer_game(h: Harness) -> int:
    """Alice against an easy computer; Alice plays first."""
    await h.command(ALICE, CHANNEL, "new", seats=2)
    await h.command(ALICE, CHANNEL, "addbot", level="easy")
    await h.command(ALICE, CHANNEL, "start")
    return (await h.service.channel_table(CHANNEL)).id


# --- each bullet of the issue -------------------------------------------------------------------------------------


async def test_the_reply_to_a_players_first_action_does_not_ping_them_again(harness):
    game_id = await open_game(harness, [ALICE, BOB])
    table = await harness.service.load(game_id)
    mover = [ALICE, BOB][table.game.to_move]
    tile = next(m for m in table.game.legal_moves() if m.startswith("tile"))
    calls = await harness.command(mover, CHANNEL, "move", action=tile)
    reply = response(calls)
    assert not reply.ephemeral and pinged(reply) == [], reply.content
    assert f"<@{mover.id}>" not in reply.content
    assert last_line(reply).startswith(f"**{mover.name} (") and "1 action left" in last_line(reply)
    # Passing ends the turn: the other player is buzzed, once.
    other = BOB if mover == ALICE else ALICE
    reply = response(await harness.command(mover, CHANNEL, "move", action="pass"))
    assert pinged(reply) == [other.id] and last_line(reply).startswith(f"<@{other.id}>")


async def test_the_stand_in_never_pings_the_away_person_and_back_pings_nobody(harness):
    users = [ALICE, BOB]
    game_id = await open_game(harness, users, clock="24h")
    first = (await harness.service.load(game_id)).game.to_move
    person, away = users[first], users[1 - first]
    calls = await harness.command(away, CHANNEL, "away")
    assert pinged(response(calls)) == [], "the person to act was buzzed for this turn already"
    calls = await harness.command(person, CHANNEL, "move", action="pass")  # a pass ends the turn
    await harness.bot.controller.idle()
    posts = announced(calls)
    stand_in = [c for c in posts if "The stand-in played it for them." in c.content]
    assert len(stand_in) >= 2, [c.content for c in posts]
    assert all(away.id not in pinged(c) for c in posts), "the away person is never buzzed"
    assert pinged(response(calls)) == [], "the turn passed to the stand-in: nobody to buzz"
    assert "The stand-in is thinking for" in last_line(response(calls))
    assert pinged(stand_in[-1]) == [person.id], "the stand-in's last move hands the turn back: buzzed once"
    assert all(pinged(c) == [] for c in stand_in[:-1])
    calls = await harness.command(away, CHANNEL, "back")
    back = response(calls)
    assert "is back" in back.content and pinged(back) == [] and "<@" not in back.content
    assert (await harness.service.load(game_id)).game.to_move == first


async def test_a_computer_is_thinking_not_told_to_use_the_move_command(fake, tmp_path):
    h = await Harness(fake, str(tmp_path / "tne.sqlite3"), seed=3).start()
    try:
        game_id = await computer_game(h)
        computer = next(p.seat for p in (await h.service.load(game_id)).players if p.is_bot)
        table = await h.service.load(game_id)
        if table.game.to_move != computer:
            tile = next(m for m in table.game.legal_moves() if m.startswith("tile"))
            await h.command(ALICE, CHANNEL, "move", action=tile)
            await h.command(ALICE, CHANNEL, "move", action="pass")
        await h.bot.controller.idle()
        posts = announced(fake.calls)
        label = (await h.service.load(game_id)).label(computer)
        talking = [c for c in posts if label in last_line(c)]
        assert talking, [c.content for c in posts]
        for c in talking:
            assert last_line(c) == f"{label} is thinking…", c.content
            assert "/tne move" not in last_line(c) and pinged(c) == []
    finally:
        await h.close()


def conflict_then_turn_goes_on(seed: int, kind: str) -> list[str]:
    """Moves from a 2-player deal to a `kind` decision on the attacker's first action, where both sides committing
    nothing leaves the attacker's turn going on with nothing more to decide."""
    from engine import Game

    for k in range(400):
        game, rng, moves = Game.new(players=2, seed=seed), random.Random(k), []
        while not game.over and len(moves) < 200:
            p = game.pending
            if p and p["kind"] == kind and p.get("attacker_commit") is None:
                trial = game.copy()
                trial.play("commit 0")
                events = trial.play("commit 0")
                if (not trial.pending and trial.to_move == p["attacker"]
                        and not any(e.get("type") == "turn" for e in events)):
                    return moves
                break
            move = rng.choice(game.legal_moves())
            game.play(move)
            moves.append(move)
    raise AssertionError(f"no {kind} found")


@pytest.mark.parametrize("kind", ["revolt", "war"])
async def test_a_conflict_pings_each_side_once_and_not_the_attacker_again(harness, kind):
    """The attacker's own move starts the conflict: the reply to it names them and pings nobody (issue 37: a reply
    never pings the person it answers); the defender is buzzed once when asked; then the attacker's turn goes on,
    which they know of: no buzz."""
    from tests.bot_harness import play_moves

    users = [ALICE, BOB]
    game_id = await open_game(harness, users)
    table = await harness.service.load(game_id)
    moves = conflict_then_turn_goes_on(table.row.seed, kind)
    await play_moves(harness, users, game_id, moves[:-1])
    table = await harness.service.load(game_id)
    calls = await harness.command(users[table.game.to_move], CHANNEL, "move", action=moves[-1])
    pending = (await harness.service.load(game_id)).game.pending
    attacker, defender = users[pending["attacker"]], users[pending["defender"]]
    assert attacker is users[table.game.to_move], "the mover attacks"
    reply = response(calls)
    assert pinged(reply) == [] and "<@" not in reply.content, reply.content
    assert last_line(reply).startswith(f"**{attacker.name} (") and "is attacking" in last_line(reply)
    calls = await harness.command(attacker, CHANNEL, "move", action="commit 0")
    assert pinged(response(calls)) == [defender.id]
    calls = await harness.command(defender, CHANNEL, "move", action="commit 0")
    table = await harness.service.load(game_id)
    assert table.game.to_move == pending["attacker"] and not table.game.pending
    post = response(calls)
    assert pinged(post) == [] and "<@" not in post.content, post.content
    assert last_line(post).startswith(f"**{attacker.name} (") and "1 action left" in last_line(post)


# --- whole games: count every buzz ----------------------------------------------------------------------------------


def occasion(game, turn_no: int, decision_no: int) -> tuple:
    """What a buzz is for: a turn of a seat, or one decision asked of a seat."""
    p = game.pending
    return (turn_no, game.to_move, p["kind"], decision_no) if p else (turn_no, game.to_move, "turn")


async def check_pings(h: Harness, game_id: int, people: dict[int, User]) -> Counter:
    """Every announcement of the game, in order, against the game state it leaves: each ping goes to the person
    who must act then, who is present (their next move is their own), and no occasion is buzzed twice; every
    occasion a present person acted on was buzzed once. Returns the kinds of decisions seen."""
    table = await h.service.load(game_id)
    moves = await h.service.storage.moves(game_id)
    # Worded as the bot words them when it delivers them.
    stored = [await h.bot.app.interactions.announcer.worded(a)
              for a in await OutboxStore(h.service.storage.db).of_game(game_id)]
    game = replay(table.row, [])
    played = 0
    turn_no = decision_no = 0
    previous: tuple | None = None
    buzzed: Counter = Counter()
    acted: set[tuple] = set()
    told: set[tuple] = set()
    kinds: Counter = Counter()
    for a in stored:
        if a.kind == "move":
            move = moves[played]
            events = game.play(move.move, seat=move.seat)
            played += 1
            turn_no += any(e.get("type") == "turn" for e in events)
        if game.over:
            assert a.pings == [], a.content
            continue
        key = occasion(game, turn_no, decision_no)
        if game.pending and (previous is None or key[1:3] != previous[1:3]):
            decision_no += 1
            key = occasion(game, turn_no, decision_no)
            kinds[game.pending["kind"]] += 1
        previous = key
        nxt = moves[played] if played < len(moves) else None
        # The person whose own action this announcement answers is never buzzed by it (issue 37).
        actor = moves[played - 1].user_id if a.kind == "move" else table.row.host_id if a.kind == "start" else None
        if actor is not None and people.get(game.to_move) is not None and people[game.to_move].id == actor:
            assert actor not in a.pings, a.content
            told.add(key)  # they know: they just acted
        for uid in a.pings:
            assert people.get(game.to_move) is not None and uid == people[game.to_move].id, (a.kind, a.content)
            assert nxt is not None and nxt.seat == game.to_move and nxt.user_id == uid, \
                f"buzzed but the stand-in or nobody acted: {a.content}"
            buzzed[key] += 1
        if a.kind in ("start", "move") and nxt is not None and nxt.user_id is not None:
            acted.add(key)
    assert played == len(moves)
    twice = {k: n for k, n in buzzed.items() if n > 1}
    assert not twice, f"buzzed twice for one turn or decision: {twice}"
    # Acting on an occasion, a present person was buzzed for it, unless their own action raised it.
    forgotten = sorted(k for k in acted if k not in buzzed and k not in told)
    assert not forgotten, f"a person acted without being told: {forgotten}"
    # What Discord delivered buzzes exactly the people the stored announcements name.
    delivered = Counter(u for c in announced(h.fake.calls) for u in pinged(c))
    assert delivered == Counter(u for a in stored for u in a.pings)
    return kinds


async def play_out(h: Harness, game_id: int, people: dict[int, User], rng: random.Random, *,
                   wanderer: User | None = None) -> None:
    """Play to the end through /tne move (decisions too); `wanderer` goes away and comes back now and then,
    always while another seat is to act."""
    for step in range(3000):
        await h.bot.controller.idle()
        table = await h.service.load(game_id)
        game = table.game
        if table.row.status != "active":
            return
        seat = game.to_move
        if wanderer is not None and people.get(seat) is not wanderer and step % 10 == 9:
            mine = table.seat_of(wanderer.id)
            sub = "back" if table.player(mine).away else "away"
            calls = await h.command(wanderer, CHANNEL, sub)
            assert not response(calls).ephemeral, response(calls).content
            continue
        user = people.get(seat)
        assert user is not None, "a computer or the stand-in never waits"
        calls = await h.command(user, CHANNEL, "move", action=rng.choice(game.legal_moves()))
        assert not response(calls).ephemeral, response(calls).content
    raise AssertionError("the game did not end")


@pytest.mark.fuzz
@pytest.mark.parametrize("seed", [4, 8])
async def test_whole_games_buzz_only_who_must_act_once(fake, database, seed):
    """Two people, one of whom wanders off and back (the stand-in plays meanwhile), and an easy computer."""
    h = await Harness(fake, database, seed=seed).start()
    try:
        await h.command(ALICE, CHANNEL, "new", seats=3, clock="24h")
        await h.command(BOB, CHANNEL, "join")
        await h.command(ALICE, CHANNEL, "addbot", level="easy")
        await h.command(ALICE, CHANNEL, "start")
        table = await h.service.channel_table(CHANNEL)
        people = {p.seat: u for p in table.players for u in (ALICE, BOB) if not p.is_bot and p.user_id == u.id}
        await play_out(h, table.id, people, random.Random(seed), wanderer=BOB)
        kinds = await check_pings(h, table.id, people)
        moves = await h.service.storage.moves(table.id)
        assert any(m.user_id is None and m.seat == table.seat_of(BOB.id) for m in moves), "the stand-in played"
        assert kinds["war"] + kinds["revolt"] >= 1, kinds
    finally:
        await h.close()


@pytest.mark.fuzz
async def test_a_whole_game_of_three_people_buzzes_each_turn_once(fake, database):
    h = await Harness(fake, database, seed=9).start()
    try:
        users = [ALICE, BOB, CAROL]
        game_id = await open_game(h, users)
        await play_out(h, game_id, dict(enumerate(users)), random.Random(9))
        kinds = await check_pings(h, game_id, dict(enumerate(users)))
        assert kinds["monument"] + kinds["treasure"] >= 1, kinds
    finally:
        await h.close()


async def test_a_resigned_seat_is_not_said_to_be_thinking(harness, fake):
    h = harness
    game_id = await open_game(h, [ALICE, BOB, CAROL])
    table = await h.service.load(game_id)
    users = [ALICE, BOB, CAROL]
    mover = users[table.game.to_move]
    after = users[(table.game.to_move + 1) % 3]
    await h.command(after, CHANNEL, "resign")  # resigns while someone else is to move: the seat passes later
    start = len(fake.calls)
    await h.command(mover, CHANNEL, "move", action="pass")
    await h.bot.controller.idle()
    texts = [c.content for c in fake.calls[start:] if c.content]
    label = f"{after.name} ({DYNASTIES[users.index(after)].capitalize()})"
    assert any(f"{label} has resigned: their seat passes." in t for t in texts), texts
    assert not any(f"{label} is thinking" in t for t in texts), texts


@pytest.mark.parametrize("first", [0, 1], ids=["host-first", "guest-first"])
async def test_the_opening_never_pings_the_host_who_pressed_start(fake, tmp_path, first):
    """Issue 37: the opening answers the host's Start; drawn to play first, they are named, not buzzed; the other
    player drawn first is buzzed as before."""
    from tests.bot_harness import seed_where_first

    h = await Harness(fake, str(tmp_path / "tne.sqlite3"), seed=seed_where_first(first)).start()
    try:
        await open_game(h, [ALICE, BOB])
        await h.bot.controller.idle()
        (opening,) = [c for c in announced(fake.calls) if "**The game begins!**" in c.content]
        if first == 0:
            assert pinged(opening) == [] and "<@" not in opening.content, opening.content
            assert last_line(opening).startswith("**Alice (")
        else:
            assert pinged(opening) == [BOB.id] and last_line(opening).startswith(f"<@{BOB.id}>")
    finally:
        await h.close()
