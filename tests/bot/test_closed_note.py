"""The private note to whoever acts in a channel the bot cannot post in (bot/discord_front/closed_note.py): which
permissions it
names, when it says nothing, and that it reads in the asker's language."""

from __future__ import annotations

import discord
import pytest

from bot.discord_front.closed_note import closed_note, given_back, missing
from bot.discord_front.outbox_blocks import Block
from bot.language.locales import load

ALL = discord.Permissions.all()
NONE_SAID = discord.Permissions.none()  # an interaction that reports no permissions


def without(*names: str) -> discord.Permissions:
    permissions = discord.Permissions.all()
    for name in names:
        setattr(permissions, name, False)
    return permissions


def test_a_refused_post_or_a_missing_posting_permission_is_named_nothing_else_is_said():
    assert missing(ALL, None) == []
    assert missing(NONE_SAID, None) == [], "no permissions reported: only a refused post counts"
    assert missing(without("send_messages"), None) == ["send_messages"]
    assert missing(without("view_channel", "attach_files"), None) == ["view_channel", "attach_files"]
    assert missing(without("attach_files"), None) == [], "posts get through: the outbox says if pictures do not"
    held = Block(guild_id=1, since=0.0, missing=("send_messages",))
    assert missing(NONE_SAID, held) == ["send_messages"]
    assert missing(without("embed_links"), held) == ["send_messages", "embed_links"]


def test_in_a_thread_posting_is_send_messages_in_threads():
    held = Block(guild_id=1, since=0.0, missing=("send_messages",))
    assert missing(without("send_messages"), None, thread=True) == [], "a thread needs the thread permission"
    assert missing(without("send_messages_in_threads"), None, thread=True) == ["send_messages_in_threads"]
    assert missing(NONE_SAID, held, thread=True) == ["send_messages_in_threads"]
    assert given_back(without("send_messages"), held, thread=True)


def test_given_back_only_when_discord_reports_every_refused_permission():
    held = Block(guild_id=1, since=0.0, missing=("view_channel",))
    assert given_back(ALL, held)
    assert not given_back(without("view_channel"), held)
    assert not given_back(NONE_SAID, held), "nothing reported: nothing known"
    assert not given_back(ALL, None)


@pytest.mark.parametrize("lang, words", [
    ("en", ["Send Messages", "View Channel", "10 minutes"]),
    ("de", ["Nachrichten senden", "Kanal ansehen", "10 Minuten"]),
    ("fr", ["Envoyer des messages", "Voir le salon", "10 minutes"]),
])
def test_the_note_names_the_permissions_and_the_pause_in_the_askers_language(lang, words):
    note = closed_note(["view_channel", "send_messages"], load().for_tag(lang), 600.0)
    assert all(w in note for w in words), note
    pictures = closed_note(["attach_files"], load().for_tag(lang), 600.0)
    assert "{" not in pictures and ("Attach Files" in pictures) == (lang == "en")
