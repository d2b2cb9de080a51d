"""A stored game's replay frames and record, and the replay drawn in a worker process with its progress."""

from __future__ import annotations

import asyncio
import io
import queue

from PIL import Image

from bot.discord_front.pictures import Painter, draw_replay
from bot.records.export import StoredGame, record_text, turn_frames, turns
from bot.records.stats import game_stats
from bot.service.endings import by_rules
from engine import record as records
from tests.records_helpers import random_game


class Move:
    def __init__(self, seat: int, move: str, events: list[dict]) -> None:
        self.seat, self.move, self.events, self.created_at = seat, move, events, None


class Seat:
    def __init__(self, seat: int, resigned: bool = False) -> None:
        self.seat, self.resigned = seat, resigned


def stored(players: int, seed: int, *, stop: int | None = None, status: str = "over") -> tuple[StoredGame, list]:
    p = random_game(players, seed, stop=stop)
    game = StoredGame(id=seed, board="standard", scores="hidden", seed=seed, status=status,
                      names=tuple(["Alice", "Bob", "Carol", "Dave"][:players]), kinds=("human",) * players,
                      moves=tuple((s, m) for s, m, _ in p.moves), started_at=1_763_834_640.0,
                      end_reason=(by_rules(o.termination, len(p.game.position()["treasures"])).stored()
                                  if (o := p.game.outcome()) else "resigned:1"))
    return game, p.moves


def test_one_frame_per_turn_as_the_statistics_count_turns():
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        game, moves = stored(players, seed)
        views, standings = turn_frames(game)
        stats = game_stats([Move(*m) for m in moves], [Seat(i) for i in range(players)], status="over")
        assert len(views) == stats.turns == turns(moves)
        assert standings is not None and views[-1]["over"]
        assert all(p.get("hand") is None for v in views for p in v["players"])  # spectator views only
    # A game cut short in the middle of a turn (a resignation) still shows that turn.
    game, moves = stored(2, 4, stop=25)
    views, standings = turn_frames(game)
    assert standings is None and len(views) == turns(moves)
    assert not any(e.get("type") == "turn" for e in moves[-1][2])


def test_record_text_is_complete_for_finished_games_and_public_for_running_ones():
    game, _ = stored(3, 5)
    text = record_text(game)
    rec = records.read(text)
    assert rec.complete and rec.date == "2025-11-22T18:04:00Z" and rec.site == "Discord"
    assert rec.replay().standings() == random_game(3, 5).game.standings()
    live, _ = stored(3, 5, stop=20, status="active")
    rec = records.read(record_text(live))
    assert not rec.complete and rec.result is None and rec.end is None and len(rec.moves) == 20


def test_the_replay_worker_reports_progress_every_few_frames_and_at_the_end():
    game, moves = stored(2, 6)
    reports: queue.Queue = queue.Queue()
    gif, frames = draw_replay(game, list(game.names), 8 << 20, reports, 7)
    got = []
    while not reports.empty():
        got.append(reports.get())
    assert frames == turns(moves) and Image.open(io.BytesIO(gif)).n_frames == frames
    assert got[-1] == (7, frames, frames)
    assert [d for _, d, _ in got[:-1]] == list(range(5, frames, 5))
    assert {(job, total) for job, _, total in got} == {(7, frames)}


async def test_the_replay_is_drawn_in_a_worker_process_of_its_own():
    game, moves = stored(2, 7, stop=40)  # a resigned game's first 40 moves: three replays of it are drawn here
    painter = Painter(processes=1)
    seen: list[tuple[int, int]] = []
    try:
        file, frames = await painter.replay(game, list(game.names), 4 << 20, lambda d, t: seen.append((d, t)))
        assert painter.replays.processes == 1 and painter.workers.processes == 1
        assert painter.replays._pool is not painter.workers._pool
        data = file.fp.read()
        assert frames == turns(moves) and Image.open(io.BytesIO(data)).n_frames == frames and len(data) <= 4 << 20
        assert all(t == frames and 0 < d <= frames for d, t in seen) and seen == sorted(seen)
        # Two at once are drawn one after the other, and both come out whole.
        both = await asyncio.gather(painter.replay(game, list(game.names), 4 << 20),
                                    painter.replay(game, list(game.names), 4 << 20))
        assert [f for _, f in both] == [frames, frames]
    finally:
        painter.close()
