"""Database URLs: `sqlite:///relative.sqlite3`, `sqlite:////absolute/path`, `sqlite:///:memory:`,
`postgresql://user:password@host:port/db`; a bare file path means SQLite. Shown only with the password hidden."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

SQLITE = "sqlite"
POSTGRESQL = "postgresql"


class URLError(ValueError):
    """A database setting that is not a usable URL; the message says what would be."""


@dataclass(frozen=True)
class DatabaseURL:
    """Which back end and where: `path` for SQLite, `dsn` (as given) for PostgreSQL."""

    dialect: str
    path: str = ""
    dsn: str = ""

    @property
    def memory(self) -> bool:
        return self.dialect == SQLITE and self.path == ":memory:"

    def __str__(self) -> str:
        """The URL with any password replaced by ***, safe for logs and messages."""
        if self.dialect == SQLITE:
            return f"sqlite:///{self.path}"
        return redact(self.dsn)


def redact(dsn: str) -> str:
    """A URL with its password (user:password@ or ?password=) replaced by ***."""
    parts = urlsplit(dsn)
    netloc = parts.netloc
    if "@" in netloc:
        userinfo, _, host = netloc.rpartition("@")
        if ":" in userinfo:
            netloc = f"{userinfo.split(':', 1)[0]}:***@{host}"
    query = parts.query
    if query:
        query = urlencode([(k, "***" if k.lower() == "password" else v) for k, v in parse_qsl(query)], safe="*")
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


def parse_url(text: str) -> DatabaseURL:
    """A DatabaseURL from a URL or a plain SQLite file path; URLError if it names no back end we have."""
    text = text.strip()
    if not text:
        raise URLError("the database URL is empty")
    if "://" not in text:
        return DatabaseURL(SQLITE, path=text)
    scheme = text.split("://", 1)[0].lower()
    if scheme == SQLITE:
        if not text.lower().startswith("sqlite:///"):
            raise URLError(f"a SQLite URL has three slashes before the path (sqlite:///tne.sqlite3), not {text!r}")
        path = text[len("sqlite:///"):]
        if not path:
            raise URLError("the SQLite URL names no file (sqlite:///tne.sqlite3, or sqlite:///:memory:)")
        return DatabaseURL(SQLITE, path=path)
    if scheme in ("postgresql", "postgres"):
        parts = urlsplit(text)
        if not parts.hostname and "host=" not in parts.query:
            raise URLError(f"the PostgreSQL URL names no host: {redact(text)!r}")
        return DatabaseURL(POSTGRESQL, dsn=text)
    raise URLError(f"the database URL must start with sqlite:/// or postgresql://, not {redact(text)!r}")
