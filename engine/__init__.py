"""Tigris & Euphrates rules engine: pure, deterministic, no I/O."""

from engine.errors import IllegalMove
from engine.game import Game
from engine.move import Move, Played, canonical, is_action
from engine.outcome import Outcome, Standing, Termination
from engine.position import PositionError

__all__ = ["Game", "IllegalMove", "Move", "Outcome", "Played", "PositionError", "Standing", "Termination",
           "canonical", "is_action"]
