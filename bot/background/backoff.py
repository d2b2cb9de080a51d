"""Waits between retries, shared by everything that retries (computer seats, the outbox)."""

from __future__ import annotations

import random
from dataclasses import dataclass


@dataclass(frozen=True)
class Backoff:
    """Waits between retries: doubling from `first` up to `most` seconds, each with jitter so that work that
    failed together (one locked database, one Discord outage) does not all retry at the same instant."""

    first: float = 1.0
    most: float = 60.0

    def delay(self, failures: int) -> float:
        base = min(self.most, self.first * 2.0 ** max(0, failures - 1))
        return base * random.uniform(0.5, 1.0)
