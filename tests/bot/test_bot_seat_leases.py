"""Computer seats shared by several processes on one database (bot/background/seats.py, bot/background/leases.py): each
computer turn is
thought by one process only, the process serving a server plays its computers, a process that dies has its
computer turns taken over, and a person's move is never refused because memory was behind a change another process
made. Two services with their own storage connections and lease keepers stand for two processes; both back ends."""

from __future__ import annotations

import asyncio
import logging
import time

import pytest

from bot.app import shard_filter
from bot.background.leases import LeaseKeeper
from bot.background.seats import Backoff, ComputerSeats, computer_turn
from bot.background.workers import Workers
from bot.service.game_service import CHANGED, GameError, GameService, Origin, Played
from bot.service.limits import UNCAPPED
from bot.storage import Storage
from bot.storage.leases import SEATS, Leases
from tests.bot_harness import seed_where_first
from tests.seat_helpers import ALICE, BOB, computer_game

# The database matters here, so these run on SQLite and on PostgreSQL.
pytestmark = pytest.mark.both_databases

QUICK = Backoff(first=0.001, most=0.01)


class Process:
    """What one bot process holds: its own storage connections, service, lease keeper and computer seats."""

    def __init__(self, storage: Storage, name: str, *, workers: Workers | None = None, duration: float = 15.0,
                 sweep_every: float = 0.05, **seats) -> None:
        self.storage = storage
        self.service = GameService(storage, seed_source=lambda: seed_where_first(1), caps=UNCAPPED)
        # Owners without host:pid, so the two "processes" of this test never judge each other dead by pid.
        self.keeper = LeaseKeeper(Leases(storage.db), owner=f"test-{name}", duration=duration,
                                  renew_every=duration / 4)
        self.workers = workers or Counting()
        self.posted: list[Played] = []
        self.seats = ComputerSeats(self.service, self.publish, workers=self.workers, delay=0, backoff=QUICK,
                                   sweep_every=sweep_every, keeper=self.keeper, **seats)

    async def publish(self, played: Played) -> None:
        self.posted.append(played)

    async def close(self) -> None:
        await self.seats.stop()
        await self.keeper.close()
        await self.storage.close()


class Counting(Workers):
    """Threads that count the moves thought."""

    def __init__(self) -> None:
        super().__init__(0)
        self.jobs = 0

    async def run(self, fn, *args):
        self.jobs += 1
        return await super().run(fn, *args)


class Held(Counting):
    """Threads whose jobs wait until released, so a test can act while a computer thinks."""

    def __init__(self) -> None:
        super().__init__()
        self.thinking = asyncio.Event()
        self.release = asyncio.Event()

    async def run(self, fn, *args):
        self.jobs += 1
        self.thinking.set()
        await self.release.wait()
        return await Workers.run(self, fn, *args)


@pytest.fixture
async def processes(database):
    made: list[Process] = []

    async def make(name: str, **kwargs) -> Process:
        made.append(Process(await Storage.open(database), name, **kwargs))
        return made[-1]

    yield make
    for process in made:
        await process.close()


async def computer_moves(storage: Storage, game_id: int) -> list[int]:
    row = await storage.get_game(game_id)
    return [m.n for m in await storage.moves(game_id) if row.players[m.seat].is_bot]


async def test_the_database_lists_the_games_waiting_for_a_computer(processes):
    one = await processes("one")
    waiting_game = await computer_game(one.service, channel=7)
    person_first = await one.service.new_game(guild_id=1, channel_id=8, user_id=ALICE, name="Alice", seats=2)
    await one.service.join(person_first.id, BOB, "Bob")
    one.service.desk.seed_source = lambda: seed_where_first(0)
    await one.service.start(person_first.id, ALICE)
    lobby = await one.service.new_game(guild_id=1, channel_id=9, user_id=ALICE, name="Alice", seats=2)
    await one.service.add_bot(lobby.id, ALICE, "easy")

    listed = await one.storage.seats.waiting()
    assert [(w.game_id, w.owner) for w in listed] == [(waiting_game, None)], "only the running game a computer owes"
    assert listed[0].rev == (await one.service.load(waiting_game)).row.rev
    # A person away: the stand-in plays their seat, so the game waits for a computer too.
    await one.service.set_away(person_first.id, ALICE, True)
    assert {w.game_id for w in await one.storage.seats.waiting()} == {waiting_game, person_first.id}
    # Taken: the holder is named.
    assert await one.keeper.claim(SEATS, waiting_game)
    held = {w.game_id: w.owner for w in await one.storage.seats.waiting()}
    assert held == {waiting_game: "test-one", person_first.id: None}


