"""The position evaluation of the medium and hard levels, from one seat's point of view.

Each player's worth is the fitted weighting of its features (engine/ai/features.py, weights from
engine/ai/weights.py), in log-odds of winning. The seat's value is its worth against its rivals':
in a 2-player game the rival's, with more players mostly the leader's, since the leader is whom
everyone must stop. A finished game is judged by its places."""

from bench.v3.features import FEATURES, all_features
from bench.v3.weights import WEIGHTS
from engine.analysis import Facts, Regions
from engine.standings import totals_after_treasures

W: tuple[float, ...] = tuple(WEIGHTS[name] for name in FEATURES)
LEADER_SHARE = 0.7  # with 3-4 players: how much the best rival counts against the others' mean
WIN = 6.0  # a won game, in log-odds (far above any position still in play)


def worth(phi: list[float]) -> float:
    return sum(w * x for w, x in zip(W, phi, strict=True))


def against(vals: list[float], seat: int) -> float:
    """The seat's worth against its rivals': the rival's in 2-player games, mostly the leader's beyond."""
    others = [v for i, v in enumerate(vals) if i != seat]
    if len(others) == 1:
        return vals[seat] - others[0]
    return vals[seat] - (LEADER_SHARE * max(others) + (1 - LEADER_SHARE) * sum(others) / len(others))


def evaluate(f: Facts, regions: Regions, seat: int) -> float:
    """How good the position is for the seat (higher is better): log-odds of winning, roughly."""
    if f.over:
        return final_value(f, seat)
    phis = all_features(f, regions, seat)
    return against([worth(phi) for phi in phis], seat)


def final_value(f: Facts, seat: int) -> float:
    """A finished game: the place first, then the margin on the lowest colour (rivals' points may be guesses)."""
    keys = [sorted(totals_after_treasures(list(p.points))) for p in f.players]
    mine = keys[seat]
    place = 1 + sum(1 for k in keys if k > mine)
    best_other = max(k for i, k in enumerate(keys) if i != seat)
    share = 1 - 2 * (place - 1) / (f.n - 1)
    return WIN * share + 0.3 * (mine[0] - best_other[0])
