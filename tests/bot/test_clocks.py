"""Turn clocks without Discord (bot/background/clocks.py and the service): injected time, both back ends, no
sleeping."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.background import clocks
from bot.background.clocks import ClockEvent, ClockKeeper
from bot.background.seats import Backoff, ComputerSeats, computer_turn
from bot.language import clock_texts
from bot.service.game_service import GameError, GameService, Played
from bot.storage import Storage
from bot.storage.rows import ClockRow, PlayerRow
from engine import Game
from tests.bot_harness import seed_where_first
from tests.clock_helpers import HOUR, FakeTime

# The database matters here, so these run on SQLite and on PostgreSQL.
pytestmark = pytest.mark.both_databases

ALICE, BOB, CAROL = 1001, 1002, 1003
QUICK = Backoff(first=0.001, most=0.01)


class Events:
    """The keeper's callback: records every event it is handed."""

    def __init__(self) -> None:
        self.seen: list[ClockEvent] = []

    async def __call__(self, event: ClockEvent) -> None:
        self.seen.append(event)

    def take(self) -> list[tuple[str, int]]:
        out = [(e.kind, e.user_id) for e in self.seen]
        self.seen.clear()
        return out


class Posts:
    def __init__(self) -> None:
        self.posted: list[Played] = []

    async def __call__(self, played: Played) -> None:
        self.posted.append(played)


# --- the pure clock ------------------------------------------------------------------------------------------

PERSON = PlayerRow(0, ALICE, "Alice")


def test_a_turn_reminds_at_half_and_at_a_tenth_then_expires_each_once():
    clock = clocks.begin(ClockRow(clock="1h"), 0, 1000.0, player=PERSON)
    assert (clock.deadline, clock.due, clock.stage) == (1000.0 + HOUR, 1000.0 + HOUR / 2, clocks.FRESH)
    assert clocks.step(clock, 1000.0 + HOUR / 2 - 1)[0] is None
    event, clock = clocks.step(clock, 1000.0 + HOUR / 2)
    assert event == clocks.REMIND_HALF and clock.due == pytest.approx(1000.0 + 0.9 * HOUR)
    assert clocks.step(clock, 1000.0 + 0.8 * HOUR)[0] is None, "the half reminder comes once"
    event, clock = clocks.step(clock, 1000.0 + 0.9 * HOUR)
    assert event == clocks.REMIND_TENTH and clock.due == 1000.0 + HOUR
    event, clock = clocks.step(clock, 1000.0 + HOUR)
    assert event == clocks.TIMED_OUT and clock.standin and clock.due is None
    assert clocks.step(clock, 1000.0 + 5 * HOUR)[0] is None


def test_a_deadline_long_past_gives_the_expiry_only():
    clock = clocks.begin(ClockRow(clock="2m"), 0, 0.0, player=PERSON)
    event, clock = clocks.step(clock, 10_000.0)
    assert event == clocks.TIMED_OUT and clock.stage == clocks.EXPIRED
    clock = clocks.begin(ClockRow(clock="2m", on_timeout=clocks.WAIT), 0, 0.0, player=PERSON)
    event, clock = clocks.step(clock, 10_000.0)
    assert event == clocks.OVERDUE and not clock.standin, "on_timeout wait only reminds"


def test_no_clock_a_computer_seat_and_an_away_person():
    assert clocks.begin(ClockRow(clock="none"), 0, 5.0, player=PERSON).due is None
    bot = PlayerRow(1, 0, "Easy computer", "easy")
    assert clocks.begin(ClockRow(clock="1h"), 1, 5.0, player=bot).deadline is None
    away = clocks.begin(ClockRow(clock="1h"), 0, 5.0, player=PlayerRow(0, ALICE, "Alice", away=True))
    assert away.standin and away.due is None
    pending = clocks.begin(ClockRow(clock="1h", next="5m"), 0, 5.0, player=PERSON)
    assert (pending.clock, pending.next, pending.deadline) == ("5m", None, 305.0), "the host's change, next turn"


