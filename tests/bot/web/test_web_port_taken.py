"""The web board's port already taken when the bot starts (another program, a second copy of the bot): the real
bot process stops with one line naming the address and the setting that chooses another, not "Could not reach
Discord" and no traceback."""

from __future__ import annotations

import asyncio
import socket

import pytest

from tests.bot.web.web_process import SECRET

pytestmark = [pytest.mark.loopback, pytest.mark.process]


async def test_a_taken_web_port_stops_the_bot_with_one_line_naming_it(loopback, bot_processes):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        bot = bot_processes.make(env={"TNE_WEB_PORT": str(port), "TNE_WEB_HOST": "127.0.0.1",
                                      "TNE_WEB_URL": f"http://127.0.0.1:{port}", "TNE_WEB_SECRET": SECRET})
        await bot.start(wait_ready=False)
        assert await asyncio.wait_for(bot.proc.wait(), 30) == 1
    said = [line for line in bot.logs.splitlines() if "The web board" in line]
    assert said == [f"The web board cannot listen on 127.0.0.1:{port} (Address already in use). Another program "
                    "may use that port: set TNE_WEB_PORT to a free one (TNE_WEB_HOST for the address), or stop the "
                    "other program."], bot.logs
    assert "Could not reach Discord" not in bot.logs and "Traceback" not in bot.logs
