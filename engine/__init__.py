"""Tigris & Euphrates rules engine: pure, deterministic, no I/O."""

from engine.errors import IllegalMove
from engine.game import Game
from engine.notation import canonical, is_action
from engine.position import PositionError

__all__ = ["Game", "IllegalMove", "PositionError", "canonical", "is_action"]