def test_durations_in_words_and_the_test_clock_file(tmp_path):
    assert [clock_texts.span(s) for s in (40, 720, 5 * 3600 + 1200, 2 * 86400 + 3 * 3600)] == [
        "40 seconds", "12 minutes", "5 hours 20 minutes", "2 days 3 hours"]
    offset = tmp_path / "offset"
    now = clocks.time_source({clocks.TEST_CLOCK_FILE: str(offset)})
    base = now()
    offset.write_text("7200")
    assert now() - base == pytest.approx(7200, abs=5)
    offset.write_text("not a number")
    assert now() - base == pytest.approx(0, abs=5), "an unreadable file counts as no offset"


# --- the service with stored clocks, on both back ends --------------------------------------------------------


@pytest.fixture
def now():
    return FakeTime()


@pytest.fixture
async def storage(database):
    store = await Storage.open(database)
    yield store
    await store.close()


async def people_game(service: GameService, *, people=(ALICE, BOB, CAROL), clock="1h", on_timeout="standin",
                      bots: tuple[str, ...] = ()) -> int:
    table = await service.new_game(guild_id=1, channel_id=7, user_id=people[0], name="Alice",
                                   seats=len(people) + len(bots), clock=clock, on_timeout=on_timeout)
    for uid in people[1:]:
        await service.join(table.id, uid, f"P{uid}")
    for level in bots:
        await service.add_bot(table.id, people[0], level)
    await service.start(table.id, people[0])
    return table.id


async def one_action(service: GameService, game_id: int, user_id: int) -> Played:
    """The first legal action that is not a pass (so the turn goes on)."""
    table = await service.load(game_id)
    move = next(m for m in table.game.legal_moves() if m != "pass")
    return await service.play(game_id, move, user_id=user_id)


def make(storage, now, first: int = 0, players: int = 3) -> GameService:
    return GameService(storage, seed_source=lambda: seed_where_first(first, players), now=now)


async def test_reminders_at_half_and_a_tenth_once_each_for_the_player_to_act(storage, now):
    service = make(storage, now)
    game_id = await people_game(service)
    events = Events()
    keeper = ClockKeeper(service, events, owner="p1")
    await keeper.run_once()
    now.advance(HOUR / 2 - 1)
    await keeper.run_once()
    assert events.take() == []
    now.advance(1)
    await keeper.run_once()
    await keeper.run_once()
    assert events.take() == [(clocks.REMIND_HALF, ALICE)], "once, and only the player to act"
    now.advance(0.4 * HOUR)
    await keeper.run_once()
    await keeper.run_once()
    assert events.take() == [(clocks.REMIND_TENTH, ALICE)]
    table = await service.load(game_id)
    assert table.row.clock.stage == clocks.TENTH and table.row.clock.deadline == pytest.approx(now() + 0.1 * HOUR)
    # A move hands the turn on: a fresh clock for the next person, nothing owed to Alice any more.
    await service.play(game_id, "pass", user_id=ALICE)
    table = await service.load(game_id)
    assert (table.row.clock.seat, table.row.clock.stage, table.row.clock.since) == (1, clocks.FRESH, now())
    now.advance(HOUR / 2)
    await keeper.run_once()
    assert events.take() == [(clocks.REMIND_HALF, BOB)]


async def test_expiry_mid_turn_the_stand_in_plays_the_rest_of_it_and_the_next_person_gets_a_fresh_clock(
        storage, now):
    service = make(storage, now)
    game_id = await people_game(service)
    events, posts = Events(), Posts()
    keeper = ClockKeeper(service, events, owner="p1")
    seats = ComputerSeats(service, posts, delay=0, backoff=QUICK)
    await one_action(service, game_id, ALICE)  # one action of two; then Alice wanders off
    now.advance(HOUR)
    await keeper.run_once()
    assert events.take() == [(clocks.TIMED_OUT, ALICE)]
    table = await service.load(game_id)
    turn = computer_turn(table)
    assert turn is not None and (turn.seat, turn.level) == (0, clocks.STANDIN_LEVEL)
    seats.kick(game_id)
    await seats.idle()
    assert [(p.seat, p.standin) for p in posts.posted] == [(0, True)], "the rest of the turn: one action"
    table = await service.load(game_id)
    assert table.moves[-1].user_id is None and table.player(0).standins == 1 and not table.player(0).away
    assert table.row.clock.seat == 1 and not table.row.clock.standin and table.row.clock.deadline == now() + HOUR
    assert computer_turn(table) is None, "Bob's turn is Bob's"
    await seats.stop()


