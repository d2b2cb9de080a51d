"""The web board's fixture for every test of tests/web/."""

from tests.web.web_fixtures import web  # noqa: F401
