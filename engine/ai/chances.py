"""Each seat's chance to win from a full position: the evaluation's worths through a fitted softmax.

A seat's worth is the evaluation's weighted features (log-odds of winning in a 2-player game), plus
a tempo term for the seat whose turn it is; the chances are the softmax of the worths times a scale.
Scale and tempo per number of players come from engine/ai/calibration.py (bench/fit_chances.py)."""

from math import exp

from engine.ai.calibration import SCALE, TEMPO
from engine.ai.evaluate import worth
from engine.ai.features import all_features
from engine.analysis import Facts, Regions, facts, regions
from engine.game import Game
from engine.standings import totals_after_treasures


def worths(f: Facts, regs: Regions) -> list[float]:
    """Each seat's worth before scaling (the evaluation's features, weighted), tempo not included."""
    # The turn's player judges the conflicts with its own hand known: one feature pass serves every seat.
    return [worth(phi) for phi in all_features(f, regs, f.player)]


def tempo_share(f: Facts) -> float:
    """How much of a turn's tempo the seat whose turn it is still holds: all of it with both actions left."""
    return f.actions_left / 2


def softmax(values: list[float]) -> tuple[float, ...]:
    top = max(values)
    e = [exp(v - top) for v in values]
    total = sum(e)
    return tuple(x / total for x in e)


def chances_from(ws: list[float], player: int, share: float, scale: float, tempo: float) -> tuple[float, ...]:
    """The chances for given worths: the turn's player gets `tempo * share` added, then softmax(scale * worth)."""
    return softmax([scale * (w + (tempo * share if i == player else 0.0)) for i, w in enumerate(ws)])


def final_chances(f: Facts) -> tuple[float, ...]:
    """A finished game: the winner, or the seats tied for first, share 1."""
    keys = [sorted(totals_after_treasures(list(p.points))) for p in f.players]
    best = max(keys)
    winners = [k == best for k in keys]
    return tuple(1.0 / sum(winners) if w else 0.0 for w in winners)


def win_chances(game: Game) -> tuple[float, ...]:
    """Each seat's chance to win from this full position (all hands known), by the calibrated model; sums to 1.
    A finished game: the winner(s) share 1."""
    f = facts(game)
    if f.over:
        return final_chances(f)
    return chances_from(worths(f, regions(game)), f.player, tempo_share(f), SCALE.get(f.n, 1.0), TEMPO.get(f.n, 0.0))
