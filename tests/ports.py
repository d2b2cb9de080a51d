"""Local ports for the tests' servers and for addresses meant to refuse connections."""

from __future__ import annotations

import socket


def free_port() -> int:
    """A local port nothing listens on now (the system's choice; another process may take it before it is used)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
