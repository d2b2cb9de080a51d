"""Tigris & Euphrates rules engine: pure, deterministic, no I/O.

The game's vocabulary is defined here once, for the bot and the pictures to share: colours (in the
canonical order red, blue, green, black), dynasties (seat i plays the i-th), tile and leader names (by
colour), monuments (canonical pair names), boards and the keys of a player's points."""

from engine.boards import BOARD_NAMES
from engine.constants import COLOURS, DYNASTIES, LEADER_NAMES, MONUMENT_NAMES, POINT_KEYS, TILE_NAMES
from engine.errors import IllegalMove
from engine.game import Game
from engine.move import Move, Played, canonical, is_action
from engine.notation import public_move
from engine.outcome import Outcome, Standing, Termination
from engine.position import PositionError
from engine.standings import StandingDict

__all__ = [
    "BOARD_NAMES", "COLOURS", "DYNASTIES", "LEADER_NAMES", "MONUMENT_NAMES", "POINT_KEYS", "TILE_NAMES",
    "Game", "IllegalMove", "Move", "Outcome", "Played", "PositionError", "Standing", "StandingDict", "Termination",
    "canonical", "is_action", "public_move",
]
