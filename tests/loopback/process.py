"""The real bot as a separate process (`python -m bot`) against the loopback server: start, stop, SIGKILL, restart.

Each process gets a clean environment (nothing of the developer's DISCORD_* / TNE_* settings, no .env: it runs
in its own folder), its own process group (so its worker processes go with it) and the parent-death signal (so
even a killed test run leaves nothing behind). Its output goes to a log file that tests can read and wait on.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import sys
from pathlib import Path

from tests.loopback.server import LoopbackDiscord

REPO = Path(__file__).resolve().parents[2]
# Dies with the process that started it (PR_SET_PDEATHSIG survives exec), then becomes `python -m bot`.
LAUNCHER = (
    "import ctypes, os, signal, sys\n"
    "try:\n"
    "    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)\n"
    "except (OSError, AttributeError):\n"
    "    pass\n"
    "os.execv(sys.executable, [sys.executable, '-m', 'bot', *sys.argv[1:]])\n"
)
LEAKY = re.compile(r"^(DISCORD_|TNE_|LOG_LEVEL$)")


class BotProcess:
    """One `python -m bot`, restartable on the same database."""

    def __init__(self, server: LoopbackDiscord, db_path: Path, workdir: Path, *, name: str = "bot",
                 env: dict[str, str] | None = None, args: tuple[str, ...] = (),
                 shards: tuple[tuple[int, int], ...] = ()) -> None:
        self.server = server
        self.db_path = db_path
        self.workdir = workdir
        self.name = name
        self.env = dict(env or {})
        self.args = args
        self.shards = shards  # the (shard id, shard count) sessions it must open to be ready; () = one, unsharded
        self.log_path = workdir / f"{name}.log"
        self.proc: asyncio.subprocess.Process | None = None
        self.starts = 0

    def environment(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not LEAKY.match(k)}
        env.update(self.server.bot_env())
        env.update({"TNE_DB_PATH": str(self.db_path), "TNE_AI_DELAY": "0", "TNE_RENDER_PROCESSES": "0",
                    "TNE_AI_PROCESSES": "0", "TNE_ANALYSIS_PROCESSES": "0", "LOG_LEVEL": "INFO",
                    "PYTHONUNBUFFERED": "1",
                    "PYTHONPATH": os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH")) if p)})
        env.update(self.env)
        return env

    @property
    def database(self) -> str:
        """Where it stores games: TNE_DATABASE_URL when a test gives one (PostgreSQL), else its SQLite file."""
        return self.env.get("TNE_DATABASE_URL") or str(self.db_path)

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc else None

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    @property
    def logs(self) -> str:
        """Everything the process printed, over all its starts."""
        try:
            return self.log_path.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    async def start(self, *, timeout: float = 30.0, wait_ready: bool = True) -> BotProcess:
        """Start it; unless `wait_ready` is False, wait until its gateway session is READY."""
        if self.alive:
            raise RuntimeError(f"{self.name} is already running")
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.starts += 1
        with self.log_path.open("a") as log:
            log.write(f"===== {self.name}: start {self.starts}\n")
            log.flush()
            mark = len(self.server.gateway.records)
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, "-c", LAUNCHER, *self.args, cwd=self.workdir, env=self.environment(),
                stdin=asyncio.subprocess.DEVNULL, stdout=log, stderr=asyncio.subprocess.STDOUT,
                start_new_session=True)
        if wait_ready:
            await self.wait_ready(after=mark, timeout=timeout)
        return self

    async def wait_ready(self, *, after: int = 0, timeout: float = 30.0) -> None:
        """Until a session of this process's shard is READY after gateway record `after` and the process has read
        it (it answers a heartbeat request sent after READY); fails, with the log, if the process exits first."""
        assert self.proc is not None
        exited = asyncio.ensure_future(self.proc.wait())
        ready = asyncio.ensure_future(self._ready(after, timeout))
        try:
            done, _ = await asyncio.wait({exited, ready}, return_when=asyncio.FIRST_COMPLETED)
            if exited in done:
                raise AssertionError(f"{self.name} exited with {self.proc.returncode} before READY:\n{self.logs}")
            try:
                ready.result()
            except AssertionError as exc:
                raise AssertionError(f"{exc}\n{self.name}'s log:\n{self.logs}") from None
        finally:
            for task in (exited, ready):
                if not task.done():
                    task.cancel()
            await asyncio.gather(exited, ready, return_exceptions=True)

    async def _ready(self, after: int, timeout: float) -> None:
        gateway = self.server.gateway
        for shard in self.shards or (None,):
            record = await self.server.wait_for(
                lambda s=shard: next((r for r in gateway.records[after:] if r.kind == "ready"
                                      and (s is None or r.shard == s)), None), timeout, f"{self.name}'s READY")
            # discord.py finishes its handshake inside asyncio.wait_for, which on Python 3.11 swallows a
            # cancellation (a Ctrl-C) landing as it completes: only call the process ready once past that.
            await gateway.ping(gateway.sessions[record.session or ""], timeout)

    def group(self) -> dict[int, str]:
        """The other live processes of its process group (its worker processes): pid -> command line."""
        found: dict[int, str] = {}
        if self.proc is None:
            return found
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit() or int(entry.name) == self.proc.pid:
                continue
            try:
                stat = (entry / "stat").read_text()
                cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
            except OSError:
                continue
            fields = stat.rsplit(")", 1)[1].split()
            if int(fields[2]) == self.proc.pid and fields[0] != "Z":  # pgid, and not a zombie
                found[int(entry.name)] = cmdline
        return found

    async def wait_exit(self, timeout: float = 15.0) -> int:
        assert self.proc is not None
        return await asyncio.wait_for(self.proc.wait(), timeout)

    async def stop(self, timeout: float = 15.0) -> int:
        """A clean stop, as Ctrl-C does (SIGINT); SIGKILL if it has not ended within `timeout`."""
        if not self.alive:
            return self.proc.returncode if self.proc else 0
        assert self.proc is not None
        self.proc.send_signal(signal.SIGINT)
        try:
            return await self.wait_exit(timeout)
        except TimeoutError:
            await self.kill()
            raise AssertionError(f"{self.name} ignored SIGINT for {timeout} s:\n{self.logs}") from None

    async def terminate(self, timeout: float = 15.0) -> int:
        """SIGTERM, what systemd and docker send to stop a service."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGTERM)
        return await self.wait_exit(timeout)

    async def kill(self) -> int:
        """SIGKILL the bot's main process (a crash, the OOM killer); its worker processes are left to die."""
        if not self.alive:
            return self.proc.returncode if self.proc else 0
        assert self.proc is not None
        self.proc.kill()
        return await self.wait_exit()

    async def restart(self, *, kill: bool = False, timeout: float = 30.0) -> BotProcess:
        """Stop (or SIGKILL) and start again on the same database."""
        await (self.kill() if kill else self.stop())
        return await self.start(timeout=timeout)

    async def wait_log(self, pattern: str, timeout: float = 10.0) -> re.Match[str]:
        """Until the log (of the current start) matches the regex."""
        regex = re.compile(pattern)

        async def look() -> re.Match[str]:
            while True:
                found = regex.search(self.logs.rsplit(f"===== {self.name}: start", 1)[-1])
                if found:
                    return found
                await asyncio.sleep(0.05)  # polling a file: there is nothing to wait on
        try:
            return await asyncio.wait_for(look(), timeout)
        except TimeoutError:
            raise AssertionError(f"{self.name}'s log never matched {pattern!r}:\n{self.logs}") from None

    def reap_group(self) -> None:
        """SIGKILL whatever is left of its process group (the bot and its workers)."""
        if self.proc is None:
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)


