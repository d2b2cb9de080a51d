"""The web board's fixture for every test of tests/bot/web/."""

from tests.bot.web.web_fixtures import web  # noqa: F401
