"""Released computer players by commit: the registry, a cached checkout of each, its process, and its signature.

A release is named in bench/releases.json (`hard-v5` -> a commit and a level) or given as a raw tag or commit.
Its `engine` package is extracted once from git into a cache outside the tree ($TNE_RELEASE_CACHE, else
$XDG_CACHE_HOME/tne-releases, else ~/.cache/tne-releases) and run by bench/release_runner.py in a process of
its own; today's engine stays the referee. A release's signature is the moves it was recorded choosing
(bench/signatures/<name>.json): a build that answers one differently is not that release. The alpha-beta
baseline is registered the same way, at the first release's commit with level `alphabeta` (bench/alphabeta.py)."""

import json
import os
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import Game

ROOT = Path(__file__).resolve().parent.parent
REGISTRY = Path(__file__).with_name("releases.json")
SIGNATURES = Path(__file__).with_name("signatures")
RUNNER = Path(__file__).with_name("release_runner.py")


class ReleaseError(Exception):
    """A release that cannot be built, run or trusted; the message says which and why."""


@dataclass(frozen=True)
class Release:
    name: str
    commit: str
    level: str
    signature: str | None = None
    revision: int | None = None  # the position revision its views are given in (None: today's)


def registry() -> dict[str, Release]:
    raw = json.loads(REGISTRY.read_text())
    return {name: Release(name, r["commit"], r["level"], r.get("signature"), r.get("revision"))
            for name, r in raw.items()}


def _git(*args: str, stdout: Any = subprocess.PIPE) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "-C", str(ROOT), *args], stdout=stdout, stderr=subprocess.PIPE, check=False)


def resolve(level: str, rev: str) -> Release:
    """The release of `level` at a raw tag or commit (named after the registered release at that commit, if any)."""
    done = _git("rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}")
    if done.returncode != 0:
        raise ReleaseError(f"{rev!r} is not a tag or commit of this repository{_shallow_hint()}")
    commit = done.stdout.decode().strip()
    known = next((r for r in registry().values() if r.commit == commit and r.level == level), None)
    if known:
        return Release(f"{level}@{rev}", commit, level, known.signature, known.revision)
    return Release(f"{level}@{rev}", commit, level)


def _shallow_hint() -> str:
    shallow = _git("rev-parse", "--is-shallow-repository").stdout.decode().strip() == "true"
    return " (this clone is shallow: run `git fetch --unshallow` to get the released commits)" if shallow else ""


def cache_root() -> Path:
    if os.environ.get("TNE_RELEASE_CACHE"):
        return Path(os.environ["TNE_RELEASE_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "tne-releases"


def checkout(commit: str) -> Path:
    """The release's tree in the cache (only its `engine` package), extracted from git on first use."""
    home = cache_root() / commit
    if (home / "engine" / "ai").is_dir():
        return home
    if _git("cat-file", "-e", f"{commit}^{{commit}}").returncode != 0:
        raise ReleaseError(f"commit {commit} is not in this repository{_shallow_hint()}")
    home.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=home.parent) as tmp:
        archive = Path(tmp) / "engine.tar"
        with archive.open("wb") as fh:
            done = _git("archive", "--format=tar", commit, "engine", stdout=fh)
        if done.returncode != 0:
            raise ReleaseError(f"git archive {commit} failed: {done.stderr.decode().strip()}")
        with tarfile.open(archive) as tar:
            tar.extractall(Path(tmp) / "tree", filter="data")
        try:
            # A rename is atomic: two processes building the same release at once both end with one tree.
            os.rename(Path(tmp) / "tree", home)
        except OSError:
            if not (home / "engine" / "ai").is_dir():
                raise
    return home


class ReleasePlayer:
    """One release's process: asks it for moves until closed (use it as a context manager)."""

    def __init__(self, release: Release) -> None:
        self.release = release
        tree = checkout(release.commit)
        env = {**os.environ, "PYTHONPATH": str(tree)}
        # -P: today's bench/ (the runner's folder) must not shadow anything of the release.
        self.proc = subprocess.Popen([sys.executable, "-P", str(RUNNER)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, env=env, text=True, cwd=tree)

    def ask(self, view: dict, seat: int, seed: int, budget: float | None, clock: Any = "wall",
            announced: list[dict[str, int]] | None = None, level: str | None = None) -> tuple[str, float]:
        """The release's move for `seat` in `view`, and its thinking time in seconds on `clock`."""
        request = {"view": view, "seat": seat, "level": level or self.release.level, "seed": seed,
                   "budget": budget, "announced": announced, "clock": clock,
                   "revision": self.release.revision}
        assert self.proc.stdin is not None and self.proc.stdout is not None
        try:
            self.proc.stdin.write(json.dumps(request) + "\n")
            self.proc.stdin.flush()
            line = self.proc.stdout.readline()
        except BrokenPipeError:
            line = ""
        if not line:
            raise ReleaseError(f"{self.release.name} ({self.release.commit[:7]}) stopped answering")
        reply = json.loads(line)
        if "error" in reply:
            raise ReleaseError(f"{self.release.name} ({self.release.commit[:7]}) failed: {reply['error']}")
        return reply["move"], float(reply["seconds"])

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()

    def __enter__(self) -> "ReleasePlayer":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def signature(name: str) -> dict:
    """The recorded games (their moves) and decisions (what the release chose there) that prove a build."""
    return json.loads((SIGNATURES / f"{name}.json").read_text())


def decisions(sig: dict, levels: set[str] | None = None, limit: int | None = None) -> Iterator[tuple[dict, dict, int]]:
    """(decision, view, seat) for the recorded decisions, replaying each recorded game on today's engine."""
    wanted = [d for d in sig["decisions"] if levels is None or d["level"] in levels][:limit]
    for number, spec in enumerate(sig["games"]):
        mine = sorted((d for d in wanted if d["game"] == number), key=lambda d: d["ply"])
        g = Game.new(players=spec["players"], seed=spec["seed"], board=spec["board"])
        ply = 0
        for d in mine:
            while ply < d["ply"]:
                g.play(spec["moves"][ply], g.to_move)
                ply += 1
            yield d, g.view(g.to_move), g.to_move


def differences(release: Release, levels: set[str] | None = None, limit: int | None = None) -> list[str]:
    """Every recorded decision the release's build now answers differently, in words (none: the build is proven)."""
    if release.signature is None:
        return []
    out = []
    with ReleasePlayer(release) as player:
        for d, view, seat in decisions(signature(release.signature), levels, limit):
            move, _ = player.ask(view, seat, d["seed"], d["budget"], {"step": d["step"]}, level=d["level"])
            if move != d["move"]:
                spec = signature(release.signature)["games"][d["game"]]
                out.append(f"{d['level']} at ply {d['ply']} of the {spec['players']}-player game seed {spec['seed']}"
                           f" chose {move!r}, recorded {d['move']!r}")
    return out


def verify(release: Release, limit: int | None = None) -> None:
    """Refuse (ReleaseError) a release whose build does not answer its recorded moves, naming the first that differs."""
    bad = differences(release, {release.level}, limit)
    if bad:
        raise ReleaseError(f"{release.name} built from {release.commit[:7]} is not the release: {bad[0]}"
                           + (f" (and {len(bad) - 1} more)" if len(bad) > 1 else ""))


def tag_all() -> None:
    """Create the local git tag of every registered release (tags do not travel with commits; the registry does)."""
    for r in registry().values():
        _git("tag", "-f", r.name, r.commit)


if __name__ == "__main__":
    if sys.argv[1:] == ["tag"]:
        tag_all()
    else:
        sys.exit("usage: python -m bench.releases tag")