async def test_two_processes_never_both_think_a_computer_turn(processes):
    a, b = await processes("a"), await processes("b")
    games = [await computer_game(a.service, channel=10 + i, people=(ALICE, BOB)) for i in range(6)]
    for game_id in games:  # both processes know every game and are kicked for each, as after a restart
        await b.service.load(game_id)
    await asyncio.gather(a.seats.start(), b.seats.start())
    for game_id in games:
        a.seats.kick(game_id)
        b.seats.kick(game_id)
    await asyncio.gather(a.seats.idle(), b.seats.idle())
    await asyncio.sleep(0.2)  # a few more sweeps on both sides: nothing more to do
    await asyncio.gather(a.seats.idle(), b.seats.idle())

    played = {g: await computer_moves(a.storage, g) for g in games}
    assert all(played.values()), "every computer played its turn"
    total = sum(len(v) for v in played.values())
    assert a.workers.jobs + b.workers.jobs == total, "each computer move thought exactly once, in one process"
    posted = sorted((p.table.id, p.n) for p in [*a.posted, *b.posted])
    assert posted == sorted((g, n) for g, ns in played.items() for n in ns), "each handed on once"
    for game_id in games:
        table = await a.service.current(game_id)
        assert computer_turn(table) is None and table.game.to_move in (0, 1), "a person is to act now"
    assert await a.storage.db.fetchval("SELECT COUNT(*) FROM leases WHERE kind = ?", SEATS) == 0, "handed back"


async def test_a_live_holder_keeps_the_turn_and_a_dead_ones_is_taken_over(processes, caplog):
    caplog.set_level(logging.INFO)
    held = Held()
    a = await processes("a", workers=held, duration=1.0)
    b = await processes("b", duration=1.0)
    game_id = await computer_game(a.service, channel=7)
    a.seats.kick(game_id)
    await held.thinking.wait()
    await b.seats.start()
    await asyncio.sleep(2.5)  # longer than the lease: the holder renews it, the other's sweeps leave the game alone
    assert b.workers.jobs == 0 and await a.storage.moves(game_id) == []

    # The holder dies mid-thought: nothing renews its lease any more, nothing it thought will ever land.
    a.seats._sweeper = None
    for task in a.seats._tasks.values():
        task.cancel()
    await a.keeper.close(release=False)
    began = time.monotonic()
    async with asyncio.timeout(20):
        while not await a.storage.moves(game_id):
            await asyncio.sleep(0.05)
    await b.seats.idle()
    assert time.monotonic() - began < 5, "taken over within seconds of the lease lapsing"
    assert b.workers.jobs == len(await computer_moves(b.storage, game_id)) >= 1
    assert [p.n for p in b.posted] == await computer_moves(b.storage, game_id) and a.posted == []
    assert "was to move with nobody playing it" in caplog.text


class Handing(LeaseKeeper):
    """A lease keeper that runs `before` (once) just before it hands a lease back."""

    before = None

    async def release(self, kind: str, ref: int) -> None:
        before, self.before = self.before, None
        if before is not None:
            await before()
        await super().release(kind, ref)


async def test_a_person_kicking_while_another_process_holds_the_game_is_played_by_that_process(processes):
    """The race the release guards against: process B serves a person's move while A still holds the game's lease
    (A's computer has just finished its turn); B's kick finds the lease taken and does nothing, and A, handing the
    lease back, looks at what is stored once more and plays the computer's next turn."""
    a, b = await processes("a", sweep_every=3600), await processes("b", sweep_every=3600)
    a.keeper = a.seats.keeper = Handing(Leases(a.storage.db), owner="test-a-handing")
    game_id = await computer_game(a.service, channel=7)
    served: list[int] = []

    async def person_moves_in_b() -> None:
        table = await b.service.load(game_id)
        served.append(len(await computer_moves(b.storage, game_id)))
        while computer_turn(table) is None:  # the person's turn (two actions, maybe a decision)
            await b.service.play(game_id, table.game.legal_moves()[0], user_id=ALICE)
            table = await b.service.load(game_id)
        b.seats.kick(game_id)
        await b.seats.idle()

    a.keeper.before = person_moves_in_b
    a.seats.kick(game_id)
    await a.seats.idle()
    assert served and served[0] >= 1, "A's computer played, then B served the person while A held the lease"
    assert b.workers.jobs == 0, "B did not think: the lease was A's"
    assert len(await computer_moves(a.storage, game_id)) > served[0], "A played the computer's next turn"
    assert a.workers.jobs == len(await computer_moves(a.storage, game_id))
    assert computer_turn(await a.service.current(game_id)) is None


