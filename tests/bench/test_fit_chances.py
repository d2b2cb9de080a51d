"""bench.fit_chances: the chance model fitted on whole games, checked on held-out seeds, written as a module."""

import importlib.util
import json
import math
import random

import pytest

from bench.fit_chances import Sample, cross_validated, fit, folds, main, split
from bench.selfplay import one_game
from engine.ai.calibration import LATE, LATE2, SCALE, TEMPO
from engine.ai.chances import Inputs, Model, chances_from

HEADER = "| predicted | pairs | mean predicted | observed wins |"


@pytest.fixture(scope="module")
def games_file(tmp_path_factory):
    """Seeded games of today's easy player (in-process, a tenth of a second each): eight of 2 players, five of 3."""
    path = tmp_path_factory.mktemp("selfplay") / "games.jsonl"
    with open(path, "w") as fh:
        for players, seeds in ((2, range(100, 108)), (3, range(200, 205))):
            for seed in seeds:
                game = one_game((seed, players, "standard" if seed % 2 else "advanced", "easy", 0.0))
                assert game is not None
                fh.write(json.dumps(game) + "\n")
    return path


def _load(path):
    spec = importlib.util.spec_from_file_location("fitted_calibration", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_fit_writes_a_calibration_module_and_prints_held_out_reliability(games_file, tmp_path, capsys):
    out = tmp_path / "calibration.py"
    main([str(games_file), "--every", "3", "--holdout", "0.3", "--write", "--out", str(out)])
    printed = capsys.readouterr().out
    assert "2 players: 6 training games" in printed and "2 held out" in printed
    assert "3 players: 3 training games" in printed and "2 held out" in printed
    assert printed.count(HEADER) == 2
    for bin_name in ("| 0-10% |", "| 50-60% |", "| 90-100% |"):
        assert printed.count(bin_name) == 2
    assert "log-loss" in printed and "no skill 0.6931" in printed and "no skill 1.0986" in printed
    module = _load(out)
    assert set(module.SCALE) == set(module.LATE) == set(module.LATE2) == set(module.TEMPO) == {2, 3, 4}
    assert module.SCALE[2] != SCALE[2] and module.SCALE[3] != SCALE[3]
    # No 4-player games: the numbers in use are kept, and the module says so.
    kept = (module.SCALE[4], module.LATE[4], module.LATE2[4], module.TEMPO[4])
    assert kept == (SCALE[4], LATE[4], LATE2[4], TEMPO[4])
    said = " ".join(module.__doc__.split())
    assert "games.jsonl (2 players: 8 games" in said and "Not fitted (no games), kept as they were: 4 players" in said
    assert max(len(line) for line in out.read_text().splitlines()) <= 120


def test_games_are_held_out_whole_by_their_highest_seeds_per_player_count():
    games = [{"players": n, "seed": seed} for n, seeds in ((2, [5, 1, 9, 3, 7, 2, 8, 4, 6, 10]), (3, [30, 10, 20]))
             for seed in seeds]
    train, held = split(games, 0.3)
    assert sorted((g["players"], g["seed"]) for g in held) == [(2, 8), (2, 9), (2, 10), (3, 30)]
    assert len(train) + len(held) == len(games)


def test_the_fit_recovers_the_numbers_that_made_the_outcomes():
    # Outcomes drawn from a known model: maximum likelihood on enough positions lands close to it. The slope's
    # three numbers trade against each other (gone and its square move together), so the slope is compared
    # where the game starts, half way and at the end.
    truth = Model(scale=0.8, late=1.5, tempo=0.4, late2=2.0)
    rng = random.Random(3)
    data = []
    for _ in range(6000):
        n = rng.choice((2, 3))
        x = Inputs(tuple(rng.gauss(0, 1.5) for _ in range(n)), rng.randrange(n), rng.choice((0.5, 1.0)), rng.random())
        chances = chances_from(x, truth)
        winner = rng.choices(range(n), chances)[0]
        data.append(Sample(x, tuple(1.0 if i == winner else 0.0 for i in range(n))))
    fitted = fit(data)

    def slope(m: Model, gone: float) -> float:
        return m.scale + m.late * gone + m.late2 * gone * gone

    assert slope(fitted, 0.0) == pytest.approx(slope(truth, 0.0), abs=0.3)
    assert slope(fitted, 0.5) == pytest.approx(slope(truth, 0.5), abs=0.3)
    assert slope(fitted, 1.0) == pytest.approx(slope(truth, 1.0), abs=0.6)
    assert fitted.tempo == pytest.approx(truth.tempo, abs=0.25)
    assert not math.isnan(fitted.scale)


def test_the_slope_grows_with_the_square_of_the_game_gone():
    # The same worths late in the game are surer by the late2 term: 0 keeps the straight-line slope.
    x = Inputs((1.0, 0.0, 0.0), player=1, share=0.0, left=0.2)
    straight = chances_from(x, Model(scale=0.5, late=1.0, tempo=0.0))
    curved = chances_from(x, Model(scale=0.5, late=1.0, tempo=0.0, late2=2.0))
    gone = 0.8
    expected = math.exp(0.5 + 1.0 * gone + 2.0 * gone * gone)
    assert curved[0] == pytest.approx(expected / (expected + 2))
    assert curved[0] > straight[0]


def _refused(argv, out) -> str:
    with pytest.raises(SystemExit) as exc:
        main([*argv, "--write", "--out", str(out)])
    assert isinstance(exc.value.code, str), "a refusal is a message, not a bare status"
    assert not out.exists(), "a refused fit writes nothing"
    return exc.value.code


def test_an_empty_games_file_is_refused_in_words(tmp_path):
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert _refused([str(empty)], tmp_path / "c.py") == f"fit_chances: no games in {empty}"


def test_a_missing_file_is_refused_in_words(tmp_path):
    message = _refused([str(tmp_path / "nowhere.jsonl")], tmp_path / "c.py")
    assert message.startswith(f"fit_chances: cannot read {tmp_path / 'nowhere.jsonl'}")


def test_a_line_that_is_not_json_is_refused_with_its_line_number(games_file, tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text(games_file.read_text().splitlines()[0] + "\n{not json\n")
    assert _refused([str(bad)], tmp_path / "c.py").startswith(f"fit_chances: {bad} line 2 is not JSON")


def test_a_line_that_is_not_a_game_is_refused_with_what_it_lacks(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"players": 2, "seed": 1, "board": "standard", "moves": []}) + "\n")
    assert _refused([str(bad)], tmp_path / "c.py") == f"fit_chances: {bad} line 1 is not a self-play game: no 'places'"