def conflict_moves(players: int, seed: int, kind: str) -> list[str]:
    """Random moves from Game.new(players, seed) until a `kind` decision awaits a seat other than... any seat."""
    for k in range(400):
        game, rng, moves = Game.new(players=players, seed=seed), random.Random(k), []
        while not game.over and len(moves) < 300:
            pending = game.pending
            if pending and pending["kind"] == kind and (kind != "revolt" or pending.get("attacker_commit") is not None):
                return moves
            move = rng.choice(game.legal_moves())
            game.play(move)
            moves.append(move)
    raise AssertionError(f"no {kind} found")


@pytest.mark.parametrize("kind", ["revolt", "war_order"])
async def test_expiry_of_a_decision_the_stand_in_answers_it_and_hands_back(storage, now, kind):
    seed = seed_where_first(0, 3)
    service = GameService(storage, seed_source=lambda: seed, now=now)
    game_id = await people_game(service)
    users = (ALICE, BOB, CAROL)
    for move in conflict_moves(3, seed, kind):
        table = await service.load(game_id)
        await service.play(game_id, move, user_id=users[table.game.to_move])
    table = await service.load(game_id)
    waiting = table.game.to_move
    assert table.game.pending["kind"] == kind
    events, posts = Events(), Posts()
    keeper = ClockKeeper(service, events, owner="p1")
    seats = ComputerSeats(service, posts, delay=0, backoff=QUICK)
    now.advance(HOUR)
    await keeper.run_once()
    assert events.take() == [(clocks.TIMED_OUT, users[waiting])]
    seats.kick(game_id)
    await seats.idle()
    assert posts.posted and all(p.seat == waiting and p.standin for p in posts.posted)
    table = await service.load(game_id)
    if kind == "revolt":
        assert len(posts.posted) == 1 and posts.posted[0].move.startswith("commit"), "only the commitment"
    else:
        assert posts.posted[0].move.startswith("war "), "the war order, then the rest of that turn"
    assert computer_turn(table) is None, "whatever comes next is a person's again, on a fresh clock"
    assert table.row.clock.deadline == now() + HOUR and not table.row.clock.standin
    await seats.stop()


async def test_the_person_acting_at_the_last_moment_beats_the_stand_in(storage, now):
    service = make(storage, now)
    game_id = await people_game(service)
    events = Events()
    keeper = ClockKeeper(service, events, owner="p1")
    now.advance(HOUR)
    await keeper.run_once()
    assert events.take() == [(clocks.TIMED_OUT, ALICE)]
    turn = computer_turn(await service.load(game_id))
    assert turn is not None, "the stand-in has the seat and is thinking"
    played = await one_action(service, game_id, ALICE)  # Alice is back just in time
    assert not played.standin and played.table.game.to_move == 0
    with pytest.raises(GameError, match="out of date"):
        await service.play(game_id, "pass", seat=0, rev=turn.rev)
    with pytest.raises(GameError, match="taken it back"):
        await service.play(game_id, "pass", seat=0)
    table = await service.load(game_id)
    assert computer_turn(table) is None and table.player(0).standins == 0
    assert len(table.moves) == 1 and table.moves[0].user_id == ALICE
    assert table.row.clock.deadline == now() + HOUR, "the rest of her turn on a fresh clock"
    now.advance(HOUR / 2)
    await keeper.run_once()
    assert events.take() == [(clocks.REMIND_HALF, ALICE)], "walking off again cannot stall the table"


