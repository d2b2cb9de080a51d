"""Hypothesis profiles: `ci` runs each property test's full example count, `dev` a tenth of it for quick runs."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None)


def chosen() -> str:
    """HYPOTHESIS_PROFILE if set, else `ci` where CI=true (as CI sets it), else `dev`."""
    return os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI", "").lower() == "true" else "dev")


def examples(ci: int) -> int:
    """A test's example count: `ci` in the ci profile, a tenth of it (at least 10) in dev."""
    return ci if chosen() == "ci" else max(10, ci // 10)
