"""A seat's margin in points: its score (the weakest colour) less the best rival's, as the evaluation forecasts
it, on a scale that adds up over a game and does not saturate once a game is decided.

The seats' worths (engine/ai/evaluate.py, log-odds of winning) differ by the mover's lead in worth, which is said
in points of the weakest colour at the evaluation's own rate (a point there is worth WEIGHTS["lowest"]); the
next colours up and the board's promise count at their own weights."""

from engine.ai.chances import chances_from, final_chances, inputs, model
from engine.ai.weights import WEIGHTS
from engine.analysis import facts, regions
from engine.game import Game

POINT = WEIGHTS["lowest"]  # worth of one point of the weakest colour


def margin_and_chance(game: Game, seat: int) -> tuple[float, float]:
    """The seat's margin in points as the evaluation forecasts it and its chance to win, from one pass.

    A finished game is forecast the same way (its potential counts for nothing, the game left being 0): a
    rollout that ends the game and one that stops just short of it must be on one scale, or the first would
    gain or lose points by the change of scale alone."""
    f = facts(game)
    x = inputs(f, regions(game))
    lead = x.worths[seat] - max(w for i, w in enumerate(x.worths) if i != seat)
    return lead / POINT, final_chances(f)[seat] if f.over else chances_from(x, model(f.n))[seat]
