"""Deterministic randomness: every draw is a pure function of the game's seed and a counter."""

_MASK = (1 << 64) - 1


def mix(seed: int, counter: int) -> int:
    """A 64-bit pseudo-random number from a seed and a counter (splitmix64 finaliser)."""
    z = (seed * 0x9E3779B97F4A7C15 + counter * 0xBF58476D1CE4E5B9 + 0x94D049BB133111EB) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def pick(seed: int, counter: int, weights: list[int]) -> int:
    """Index chosen with probability proportional to its weight; weights must not all be zero."""
    r = mix(seed, counter) % sum(weights)
    for i, w in enumerate(weights):
        if r < w:
            return i
        r -= w
    raise AssertionError("weights changed during pick")
