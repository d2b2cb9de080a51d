"""Every change is followed alike, whichever front end made it (bot/service/events.py): the real bot process
(tests/bot_harness.py, wired by bot/app.py) with a real web hub and web board on the same service. For each entry
point the same followers (the outbox, computer seats, the recorder, the hub) are told of each change exactly once."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.background import clocks
from bot.config import WebConfig
from bot.records.service import Records
from bot.service.events import ClockEvent, Ended, Event, Moved, Publisher, Resigned, Subscriber, Undone, owed_post
from bot.storage.records import RecordsStore
from bot.storage.rows import GameStatus
from bot.web.auth import Auth
from bot.web.context import Context
from bot.web.hub import Hub
from bot.web.server import make_app
from tests.bot.web.web_fixtures import SECRET, Web
from tests.bot_harness import (
    ALICE,
    BOB,
    CHANNEL,
    Harness,
    last_message_with,
    open_game,
    reach_conflict,
    response,
)
from tests.clock_helpers import HOUR, FakeTime

FOLLOWERS = Counter({"Outbox": 1, "ComputerSeats": 1, "Recorder": 1, "Hub": 1})
OTHER = CHANNEL + 1


@dataclass
class Followers:
    """The publisher's real subscribers, each call noted with the subscriber's part: (part, event)."""

    told: list[tuple[str, Event]] = field(default_factory=list)

    def wrap(self, publisher: Publisher) -> None:
        noted = [(s, self._noted(s)) for s in publisher.subscribers]
        publisher.subscribers[:] = [n for _, n in noted]
        # A follower told only of some changes (the outbox: what no reply carries) keeps its condition.
        publisher.only = {n: publisher.only[s] for s, n in noted if s in publisher.only}

    def _noted(self, follower: Subscriber) -> Subscriber:
        part = type(getattr(follower, "__self__", follower)).__name__

        def follow(event: Event) -> None:
            self.told.append((part, event))
            follower(event)
        return follow

    def events(self) -> list[Event]:
        """Each event told, once, in order; every one told to each follower exactly once."""
        events: list[Event] = []
        for _, event in self.told:
            if not events or events[-1] is not event:
                events.append(event)
        for event in events:
            # The outbox is told only of what no interaction's reply carries (the reply tells it itself).
            expected = FOLLOWERS if owed_post(event) else FOLLOWERS - Counter({"Outbox": 1})
            assert Counter(part for part, e in self.told if e is event) == expected, event
        return events


@pytest.fixture
async def h(fake, database):
    harness = await Harness(fake, database, seed=11).start()
    await harness.bot.controller.clocks.stop()  # the tests step the clocks themselves, after moving time
    harness.time = FakeTime()
    harness.bot.service.now = harness.time
    service = harness.service
    # The web board on the same service, as bot/app.py builds it when the web is on: its hub follows changes too.
    hub = Hub(service.storage.game_rev, poll_every=3600.0)  # no polling: only what this process tells it
    service.publisher.subscribe(hub.follow)
    harness.followers = Followers()
    harness.followers.wrap(service.publisher)
    auth = Auth(SECRET)
    ctx = Context(service=service, auth=auth, config=WebConfig(port=8080, url="http://tne.test", secret=SECRET),
                  hub=hub, records=Records(service.storage))
    client = TestClient(TestServer(make_app(ctx)))
    await client.start_server()
    harness.hub = hub
    harness.web = Web(service, auth, hub, client, ctx)
    yield harness
    await client.close()
    await harness.close()


async def followed(h: Harness, game_id: int, change) -> list[Event]:
    """Make one change; the events it published, each checked to reach every follower once, and the web page of
    the game told the newest revision by the hub."""
    table = await h.service.current(game_id)
    signal, _ = h.hub.watch(game_id, table.row.channel_id, table.row.rev, lambda: True)
    woken = signal.changed
    h.followers.told.clear()
    await change()
    await h.bot.controller.idle()
    events = h.followers.events()
    assert woken.is_set() and signal.revision == events[-1].rev == (await h.service.current(game_id)).row.rev
    return events


async def test_a_slash_move_is_followed_once(h):
    game_id = await open_game(h, [ALICE, BOB])
    table = await h.service.load(game_id)
    move = table.game.legal_moves()[0]
    seat = table.game.to_move
    (moved,) = await followed(h, game_id, lambda: h.command([ALICE, BOB][seat], CHANNEL, "move", action=move))
    assert isinstance(moved, Moved) and (moved.seat, moved.move, moved.standin) == (seat, move, False)
    assert moved.announcement is not None and moved.replying, "the interaction answers with its account"


async def test_a_move_button_is_followed_once(h):
    game_id = await reach_conflict(h, [ALICE, BOB], "war")
    table = (await h.service.load(game_id)).frozen()
    user = [ALICE, BOB][table.game.to_move]
    mid, decide = last_message_with(h.fake, "decide")
    panel = response(await h.press(user, mid, decide))
    choice = next(c for c in panel.custom_ids() if ":play:" in c)
    (moved,) = await followed(h, game_id, lambda: h.press(user, panel.message_id, choice))
    assert isinstance(moved, Moved) and moved.seat == table.game.to_move and moved.rev == table.row.rev + 1
    assert moved.announcement is not None and not moved.replying, "the outbox posts it: the press closes a panel"


async def test_a_web_move_and_a_web_undo_are_followed_once(h):
    game_id = await open_game(h, [ALICE, BOB])
    table = (await h.service.load(game_id)).frozen()
    user = [ALICE, BOB][table.game.to_move]
    move = next(m for m in table.game.legal_moves() if m.startswith("tile"))
    csrf = await h.web.sign_in(user.id, user.name, CHANNEL)
    answers = []

    async def post(path: str, body: dict) -> None:
        answers.append(await h.web.post(f"/api/games/{game_id}/{path}", body, csrf))

    (moved,) = await followed(h, game_id, lambda: post("moves", {"move": move, "revision": table.row.rev}))
    assert answers[-1] == (200, {"revision": table.row.rev + 1})
    assert isinstance(moved, Moved) and moved.move == move and moved.announcement is not None
    (undone,) = await followed(h, game_id, lambda: post("undo", {"revision": table.row.rev + 1}))
    assert answers[-1] == (200, {"revision": table.row.rev + 2})
    assert isinstance(undone, Undone) and undone.move == move and undone.announcement is not None


async def test_a_computer_seats_move_is_followed_once(h):
    await h.command(ALICE, CHANNEL, "new", seats=2)
    await h.command(ALICE, CHANNEL, "addbot", level="easy")
    await h.command(ALICE, CHANNEL, "start")
    table = await h.service.channel_table(CHANNEL)
    await h.bot.controller.idle()  # a computer that moves first has moved
    table = await h.service.current(table.id)
    assert table.game.to_move == 0
    first = next(m for m in table.game.legal_moves() if m.startswith("tile"))
    await h.service.play(table.id, first, user_id=ALICE.id)  # her first action; the second ends her turn
    table = await h.service.current(table.id)
    second = next(m for m in table.game.legal_moves() if m.startswith("tile"))
    events = await followed(h, table.id, lambda: h.command(ALICE, CHANNEL, "move", action=second))
    assert [(type(e), e.seat) for e in events] == [(Moved, 0), (Moved, 1), (Moved, 1)], "hers, the computer's two"
    assert all(e.announcement is not None and not e.replying for e in events[1:]), "the outbox posts the computer's"


async def test_a_resignation_is_followed_once_and_recorded(h):
    game_id = await open_game(h, [ALICE, BOB])
    (resigned,) = await followed(h, game_id, lambda: h.command(BOB, CHANNEL, "resign"))
    assert isinstance(resigned, Resigned) and resigned.seat == 1 and resigned.status == GameStatus.OVER
    assert await RecordsStore.of(h.service.storage).record_of(game_id) is not None, "recorded: the recorder follows"


async def test_abandoning_here_is_followed_once(h):
    game_id = await open_game(h, [ALICE, BOB])
    (ended,) = await followed(h, game_id, lambda: h.command(ALICE, CHANNEL, "abandon"))
    assert isinstance(ended, Ended) and ended.status == GameStatus.ABANDONED and ended.by == ALICE.name


async def test_abandoning_by_number_is_followed_once(h):
    game_id = await open_game(h, [ALICE, BOB])
    (ended,) = await followed(h, game_id, lambda: h.command(ALICE, OTHER, "abandon", game=game_id))
    assert isinstance(ended, Ended) and ended.status == GameStatus.ABANDONED
    assert ended.announcement is not None and not ended.replying, "asked elsewhere: the outbox posts it there"


async def test_the_clocks_stand_in_is_followed_once(h):
    game_id = await open_game(h, [ALICE, BOB], clock="1h")
    seat = (await h.service.load(game_id)).game.to_move
    h.time.advance(HOUR + 1)
    events = await followed(h, game_id, h.bot.controller.clocks.run_once)
    timed_out, *moved = events
    assert isinstance(timed_out, ClockEvent) and timed_out.kind == clocks.TIMED_OUT and timed_out.seat == seat
    assert timed_out.announcement is not None and not timed_out.replying
    # The stand-in played the seat's turn, started by the clock's event (its two actions).
    assert [(type(e), e.seat, e.standin) for e in moved] == [(Moved, seat, True)] * 2


def test_a_failing_follower_is_logged_and_the_others_are_still_told(caplog):
    told: list[str] = []

    def fails(event: Event) -> None:
        raise RuntimeError("down")

    publisher = Publisher([fails, lambda event: told.append("after")])
    event = Ended(game_id=1, rev=2, channel_id=3, guild_id=None, status=GameStatus.CANCELLED)
    publisher.publish([event, None])
    assert told == ["after"] and "a follower of Ended failed" in caplog.text


def test_a_follower_told_only_of_what_it_asked_for_is_not_called_for_the_rest():
    """The outbox follows only the changes whose account no interaction answers with (events.owed_post): a move
    answered by its own reply never reaches it; a computer's move, and a reply that could not carry its account, do."""
    told: list[Event] = []
    everything: list[Event] = []
    publisher = Publisher([everything.append])
    publisher.subscribe(told.append, when=owed_post)
    about = {"game_id": 1, "rev": 2, "channel_id": 3, "guild_id": 4, "status": GameStatus.ACTIVE}
    replied = Moved(**about, seat=0, move="pass", n=0, announcement=7, replying=True)
    posted = Moved(**about, seat=1, move="pass", n=1, announcement=8)
    unannounced = Moved(**about, seat=1, move="pass", n=2)
    publisher.publish([replied, posted, unannounced])
    assert everything == [replied, posted, unannounced] and told == [posted]

