"""`/tne games` pages a server's many games (issue 37): every page a whole message within Discord's limits, never a
line cut, Previous and Next buttons that read the list afresh and work after a restart; `mine:True` too."""

from __future__ import annotations

import re

from bot.language import text as T
from tests.bot_harness import ALICE, Call, Harness, User, answered_privately, buttons, forge, response
from tests.clock_helpers import FakeTime

GAMES = 50  # the most one server may run
FIRST = 6000  # the games' channels


def long_name(i: int) -> str:
    return f"Host number {i:02d} with a long name"[:T.NAME_LIMIT]


async def fifty_games(h: Harness) -> list[int]:
    """Fifty running games, each of a long-named host and Alice, each in its own channel."""
    ids = []
    for i in range(GAMES):
        host, channel = User(3000 + i, long_name(i)), FIRST + i
        await h.command(host, channel, "new", seats=2)
        await h.command(ALICE, channel, "join")
        calls = await h.command(host, channel, "start")
        assert not answered_privately(response(calls)), response(calls).content
        ids.append((await h.service.channel_table(channel)).id)
    return ids


def listed(page: Call) -> list[int]:
    return [int(n) for n in re.findall(r"— game #(\d+)", page.content)]


async def read_all(h: Harness, first: Call, who: User) -> list[Call]:
    """The first page, then Next pressed until it is disabled; each press edits the same message."""
    pages = [first]
    while True:
        label = "Next ▶"
        shown = buttons(h.fake, first.message_id)
        assert "◀ Previous" in shown and label in shown, pages[-1].content
        component = next(c for row in h.fake.messages[first.message_id]["components"] for c in row["components"]
                         if c.get("label") == label)
        if component.get("disabled"):
            return pages
        calls = await h.press(who, first.message_id, shown[label])
        page = response(calls)
        assert page.payload["type"] == 7 and page.message_id == first.message_id  # the message shows the page
        pages.append(page)
        assert len(pages) <= GAMES, "Next never ends"


def assert_whole_pages(pages: list[Call], head: str) -> None:
    for n, page in enumerate(pages, start=1):
        assert len(page.content) <= T.CONTENT_LIMIT and T.ELLIPSIS not in page.content, page.content
        lines = page.content.splitlines()
        assert lines[0] == head.format(page=n, pages=len(pages)), lines[0]
        for line in lines[1:]:
            assert line.startswith("• <#") and line.endswith((".", "/" + line.rsplit("/", 1)[-1])), line


async def test_fifty_games_are_paged_whole_and_the_buttons_work_after_a_restart(fake, database):
    # The clocks' words ('1 day left', '23 hours 59 minutes left') set where pages are cut: time stands still here,
    # so the pages before and after the restart are the same pages.
    time = FakeTime()
    h = await Harness(fake, database, seed=11).start()
    h.bot.service.now = time
    try:
        ids = await fifty_games(h)
        first = response(await h.command(User(9999, "Zed"), FIRST, "games"))
        assert first.ephemeral
        pages = await read_all(h, first, User(9999, "Zed"))
        assert len(pages) >= 3
        assert_whole_pages(pages, f"**Games in this server** ({GAMES}) — page {{page}} of {{pages}}:")
        shown = [game for page in pages for game in listed(page)]
        assert sorted(shown) == sorted(ids), "each game on exactly one page"
        for page in pages:
            assert all(re.search(rf"#{game}: {re.escape(T.escape(long_name(i)))}, Alice\. .* to act since <t:\d+:R>; "
                                 r"[^\n]+\.$", line)
                       for line in page.content.splitlines()[1:]
                       for i, game in enumerate(ids) if f"#{game}:" in line)
        # Alice's own: the games where she is to act, with links, paged the same way.
        mine = response(await h.command(ALICE, FIRST, "games", mine=True))
        waiting = [t for t in [await h.service.load(g) for g in ids] if t.game.to_move == t.seat_of(ALICE.id)]
        mine_pages = await read_all(h, mine, ALICE)
        assert len(mine_pages) >= 2, len(waiting)
        assert_whole_pages(mine_pages, f"**Waiting for you** ({len(waiting)}) — page {{page}} of {{pages}}:")
        assert sorted(g for page in mine_pages for g in listed(page)) == sorted(t.id for t in waiting)
    finally:
        await h.close()
    h = await Harness(fake, database, seed=11).start()  # the buttons answer after a restart
    h.bot.service.now = time
    try:
        for i in range(GAMES):
            h.known_channel(FIRST + i)  # the server's channels, as the gateway gives them again
        back = buttons(fake, first.message_id)["◀ Previous"]
        page = response(await h.press(User(9999, "Zed"), first.message_id, back))
        assert page.payload["type"] == 7 and page.content.splitlines()[0].endswith(
            f"page {len(pages) - 1} of {len(pages)}:")
        # A page past the end (games ended meanwhile, or a crafted id) shows the last page.
        crafted = forge(fake, FIRST, "tne:games:0:99")
        beyond = response(await h.press(User(9999, "Zed"), crafted, "tne:games:0:99"))
        # Pages are read afresh at each press: the last page is the one that says so and holds the newest games.
        assert beyond.content.splitlines()[0].endswith(f"page {len(pages)} of {len(pages)}:")
        last = listed(beyond)
        assert last and last == sorted(ids)[-len(last):]
    finally:
        await h.close()
