"""The scripted game the statistics, records and ratings tests share: its moves, times and expected figures."""

from __future__ import annotations

from dataclasses import dataclass

from bot.records.stats import PlayerStats
from engine import Game
from tests.engine_helpers import game, tiles


@dataclass
class Row:
    """A stored move as storage hands it over."""

    seat: int
    move: str
    events: list[dict]
    created_at: float | None = None


@dataclass
class Seat:
    seat: int
    resigned: bool = False


START = 1000.0


# (seat, move, time stored): Archer (seat 0) and Bull (seat 1) on a hand-written board.
SCRIPT = [
    (0, "tile black H10", 1010.0),        # Archer's king on G10 scores the settlement: 1 black (tiles)
    (0, "leader red H5", 1030.0),         # into Bull's priest's kingdom: revolt, Archer attacks
    (0, "commit 1", 1035.0),
    (1, "commit 0", 1047.0),              # Bull decides in Archer's turn; Archer wins 2-1: 1 red; turn ends
    (1, "tile black I10", 1100.0),        # joins both kings' kingdoms: black war, Bull attacks
    (1, "commit 2", 1104.0),
    (0, "commit 0", 1111.0),              # Bull wins 3-1, H10 removed: 2 black (wars)
    (1, "tile red L6", 1131.0),           # completes the red block K5-L6
    (1, "monument red-blue K5", 1134.0),  # end of turn: Bull's farmer on M6 earns 1 blue (monuments)
    (0, "catastrophe K10", 1150.0),       # destroys Bull's settlement
    (0, "leader green E5", 1160.0),       # trader joins F5 and G5: Archer must take one
    (0, "treasure F5", 1161.0),           # 2 treasures left: the game is over
]


def scripted_game() -> Game:
    return game(
        tiles(red="F5 G5 F10 J11 K5 L5 K6 M5", black="K10"),
        leaders=[{"black": "G10"}, {"red": "F6", "black": "J10", "blue": "M6"}],
        hands=[{"red": 2, "blue": 2, "green": 1, "black": 1}, {"red": 2, "blue": 1, "green": 0, "black": 3}],
        treasures=["F5", "G5", "K1"],
    )


def scripted_rows() -> tuple[Game, list[Row]]:
    g = scripted_game()
    rows = [Row(seat, move, g.play(move, seat=seat), at) for seat, move, at in SCRIPT]
    return g, rows


def expected_scripted() -> list[PlayerStats]:
    archer = PlayerStats(
        seat=0, dynasty="archer", place=1, score=0, totals={"red": 1, "blue": 1, "green": 0, "black": 1},
        points_by_source={"tiles": 1, "monuments": 0, "revolts": 1, "wars": 0, "treasures": 1},
        revolts_won_attacking=1, wars_lost_defending=1, tiles_committed=1, tiles_placed=1, catastrophes_used=1,
        turns=2, turn_seconds=[35.0, 27.0], decision_seconds=7.0,
    )
    bull = PlayerStats(
        seat=1, dynasty="bull", place=2, score=0, totals={"red": 0, "blue": 1, "green": 0, "black": 2},
        points_by_source={"tiles": 0, "monuments": 1, "revolts": 0, "wars": 2, "treasures": 0},
        revolts_lost_defending=1, wars_won_attacking=1, tiles_committed=2, tiles_placed=2, monuments_built=1,
        turns=1, turn_seconds=[80.0], decision_seconds=12.0,
    )
    return [archer, bull]
