"""The finisher: records every finished game once, with its statistics and its players' new ratings.

Discord-free. A game that ends (by the rules, a resignation, or only computers left) is handed to `ended()`;
a sweep at start-up and every minute records whatever is left (a process that died before recording, games
that finished before records were kept). Each game is recorded in one transaction, so a crash leaves it either
recorded whole or not at all, and a recorded game is never recorded (or rated) again. A server's games are
recorded in the order they ended, one at a time, even by several processes sharing one database. The rating
changes of a game that ended lately are stored in the outbox (bot/discord_front/outbox.py) in that same transaction, so
they
are posted once, after the final standings, whatever process records the game and whatever happens after.

Abandoned and cancelled games are never recorded; a game with no moves, or whose moves give no statistics, is
recorded as skipped (it counts nowhere) so that the games after it are not held up.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace

from bot.language.locales import Texts
from bot.records import unrated
from bot.records.ratings import Rating, RatingChange, RatingError, player_key, rate_game, results_from_stats, too_short
from bot.records.stats import GameStats, PlayerStats, StatsError, game_stats
from bot.records.totals import Totals
from bot.records.unrated import NotRated, UnratedKind
from bot.service.endings import Ending
from bot.storage import GameRow, MoveRow, PlayerRow, StaleError, Storage
from bot.storage.outbox import NewAnnouncement, insert_statement, stored
from bot.storage.records import (
    ANNOUNCED,
    NOT_ANNOUNCED,
    RATED,
    SKIPPED,
    UNRATED,
    GameRecord,
    NewRecord,
    PlayerGame,
    RatingRow,
    RecordsStore,
)
from bot.storage.rows import GameStatus, SeatKind, Stored
from engine.names import seat_names
from render.text import plural

log = logging.getLogger(__name__)

# Rating changes are posted for games that ended at most this long ago: a restart soon after a game ended still
# shows them; games recorded long after (the backfill of games from before records were kept) are not posted.
ANNOUNCE_WINDOW = 15 * 60.0
PLAYED_WITH_HINTS = NotRated(UnratedKind.HINTS)


def seat_name(p: PlayerRow) -> str:
    """How a seat is named in the records: the person's name, or the computer level ('Hard computer')."""
    if (level := p.computer) is not None:
        return f"{level.capitalize()} computer"
    return p.name


@dataclass(frozen=True)
class Draft:
    """What a finished game's moves say, worked out before its transaction: statistics, or why it is skipped."""

    game: GameRow
    moves: int
    stats: GameStats | None
    note: NotRated | None
    keys: list[str]  # each seat's rated identity


def _resigned_flags(row: GameRow, moves: Sequence[MoveRow]) -> list[PlayerRow]:
    """The seats, with the resigning seat flagged in games that ended by a resignation before the flag was set
    (its ending names the seat)."""
    players = list(row.players)
    if any(p.resigned for p in players) or any(e.get("type") == "game_over" for m in moves for e in m.events):
        return players
    seat = Ending.parse(row.end_reason).resigner
    if seat is not None and seat < len(players):
        players[seat] = replace(players[seat], resigned=True)
    return players


def draft(row: GameRow, moves: Sequence[MoveRow]) -> Draft:
    """The statistics of a finished game, or why it cannot count."""
    keys = [player_key(p.user_id, p.level) for p in row.players]
    if not moves:
        return Draft(row, 0, None, NotRated(UnratedKind.NO_MOVES), keys)
    players = _resigned_flags(row, moves)
    try:
        stats = game_stats(moves, players, status=str(row.status), started_at=row.started_at)
    except StatsError as exc:
        log.info("Game %s gives no statistics: %s", row.id, exc)
        return Draft(row, len(moves), None, NotRated(UnratedKind.NO_STATS), keys)
    return Draft(row, len(moves), stats, None, keys)


