"""Each released computer player, built from its commit and run in its own process, answers its recorded moves;
so does the alpha-beta baseline, which plays the first release's parts from that commit.

This needs the git history (the releases are commits): CI runs from a full clone. The releases are extracted
once per test session into a temporary cache."""

import subprocess
from pathlib import Path

import pytest

from bench.releases import Release, ReleaseError, differences, registry, signature, verify

pytestmark = pytest.mark.process

ROOT = Path(__file__).resolve().parents[2]
RELEASES = registry()
# One process per commit answers every level recorded for it (the levels of one release share a signature).
# The hard-only and alpha-beta signatures search 0.5 s on a fine step clock each: their first 16 decisions keep
# the test short and include the two where hard-v4 and hard-v5 differ (the ladder checks all before a match).
SEARCH_LIMIT = 16
SEARCHED = {"hard", "alphabeta"}  # the levels that search on that clock
BUILDS = sorted({(r.signature, r.commit, r.revision) for r in RELEASES.values() if r.signature}, key=str)


@pytest.fixture(scope="session", autouse=True)
def release_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    mp = pytest.MonkeyPatch()
    mp.setenv("TNE_RELEASE_CACHE", str(tmp_path_factory.mktemp("releases")))
    yield
    mp.undo()


def test_the_clone_holds_the_released_commits() -> None:
    shallow = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--is-shallow-repository"],
                             capture_output=True, text=True, check=False).stdout.strip()
    assert shallow == "false", ("this clone is shallow, so the released players (commits in bench/releases.json) "
                                "cannot be built: run `git fetch --unshallow`")


def test_every_release_is_registered_with_its_levels_and_recorded_moves() -> None:
    assert {"easy-v1", "medium-v1", "hard-v1", "easy-v2", "medium-v2", "hard-v2", "easy-v3", "medium-v3",
            "hard-v3", "hard-v4", "hard-v5", "alphabeta"} <= set(RELEASES)
    for r in RELEASES.values():
        assert len(r.commit) == 40
        assert any(d["level"] == r.level for d in signature(r.signature)["decisions"]), r.name


@pytest.mark.parametrize(("sig", "commit", "revision"), BUILDS, ids=[b[0] for b in BUILDS])
def test_a_release_built_from_its_commit_answers_its_recorded_moves(sig: str, commit: str,
                                                                    revision: int | None) -> None:
    recorded = signature(sig)["decisions"]
    assert len(recorded) > 30
    limit = SEARCH_LIMIT if {d["level"] for d in recorded} <= SEARCHED else None
    assert differences(Release(sig, commit, "hard", sig, revision), limit=limit) == []


def test_a_build_that_answers_differently_is_refused_naming_the_move() -> None:
    v4, v5 = RELEASES["hard-v4"], RELEASES["hard-v5"]
    impostor = Release("hard-v5", v4.commit, "hard", v5.signature)
    with pytest.raises(ReleaseError) as refused:
        verify(impostor, limit=3)  # hard-v4 answers the third recorded move differently
    words = str(refused.value)
    assert words.startswith(f"hard-v5 built from {v4.commit[:7]} is not the release: hard at ply ")
    assert words.endswith("recorded " + repr(signature(v5.signature)["decisions"][2]["move"]))


def test_the_first_release_needs_its_views_as_revision_1_gave_them() -> None:
    v1 = RELEASES["medium-v1"]
    assert v1.revision == 1
    # Without the shim, decisions inside an action (where revision 2 counts actions differently) go astray.
    assert differences(Release("v1", v1.commit, "random", "v1", None), {"random"})