async def test_two_stand_in_turns_in_a_row_mark_the_seat_away_until_back(storage, now):
    service = make(storage, now, players=2)
    game_id = await people_game(service, people=(ALICE, BOB))
    events, posts = Events(), Posts()
    keeper = ClockKeeper(service, events, owner="p1")
    seats = ComputerSeats(service, posts, delay=0, backoff=QUICK)

    async def bob_plays_his_turn():
        table = await service.load(game_id)
        while not table.game.over and table.game.to_move == 1:
            await service.play(game_id, table.game.legal_moves()[0] if table.game.pending else "pass", user_id=BOB)
            table = await service.load(game_id)

    for expected_away in (False, True):
        now.advance(HOUR)
        await keeper.run_once()
        seen = events.seen[:]
        events.take()
        assert [(e.kind, e.user_id, e.marked_away) for e in seen] == [(clocks.TIMED_OUT, ALICE, expected_away)]
        seats.kick(game_id)
        await seats.idle()
        await bob_plays_his_turn()
    table = await service.load(game_id)
    assert table.player(0).away and table.row.clock.seat == 0 and table.row.clock.standin
    assert table.row.clock.due is None, "away: the stand-in plays at once, no clock"
    seats.kick(game_id)
    await seats.idle()
    assert (await service.load(game_id)).game.to_move == 1, "played at once, without waiting for the clock"
    await bob_plays_his_turn()
    back = (await service.set_away(game_id, ALICE, False)).table
    assert not back.player(0).away and back.row.clock.seat == 0 and not back.row.clock.standin
    assert back.row.clock.deadline == now() + HOUR, "back in her own turn: a fresh clock"
    assert computer_turn(back) is None
    with pytest.raises(GameError, match="not marked away"):
        await service.set_away(game_id, ALICE, False)
    await seats.stop()


async def test_away_plays_at_once_and_a_move_ends_it(storage, now):
    service = make(storage, now, players=2)
    game_id = await people_game(service, people=(ALICE, BOB))
    before = (await service.load(game_id)).row.rev
    table = (await service.set_away(game_id, BOB, True)).table
    assert table.player(1).away and table.row.rev == before + 1 and computer_turn(table) is None
    with pytest.raises(GameError, match="already marked away"):
        await service.set_away(game_id, BOB, True)
    with pytest.raises(GameError, match="not playing"):
        await service.set_away(game_id, 4242, True)
    await service.play(game_id, "pass", user_id=ALICE)
    table = await service.load(game_id)
    assert computer_turn(table).level == clocks.STANDIN_LEVEL and table.row.clock.standin
    await service.play(game_id, "pass", user_id=BOB)  # Bob acts himself: that ends his away mark
    table = await service.load(game_id)
    assert not table.player(1).away and computer_turn(table) is None
    assert not (await storage.get_game(game_id)).players[1].away, "stored, not only in memory"


async def test_a_restart_with_a_deadline_in_the_past_fires_once(database, now):
    storage = await Storage.open(database)
    service = make(storage, now)
    game_id = await people_game(service)
    await service.play(game_id, "pass", user_id=ALICE)
    deadline = (await service.load(game_id)).row.clock.deadline
    await storage.close()
    now.advance(3 * 24 * HOUR)  # the bot was down for three days
    storage = await Storage.open(database)
    try:
        service = make(storage, now)
        assert (await service.load(game_id)).row.clock.deadline == deadline, "the deadline survived the restart"
        events = Events()
        await ClockKeeper(service, events, owner="p2").run_once()
        await ClockKeeper(service, events, owner="p3").run_once()
        assert events.take() == [(clocks.TIMED_OUT, BOB)], "handled once, not as three stale moments"
    finally:
        await storage.close()


async def test_a_claimed_clock_is_worked_by_one_process_and_taken_over_when_its_claim_lapses(storage, now):
    service = make(storage, now)
    game_id = await people_game(service)
    now.advance(HOUR / 2)
    first = await storage.clocks.claim_due("dead", now(), now() + 15, 10)
    assert first == [game_id]
    assert await storage.clocks.claim_due("alive", now(), now() + 15, 10) == [], "held: nobody else takes it"
    events = Events()
    keeper = ClockKeeper(service, events, owner="alive", lease=15)
    await keeper.run_once()
    assert events.take() == []
    now.advance(16)  # the holder died without handing it back: its claim lapses
    await keeper.run_once()
    assert events.take() == [(clocks.REMIND_HALF, ALICE)]
    assert (await storage.clocks.state(game_id))[2].stage == clocks.HALF


