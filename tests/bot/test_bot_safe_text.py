"""Safe text: hostile names shown as written letters, exact pings, and no message past Discord's limits."""

from __future__ import annotations

import pytest

from bot.language import text as T
from tests.bot_harness import (
    ALICE,
    BOB,
    CHANNEL,
    Harness,
    User,
    assert_within_limits,
    find_conflict,
    last_message_with,
    open_game,
    play_moves,
    response,
    seed_where_first,
)

VICTIM = 1009  # somebody on the server who plays in no game: no message may ever ping them
HOSTILE = [
    f"<@{VICTIM}>",
    "@everyone",
    "[Free Nitro](https://evil.example/nitro)",
    "**Boss** __of__ ~~all~~ ||x|| `code` # Heading",
    "\u202eevil\u200b\u200dname\u2066",
    "Long" + "o" * 300,
]


def pinged(call) -> list[int]:
    """The users a message may ping, as Discord reads its allowed_mentions."""
    allowed = call.data.get("allowed_mentions")
    assert allowed is not None, f"no allowed_mentions on {call.kind}: {call.content!r}"
    assert allowed.get("parse") == [], allowed  # never everyone, roles or every mentioned user
    assert not allowed.get("replied_user"), allowed
    return [int(u) for u in allowed.get("users", [])]


def test_plain_drops_controls_and_cuts():
    assert T.plain("\u202eevil\u200b\u200d na\u00a0me\n\u2066") == "evil na me"
    assert T.plain("x" * 100) == "x" * 31 + "…" and len(T.plain("x" * 100)) == T.NAME_LIMIT
    assert T.plain("\x00\x1b[31m") == "[31m"
    assert T.plain("two\nlines\tand\u2028more") == "two lines and more"
    assert T.name("\u200b\u200b") == "Player"


def test_escape_shows_markup_as_letters():
    assert T.escape("<@123>") == r"\<\@123\>"
    assert T.escape("@everyone") == r"\@everyone"
    assert T.escape("[a](https://x)") == r"\[a\]\(https\://x\)"
    assert T.escape("*_~`|#>-") == r"\*\_\~\`\|\#\>\-"
    assert T.escape("back\\slash") == "back\\\\slash"


def test_fit_never_exceeds_the_limit_nor_leaves_half_an_escape():
    assert T.fit("short") == "short"
    for text in ("a" * 5000, "\\*" * 3000, "b" + "\\*" * 3000):
        out = T.fit(text)
        assert len(out) <= T.CONTENT_LIMIT and out.endswith(" …")
        body = out[:-2]
        assert (len(body) - len(body.rstrip("\\"))) % 2 == 0, "a lone backslash would escape the ellipsis"
    assert T.label("x" * 200) == "x" * 79 + "…"


@pytest.mark.parametrize("hostile", HOSTILE)
async def test_hostile_names_are_shown_escaped_and_ping_nobody(fake, harness, hostile):
    host = User(2001, hostile)
    guest = User(2002, "Bea")
    game_id = await open_game(harness, [host, guest])
    table = await harness.service.load(game_id)
    users = [host, guest]
    for _ in range(3):  # a few moves, so the host's name is in accounts, lobby, status and buttons
        table = await harness.service.load(game_id)
        await harness.command(users[table.game.to_move], CHANNEL, "move", action="pass")
    await harness.command(guest, CHANNEL, "status")
    await harness.command(host, CHANNEL, "resign")

    clean = T.plain(hostile)
    shown = T.escape(clean)
    public = fake.public_calls()
    assert public
    assert any(shown in c.content for c in public), "the name is shown, escaped"
    for call in fake.calls:
        content = call.content
        assert f"<@{VICTIM}>" not in content, content
        assert "@everyone" not in content.replace(r"\@everyone", ""), content
        assert "](https://" not in content and "\u202e" not in content and "\u200b" not in content
        assert "**Boss**" not in content and "||x||" not in content
        if call.kind in ("response", "followup", "channel") and "allowed_mentions" in call.data:
            assert set(pinged(call)) <= {host.id, guest.id}
    # Pictures and labels get the plain name (no escapes, no controls), cut to Discord's length for names.
    assert table.names()[0] == clean and len(clean) <= T.NAME_LIMIT
    assert_within_limits(fake)


async def test_a_hostile_name_joining_and_leaving(fake, harness):
    await harness.command(ALICE, CHANNEL, "new", seats=3)
    mallory = User(2003, f"<@{VICTIM}> [x](https://e.co)")
    for sub in ("join", "leave"):
        calls = await harness.command(mallory, CHANNEL, sub)
        first = response(calls)
        assert not first.ephemeral
        assert f"<@{VICTIM}>" not in first.content and "](https://" not in first.content
        assert r"\<\@1009\> \[x\]\(https\://e.co\)" in first.content
        assert pinged(first) == []


# --- exactly the right ping after every public move ----------------------------------------------------------


