"""bench.bench_review reviews seeded self-play games and prints its medians (a tiny run: a few moves)."""

import pytest

from bench.bench_review import main, record_of


def test_the_bench_reviews_a_short_game_and_prints_its_medians(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--games", "1", "--player", "easy", "--moves", "6"])
    out = capsys.readouterr().out
    assert "6 moves" in out
    assert "median a game: cpu" in out
    assert "median a move: cpu" in out
    assert "load average" in out


def test_its_records_are_complete_and_fixed_by_the_seed() -> None:
    a = record_of(5, "easy", moves=8)
    assert a.complete and len(a.moves) == 8
    assert a == record_of(5, "easy", moves=8)
