"""Storage errors the service understands whichever back end raised them (no sqlite3 or asyncpg types above here)."""

from __future__ import annotations


class StorageError(Exception):
    """Something the database refused or could not do; `where` names the database (never with a password)."""

    def __init__(self, reason: str, *, where: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.where = where

    def line(self) -> str:
        """One line for a person: which database and why."""
        return f"Cannot use the database {self.where}: {self.reason}" if self.where else self.reason


class StaleError(StorageError):
    """The row changed under us (another process or a lost race): a revision or row-count check failed;
    nothing of that transaction was written."""


class DuplicateError(StorageError):
    """A unique constraint refused the row (for example a second live game in one channel)."""


class BusyError(StorageError):
    """The database stayed locked by someone else past the wait (SQLite busy, PostgreSQL lock timeout or
    deadlock); nothing was written and the same request may succeed later."""


class UnavailableError(StorageError):
    """The database cannot be used at all: missing, unreadable, read-only, corrupt, unreachable, refused us."""


class DiskFullError(StorageError):
    """The disk (or the server's) is full; nothing of that transaction was written."""