def settle(d: Draft, current: dict[str, RatingRow], *, now: float) -> tuple[NewRecord, list[PlayerGame],
                                                                             list[RatingRow]]:
    """The rows to write for a drafted game given its players' current ratings (pure: no database, no clock)."""
    game = d.game
    ended_at = game.ended_at if game.ended_at is not None else now
    names = [seat_name(p) for p in game.players]
    if d.stats is None:
        told = seat_names(names, [p.level for p in game.players])
        summary = [{"seat": p.seat, "name": told[p.seat], "player": d.keys[p.seat]} for p in game.players]
        note = d.note.stored() if d.note is not None else None
        return NewRecord(game, SKIPPED, note, None, d.moves, 0, summary, None, None, NOT_ANNOUNCED), [], []
    stats = d.stats
    changes: list[RatingChange] | None
    note = None
    try:
        if game.hints:
            raise RatingError(unrated.said(PLAYED_WITH_HINTS), PLAYED_WITH_HINTS)
        # A game the rules ended counts however short; one ended early (resigned, abandoned) only after enough play.
        short = too_short([p.turns for p in stats.players], [k.startswith("user:") for k in d.keys])
        if short is not None and stats.ended_by != "rules":
            raise RatingError(unrated.said(short), short)
        ratings = {k: Rating(r.mu, r.sigma, r.games) for k, r in current.items()}
        changes = rate_game(results_from_stats(stats, d.keys), ratings, status=str(game.status))
    except RatingError as exc:
        changes, note = None, exc.reason.stored()
        log.info("Game %s is not rated: %s", game.id, exc)
    by_seat = {c.seat: c for c in changes} if changes is not None else {}
    rows = [_player_game(game, p, d.keys[p.seat], names[p.seat], by_seat.get(p.seat), ended_at)
            for p in stats.players]
    # The game's summary tells its seats apart ('Medium computer (Lion)'); each player's own row keeps their name.
    told = seat_names(names, [p.level for p in game.players])
    summary = [{"seat": r.seat, "name": told[r.seat], "player": r.player, "place": r.place, "rank": r.rank,
                "score": r.score, "resigned": r.resigned, "before": r.rating_before, "after": r.rating_after}
               for r in rows]
    outcome = RATED if changes is not None else UNRATED
    # An unrated game is announced too, so that players learn why their ratings did not move.
    fresh = ended_at >= now - ANNOUNCE_WINDOW
    record = NewRecord(game, outcome, note, stats.ended_by, stats.moves, stats.turns, summary, stats.to_dict(),
                       stats.version, ANNOUNCED if fresh else NOT_ANNOUNCED)
    return record, rows, _new_ratings(game, stats.players, rows, current, by_seat)


def _player_game(game: GameRow, p: PlayerStats, key: str, name: str, change: RatingChange | None,
                 ended_at: float) -> PlayerGame:
    player = game.players[p.seat]
    before, after = (change.before, change.after) if change is not None else (None, None)
    return PlayerGame(
        game_id=game.id, seat=p.seat, record_id=0, guild_id=int(game.guild_id or 0), player=key,
        user_id=None if player.kind is SeatKind.COMPUTER else player.user_id, name=name,
        dynasty=p.dynasty, place=p.place, rank=change.rank if change is not None else p.place, score=p.score,
        resigned=p.resigned, **{c: p.totals.get(c, 0) for c in ("red", "blue", "green", "black")},
        **{f"{s}_points": p.points_by_source.get(s, 0) for s in ("tiles", "monuments", "revolts", "wars",
                                                                  "treasures")},
        revolts_won_attacking=p.revolts_won_attacking, revolts_lost_attacking=p.revolts_lost_attacking,
        revolts_won_defending=p.revolts_won_defending, revolts_lost_defending=p.revolts_lost_defending,
        wars_won_attacking=p.wars_won_attacking, wars_lost_attacking=p.wars_lost_attacking,
        wars_won_defending=p.wars_won_defending, wars_lost_defending=p.wars_lost_defending,
        tiles_committed=p.tiles_committed, tiles_placed=p.tiles_placed, monuments_built=p.monuments_built,
        catastrophes_used=p.catastrophes_used, turns=p.turns, timed_turns=len(p.turn_seconds),
        time_seconds=float(p.time_seconds),
        mu_before=before.mu if before else None, sigma_before=before.sigma if before else None,
        mu_after=after.mu if after else None, sigma_after=after.sigma if after else None,
        rating_before=before.display if before else None, rating_after=after.display if after else None,
        ended_at=float(ended_at),
    )


def _new_ratings(game: GameRow, stats: Sequence[PlayerStats], rows: Sequence[PlayerGame],
                 current: dict[str, RatingRow], by_seat: dict[int, RatingChange]) -> list[RatingRow]:
    """Each player's rating row after this game: the new rating (unchanged when unrated) and totals with the
    game's seats added (a player may hold several seats: two computers of one level)."""
    out: dict[str, RatingRow] = {}
    for p, row in zip(stats, rows, strict=True):
        old = out.get(row.player) or current.get(row.player)
        rating = Rating(old.mu, old.sigma, old.games) if old is not None else Rating()
        change = by_seat.get(p.seat)
        if change is not None:
            rating = change.after
        totals = Totals.from_dict(old.totals if old is not None else None).add(p)
        out[row.player] = RatingRow(int(game.guild_id or 0), row.player, row.user_id, row.name, rating.mu,
                                    rating.sigma, rating.display, rating.games, totals.wins, totals.to_dict(), 0)
    return list(out.values())


