"""The one exception a player can cause."""


class IllegalMove(ValueError):
    """A move that is malformed or breaks a rule; its message says why in plain words."""
