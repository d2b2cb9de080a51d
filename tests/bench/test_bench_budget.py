"""bench.budget_sensitivity counts how often more time changes hard's move."""

import pytest

from bench.budget_sensitivity import agreement


def test_agreement_counts_moves_against_the_longest_budget_and_across_seeds() -> None:
    table = [
        {0.5: ["a", "a"], 1.0: ["a", "a"]},  # settled: every budget and seed the same
        {0.5: ["a", "b"], 1.0: ["c", "c"]},  # time changed both seeds' moves; seeds agree only at 1 s
        {0.5: ["a", "b"], 1.0: ["a", "b"]},  # the seed decides, never the budget
    ]
    result = agreement(table)
    assert result.with_longest == {0.5: pytest.approx(4 / 6), 1.0: 1.0}
    assert result.seeds_agree == {0.5: pytest.approx(1 / 3), 1.0: pytest.approx(2 / 3)}
    assert result.settled == pytest.approx(1 / 3)