async def test_a_move_pings_exactly_the_next_player(fake, harness):
    users = [ALICE, BOB]
    game_id = await open_game(harness, users)
    for _ in range(4):
        table = await harness.service.load(game_id)
        mover = users[table.game.to_move]
        calls = await harness.command(mover, CHANNEL, "move", action=table.game.legal_moves()[0])
        post = response(calls)
        assert not post.ephemeral
        nxt = users[(await harness.service.load(game_id)).game.to_move]
        # Only a new turn buzzes: the mover's second action is named, not pinged (issue 33).
        expected = [nxt.id] if nxt != mover else []
        assert pinged(post) == expected
        mentioned = {u.id for u in users if f"<@{u.id}>" in post.content}
        assert mentioned == set(expected), post.content
        assert post.content.rstrip().splitlines()[-1].startswith(f"<@{nxt.id}>" if expected else "**")


async def test_a_decision_pings_the_decider_only(fake, harness):
    users = [ALICE, BOB]
    game_id = await open_game(harness, users)
    table = await harness.service.load(game_id)
    moves = find_conflict(2, table.row.seed, "war")
    await play_moves(harness, users, game_id, moves[:-1])
    table = await harness.service.load(game_id)
    mover = users[table.game.to_move]
    calls = await harness.command(mover, CHANNEL, "move", action=moves[-1])
    table = await harness.service.load(game_id)
    decider = users[table.game.pending["attacker"]]
    assert table.game.to_move == users.index(decider)
    post = response(calls)
    assert decider is mover
    # The decider's own move raised it: the reply to them names them and pings nobody (issue 37).
    assert pinged(post) == [] and "<@" not in post.content, post.content
    # The decider answers on the private panel: the public account then pings the defender, and only them.
    mid, decide = last_message_with(fake, "decide")
    panel = response(await harness.press(decider, mid, decide))
    commit = next(c for c in panel.custom_ids() if c.endswith(":commit.0"))
    calls = await harness.press(decider, panel.message_id, commit)
    public = next(c for c in calls if c.kind == "channel")
    defender = users[table.game.pending["defender"]]
    assert pinged(public) == [defender.id]
    assert {u.id for u in users if f"<@{u.id}>" in public.content} == {defender.id}


async def test_nobody_is_pinged_when_a_computer_is_next(fake, tmp_path):
    h = await Harness(fake, str(tmp_path / "tne.sqlite3"), seed=seed_where_first(0)).start()
    try:
        await h.command(ALICE, CHANNEL, "new", seats=2)
        await h.command(ALICE, CHANNEL, "addbot", level="easy")
        await h.command(ALICE, CHANNEL, "start")
        await h.command(ALICE, CHANNEL, "move", action="pass")
        calls = await h.command(ALICE, CHANNEL, "move", action="pass")
        post = response(calls)  # Alice's second action hands the turn to the computer
        assert "Easy computer (Bull)" in post.content.splitlines()[-1]
        assert pinged(post) == [] and "<@" not in post.content
        # The computer's own posts ping Alice when she is next, and only her.
        bot_posts = [c for c in calls if c.kind == "channel"]
        assert bot_posts
        for c in bot_posts:
            table = await h.service.channel_table(CHANNEL)
            expected = [ALICE.id] if f"<@{ALICE.id}>" in c.content else []
            assert pinged(c) == expected
        assert pinged(bot_posts[-1]) == [ALICE.id]
        assert table.game.to_move == 0
        assert_within_limits(fake)
    finally:
        await h.close()


async def test_board_and_lobby_ping_nobody(fake, harness):
    calls = await harness.command(ALICE, CHANNEL, "new", seats=2)
    assert pinged(response(calls)) == []
    await harness.command(BOB, CHANNEL, "join")
    await harness.command(ALICE, CHANNEL, "start")
    board = response(await harness.command(BOB, CHANNEL, "board"))
    assert not board.ephemeral and pinged(board) == []


@pytest.mark.fuzz
async def test_a_whole_game_with_hostile_names_stays_within_limits_and_pings_exactly(fake, tmp_path):
    import random

    from tests.bot_harness import drive

    names = ["<@1009> " + "*" * 40, "# [Nitro](https://e.co) " + "_" * 40, "@everyone\u202e" + "`|" * 40]
    users = [User(3001 + i, n) for i, n in enumerate(names)]
    h = await Harness(fake, str(tmp_path / "tne.sqlite3"), seed=21).start()
    try:
        game_id = await open_game(h, users)
        for sub in ("status", "log", "board"):
            await h.command(users[0], CHANNEL, sub)
        await drive(h, users, game_id, random.Random(3))
        for sub in ("status", "log", "board"):
            await h.command(users[1], CHANNEL, sub)
        assert (await h.service.load(game_id)).row.status == "over"
        assert_within_limits(fake)
        ids = {u.id for u in users}
        moves = [c for c in fake.public_calls() if "played `" in c.content and c.kind != "original_edit"]
        assert moves
        for call in moves:
            mentioned = {uid for uid in ids | {VICTIM} if f"<@{uid}>" in call.content}
            assert len(mentioned) <= 1 and set(pinged(call)) == mentioned, call.content
    finally:
        await h.close()
