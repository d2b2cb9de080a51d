"""A throw-away PostgreSQL server for the tests and benchmarks: Debian's binaries, a temporary data folder,
127.0.0.1 on a free port, fsync off. Started once; each test gets a fresh, empty schema of its own (the URL
sets its search_path), which isolates tests as a database each would, in 30 ms instead of 800.

`initdb` and `postgres` refuse to run as root, so as root they run as the `postgres` OS user (runuser).
"""

from __future__ import annotations

import atexit
import glob
import itertools
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from tests.ports import free_port

PASSWORD = "tne-test-only"  # the throw-away server's superuser password (loopback only, deleted at the end)
DATABASE = "tne_tests"
INSTALL = ("PostgreSQL's server programs (initdb, pg_ctl) were not found, and the tests need them. Install them "
           "with `apt-get install -y postgresql` (Debian or Ubuntu; `bash .ci/ensure-postgresql` does that), or set "
           "TNE_PG_BIN to the folder that holds initdb and pg_ctl.")


class PostgresMissing(RuntimeError):
    """No PostgreSQL server programs on this machine; the message says how to install them."""


def find_bin() -> str:
    """The folder with initdb and pg_ctl: TNE_PG_BIN, Debian's newest /usr/lib/postgresql/N/bin, or PATH."""
    candidates = [os.environ.get("TNE_PG_BIN", "")]
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2]), reverse=True)
    on_path = shutil.which("pg_ctl")
    candidates.append(os.path.dirname(on_path) if on_path else "")
    for folder in candidates:
        if folder and all(os.access(os.path.join(folder, p), os.X_OK) for p in ("initdb", "pg_ctl", "postgres")):
            return folder
    raise PostgresMissing(INSTALL)


class PostgresServer:
    """One server in a temporary folder; `database()` hands out fresh databases by URL."""

    def __init__(self, bindir: str | None = None) -> None:
        self.bindir = bindir or find_bin()
        self.root = Path(tempfile.mkdtemp(prefix="tne-pg-"))
        self.data = self.root / "data"
        self.sockets = self.root / "run"  # sockets and the server log, owned by the server's user
        self.port = 0
        self._names = itertools.count(1)
        self._as_postgres: list[str] = []
        self.running = False

    def _run(self, *argv: str, check: bool = True) -> subprocess.CompletedProcess:
        return subprocess.run([*self._as_postgres, *argv], check=check, capture_output=True, text=True,
                              timeout=120)

    def start(self) -> PostgresServer:
        if os.geteuid() == 0:
            try:
                import pwd

                user = pwd.getpwnam("postgres")
            except KeyError as exc:
                raise PostgresMissing("There is no `postgres` OS user to run the server as (we run as root). "
                                      + INSTALL) from exc
            self._as_postgres = ["runuser", "-u", "postgres", "--"]
            os.chmod(self.root, 0o755)
            for folder in (self.data, self.sockets):
                folder.mkdir()
                os.chown(folder, user.pw_uid, user.pw_gid)
        else:
            self.data.mkdir()
            self.sockets.mkdir()
        pwfile = self.root / "pw"
        pwfile.write_text(PASSWORD)
        os.chmod(pwfile, 0o644)
        try:
            self._run(f"{self.bindir}/initdb", "-D", str(self.data), "-U", "postgres", f"--pwfile={pwfile}",
                      "--auth-local=trust", "--auth-host=scram-sha-256", "-E", "UTF8", "--locale=C", "--no-sync")
        finally:
            pwfile.unlink()
        options = (f"-c listen_addresses=127.0.0.1 -c unix_socket_directories={self.sockets} -c fsync=off "
                   "-c synchronous_commit=off -c full_page_writes=off -c max_connections=300")
        for _ in range(5):  # another process may take the free port between our look and the server's bind
            self.port = free_port()
            done = self._run(f"{self.bindir}/pg_ctl", "-D", str(self.data), "-l", str(self.sockets / "server.log"),
                             "-w", "-t", "60", "-o", f"{options} -p {self.port}", "start", check=False)
            if done.returncode == 0:
                break
        else:
            raise RuntimeError(f"PostgreSQL did not start: {done.stderr}\n{self.log()}")
        self.running = True
        atexit.register(self.stop)
        self.sql(f"CREATE DATABASE {DATABASE}")
        return self

    def log(self) -> str:
        path = self.sockets / "server.log"
        return path.read_text() if path.exists() else ""

    def sql(self, statement: str, database: str = "postgres") -> str:
        """Run one statement through psql over the server's own socket (as the superuser)."""
        done = self._run(f"{self.bindir}/psql", "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", "-h", str(self.sockets),
                         "-p", str(self.port), "-U", "postgres", "-d", database, "-c", statement, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"psql failed on {statement!r}: {done.stderr}")
        return done.stdout.strip()

    def url(self, schema: str = "public", *, password: str = PASSWORD, user: str = "postgres") -> str:
        return f"postgresql://{user}:{password}@127.0.0.1:{self.port}/{DATABASE}?search_path={schema}"

    def database(self) -> str:
        """The URL of a new, empty schema: to the bot, a database of its own."""
        name = f"test_{os.getpid()}_{next(self._names)}"
        self.sql(f"CREATE SCHEMA {name}", DATABASE)
        return self.url(name)

    def stop(self) -> None:
        if self.running:
            self._run(f"{self.bindir}/pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop", check=False)
            self.running = False
        shutil.rmtree(self.root, ignore_errors=True)
