"""Playing Tigris & Euphrates through the loopback server as people do, and checking the channel against storage.

These helpers know the bot's commands and the shape of its announcements ("**Name (Dynasty)** played `move`.",
the next person pinged); everything else goes through the generic driver and channel model.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
from dataclasses import dataclass

from bot.service.tables import replay
from bot.storage import GameRow, Storage
from engine import public_move
from tests.loopback.channels import ChannelView
from tests.loopback.model import Channel, Message, User
from tests.loopback.server import LoopbackDiscord

MOVE = re.compile(r"\*\* played `([^`]+)`")  # a move's public account
ANNOUNCEMENT = re.compile(r"\*\* played `|The game begins!")  # what tells people whose turn it is


async def open_game(server: LoopbackDiscord, channel: Channel, host: User, *, joiners: tuple[User, ...] = (),
                    computers: tuple[str, ...] = (), timeout: float = 10.0, **options: str) -> Message:
    """/tne new by the host (with `options`, e.g. clock="2m"), Join pressed by the others, /tne addbot per computer
    level, Start: the first turn."""
    seats = 1 + len(joiners) + len(computers)
    opened = await server.slash(host, channel, "tne new", seats=seats, **options)
    lobby = await opened.response(timeout)
    for person in joiners:
        await (await server.press(person, lobby, label="Join")).answered(timeout)
    for level in computers:
        added = await server.slash(host, channel, "tne addbot", level=level)
        await added.response(timeout)
    await (await server.press(host, lobby, label="Start")).answered(timeout)
    return await server.channel(channel).wait("The game begins!", timeout)


def to_act(server: LoopbackDiscord, message: Message) -> User | None:
    """The person an announcement says must act, by its last line: pinged ("<@id> ...") or, acting on in a turn they
    were pinged for, named ("**Name (Dynasty)**, ..."); None for a computer, the stand-in or the end."""
    line = message.content.rstrip().splitlines()[-1]
    if found := re.match(r"<@!?(\d+)>", line):
        return server.users[int(found.group(1))]
    if found := re.match(r"\*\*(.+) \(\w+\)\*\*[,:] ", line):
        return next((u for u in server.users.values() if u.name == found.group(1) and not u.bot), None)
    return None


async def play_turn(server: LoopbackDiscord, channel: Channel, rng: random.Random, *,
                    timeout: float = 10.0) -> Message:
    """One move by whoever the last announcement says must act (a button for a decision, else /tne move with one
    of the autocomplete suggestions); with nobody, the computer's move. Returns that move's announcement,
    once its picture is there too (as a person would, the next player looks at the board before moving)."""
    view = server.channel(channel)
    done = len(view.find(MOVE))
    last = view.last(ANNOUNCEMENT)
    person = to_act(server, last)
    if person is not None:
        await act(server, channel, person, last, rng, timeout=timeout)
    announced = await view.wait(MOVE, timeout, count=done + 1)
    await server.wait_for(lambda: _picture_after(view, announced), timeout, f"the picture of {announced.content!r}")
    return announced


async def act(server: LoopbackDiscord, channel: Channel, person: User, last: Message, rng: random.Random, *,
              timeout: float = 10.0) -> None:
    """`person` makes one move: the decision panel's buttons if a decision is awaited, else /tne move."""
    decide = [cid for cid in last.custom_ids() if ":decide" in cid]
    if decide:
        opened = await server.press(person, last, custom_id=decide[0])
        panel = await opened.response(timeout)
        choice = rng.choice([cid for cid in panel.custom_ids() if ":play:" in cid])
        await server.press(person, panel, custom_id=choice)
        return
    await server.slash(person, channel, "tne move", action=await suggested_move(server, channel, person, rng,
                                                                               timeout=timeout))


async def suggested_move(server: LoopbackDiscord, channel: Channel, person: User, rng: random.Random | None = None,
                         *, timeout: float = 10.0) -> str:
    """A move from /tne move's autocomplete, as a person types: pick a suggestion (the first without `rng`), and
    while it is only a kind of move (`tile red`) ask again from there; a legal move typed in full comes back first."""
    typed = ""
    for _ in range(4):
        suggested = await server.autocomplete(person, channel, "tne move", "action", typed)
        moves = await suggested.choices(timeout)
        if not moves:
            raise AssertionError(f"no move suggested to {person.name}\n{server.channel(channel).transcript()}")
        if moves[0] == typed:
            break
        typed = rng.choice(moves) if rng else moves[0]
    return typed