async def test_wait_only_reminds_and_settings_change_the_clock_from_the_next_turn(storage, now):
    service = make(storage, now, players=2)
    game_id = await people_game(service, people=(ALICE, BOB), clock="15m", on_timeout="wait")
    with pytest.raises(GameError, match="Only the host"):
        await service.set_clock_choice(game_id, BOB, "1h")
    with pytest.raises(GameError, match="clock is one of"):
        await service.set_clock_choice(game_id, ALICE, "3d")
    table = await service.set_clock_choice(game_id, ALICE, "1h")
    assert (table.row.clock.clock, table.row.clock.next) == ("15m", "1h")
    assert table.row.clock.deadline == now() + 900, "this turn keeps its clock"
    events = Events()
    now.advance(900)
    await ClockKeeper(service, events, owner="p1").run_once()
    assert events.take() == [(clocks.OVERDUE, ALICE)]
    assert computer_turn(await service.load(game_id)) is None, "wait: nobody plays for her"
    await service.play(game_id, "pass", user_id=ALICE)
    table = await service.load(game_id)
    assert (table.row.clock.clock, table.row.clock.next, table.row.clock.deadline) == ("1h", None, now() + HOUR)


async def test_bad_choices_are_refused_and_change_nothing(storage, now):
    service = make(storage, now)
    with pytest.raises(GameError, match="clock is one of"):
        await service.new_game(guild_id=1, channel_id=7, user_id=ALICE, name="A", clock="1y")
    with pytest.raises(GameError, match="stand-in plays"):
        await service.new_game(guild_id=1, channel_id=7, user_id=ALICE, name="A", on_timeout="skip")
    with pytest.raises(GameError, match="Notify is one of"):
        await service.set_notify(ALICE, "pigeon")
    assert await storage.live_game_id(7) is None
    assert await storage.clocks.notify(ALICE) == "channel"
    await service.set_notify(ALICE, "dm")
    await service.set_notify(ALICE, "dm")
    assert await storage.clocks.notify(ALICE) == "dm"


async def test_a_person_answering_while_away_owns_the_turn_that_follows(storage, now):
    seed = seed_where_first(0, 3)
    service = GameService(storage, seed_source=lambda: seed, now=now)
    game_id = await people_game(service)
    users = (ALICE, BOB, CAROL)
    for move in conflict_moves(3, seed, "revolt"):
        table = await service.load(game_id)
        await service.play(game_id, move, user_id=users[table.game.to_move])
    table = await service.load(game_id)
    assert table.game.to_move == 0 and table.game.pending["defender"] == 0
    table = (await service.set_away(game_id, ALICE, True)).table
    assert computer_turn(table) is not None, "away: the stand-in would answer for her"
    commit = next(m for m in table.game.legal_moves() if m.startswith("commit"))
    await service.play(game_id, commit, user_id=ALICE)  # she answers herself after all
    table = await service.load(game_id)
    assert table.game.to_move == 0 and table.game.pending is None, "her own turn follows the revolt"
    assert not table.player(0).away and computer_turn(table) is None
    assert table.row.clock.deadline == now() + HOUR and not table.row.clock.standin


async def test_a_hanging_announcement_does_not_stop_the_other_clocks(storage, now, caplog):
    service = make(storage, now, players=2)
    first = await people_game(service, people=(ALICE, BOB))
    second_table = await service.new_game(guild_id=1, channel_id=8, user_id=CAROL, name="Carol", seats=2)
    await service.join(second_table.id, 1004, "Dave")
    await service.start(second_table.id, CAROL)
    handed: list[int] = []

    async def hangs_on_the_first(event: ClockEvent) -> None:
        handed.append(event.game_id)
        if event.game_id == first:
            await asyncio.Event().wait()

    now.advance(24 * HOUR / 2)
    events = await ClockKeeper(service, hangs_on_the_first, owner="p1", event_timeout=0.05).run_once()
    assert sorted(e.game_id for e in events) == sorted(handed) == sorted([first, second_table.id])
    assert f"of game {first} failed" in caplog.text


