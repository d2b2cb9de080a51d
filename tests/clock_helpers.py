"""Clocks for tests: a time source that stands still until moved, and a clock file a bot process reads."""

from __future__ import annotations

HOUR = 3600.0


class FakeTime:
    """The service's time source: stands still until a test moves it."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.t = start

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


def clock_env(tmp_path) -> tuple[dict[str, str], callable]:
    offset = tmp_path / "clock-offset"
    offset.write_text("0")

    def advance(seconds: float) -> None:
        offset.write_text(str(float(offset.read_text()) + seconds))

    return {"TNE_TEST_CLOCK_FILE": str(offset)}, advance
