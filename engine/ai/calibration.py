"""The chance-to-win model's numbers (engine/ai/chances.py), per number of players.

Fitted by bench/fit_chances.py (docs/review.md): p2.jsonl, p3.jsonl, p4.jsonl (2 players: 600 games, 31386 + 13658
positions; 3 players: 240 games, 12243 + 5328 positions; 4 players: 200 games, 9878 + 4065 positions), the position
before every 2 moves, the last 30% of seeds held out."""

SCALE: dict[int, float] = {2: 0.2710, 3: 0.0970, 4: 0.3969}
LATE: dict[int, float] = {2: 1.2102, 3: 2.4711, 4: 3.2281}
TEMPO: dict[int, float] = {2: 0.1934, 3: 0.2661, 4: 0.3477}