@pytest.mark.parametrize(("mode", "kinds"), [
    ("channel", ["reminder", "reminder", "stand-in"]),
    ("dm", ["reminder-dm", "reminder-dm", "stand-in"]),
    ("off", ["stand-in"]),
])
async def test_what_a_clock_says_is_stored_with_its_step_as_the_person_chose(storage, now, mode, kinds):
    from bot.discord_front.announcer import Announcer
    from bot.storage.outbox import OutboxStore

    service = make(storage, now)
    service.announcing = True
    told = []
    service.publisher.subscribe(lambda event: told.append(event) if event.announcement is not None else None)
    game_id = await people_game(service)
    await service.set_notify(ALICE, mode)
    told.clear()
    keeper = ClockKeeper(service, Events(), owner="p1")
    before = len(await OutboxStore(storage.db).of_game(game_id))
    for moment in (HOUR / 2, 0.4 * HOUR, 0.1 * HOUR):
        now.advance(moment)
        await keeper.run_once()
    said = [await Announcer().worded(a) for a in (await OutboxStore(storage.db).of_game(game_id))[before:]]
    assert [a.kind for a in said] == kinds and len(told) == len(kinds), "stored, and the outbox told"
    # Reminders ping only the player to act; the stand-in's notice pings nobody (the stand-in acts, not them).
    assert all(a.pings == ([ALICE] if mode != "off" and a.kind != "stand-in" else []) for a in said)
    assert all(a.channel_id == 7 and a.state == "pending" for a in said)
    if mode != "off":
        assert "<@1001>" in said[0].content and "half your time" in said[0].content
    assert "time ran out" in said[-1].content and "the stand-in plays for them" in said[-1].content


async def test_a_stand_in_left_unplayed_by_a_dead_process_is_started_by_another(storage, now):
    """Process A holds the game in memory; process B's keeper timed the seat out (a clock's step changes no
    revision) and died before its stand-in played. A's computer seats' sweep, the one place that starts
    stand-ins nobody plays, reads the stored clock and plays it."""
    a = make(storage, now)
    game_id = await people_game(a)
    await a.load(game_id)  # cached in A, as it is where the server's interactions arrive
    b = make(storage, now)
    now.advance(HOUR)
    assert [e.kind for e in await ClockKeeper(b, Events(), owner="b").run_once()] == [clocks.TIMED_OUT]
    assert computer_turn(await a.load(game_id)) is None, "A's memory is behind"
    assert not hasattr(ClockKeeper, "sweep"), "the clock keeper starts no stand-in of its own"
    posts = Posts()
    seats = ComputerSeats(a, posts, delay=0, backoff=QUICK)
    try:
        assert await seats.sweep() == [game_id]
        await seats.idle()
    finally:
        await seats.stop()
    assert [(p.seat, p.standin) for p in posts.posted] == [(0, True), (0, True)], "Alice's whole turn"
    assert (await a.load(game_id)).game.to_move == 1


async def test_back_takes_a_timed_out_turn_from_the_stand_in(storage, now):
    service = make(storage, now)
    game_id = await people_game(service)
    now.advance(HOUR)
    await ClockKeeper(service, Events(), owner="p1").run_once()
    turn = computer_turn(await service.load(game_id))
    assert turn is not None
    back = (await service.set_away(game_id, ALICE, False)).table
    assert computer_turn(back) is None and back.row.rev == turn.rev + 1, "the stand-in's thought is out of date"
    assert back.row.clock.deadline == now() + HOUR and not back.player(0).away
    with pytest.raises(GameError, match="not marked away"):
        await service.set_away(game_id, ALICE, False)
