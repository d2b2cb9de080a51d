"""A long ladder match cut off by a time limit goes on where it stopped (`--out F --resume`)."""

from __future__ import annotations

import json

from bench.ladder import main


def test_a_resumed_match_plays_only_the_games_missing_from_its_file(tmp_path, capsys) -> None:
    out = tmp_path / "match.jsonl"
    main(["--players", "random,easy", "--games", "2", "--jobs", "1", "--out", str(out)])
    first = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(r["seed"], r["players"]) for r in first] == [(1, ["random", "easy"]), (1, ["easy", "random"])]
    capsys.readouterr()

    main(["--players", "random,easy", "--games", "4", "--jobs", "1", "--out", str(out), "--resume"])
    report = capsys.readouterr().out
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 4, "the two games already in the file were not played again"
    assert rows[:2] == first
    assert sorted((r["seed"], tuple(r["players"])) for r in rows[2:]) == [(2, ("easy", "random")),
                                                                         (2, ("random", "easy"))]
    assert "random vs easy                           4" in report, "the report counts the earlier games too"


def test_resume_without_a_results_file_is_refused(capsys) -> None:
    import pytest

    with pytest.raises(SystemExit):
        main(["--players", "random,easy", "--games", "2", "--resume"])
    assert "--resume and --report need --out" in capsys.readouterr().err


def test_report_counts_the_games_in_the_file_and_plays_none(tmp_path, capsys) -> None:
    out = tmp_path / "match.jsonl"
    main(["--players", "random,easy", "--games", "2", "--jobs", "1", "--out", str(out)])
    capsys.readouterr()
    main(["--players", "random,easy", "--games", "100", "--jobs", "1", "--out", str(out), "--report"])
    assert "random vs easy                           2" in capsys.readouterr().out
    assert len(out.read_text().splitlines()) == 2
