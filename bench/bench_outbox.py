"""A channel's backlog: one game's moves made while nothing could be posted, then delivered in order.

Run: python -m bench.bench_outbox [--moves 150] [--runs 3]

The moves go through GameService.play while the outbox is stopped (as while the bot may not post in the channel);
then the outbox starts and the figure is the seconds until every text and picture is delivered to the offline
fake (tests/bot_harness.py): the outbox's own time (its reads of the backlog, wording at delivery, the pictures).
The median over the runs is printed, each on a new SQLite database.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time

from bot.client import tune_collector
from tests.bot_harness import FakeDiscord, Harness, User, ensure_render

CHANNEL = 4242


async def one_run(database: str, moves: int, seed: int) -> tuple[float, int]:
    """Seconds to deliver `moves` owed move announcements (texts and pictures) in one channel; and how many."""
    fake = FakeDiscord()
    fake.install()
    h = await Harness(fake, database, seed=seed).start()
    try:
        users = [User(501, "Ann"), User(502, "Ben")]
        await h.command(users[0], CHANNEL, "new", seats=2)
        await h.command(users[1], CHANNEL, "join")
        await h.command(users[0], CHANNEL, "start")
        await h.bot.controller.idle()
        outbox = h.bot.outbox
        await outbox.stop()
        table = await h.service.channel_table(CHANNEL)
        rng = random.Random(seed)
        played = 0
        while played < moves and not table.game.over:
            game = table.game
            await h.service.play(table.id, rng.choice(game.legal_moves()), user_id=users[game.to_move].id)
            played += 1
        before = len(fake.calls)
        began = time.perf_counter()
        await outbox.start()
        await outbox.idle()
        took = time.perf_counter() - began
        posted = sum(1 for c in fake.calls[before:] if c.kind == "channel")
        assert posted >= played, f"{posted} posts for {played} moves"
        return took, played
    finally:
        await h.close()
        fake.uninstall()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=150,
                        help="moves owed in the channel (fewer when the game ends first: a whole game is about 200)")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    ensure_render()
    tune_collector()
    times, owed = [], []
    for run in range(args.runs):
        with tempfile.TemporaryDirectory() as tmp:
            took, played = asyncio.run(one_run(os.path.join(tmp, "bench.sqlite3"), args.moves, 11 + run))
        times.append(took)
        owed.append(played)
        print(f"run {run + 1}: {played} moves owed, delivered in {took:.2f} s")
    # A game may end before --moves: the figures name the moves that were owed.
    per_move = statistics.median(t / n for t, n in zip(times, owed, strict=True))
    print(f"median: {statistics.median(times):.2f} s to deliver {statistics.median(owed):g} owed moves "
          f"({min(owed)} to {max(owed)}), {per_move * 1000:.1f} ms a move, {os.cpu_count()} CPUs")


if __name__ == "__main__":
    main()