class Finisher:
    """Records finished games (see the module docstring). `announcement` words a game's rating changes for the
    outbox, `stored` is told of each one stored (the outbox, to post it now); without them nothing is announced."""

    def __init__(self, storage: Storage, *, announcement: Callable[..., NewAnnouncement] | None = None,
                 stored: Callable[[Stored], None] | None = None, sweep_every: float = 60.0,
                 clock: Callable[[], float] = time.time,
                 language: Callable[[int], Awaitable[Texts]] | None = None) -> None:
        self.storage = storage
        # The server's language (bot/language/server_languages.py): with it, `announcement` is called with `t=` its
        # Texts.
        self.language = language
        self.store = RecordsStore.of(storage)
        self.announcement = announcement
        self.stored = stored
        self.sweep_every = sweep_every
        self.clock = clock
        self._sweeper: asyncio.Task[None] | None = None
        self.swept = asyncio.Event()  # set after the first sweep (tests and start-up checks wait on it)

    # --- recording -------------------------------------------------------------------------------------------

    async def catch_up(self, guild_id: int | None, *, ended_before: float | None = None) -> list[GameRecord]:
        """Record the server's finished games not yet recorded, in the order they ended; the records made."""
        made: list[GameRecord] = []
        while True:
            game_id = await self.store.next_pending(guild_id, ended_before=ended_before)
            if game_id is None:
                return made
            if guild_id is None:
                log.info("Game %s was played outside any server: nothing to rate", game_id)
                await self.store.mark_serverless(game_id)
                continue
            record = await self._record(guild_id, game_id)
            if record is not None:
                made.append(record)

    async def _record(self, guild_id: int, game_id: int) -> GameRecord | None:
        found = await self.store.finished_game(self.storage, game_id)
        if found is None:
            return None
        row, moves = found
        d = draft(row, moves)
        announced: Stored | None = None
        t = await self.language(guild_id) if self.language is not None else None
        try:
            async with self.store.transaction() as tx:
                await self.store.lock_server(tx, guild_id)
                if await self.store.next_pending(guild_id, tx=tx) != game_id:
                    return None  # recorded meanwhile, or an earlier game turned up: the caller looks again
                current = await self.store.ratings_of(tx, guild_id, d.keys)
                new, rows, ratings = settle(d, current, now=self.clock())
                if self.announcement is None:
                    new = replace(new, announced=NOT_ANNOUNCED)
                record_id = await self.store.write(tx, new, rows, ratings)
                record = GameRecord(record_id, game_id, guild_id, row.channel_id, new.outcome, new.note,
                                    row.started_at, row.ended_at or 0.0, new.ended_by, row.end_reason, row.board,
                                    new.moves, new.turns, new.summary, new.announced)
                if self.announcement is not None and new.announced == ANNOUNCED:
                    wording = self.announcement(record) if t is None else self.announcement(record, t=t)
                    (result,) = await tx.run(insert_statement(wording))
                    announced = stored(result, wording.channel_id)
        except StaleError:
            return None
        if new.outcome == SKIPPED:
            log.info("Game %s is not counted: %s", game_id, new.note)
        else:
            log.info("Game %s recorded (%s)", game_id, new.outcome)
        if announced is not None and self.stored is not None:
            self.stored(announced)
        return record

    async def ended(self, game_id: int) -> GameRecord | None:
        """Record a game that has just ended (and any earlier one of its server first); its record, if it counts
        somewhere (None for abandoned games and games outside any server)."""
        row = await self.storage.get_game(game_id)
        if row is None or str(row.status) != GameStatus.OVER:
            return None
        await self.catch_up(row.guild_id)
        return await self.store.record_of(game_id)

    # --- the sweep -------------------------------------------------------------------------------------------

    async def sweep(self) -> int:
        """Record every finished game not yet recorded (every server); gives how many were recorded."""
        recorded = 0
        for guild_id in await self.store.pending_servers():
            recorded += len(await self.catch_up(guild_id))
        return recorded

    async def start(self) -> None:
        """Sweep now in the background, then every `sweep_every` seconds."""
        if self._sweeper is None or self._sweeper.done():
            self._sweeper = asyncio.create_task(self._sweeping(), name="tne-records-sweep")

    async def _sweeping(self) -> None:
        while True:
            try:
                recorded = await self.sweep()
                if recorded:
                    log.info("Recorded %s", plural(recorded, "finished game"))
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("Recording finished games failed; next try in %.0f s", self.sweep_every)
            self.swept.set()
            await asyncio.sleep(self.sweep_every)

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            await asyncio.gather(self._sweeper, return_exceptions=True)
            self._sweeper = None
