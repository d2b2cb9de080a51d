"""An announcement's id rides invisibly at the end of its message, so a retry finds its own message and no other."""

from __future__ import annotations

import unicodedata

import pytest

from bot.discord_front.outbox_tag import tag, tag_of, tagged, untagged
from bot.language import text as T


@pytest.mark.parametrize("announcement_id", [1, 2, 3, 4, 5, 255, 256, 10**6, 2**53 + 7])
def test_a_tag_names_its_announcement_and_nothing_else(announcement_id):
    content = tagged("**Easy computer (Bull)** played `leader blue F4`.", announcement_id)
    assert tag_of(content) == announcement_id
    assert tag_of(tagged("**Easy computer (Bull)** played `leader blue F4`.", announcement_id + 1)) != announcement_id
    assert untagged(content) == "**Easy computer (Bull)** played `leader blue F4`."


def test_the_tag_is_invisible_and_the_words_are_unchanged():
    mark = tag(123456)
    assert all(unicodedata.category(ch) == "Cf" for ch in mark)  # format characters: shown as nothing
    assert mark.strip() == mark  # not whitespace, so Discord does not trim it away
    assert tagged("hello", 123456) == "hello" + mark


def test_a_message_at_discords_limit_stays_within_it_with_its_tag():
    content = tagged("x" * T.CONTENT_LIMIT, 987654321)
    assert len(content) <= T.CONTENT_LIMIT and tag_of(content) == 987654321


@pytest.mark.parametrize("content", ["", "plain words", "ends with a separator \u2063", "\u2063x", "a\u2063\u200bb"])
def test_a_message_without_a_tag_names_no_announcement(content):
    assert tag_of(content) is None
