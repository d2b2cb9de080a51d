"""The real bot process with the web board on, for the web board's process tests: start it, sign in, open streams."""

from __future__ import annotations

import contextlib
import json
import re
import resource

import aiohttp

from tests.ports import free_port

SECRET = "q" * 40
DESCRIPTORS = 512  # the bot's soft limit on open files here (systemd's default is 1024): 256 streams overall


@contextlib.contextmanager
def few_descriptors(soft: int):
    """Processes started inside inherit a soft limit of `soft` open files; this one gets its own back after."""
    before = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, before[1]))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, before)


async def web_bot(bot_processes, port: int, **more: str):
    """`python -m bot` with the web board on at `port` (and the settings in `more`), ready: (the bot, its base URL).
    A port another test took between its choice and the bot's listening is given up for a free one."""
    for attempt in range(3):
        base = f"http://127.0.0.1:{port}"
        env = {"TNE_WEB_PORT": str(port), "TNE_WEB_HOST": "127.0.0.1", "TNE_WEB_URL": base,
               "TNE_WEB_SECRET": SECRET, **more}
        bot = bot_processes.make(env=env, args=("--sync",))
        with few_descriptors(DESCRIPTORS):  # only while it is spawned: this process opens nothing meanwhile
            await bot.start(wait_ready=False)
        try:
            await bot.wait_ready()
        except AssertionError:
            if attempt < 2 and "The web board cannot listen on" in bot.logs:
                port = free_port()
                continue
            raise
        await bot.wait_log(r"[Ww]eb board listens", timeout=15)
        return bot, base
    raise AssertionError("unreachable")


async def links(loopback, channel, person) -> tuple[str, str]:
    """`/tne web`'s private answer: (the person's sign-in link, the spectators' link)."""
    answer = await (await loopback.slash(person, channel, "tne web")).response(10)
    personal, public = re.findall(r"<(http://[^>]+)>", answer.content)
    return personal, public


def client(local: str = "127.0.0.1") -> aiohttp.ClientSession:
    """A browser of its own (cookies, connections) at a local address of its own (all of 127/8 is this machine)."""
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True),
                                 connector=aiohttp.TCPConnector(limit=0, local_addr=(local, 0)))


async def sign_in(session: aiohttp.ClientSession, base: str, personal: str) -> None:
    """As a browser does: the link's sign-in page, then its form's post, from the board's own origin."""
    async with session.get(personal) as page:
        assert page.status == 200, await page.text()
    token = personal.split("?t=", 1)[1]
    same_origin = {"Origin": base, "Sec-Fetch-Site": "same-origin"}
    async with session.post(f"{base}/auth", data={"t": token}, headers=same_origin, allow_redirects=False) as got:
        assert got.status == 302, await got.text()


class Stream:
    """One open `/events` (or its refusal)."""

    def __init__(self, answer: aiohttp.ClientResponse, first: dict | None, error: str | None) -> None:
        self.answer, self.first, self.error = answer, first, error

    @property
    def status(self) -> int:
        return self.answer.status

    async def next_revision(self) -> int:
        while True:
            line = (await self.answer.content.readline()).decode()
            if line.startswith("data: "):
                return json.loads(line.removeprefix("data: "))["revision"]


async def open_stream(session: aiohttp.ClientSession, url: str) -> Stream:
    answer = await session.get(url)
    if answer.status != 200:
        body = await answer.json()
        answer.release()
        return Stream(answer, None, body.get("error"))
    line = (await answer.content.readline()).decode()
    return Stream(answer, json.loads(line.removeprefix("data: ")), None)


def game_path(public: str) -> tuple[str, str]:
    """The spectators' link as the page reads it: (`/api/games/<id>`, `?s=<token>`)."""
    found = re.search(r"/g/(\d+)(\?s=.+)$", public)
    assert found, public
    return f"/api/games/{found.group(1)}", found.group(2)
