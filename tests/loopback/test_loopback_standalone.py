"""`python -m tests.loopback`: the server as its own process, driven through its control API."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sys
from pathlib import Path

import aiohttp
import pytest

pytestmark = pytest.mark.process

REPO = Path(__file__).resolve().parents[2]


async def test_the_server_runs_as_its_own_process():
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.loopback", "--users", "Alice,Bob", "--guilds", "2", "--shards", "2",
        cwd=REPO, stdout=asyncio.subprocess.PIPE, start_new_session=True)
    try:
        info = json.loads(await asyncio.wait_for(proc.stdout.readline(), 20))
        control, token = info["control"], info["token"]
        alice, channel = info["users"]["Alice"], info["guilds"][0]["channel_id"]
        assert [(int(g["id"]) >> 22) % 2 for g in info["guilds"]] == [0, 1]  # one guild on each shard
        async with aiohttp.ClientSession() as http:
            async with http.get(f"{info['api_base']}/v10/users/@me", headers={"Authorization": f"Bot {token}"}) as r:
                assert (await r.json())["bot"] is True
            async with http.post(f"{control}/slash", json={"user_id": alice, "channel_id": channel,
                                                           "command": "tne status"}) as r:
                sent = await r.json()
            assert sent["delivered"] is False  # no bot connected
            async with http.get(f"{control}/state") as r:
                state = await r.json()
            assert {u["name"] for u in state["users"]} == {"Alice", "Bob"} and len(state["guilds"]) == 2
            async with http.post(f"{control}/faults", json={"kind": "error", "method": "POST",
                                                            "pattern": "/channels/*/messages", "status": 503}) as r:
                fault = await r.json()
            url = f"{info['api_base']}/v10/channels/{channel}/messages"
            headers = {"Authorization": f"Bot {token}"}
            async with http.post(url, json={"content": "first"}, headers=headers) as r:
                assert r.status == 503
            async with http.delete(f"{control}/faults/{fault['id']}") as r:
                assert (await r.json())["hits"] == 1
            async with http.post(url, json={"content": f"<@{alice}> your turn"}, headers=headers) as r:
                assert r.status == 200
            async with http.get(f"{control}/channels/{channel}") as r:
                (message,) = (await r.json())["messages"]
            assert message["content"].endswith("your turn") and message["pinged"] == [alice]
            async with http.post(f"{control}/slash", json={"user_id": alice, "channel_id": channel,
                                                           "command": "tne move", "options": {"action": "pass"}}) as r:
                assert r.status == 200
            async with http.post(f"{control}/press", json={"user_id": alice, "message_id": message["id"],
                                                           "label": "Nope"}) as r:
                assert r.status == 400 and "Refused" in (await r.json())["error"]
        proc.send_signal(signal.SIGINT)
        assert await asyncio.wait_for(proc.wait(), 10) == 0
    finally:
        if proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            await proc.wait()