class BotProcesses:
    """The bot processes of one test; `cleanup` leaves none behind, whatever happened."""

    def __init__(self, server: LoopbackDiscord, workdir: Path) -> None:
        self.server = server
        self.workdir = workdir
        self.all: list[BotProcess] = []

    def make(self, *, db_path: Path | None = None, env: dict[str, str] | None = None, args: tuple[str, ...] = (),
             shards: tuple[tuple[int, int], ...] = (), name: str | None = None) -> BotProcess:
        """A bot process (not started); `shards`: the sessions it opens, e.g. ((0, 2), (1, 2))."""
        name = name or f"bot{len(self.all) + 1}"
        proc = BotProcess(self.server, db_path or self.workdir / "tne.sqlite3", self.workdir / name, name=name,
                          env=env, args=args, shards=shards)
        self.all.append(proc)
        return proc

    async def start(self, **kwargs: object) -> BotProcess:
        return await self.make(**kwargs).start()  # type: ignore[arg-type]

    async def cleanup(self) -> None:
        for proc in self.all:
            if proc.alive:
                with contextlib.suppress(Exception):
                    await proc.stop(timeout=5)
            proc.reap_group()
            if proc.proc is not None and proc.proc.returncode is None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(proc.proc.wait(), 5)
            print(f"----- {proc.name} log -----\n{proc.logs}")  # shown by pytest when the test fails
