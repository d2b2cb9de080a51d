"""The tape a move's draws are logged on (and, for a record's replay, read from): a leaf that imports nothing."""

from dataclasses import dataclass, field


@dataclass
class Tape:
    """Set on a state while one move is played: logs each draw as (seat, colours) in order, and, when
    `given` is set (a record's draws), supplies those colours instead of the seed's."""

    log: list[tuple[int, tuple[int, ...]]] = field(default_factory=list)
    given: list[tuple[int, tuple[int, ...]]] | None = None
