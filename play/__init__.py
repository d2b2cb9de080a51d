"""Play Tigris & Euphrates in a terminal against the computer players: `python -m play`."""
