"""The ladder plays released players built from their commits, named from the registry or by raw commit."""

import json

import pytest

from bench.ladder import main, play_game
from bench.players import find, label, parse
from bench.releases import Release, registry

V1 = registry()["easy-v1"].commit


@pytest.fixture(autouse=True)
def release_cache(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("TNE_RELEASE_CACHE", str(tmp_path / "releases"))


def test_a_raw_commit_names_a_release_and_keeps_its_registered_signature() -> None:
    assert parse(f"easy@{V1[:10]}@2", 1.0) == (f"easy@{V1[:10]}", 2.0)
    assert label(f"hard@{V1[:10]}", 0.5) == f"hard@{V1[:10]}@0.5"
    assert label(f"easy@{V1[:10]}", 0.5) == f"easy@{V1[:10]}"
    release = find(f"easy@{V1[:10]}")
    assert isinstance(release, Release)
    assert (release.commit, release.level, release.signature, release.revision) == (V1, "easy", "v1", 1)
    assert label("hard-v5@0.2", 1.0) == "hard-v5@0.2"


def test_an_unknown_revision_is_refused_in_words() -> None:
    with pytest.raises(ValueError, match="'no-such-tag' is not a tag or commit of this repository"):
        parse("hard@no-such-tag@1", 1.0)


def test_a_ladder_game_plays_a_release_in_its_own_process_to_the_end() -> None:
    result = play_game((3, ["easy-v1", "random"], 1.0, "standard"))
    assert result["players"] == ["easy-v1", "random"]
    assert not result["cut"] and sorted(result["places"]) in ([1, 2], [1, 1])
    assert len(result["times"][0]) > 20 and all(t >= 0 for t in result["times"][0])


def test_the_ladder_checks_each_release_then_plays_it(tmp_path, capsys) -> None:
    out = tmp_path / "match.jsonl"
    main(["--players", "easy-v1,random", "--games", "2", "--jobs", "1", "--out", str(out)])
    captured = capsys.readouterr()
    assert f"easy-v1: built from {V1[:7]}, answers its recorded moves" in captured.err
    assert "easy-v1 vs random                        2" in captured.out
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(r["players"] for r in rows) == [["easy-v1", "random"], ["random", "easy-v1"]]


def test_the_ladder_refuses_an_unknown_revision_and_plays_nothing(tmp_path, capsys) -> None:
    out = tmp_path / "match.jsonl"
    with pytest.raises(SystemExit):
        main(["--players", "hard@no-such-tag@1,random", "--games", "2", "--out", str(out)])
    assert "'no-such-tag' is not a tag or commit" in capsys.readouterr().err
    assert not out.exists()
