"""The chance-to-win model's numbers (engine/ai/chances.py), per number of players.

Fitted by bench/fit_chances.py (docs/review.md): p3.jsonl, p3_60155.jsonl, p4.jsonl (3 players: 456 games, 33127
positions; 4 players: 151 games, 10608 positions), the position before every 2 moves, fitted on every game, checked
by 5-fold cross-validation.
Not fitted (no games), kept as they were: 2 players (fitted on 26 November 2026 on 600 games, 31386 + 13658
positions, the last 30% of seeds held out)."""

SCALE: dict[int, float] = {2: 0.2710, 3: 0.7310, 4: 0.9908}
LATE: dict[int, float] = {2: 1.2102, 3: -0.7945, 4: -0.2287}
LATE2: dict[int, float] = {2: 0.0000, 3: 3.3979, 4: 3.6717}
TEMPO: dict[int, float] = {2: 0.1934, 3: 0.2985, 4: 0.3711}
