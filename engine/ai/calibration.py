"""The chance-to-win model's numbers (engine/ai/chances.py), per number of players.

Not fitted yet: scale 1 and the evaluation's own tempo, so a 2-player game reads the evaluation's
log-odds as they are. bench/fit_chances.py rewrites this file with fitted numbers."""

SCALE: dict[int, float] = {2: 1.0, 3: 1.0, 4: 1.0}
TEMPO: dict[int, float] = {2: 0.1054, 3: 0.1054, 4: 0.1054}
