"""Tigris & Euphrates rules engine: pure, deterministic, no I/O."""
