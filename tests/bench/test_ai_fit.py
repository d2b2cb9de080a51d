"""bench.fit_eval: positions sampled from self-play games, held out by whole games."""

import json
import random

from bench.fit_eval import fit, log_loss, samples
from bench.selfplay import one_game


def _games(tmp_path, seeds):
    path = tmp_path / "games.jsonl"
    with open(path, "w") as fh:
        for seed in seeds:
            game = one_game((seed, 2, "standard", "random", 0.0))
            assert game is not None
            fh.write(json.dumps(game) + "\n")
    return path


def test_a_slice_of_games_samples_exactly_those_games(tmp_path):
    both = _games(tmp_path, [3, 4])
    only = tmp_path / "only.jsonl"
    only.write_text(both.read_text().splitlines()[1] + "\n")
    held = samples(str(both), 1, random.Random(5), slice(-1, None))
    alone = samples(str(only), 1, random.Random(5))
    assert held == alone
    assert len(held) > 20
    train = samples(str(both), 1, random.Random(5), slice(None, -1))
    assert len(train) + len(held) == len(samples(str(both), 1, random.Random(5)))


def test_fitted_weights_predict_their_own_games_better_than_a_coin(tmp_path):
    data = samples(str(_games(tmp_path, [1, 2, 3, 4])), 1, random.Random(0))
    w = fit(data, l2=1.0, rounds=6)
    loss, _ = log_loss(w, data)
    assert loss < log_loss([0.0] * len(w), data)[0]
