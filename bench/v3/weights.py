"""Evaluation weights, fitted by bench/fit_eval.py to self-play outcomes (see docs/ai.md)."""

WEIGHTS: dict[str, float] = {
    "lowest": 0.2541,
    "second": 0.1791,
    "upper": 0.1090,
    "weak_leaders": -0.2063,
    "strong_leaders": -0.1440,
    "kingdom_tiles": 0.0987,
    "temple_support": 0.1601,
    "king_reach": 0.0431,
    "monument_income": 0.2143,
    "treasure_reach": 0.0879,
    "red_in_hand": 0.0764,
    "war_tiles_in_hand": 0.0828,
    "catastrophes": 0.2670,
    "conflicts": 0.0305,
}
TEMPO = 0.1054
