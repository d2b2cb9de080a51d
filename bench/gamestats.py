"""What each seat did in a game, counted from its public events: the ladder's window on how players lose.

Counts per seat: actions that score nothing (swaps, withdrawals, passes), catastrophes, leaders sent home,
monuments, revolts and wars as attacker and defender (won or lost), tiles committed, and points by reason."""

from collections.abc import Iterable, Mapping
from typing import Any

KEYS: tuple[str, ...] = (
    "swap", "withdraw", "pass", "catastrophe", "leader_home", "monument",
    "revolt_att_won", "revolt_att_lost", "revolt_def_won", "revolt_def_lost",
    "war_att_won", "war_att_lost", "war_def_won", "war_def_lost", "committed",
    "pts_tile", "pts_war", "pts_revolt", "pts_monument", "pts_treasure",
)


def seat_stats(events: Iterable[Mapping[str, Any]], players: int) -> list[dict[str, int]]:
    """Per seat, the counts of KEYS over a game's events."""
    out = [dict.fromkeys(KEYS, 0) for _ in range(players)]
    attacker = defender = -1
    for e in events:
        kind = e["type"]
        if kind in ("swap", "withdraw", "pass", "catastrophe", "monument", "leader_home"):
            out[e["seat"]][kind] += 1
        elif kind in ("revolt", "war"):
            attacker, defender = e["attacker"], e["defender"]
        elif kind in ("revolt_won", "war_won"):
            conflict = kind[:-4]
            won_by_attacker = e["winner"] == attacker
            out[attacker][f"{conflict}_att_{'won' if won_by_attacker else 'lost'}"] += 1
            out[defender][f"{conflict}_def_{'lost' if won_by_attacker else 'won'}"] += 1
        elif kind == "commit":
            out[e["seat"]]["committed"] += e["count"]
        elif kind == "point":
            out[e["seat"]][f"pts_{e['reason']}"] += e["count"]
        elif kind == "treasure":
            out[e["seat"]]["pts_treasure"] += 1
    return out


def summary(rows: dict[str, list[dict[str, int]]]) -> str:
    """A table of each player's mean count per game, one column per player."""
    names = list(rows)
    lines = [f"{'per game':<16}" + "".join(f"{n[:14]:>15}" for n in names)]
    for key in KEYS:
        cells = []
        for n in names:
            games = rows[n]
            cells.append(f"{sum(g[key] for g in games) / max(1, len(games)):>15.2f}")
        lines.append(f"{key:<16}" + "".join(cells))
    return "\n".join(lines)