def test_a_game_whose_move_does_not_replay_is_refused_with_the_move_number(games_file, tmp_path):
    game = json.loads(games_file.read_text().splitlines()[0])
    game["moves"][4] = "tile red Z99"
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(game) + "\n")
    message = _refused([str(bad), "--holdout", "0.5"], tmp_path / "c.py")
    assert message.startswith(f"fit_chances: {bad} line 1: move 5 ('tile red Z99') does not replay:")
    assert "Z99" in message.split("does not replay:")[1]


def test_out_of_range_options_are_refused_in_words(games_file, tmp_path):
    assert "--holdout between 0 and 1" in _refused([str(games_file), "--holdout", "1.5"], tmp_path / "c.py")
    assert "--every must be at least 1" in _refused([str(games_file), "--every", "0"], tmp_path / "c.py")


def test_cross_validation_holds_every_game_out_once_and_fits_on_the_others():
    rng = random.Random(5)
    truth = Model(scale=0.8, late=1.0, tempo=0.3, late2=1.0)
    per_game = []
    for _ in range(40):  # 40 games of 30 positions, outcomes drawn from the known model
        x0 = [rng.gauss(0, 1.0) for _ in range(3)]
        game = []
        for j in range(30):
            x = Inputs(tuple(w + rng.gauss(0, 0.3) for w in x0), j % 3, 0.5, 1 - j / 30)
            winner = rng.choices(range(3), chances_from(x, truth))[0]
            game.append(Sample(x, tuple(1.0 if i == winner else 0.0 for i in range(3))))
        per_game.append(game)
    seen: list[set[int]] = []

    def recording_fit(data):
        seen.append({id(s) for s in data})
        return fit(data, rounds=15)

    rows, sc = cross_validated(per_game, 4, recording_fit)
    assert len(seen) == 4
    for f, fitted_on in enumerate(seen):
        held = {id(s) for i, game in enumerate(per_game) if i % 4 == f for s in game}
        rest = {id(s) for i, game in enumerate(per_game) if i % 4 != f for s in game}
        assert not held & fitted_on and fitted_on == rest
    assert sc.positions == 40 * 30 and sum(r.pairs for r in rows) == 40 * 30 * 3
    assert sc.log_loss < sc.baseline_log_loss
    for r in rows:
        if r.pairs >= 100:
            assert abs(r.observed - r.predicted) < 4 * r.se + 0.02, r


def test_folds_deal_games_by_seed():
    games = [{"seed": s} for s in (7, 3, 9, 1, 5)]
    assert [[g["seed"] for g in fold] for fold in folds(games, 2)] == [[1, 5, 9], [3, 7]]


def test_the_fit_with_folds_prints_the_cross_validated_table_and_fits_on_every_game(games_file, tmp_path, capsys):
    out = tmp_path / "calibration.py"
    main([str(games_file), "--every", "3", "--folds", "2", "--write", "--out", str(out)])
    printed = capsys.readouterr().out
    assert "Cross-validated reliability, 2 players (2 folds, every game held out once)" in printed
    assert "| predicted | pairs | games | mean predicted | observed wins | gap ± se |" in printed
    assert "the largest gap" in printed and "fitted on every game" in printed
    said = " ".join(_load(out).__doc__.split())
    assert "fitted on every game, checked by 2-fold cross-validation" in said


def test_one_fold_is_refused_in_words(games_file, tmp_path):
    assert "--folds must be 0 (none) or at least 2" in _refused([str(games_file), "--folds", "1"], tmp_path / "c.py")
