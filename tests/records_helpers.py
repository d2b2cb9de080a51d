"""Finished games put straight into storage for the records tests (scripted, or played at random by the engine),
and `/tne stats` and exports as the fake Discord sees them."""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.storage import MoveRow, PlayerRow, Statement, Storage
from engine import Game
from tests.bot_harness import CHANNEL, Call, Harness, User

GUILD = 800_000_000_000_000_001  # the harness's server
OTHER_GUILD = 800_000_000_000_000_777


@dataclass
class Played:
    """A game played by the engine: its seed, the (seat, move, events) of every move, and the game at the end."""

    seed: int
    board: str
    moves: list[tuple[int, str, list[dict]]]
    game: Game


def random_game(players: int, seed: int, *, board: str = "standard", scores: str = "hidden",
                stop: int | None = None) -> Played:
    """A seeded game of uniformly random legal moves, to its end (or `stop` moves)."""
    rng = random.Random(seed)
    g = Game.new(players=players, seed=seed, board=board, options={"scores": scores})
    moves = []
    while not g.over and (stop is None or len(moves) < stop):
        seat = g.to_move
        move = rng.choice(g.legal_moves())
        moves.append((seat, move, g.play(move, seat=seat)))
    return Played(seed, board, moves, g)


async def store_game(storage: Storage, players: list[PlayerRow], moves: list[tuple[int, str, list[dict]]], *,
                     snapshot: dict, seed: int = 0, board: str = "standard", scores: str = "hidden",
                     guild_id: int | None = GUILD, channel_id: int = 4242, status: str = "over",
                     end_reason: str | None = None, started_at: float | None = None,
                     times: list[float] | None = None, ended_at: float | None = None,
                     resigned: int | None = None) -> int:
    """A game stored as the bot stores one (lobby, start, moves, end), with chosen times; gives its id."""
    host = players[0]
    game_id = await storage.create_game(guild_id=guild_id, channel_id=channel_id, host=host, seats=len(players),
                                        board=board, scores=scores)
    await storage.set_lobby(game_id, 0, players)
    await storage.start_game(game_id, 1, seed, snapshot)
    rev = 2
    engine_over = any(e.get("type") == "game_over" for _, _, events in moves for e in events)
    for n, (seat, move, events) in enumerate(moves):
        last = n == len(moves) - 1
        over = last and engine_over
        await storage.add_move(game_id, rev, MoveRow(n, seat, players[seat].user_id if players[seat].level is None
                                                     else None, move, events), snapshot, over=over,
                               end_reason=end_reason if over else None)
        rev += 1
    if status != "over" or not engine_over:
        await storage.end_game(game_id, rev, status, end_reason or status, resigned=resigned)
    updates = [Statement("UPDATE games SET started_at = ? WHERE id = ?", (started_at, game_id))]
    if ended_at is not None:
        updates.append(Statement("UPDATE games SET ended_at = ? WHERE id = ?", (ended_at, game_id)))
    for n, at in enumerate(times or []):
        updates.append(Statement("UPDATE moves SET created_at = ? WHERE game_id = ? AND n = ?", (at, game_id, n)))
    await storage.db.write(*updates)
    return game_id


def people(*names: str, bots: tuple[str, ...] = ()) -> list[PlayerRow]:
    """Seats for people named in order (user ids 1001, 1002, ...), then computer seats of these levels."""
    seats = [PlayerRow(i, 1001 + i, name) for i, name in enumerate(names)]
    for level in bots:
        seats.append(PlayerRow(len(seats), 0, f"{level.capitalize()} computer", level))
    return seats


def stats_payload(h: Harness, user: User, sub: str, *, channel: int = CHANNEL, target: User | None = None) -> dict:
    """`/tne stats <sub>` as Discord sends it (a subcommand inside the `stats` group; a user option resolved)."""
    options = []
    data: dict = {"id": "1", "name": "tne", "type": 1}
    if target is not None:
        options.append({"type": 6, "name": "user", "value": str(target.id)})
        member = target.member_json()
        data["resolved"] = {"users": {str(target.id): member.pop("user")}, "members": {str(target.id): member}}
    data["options"] = [{"type": 2, "name": "stats", "options": [{"type": 1, "name": sub, "options": options}]}]
    return h._base(user, channel, 2, data)


async def stats(h: Harness, user: User, sub: str, **kwargs) -> list[Call]:
    return await h.dispatch(stats_payload(h, user, sub, **kwargs))


def public_texts(calls: list[Call]) -> list[str]:
    return [c.content for c in calls if not c.ephemeral and c.kind in ("response", "followup", "channel")
            and c.content]


def attachment(calls: list[Call], suffix: str) -> tuple[Call, bytes]:
    found = [(c, data) for c in calls for name, data in c.files if name.endswith(suffix)]
    assert len(found) == 1, [c.files for c in calls]
    return found[0]
