"""Swapped tiles go face down: the table learns only how many were swapped, the swapper alone which."""

from __future__ import annotations

import json

from bot.storage.outbox import OutboxStore
from engine import COLOURS, Game
from tests.bot_harness import ALICE, BOB, CAROL, CHANNEL, open_game, response


async def swap_two(h, users) -> tuple[int, str, int]:
    """The player to move swaps two tiles of different colours: (game id, the swap as played, its seat)."""
    game_id = await open_game(h, users)
    table = await h.service.load(game_id)
    seat = table.game.to_move
    hand = table.game.view(seat)["players"][seat]["hand"]
    held = [c for c in COLOURS if hand.get(c)]
    assert len(held) >= 2, hand
    move = f"swap {held[0]} {held[1]}"
    calls = await h.command(users[seat], CHANNEL, "move", action=move)
    assert not response(calls).ephemeral, response(calls).content
    return game_id, move, seat


async def test_the_channel_sees_how_many_tiles_were_swapped_and_only_the_swapper_which(harness, fake, drawn):
    users = [ALICE, BOB]
    game_id, move, seat = await swap_two(harness, users)
    colours = move.split()[1:]
    public = [c.content for c in fake.public_calls() if c.content]
    account = next(t for t in public if "played `swap 2`" in t)
    assert "swaps 2 tiles" in account
    for text in public:
        assert move not in text and not any(f"`swap {c}" in text for c in colours), text
    (secret,) = [c for c in fake.calls if c.ephemeral and "You swapped" in c.content]
    assert all(c in secret.content for c in colours) and "`swap 2`" in secret.content
    # Nothing stored for the channel names them: the account, and the public picture's view (its panel's "last").
    stored = await OutboxStore(harness.service.storage.db).of_game(game_id)
    kept = json.dumps([(a.content, a.said) for a in stored])
    assert "swap" in kept and move not in kept and not any(f"swap {c}" in kept for c in colours)
    # An account keeps the game as anyone may see it: no hand, bag or seed of anybody's.
    assert '"hand": {' not in kept and '"seed": null' in kept and '"bag": null' in kept
    assert drawn[-1]["last"]["move"] == "swap 2"
    assert all((v.get("last") or {}).get("move") != move for v in drawn)
    # /tne log and /tne status, which anyone in the channel may ask for, and the board asked for later.
    log = response(await harness.command(CAROL, CHANNEL, "log"))
    assert "`swap 2`" in log.content and move not in log.content
    status = response(await harness.command(CAROL, CHANNEL, "status"))
    assert move not in status.content and not any(f"swap {c}" in status.content for c in colours)
    seen = len(drawn)
    await harness.command(CAROL, CHANNEL, "board")
    assert len(drawn) > seen and drawn[-1]["last"]["move"] == "swap 2"
    # The swapper's own hand is theirs to see, as before; the stored move keeps its colours for the replay.
    hand = response(await harness.command(users[seat], CHANNEL, "hand"))
    assert hand.ephemeral and "Your hand" in hand.content
    assert (await harness.service.load(game_id)).moves[-1].move == move


async def test_a_refused_swap_tells_privately_and_changes_nothing(harness, fake):
    game_id = await open_game(harness, [ALICE, BOB])
    table = await harness.service.load(game_id)
    seat = table.game.to_move
    hand = table.game.view(seat)["players"][seat]["hand"]
    missing = next((c for c in COLOURS if not hand.get(c)), None)
    move = f"swap {missing}" if missing else "swap " + " ".join(["red"] * (hand["red"] + 1))
    calls = await harness.command([ALICE, BOB][seat], CHANNEL, "move", action=move)
    assert response(calls).ephemeral and "swap" in response(calls).content
    assert not [c for c in calls if "You swapped" in c.content]
    assert (await harness.service.load(game_id)).row.move_count == 0


def test_the_engine_view_shows_a_swap_face_down_to_all_but_the_swapper():
    game = Game.new(players=3, seed=5)
    seat = game.to_move
    hand = game.view(seat)["players"][seat]["hand"]
    held = [c for c in COLOURS if hand.get(c)][:2]
    game.play("swap " + " ".join(held))
    assert game.view(seat)["last"]["move"] == "swap " + " ".join(held)  # COLOURS order is canonical order
    for other in [None, *(s for s in range(3) if s != seat)]:
        assert game.view(other)["last"]["move"] == "swap 2"
    assert game.position()["last"]["move"] == "swap " + " ".join(held)  # the full position keeps them