async def wait_pictures(view: ChannelView, timeout: float = 30.0) -> None:
    """Until every move announcement has its picture (each drawn first: slow on a loaded machine running the suite on
    parallel workers; the wait ends as soon as they are all there)."""
    def all_drawn() -> bool:
        return all(_picture_after(view, m) for m in view.find(MOVE))
    await view.server.wait_for(all_drawn, timeout, "a picture for every announced move")


def _picture_after(view: ChannelView, message: Message) -> bool:
    try:
        view.assert_picture_follows(lambda m, target=message: m.id == target.id)
    except AssertionError:
        return False
    return True


@dataclass
class Stored:
    """A game as the bot stored it, replayed: each move with who must act after it."""

    row: GameRow
    moves: list[str]
    seats: list[int]  # who made each move
    next_to_act: list[int | None]  # after each move: the person (user id) to act, None for a computer or the end
    pinged: list[int | None]  # after each move: the person to act when it is a new turn or decision for them, and
    # someone other than the person who made the move


async def stored_game(db_path: str, channel_id: int) -> Stored:
    """The newest game of a channel, read from the bot's database (safe while the bot runs: SQLite WAL)."""
    storage = await Storage.open(db_path)
    try:
        game_id = await storage.live_game_id(channel_id) or await storage.last_finished_game_id(channel_id)
        if game_id is None:
            raise AssertionError(f"no game stored for channel {channel_id}")
        row = await storage.get_game(game_id)
        moves = await storage.moves(game_id)
    finally:
        await storage.close()
    assert row is not None
    game = replay(row, [])
    after: list[int | None] = []
    pinged: list[int | None] = []
    for m in moves:
        asked = (game.to_move, (game.pending or {}).get("kind"))
        events = game.play(m.move, seat=m.seat)
        player = row.players[game.to_move] if not game.over else None
        after.append(player.user_id if player is not None and not player.is_bot else None)
        # A new turn, or a new decision asked of someone: one ping (issue 33); the same turn going on: none; never
        # the person whose own move this announces (issue 37).
        new = any(e.get("type") == "turn" for e in events) or (
            game.pending is not None and (game.to_move, game.pending["kind"]) != asked)
        pinged.append(after[-1] if new and after[-1] != m.user_id else None)
    return Stored(row, [m.move for m in moves], [m.seat for m in moves], after, pinged)


async def settle(server: LoopbackDiscord, channel: Channel, db_path: str, timeout: float = 10.0) -> Stored:
    """The stored game once the table is at rest: a person must act (or the game is over) and the channel shows
    as many moves as are stored. A computer may be between storing a move and posting it; this waits for that,
    and gives up after `timeout` (returning what is stored, for the assertions to judge)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    view = server.channel(channel)
    while True:
        stored = await stored_game(db_path, channel.id)
        shown = len(view.find(MOVE))
        person_next = not stored.moves or stored.next_to_act[-1] is not None or stored.row.status != "active"
        if (shown == len(stored.moves) and person_next) or loop.time() >= deadline:
            return stored
        with contextlib.suppress(AssertionError):
            await server.wait_for(lambda n=shown: len(view.find(MOVE)) != n, deadline - loop.time())


def assert_every_move_announced(server: LoopbackDiscord, channel: Channel, stored: Stored) -> list[Message]:
    """Every stored move is announced exactly once, in order, and each announcement pings exactly the person who
    must act next when it is a new turn or decision for them (nobody when a computer must, or when the game is
    over, or when the same person acts on in their turn)."""
    view = server.channel(channel)
    shown = view.assert_sequence([f"played `{public_move(move)}`" for move in stored.moves], among=MOVE)
    for message, who in zip(shown, stored.pinged, strict=True):
        view.assert_pings(message, [server.users[who]] if who is not None else [])
    return shown