async def test_a_person_is_not_refused_for_a_change_another_process_made(processes):
    server, other = await processes("server", sweep_every=3600), await processes("other", sweep_every=3600)
    game_id = await computer_game(server.service, channel=7)
    cached = await server.service.load(game_id)
    assert computer_turn(cached) is not None, "the serving process remembers the computer to move"
    other.seats.kick(game_id)  # another process plays the computer (it took over the lease, say)
    await other.seats.idle()
    stored = await other.service.current(game_id)
    assert stored.game.to_move == 0 and (await server.service.load(game_id)).row.rev < stored.row.rev

    move = stored.game.legal_moves()[0]
    played = await server.service.play(game_id, move, user_id=ALICE, origin=Origin(made_at=time.time()))
    assert played.n == stored.row.move_count and played.move == move
    assert [m.move for m in await server.storage.moves(game_id)][-1] == move

    # Undo is the same. The person ends their turn here, the other process plays the computer's turn and then (as
    # if served there) the person's first action: this process's memory still has the computer to move.
    table = await server.service.load(game_id)
    await server.service.play(game_id, table.game.legal_moves()[0], user_id=ALICE)
    assert await other.seats.sweep() == [game_id], "the other process's sweep finds the computer to move"
    await other.seats.idle()
    table = await other.service.current(game_id)
    assert table.game.to_move == 0 and computer_turn(await server.service.load(game_id)) is not None
    await other.service.play(game_id, table.game.legal_moves()[0], user_id=ALICE)
    before = await server.storage.moves(game_id)
    _, undone = await server.service.undo(game_id, ALICE)
    assert undone == before[-1] and await server.storage.moves(game_id) == before[:-1]


async def test_requests_refused_on_the_stored_game_are_refused_once_and_change_nothing(processes):
    server, other = await processes("server", sweep_every=3600), await processes("other", sweep_every=3600)
    game_id = await computer_game(server.service, channel=7)
    await server.service.load(game_id)
    other.seats.kick(game_id)
    await other.seats.idle()
    stored = await server.storage.moves(game_id)
    with pytest.raises(GameError, match="'Z99' is not a square"):
        await server.service.play(game_id, "tile red Z99", user_id=ALICE)
    assert await server.storage.moves(game_id) == stored
    with pytest.raises(GameError, match="not playing"):
        await server.service.play(game_id, "pass", user_id=BOB)
    # A late command made before the other process's change raced it: refused, as in one process.
    other_table = await other.service.current(game_id)
    made = other_table.row.updated_at - 5
    with pytest.raises(GameError) as refused:
        await server.service.play(game_id, other_table.game.legal_moves()[0], user_id=ALICE,
                                  origin=Origin(made_at=made))
    assert str(refused.value) == CHANGED
    assert await server.storage.moves(game_id) == stored


def test_a_process_serves_the_servers_of_its_shards():
    shard_of = {guild: (guild >> 22) % 3 for guild in (1 << 22, 2 << 22, 3 << 22, 7 << 22)}
    serves = shard_filter(3, (1, 2))
    assert {g: serves(g) for g in shard_of} == {g: shard in (1, 2) for g, shard in shard_of.items()}
    assert shard_filter(None, None)(5 << 22) and shard_filter(3, None)(5 << 22), "running every shard: all"
    assert serves(None), "no server (never a game, but never refused)"


async def test_the_process_serving_a_server_plays_its_computers_and_another_only_adopts_orphans(processes):
    elsewhere = await processes("elsewhere", serves=lambda guild_id: False, orphaned_after=1.0, sweep_every=3600)
    game_id = await computer_game(elsewhere.service, channel=7)
    # Its clock keeper may kick it (a stand-in it timed out), its sweep finds it: the serving process plays it.
    elsewhere.seats.kick(game_id)
    await elsewhere.seats.idle()
    assert await elsewhere.seats.sweep() == [] and elsewhere.workers.jobs == 0
    assert await elsewhere.storage.moves(game_id) == []
    serving = await processes("serving", sweep_every=3600)
    assert await serving.seats.sweep() == [game_id]
    await serving.seats.idle()
    assert serving.workers.jobs == len(await computer_moves(serving.storage, game_id)) >= 1

    # Nobody serving the server plays its computer (its process is down): after `orphaned_after` another adopts it.
    second = await computer_game(elsewhere.service, channel=8)
    assert await elsewhere.seats.sweep() == []
    await asyncio.sleep(1.1)
    assert await elsewhere.seats.sweep() == [second]
    await elsewhere.seats.idle()
    assert elsewhere.workers.jobs == len(await computer_moves(elsewhere.storage, second)) >= 1
    assert computer_turn(await elsewhere.service.current(second)) is None
