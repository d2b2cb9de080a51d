"""Follow one `/tne move` (or one web move) through the code, file by file, as docs/layout.md tells it.

`python -m bench.trace_path [--web]` plays a game to its first move in a bot logged in against the tests' offline
Discord and traces the calls made in this repository's own modules (bot/, engine/'s face, render/), from the
interaction arriving to the answer: it prints each file the first time the move enters it, the number of distinct
files, and the files entered again after the move had left them for another (called from elsewhere a second time).
A call that returns to its caller is not a visit; the followers of the change (outbox, seats, recorder, hub) run in
tasks of their own afterwards and are not counted.
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import sys
import tempfile
from pathlib import Path
from types import FrameType
from typing import Any

ASYNC = inspect.CO_COROUTINE | inspect.CO_ITERABLE_COROUTINE | inspect.CO_ASYNC_GENERATOR | inspect.CO_GENERATOR
ROOT = Path(__file__).resolve().parent.parent
OWN = ("bot/", "engine/", "render/")
# The steps docs/layout.md tells, in order; every other file is a helper a step calls on its way.
SLASH_STEPS = ("bot/discord_front/cog.py", "bot/discord_front/interactions.py", "bot/discord_front/play/handlers.py",
               "bot/service/moves.py", "bot/service/desk.py", "bot/storage/changes.py", "bot/service/events.py",
               "bot/discord_front/announcer.py", "bot/discord_front/play/texts.py", "bot/discord_front/outbox.py")
WEB_STEPS = ("bot/web/server.py", "bot/web/moves_api.py", "bot/web/asking.py", "bot/service/moves.py",
             "bot/service/desk.py", "bot/storage/changes.py", "bot/service/events.py")


def own(filename: str) -> str | None:
    try:
        path = Path(filename).resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return None
    return path if path.startswith(OWN) else None


class Tracer:
    """Records, for each call into one of our files from a different file, the callee's file."""

    def __init__(self) -> None:
        self.by_task: dict[int, list[str]] = {}
        self.started: dict[int, FrameType] = {}  # coroutine frames begun: a later "call" of one is its resumption

    @property
    def entered(self) -> list[str]:
        """The path of the task that ran the command's handler (the interaction's own, or the web request's)."""
        return next((path for path in self.by_task.values()
                     if "bot/discord_front/cog.py" in path or "bot/web/moves_api.py" in path), [])

    def __call__(self, frame: FrameType, event: str, arg: Any) -> None:
        if event != "call":
            return
        try:
            task = asyncio.current_task()
        except RuntimeError:
            return
        if task is None:
            return
        entered = self.by_task.setdefault(id(task), [])
        callee = own(frame.f_code.co_filename)
        if callee is None:
            return
        if frame.f_code.co_flags & ASYNC:
            if id(frame) in self.started:
                return  # an await came back: the same visit goes on
            self.started[id(frame)] = frame  # held, so no later frame reuses its id
        caller = frame.f_back
        while caller is not None and own(caller.f_code.co_filename) is None:
            caller = caller.f_back
        source = own(caller.f_code.co_filename) if caller is not None else None
        if source != callee and (not entered or entered[-1] != callee):
            entered.append(callee)


async def slash_move(traced: Tracer) -> None:
    from bot.discord_front import interactions
    from tests.bot_harness import ALICE, BOB, CHANNEL, FakeDiscord, Harness, open_game, seed_where_first

    # Tracing every call slows the bot many times over: Discord's 3 seconds would pass and the outbox, not the
    # reply, would deliver the account. The traced move is given the time it would need.
    interactions.DEADLINE = 60.0

    fake = FakeDiscord()
    fake.install()
    try:
        with tempfile.TemporaryDirectory() as folder:
            h = await Harness(fake, str(Path(folder) / "tne.sqlite3"), seed=seed_where_first(0)).start()
            try:
                game_id = await open_game(h, [ALICE, BOB])
                move = next(str(m) for m in (await h.service.load(game_id)).game.legal_moves()
                            if str(m).startswith("tile"))
                payload = h.command_payload(ALICE, CHANNEL, "move", action=move)
                sys.setprofile(traced)
                try:
                    await h.dispatch(payload)
                finally:
                    sys.setprofile(None)
            finally:
                await h.close()
    finally:
        fake.uninstall()


async def web_move(traced: Tracer) -> None:
    """A signed-in person's move from the web board (its POST, served by aiohttp's test server)."""
    from aiohttp.test_utils import TestClient, TestServer

    from bot.config import WebConfig
    from bot.records.service import Records
    from bot.service.events import Publisher
    from bot.service.game_service import GameService
    from bot.service.visibility import Sight
    from bot.storage import Storage
    from bot.storage.web_links import UsedLinkStore
    from bot.web.auth import Auth
    from bot.web.context import Context
    from bot.web.hub import Hub
    from bot.web.server import make_app
    from tests.bot.web.web_fixtures import ALICE, SECRET, Web, running
    from tests.bot_harness import seed_where_first

    with tempfile.TemporaryDirectory() as folder:
        storage = await Storage.open(str(Path(folder) / "tne.sqlite3"))
        hub = Hub(storage.game_rev, poll_every=0.2)
        service = GameService(storage, seed_source=lambda: seed_where_first(0), announcing=True,
                              publisher=Publisher([hub.follow]))

        async def sight(guild_id: int | None, user_id: int) -> Any:
            return lambda channel_id: Sight.ALL

        auth = Auth(SECRET, used=UsedLinkStore(storage.db))
        ctx = Context(service=service, auth=auth, config=WebConfig(port=8080, url="http://tne.test", secret=SECRET),
                      hub=hub, records=Records(storage), sight=sight, keepalive=0.5)
        client = TestClient(TestServer(make_app(ctx)))
        await client.start_server()
        try:
            web = Web(service, auth, hub, client, ctx)
            game_id = await running(service)
            csrf = await web.sign_in(ALICE, "Alice")
            table = await service.load(game_id)
            move = next(str(m) for m in table.game.legal_moves() if str(m).startswith("tile"))
            rev = table.row.rev
            body = {"move": move, "revision": rev}
            sys.setprofile(traced)
            try:
                status, _ = await web.post(f"/api/games/{game_id}/moves", body, csrf)
            finally:
                sys.setprofile(None)
            assert status == 200, status
            assert (await service.load(game_id)).row.rev == rev + 1
        finally:
            await client.close()
            await storage.close()


def report(entered: list[str], steps: tuple[str, ...]) -> None:
    """The steps as the move goes from one to the next (a helper between two calls of one step is part of that
    step), then every module entered."""
    walked = [path for path in entered if path in steps]
    story = [path for i, path in enumerate(walked) if i == 0 or walked[i - 1] != path]
    print("The steps, in the order the move goes through them:")
    for i, path in enumerate(story, 1):
        print(f"{i:3}. {path}")
    again = sorted({path for path in story if story.count(path) > 1})
    print(f"{len(set(story))} step files; gone back to after a later step: {', '.join(again) or 'none'}")
    print()
    seen = list(dict.fromkeys(entered))
    print(f"Every module entered, helpers included ({len(seen)}):")
    for i, path in enumerate(seen, 1):
        print(f"{i:3}. {path}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--web", action="store_true", help="a move from the web board instead of /tne move")
    args = parser.parse_args()
    traced = Tracer()
    asyncio.run(web_move(traced) if args.web else slash_move(traced))
    report(traced.entered, WEB_STEPS if args.web else SLASH_STEPS)


if __name__ == "__main__":
    main()
