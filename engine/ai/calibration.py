"""The chance-to-win model's numbers (engine/ai/chances.py), per number of players.

2 and 3 players: fitted by bench/fit_chances.py (docs/review.md) on p2.jsonl, p3.jsonl, p4.jsonl of 26 November 2026
(2 players: 600 games, 31386 + 13658 positions; 3 players: 240 games, 12243 + 5328 positions), the position before
every 2 moves, the last 30% of seeds held out, with no late2 term. 4 players: refitted with late2 on p4.jsonl of 27
November 2026 (151 games, seeds 70000-70150, 7444 + 3164 positions), where it was better calibrated on the held-out
games; for 3 players the refit with late2 was not (docs/review.md), so they keep their numbers."""

SCALE: dict[int, float] = {2: 0.2710, 3: 0.0970, 4: 1.0417}
LATE: dict[int, float] = {2: 1.2102, 3: 2.4711, 4: -0.3493}
LATE2: dict[int, float] = {2: 0.0000, 3: 0.0000, 4: 3.6500}
TEMPO: dict[int, float] = {2: 0.1934, 3: 0.2661, 4: 0.3775}
