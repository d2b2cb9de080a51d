"""A seat's margin in points: its score (the weakest colour) less the best rival's, as the game stands or is
forecast, on a scale that adds up over a game and does not saturate once a game is decided.

A finished game's margin is the scores' difference. A game in play is forecast by the evaluation: the seats'
worths (engine/ai/evaluate.py, log-odds of winning) differ by the mover's lead in worth, which is said in
points of the weakest colour at the evaluation's own rate (a point there is worth WEIGHTS["lowest"])."""

from engine.ai.chances import chances_from, final_chances, inputs, model
from engine.ai.weights import WEIGHTS
from engine.analysis import Facts, facts, regions
from engine.game import Game
from engine.standings import totals_after_treasures

POINT = WEIGHTS["lowest"]  # worth of one point of the weakest colour


def final_margin(f: Facts, seat: int) -> float:
    """A finished game: the seat's score less the best rival's score (each the weakest colour after treasures)."""
    scores = [min(totals_after_treasures(list(p.points))) for p in f.players]
    return float(scores[seat] - max(s for i, s in enumerate(scores) if i != seat))


def margin_and_chance(game: Game, seat: int) -> tuple[float, float]:
    """The seat's margin in points (forecast while the game is in play) and its chance to win, from one pass."""
    f = facts(game)
    if f.over:
        return final_margin(f, seat), final_chances(f)[seat]
    x = inputs(f, regions(game))
    lead = x.worths[seat] - max(w for i, w in enumerate(x.worths) if i != seat)
    return lead / POINT, chances_from(x, model(f.n))[seat]
