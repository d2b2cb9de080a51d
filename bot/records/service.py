"""What the record commands read, Discord-free: a server's history page, a person's profile, the leaderboard,
and which stored game an export or a replay means. Every read comes from an index (see bot/storage/records.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.language.locales import N_
from bot.records.export import StoredGame
from bot.records.profiles import Profile
from bot.records.ratings import player_key
from bot.records.totals import RECENT, Totals, profile_game
from bot.service.table import GameError
from bot.service.visibility import NO_SUCH_GAME, Seen, Viewer
from bot.storage import GameRow, Storage
from bot.storage.records import GameRecord, RatingRow, RecordsStore
from bot.storage.rows import GameStatus, SeatKind

PAGE = 10  # games on a history page
TOP = 10  # players on the leaderboard


@dataclass(frozen=True)
class HistoryPage:
    records: list[GameRecord]
    page: int  # 0-based
    pages: int
    total: int
    anchor: int  # the newest record id when the first page was shown


@dataclass(frozen=True)
class ProfileView:
    player: str
    rating: RatingRow | None  # None: no counted game in this server
    rank: int
    rated: int  # players rated in the server
    profile: Profile | None


@dataclass(frozen=True)
class Leaderboard:
    top: list[RatingRow]
    me: RatingRow | None
    my_rank: int
    rated: int


class Records:
    """The record commands' reads on one database."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.store = RecordsStore.of(storage)

    async def history(self, guild_id: int, page: int = 0, anchor: int | None = None, *,
                      viewer: Viewer | None = None) -> HistoryPage:
        """A page of the server's finished games that `viewer` may see (None: every game, for tools)."""
        page = max(0, page)
        seen = await self._seen(guild_id, viewer)
        records, total, anchor = await self.store.history(guild_id, before=anchor, offset=page * PAGE, limit=PAGE,
                                                          seen=seen)
        pages = max(1, -(-total // PAGE))
        if page >= pages and total:  # a page past the end (a crafted button): show the last one
            return await self.history(guild_id, pages - 1, anchor, viewer=viewer)
        return HistoryPage(records, page, pages, total, anchor)

    async def profile(self, guild_id: int, user_id: int, viewer: Viewer | None = None) -> ProfileView:
        """A player's record. Its rating and totals are server-wide numbers; its last games (the chart) are only
        those `viewer` may see, so no single hidden game's result shows."""
        player = player_key(user_id, None)
        row = await self.store.rating(guild_id, player)
        if row is None:
            return ProfileView(player, None, 0, 0, None)
        seen = await self._seen(guild_id, viewer)
        recent = await self.store.recent_games(guild_id, player, RECENT, seen)
        rank, rated = await self.store.rank(guild_id, row.rating)
        built = Totals.from_dict(row.totals).profile([profile_game(g) for g in recent])
        return ProfileView(player, row, rank, rated, built)

    async def leaderboard(self, guild_id: int, user_id: int, top: int = TOP) -> Leaderboard:
        rows = await self.store.leaderboard(guild_id, top)
        me = await self.store.rating(guild_id, player_key(user_id, None))
        rank, rated = await self.store.rank(guild_id, me.rating) if me is not None else (0, 0)
        if me is None:
            rated = await self.store.rated(guild_id)
        return Leaderboard(rows, me, rank, rated)

    async def game(self, guild_id: int, channel_id: int, game_id: int | None, *, finished: bool,
                   viewer: Viewer | None = None) -> StoredGame:
        """The game an export or a replay names: this server's game by its number, else the channel's current
        (unless `finished`) or last game. GameError says why not; a game `viewer` may not see is one that does
        not exist."""
        if game_id is None:
            found = None if finished else await self.storage.live_game_id(channel_id)
            if found is None:
                found = await self.storage.last_finished_game_id(channel_id)
            if found is None:
                raise GameError(N_("This channel has no finished game yet. Name one by its number, e.g. `game:12`.")
                                if finished else
                                N_("This channel has no game yet. Name one by its number, e.g. `game:12`."))
            game_id = found
        row = await self.storage.get_game(game_id)
        if row is None or row.guild_id != guild_id or (
                viewer is not None and not viewer.sees(row.channel_id, (p.user_id for p in row.players))):
            raise GameError(NO_SUCH_GAME, n=game_id)
        if row.status == GameStatus.LOBBY:
            raise GameError(N_("Game #{n} has not started yet."), n=game_id)
        if row.status == GameStatus.CANCELLED:
            raise GameError(N_("Game #{n} was cancelled before it started."), n=game_id)
        if finished and row.status == GameStatus.ACTIVE:
            raise GameError(N_("Game #{n} is still being played; its replay comes once it is over."), n=game_id)
        return await self._stored(row)

    async def _seen(self, guild_id: int, viewer: Viewer | None) -> Seen | None:
        return viewer.seen(await self.store.record_channels(guild_id)) if viewer is not None else None

    async def _stored(self, row: GameRow) -> StoredGame:
        moves = await self.storage.moves(row.id)
        return StoredGame(
            id=row.id, board=row.board, scores=row.scores, seed=row.seed or 0, status=str(row.status),
            names=tuple(p.name for p in row.players),
            kinds=tuple(p.computer or "human" for p in row.players),
            moves=tuple((m.seat, m.move) for m in moves), started_at=row.started_at, end_reason=row.end_reason,
            resigned=tuple(p.seat for p in row.players if p.resigned),
            # The seat whose resignation ended the game is flagged but never handed to the passive autoplayer.
            ender=next((p.seat for p in row.players if p.resigned and p.kind is not SeatKind.PASSIVE), None)
            if row.status == GameStatus.OVER else None,
            people=tuple(m.user_id is not None for m in moves),
            channel_id=row.channel_id,
            hints=tuple(p.hints for p in row.players) if row.hints else None,
        )
