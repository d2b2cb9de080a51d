"""Builders for hand-written engine positions used by the rule tests, and turn starts of seeded random games."""

import random

from engine import Game
from engine.analysis import facts

FULL_HAND = {"red": 2, "blue": 2, "green": 1, "black": 1}
# Far from the squares scenarios use, so the game does not end for lack of treasures.
DISTANT_TEMPLES = ("K1", "P2", "O9", "F10", "K11")


def tiles(**by_colour: str) -> dict[str, str]:
    """tiles(red="B5 C5", black="D5") -> {"B5": "red", "C5": "red", "D5": "black"}."""
    return {sq: colour for colour, squares in by_colour.items() for sq in squares.split()}


def game(
    board_tiles: dict[str, str] | None = None,
    leaders: list[dict[str, str]] | None = None,
    hands: list[dict[str, int]] | None = None,
    players: int = 2,
    player: int = 0,
    actions_left: int = 2,
    bag: dict[str, int] | None = None,
    treasures: tuple[str, ...] | list[str] = DISTANT_TEMPLES,
    **extra: object,
) -> Game:
    """A game from a hand-written position; unspecified players hold FULL_HAND and have no leaders out.

    Each treasure square gets a red temple unless the tiles say otherwise."""
    leaders = leaders or []
    hands = hands or []
    pos = {
        "format": "tne/1",
        "board": "standard",
        "players": [
            {
                "dynasty": ["archer", "bull", "lion", "urn"][i],
                "hand": hands[i] if i < len(hands) else dict(FULL_HAND),
                "leaders": leaders[i] if i < len(leaders) else {},
            }
            for i in range(players)
        ],
        "tiles": {**{sq: "red" for sq in treasures}, **(board_tiles or {})},
        "treasures": list(treasures),
        "bag": bag if bag is not None else {"red": 20, "blue": 20, "green": 20, "black": 20},
        "turn": {"player": player, "actions_left": actions_left},
    }
    pos.update(extra)
    return Game.from_position(pos)


def points(g: Game, seat: int) -> dict[str, int]:
    return g.position()["players"][seat]["points"]


def leader_at(g: Game, seat: int, colour: str) -> str | None:
    return g.position()["players"][seat]["leaders"].get(colour)


def types(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]


def positions(players: int, seed: int, every: int = 5) -> list[Game]:
    """Turn starts of a seeded game of uniformly random moves."""
    rng = random.Random(seed)
    game = Game.new(players=players, seed=seed)
    out = []
    for i in range(400):
        if game.over:
            break
        f = facts(game)
        if f.pending is None and f.actions_left == 2 and i % every == 0:
            out.append(game.copy(history=False))
        game.play(rng.choice(game.legal_moves()))
    return out
