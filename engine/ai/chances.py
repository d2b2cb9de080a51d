"""Each seat's chance to win from a full position: the evaluation's worths through a fitted softmax.

A seat's worth is the evaluation's weighted features (log-odds of winning in a 2-player game). The
chances are the softmax over seats of (scale + late * gone + late2 * gone²) * worth, gone being the part
of the game played, plus a tempo term for the seat whose turn it is: the same lead decides more as the
end nears, and faster near the end than a straight line says. The numbers per player count
come from engine/ai/calibration.py, fitted by bench/fit_chances.py (docs/review.md)."""

from dataclasses import dataclass
from math import exp

from engine.ai.calibration import LATE, LATE2, SCALE, TEMPO
from engine.ai.evaluate import worth
from engine.ai.features import all_features, game_left
from engine.analysis import Facts, Regions, facts, regions
from engine.game import Game
from engine.standings import totals_after_treasures


@dataclass(frozen=True, slots=True)
class Model:
    """The calibrated numbers for one player count, in log-odds: the logit of seat i is
    (scale + late * gone + late2 * gone²) * worth_i with gone = 1 - game left, plus tempo * (actions left / 2)
    for the turn's player."""

    scale: float
    late: float
    tempo: float
    late2: float = 0.0


@dataclass(frozen=True, slots=True)
class Inputs:
    """What the model reads of a position: each seat's worth, the turn's player, its actions' share, game left."""

    worths: tuple[float, ...]
    player: int
    share: float
    left: float


def model(players: int) -> Model:
    """The calibrated numbers for this many players."""
    return Model(SCALE.get(players, 1.0), LATE.get(players, 0.0), TEMPO.get(players, 0.0), LATE2.get(players, 0.0))


def inputs(f: Facts, regs: Regions) -> Inputs:
    """The model's inputs for a position still in play."""
    # The turn's player judges the conflicts with its own hand known: one feature pass serves every seat.
    ws = tuple(worth(phi) for phi in all_features(f, regs, f.player))
    return Inputs(ws, f.player, f.actions_left / 2, game_left(f))


def chances_from(x: Inputs, m: Model) -> tuple[float, ...]:
    """The softmax of each seat's logit under the model."""
    gone = 1 - x.left
    slope = m.scale + (m.late + m.late2 * gone) * gone
    z = [slope * w + (m.tempo * x.share if i == x.player else 0.0) for i, w in enumerate(x.worths)]
    top = max(z)
    e = [exp(v - top) for v in z]
    total = sum(e)
    return tuple(v / total for v in e)


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
    return chances_from(inputs(f, regions(game)), model(f.n))
