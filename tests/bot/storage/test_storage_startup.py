"""Start-up with an unusable database, run as the real process: it exits non-zero at once with one line
saying which database and why (never the password), instead of a traceback and a hang."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.__main__ import MISSING_TOKEN, main
from tests.ports import free_port

ROOT = Path(__file__).resolve().parents[3]
# Root ignores file permissions; without these two capabilities it obeys them like anyone else.
AS_NOBODY_SPECIAL = ["setpriv", "--bounding-set", "-dac_override,-dac_read_search", "--"] if os.geteuid() == 0 else []


def start_bot(database: str, cwd: Path) -> subprocess.CompletedProcess:
    """`python -m bot` with a token and Discord pointed at a closed port: only the database can stop it."""
    port = free_port()  # nothing listens there: a closed port
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TNE_", "DISCORD_"))}
    env.update(DISCORD_TOKEN="not-a-real-token", TNE_DATABASE_URL=database, PYTHONPATH=str(ROOT),
               DISCORD_API_BASE=f"http://127.0.0.1:{port}", DISCORD_GATEWAY_URL=f"ws://127.0.0.1:{port}")
    began = time.monotonic()
    # The timeout only catches a hang (the old behaviour); the time taken is printed, not asserted.
    done = subprocess.run([*AS_NOBODY_SPECIAL, sys.executable, "-m", "bot"], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=90)
    print(f"{database}: exit {done.returncode} after {time.monotonic() - began:.1f} s: {done.stderr.strip()}")
    return done


def refusal(done: subprocess.CompletedProcess) -> str:
    assert done.returncode == 1, (done.returncode, done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, done.stderr
    return lines[0]


@pytest.mark.process
def test_a_missing_folder(tmp_path):
    db = tmp_path / "gone" / "tne.sqlite3"
    line = refusal(start_bot(f"sqlite:///{db}", tmp_path))
    assert line == f"Cannot use the database sqlite:///{db}: the folder {tmp_path / 'gone'} does not exist"
    assert not (tmp_path / "gone").exists()


@pytest.mark.process
def test_a_corrupt_file(tmp_path):
    db = tmp_path / "tne.sqlite3"
    db.write_bytes(b"SQLite format 2\x00" + b"garbage " * 1000)
    line = refusal(start_bot(f"sqlite:///{db}", tmp_path))
    assert line == f"Cannot use the database sqlite:///{db}: the file is not a SQLite database, or it is damaged"


@pytest.mark.process
def test_a_read_only_file(tmp_path):
    db = tmp_path / "tne.sqlite3"
    db.write_bytes(b"")  # an empty file is a valid, empty database
    db.chmod(0o444)
    line = refusal(start_bot(f"sqlite:///{db}", tmp_path))
    assert line == f"Cannot use the database sqlite:///{db}: the file is read-only (the bot must write to it)"


@pytest.mark.process
def test_a_read_only_folder(tmp_path):
    folder = tmp_path / "games"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        line = refusal(start_bot("sqlite:///games/tne.sqlite3", tmp_path))  # relative to where it starts
    finally:
        folder.chmod(0o755)
    assert line.startswith(f"Cannot use the database sqlite:///games/tne.sqlite3: the folder {folder} is read-only")


@pytest.mark.process
def test_postgresql_unreachable(tmp_path):
    port = free_port()  # nothing listens there: a closed port
    line = refusal(start_bot(f"postgresql://tne:hunter2@127.0.0.1:{port}/tne", tmp_path))
    assert line == (f"Cannot use the database postgresql://tne:***@127.0.0.1:{port}/tne: nothing accepts connections "
                    f"at 127.0.0.1:{port} (is PostgreSQL running there?)")


@pytest.mark.process
def test_postgresql_refusing_the_password(tmp_path, postgres):
    url = postgres.url(password="wrong-secret")
    line = refusal(start_bot(url, tmp_path))
    assert line == (f"Cannot use the database {url.replace('wrong-secret', '***')}: the server refused the password "
                    f"for user postgres")


@pytest.mark.process
def test_a_usable_database_gets_past_the_check(tmp_path):
    """The same run with a good database goes on to Discord (here a closed port) and says so instead."""
    done = start_bot(f"sqlite:///{tmp_path / 'tne.sqlite3'}", tmp_path)
    assert done.returncode == 1 and "Could not reach Discord" in done.stderr
    assert (tmp_path / "tne.sqlite3").exists()


def test_the_no_token_message_lists_every_setting(monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main([]) == 2
    err = capsys.readouterr().err
    assert err.strip() == MISSING_TOKEN
    settings = re.findall(r"^([A-Z_]+)=", (ROOT / ".env.example").read_text(), re.MULTILINE)
    assert "TNE_DATABASE_URL" in settings and len(settings) >= 10
    for name in settings:
        assert name in err, name
    assert "--sync" in err


def test_the_readme_test_command_is_what_ci_runs():
    readme = (ROOT / "README.md").read_text()
    command = readme.split("Run the tests", 1)[1].split("```sh\n", 1)[1].split("\n```", 1)[0]
    assert command.startswith("bash .ci/ensure-postgresql && ") and command.endswith("python -m pytest")
    assert (ROOT / ".ci" / "run").read_text().rstrip("\n").splitlines()[-1] == command
