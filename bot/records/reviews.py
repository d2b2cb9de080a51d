"""Post-game reviews, Discord-free: which game a review is for and the refusals, computing it once per game in the
analysis lane's fair worker queue (a part of PART_MOVES moves at a time, so progress can be shown; never in the
computer players' workers), keeping it in storage, and drawing its pictures once per language, kept for the next
ask. Every front end asks this service; none repeats its rules."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from bot.background.workers import Workers
from bot.language import locales, seat_names
from bot.language import text as T
from bot.language.locales import ENGLISH, N_, Texts
from bot.language.picture_words import wording
from bot.records.export import StoredGame, record_text
from bot.records.service import Records
from bot.service.allowance import Allowance
from bot.service.table import GameError
from bot.service.visibility import Viewer
from bot.storage import Storage
from bot.storage.reviews import ReviewsStore
from engine.ai.review import PART_MOVES, Review, ReviewError, ReviewPart, assemble, review_part
from engine.names import seat_names as english_names
from engine.record import RecordError, read
from render.review import ReviewPictures, review_pictures

log = logging.getLogger(__name__)

Progress = Callable[[int, int], None]  # (moves reviewed, moves in all), told between two worker jobs

# Review pictures kept once drawn, at most this many bytes in all (a two-player review's are about 250 KB): asking
# a stored review again costs no drawing.
PICTURES_KEPT_BYTES = 32 * 1024 * 1024


@dataclass(frozen=True)
class Reviewed:
    """A finished game's review, ready to show: the game, its review, the names the record gives its seats."""

    game: StoredGame
    review: Review
    names: tuple[str, ...]
    fresh: bool  # computed for this request (False: read from storage)

    def names_in(self, t: Texts = ENGLISH) -> tuple[str, ...]:
        """The seats' names for this reader, each told apart ('Medium computer (Lion)')."""
        return tuple(seat_names.seat_names(self.game.names, self.game.kinds, t))

    def review_in(self, t: Texts = ENGLISH) -> Review:
        """The review with its reasons naming the seats as `names_in` does, in stored reviews too."""
        return named_review(self.review, self.game, t)


def names_of(game: StoredGame) -> tuple[str, ...]:
    """The seats' names as the game's record gives them: each told apart, in English (engine/names.py)."""
    return tuple(english_names([T.plain(name) or "Player" for name in game.names], game.kinds))


def named_review(review: Review, game: StoredGame, t: Texts = ENGLISH) -> Review:
    """The review's reasons with each seat named for this reader: a reason stored with an older name ('Medium
    computer 2') or the English one ('Medium computer (Lion)') says the reader's ('Computer (mittel, Löwe)')."""
    return seat_names.named_review(review, game.names, game.kinds, seat_names.seat_names(game.names, game.kinds, t))


def _unplayable(game_id: int, move: int | None, why: str) -> GameError:
    if move is None:
        return GameError(N_("The record of game #{n} does not replay ({why}), so it cannot be reviewed."),
                         n=game_id, why=why)
    return GameError(N_("The record of game #{n} does not replay at move {move} ({why}), so it cannot be reviewed."),
                     n=game_id, move=move, why=why)


# Module-level so a process pool can pickle them by name. Each turns the engine's refusal into words before it
# crosses back: an exception with extra fields (ReviewError.move) would lose them on the way.
def record_job(game: StoredGame) -> str:
    """The game's complete record (it replays every stored move)."""
    try:
        return record_text(game)
    except RecordError as exc:
        raise _unplayable(game.id, exc.move, exc.reason) from None


def part_job(game_id: int, text: str, start: int, stop: int) -> ReviewPart:
    """The review of the record's moves [start, stop)."""
    try:
        return review_part(read(text), start, stop)
    except (ReviewError, RecordError) as exc:
        raise _unplayable(game_id, exc.move, _why(exc)) from None


def assemble_job(game_id: int, text: str, parts: Sequence[ReviewPart]) -> dict[str, Any]:
    """The whole review from its parts, as the JSON that is stored."""
    try:
        return assemble(read(text), parts).to_json()
    except (ReviewError, RecordError) as exc:
        raise _unplayable(game_id, exc.move, _why(exc)) from None


def pictures_job(game: StoredGame, data: dict[str, Any], lang: str = "en") -> ReviewPictures:
    """The chart and every player's costliest moves on their boards, as named PNG bytes, their words in `lang`."""
    t = locales.load().for_tag(lang)
    review = named_review(Review.from_json(data), game, t)
    return review_pictures(read(record_text(game)), review, seat_names.seat_names(game.names, game.kinds, t),
                           words=wording(lang))


def _why(exc: ReviewError | RecordError) -> str:
    reason = getattr(exc, "reason", None)
    return str(reason if reason is not None else exc).removeprefix("the record does not replay: ")


class Reviews:
    """`/tne review`'s service: the rules, the queueing and the storage of reviews."""

    def __init__(self, storage: Storage, records: Records, workers: Workers, *, part_moves: int = PART_MOVES,
                 allowance: Allowance | None = None, pictures_kept: int = PICTURES_KEPT_BYTES) -> None:
        self.storage = storage
        self.records = records
        self.store = ReviewsStore.of(storage)
        self.workers = workers  # the analysis lane's workers: reviews wait in its fair queue
        self.part_moves = part_moves
        self.allowance = allowance or Allowance()  # shared with hints: one person's analysis, both counted
        self.pictures_kept = pictures_kept
        self.computed = 0  # reviews computed by this process (each game's at most once)
        self.parts = 0  # review jobs run by this process
        self.drawn = 0  # review pictures drawn by this process (each review's at most once per language while kept)
        self._running: dict[int, asyncio.Task[Review]] = {}
        self._listeners: dict[int, list[Progress]] = {}
        self._drawing: dict[tuple[int, str, str], asyncio.Task[ReviewPictures]] = {}
        self._kept: OrderedDict[tuple[int, str, str], tuple[ReviewPictures, int]] = OrderedDict()

    @contextlib.contextmanager
    def turn(self, user_id: int) -> Iterator[None]:
        """This person's allowance held while the block answers a review; a GameError at once when they may not."""
        with self.allowance.turn(user_id):
            yield

    async def game(self, guild_id: int | None, channel_id: int | None, game_id: int | None, *,
                   viewer: Viewer) -> StoredGame:
        """The finished game a review is asked for: this server's game by its number (one `viewer` may see), else
        the channel's last finished game. GameError says why not, and nothing changes."""
        if guild_id is None or channel_id is None:
            raise GameError(N_("Reviews are of games played in a server channel."))
        # The same finding and the same visibility rule as /tne replay and /tne export (bot/records/service.py).
        game = await self.records.game(guild_id, channel_id, game_id, finished=game_id is None, viewer=viewer)
        if game.status == "active":
            raise GameError(N_("Game #{n} is still being played: a review comes once it is over."), n=game.id)
        if game.status == "abandoned":
            raise GameError(N_("Game #{n} was abandoned: it has no result to review."), n=game.id)
        if not game.moves:
            raise GameError(N_("Game #{n} ended before anyone moved: there is nothing to review."), n=game.id)
        return game

    async def seat_of(self, game: StoredGame, user_id: int) -> int:
        """The asker's seat in the game, for a private review of their own moves; GameError if they had none."""
        row = await self.storage.get_game(game.id)
        seat = next((p.seat for p in row.players if p.user_id == user_id and p.is_person), None) \
            if row is not None else None
        if seat is None:
            raise GameError(N_("You did not play in game #{n}, so it has no review of your own. Ask without "
                               "`private` to see everyone's."), n=game.id)
        return seat

    async def stored(self, game_id: int) -> Review | None:
        """The game's stored review, or None (none yet, or one stored in a format this bot no longer reads)."""
        data = await self.store.get(game_id)
        if data is None:
            return None
        try:
            return Review.from_json(data)
        except ReviewError as exc:
            log.warning("The stored review of game %s cannot be read (%s); it is made again", game_id, exc)
            return None

    async def review(self, guild_id: int, game: StoredGame, progress: Progress | None = None) -> Reviewed:
        """The game's review: the stored one, else computed now (once, however many ask at the same time; each
        asker's `progress` is told as parts finish) and stored."""
        review = await self.stored(game.id)
        fresh = review is None
        if review is None:
            review = await self._computed(guild_id, game, progress)
        return Reviewed(game, review, names_of(game), fresh)

    async def _computed(self, guild_id: int, game: StoredGame, progress: Progress | None) -> Review:
        listeners = self._listeners.setdefault(game.id, [])
        if progress is not None:
            listeners.append(progress)
        task = self._running.get(game.id)
        if task is None:
            task = asyncio.create_task(self._compute(guild_id, game), name=f"tne-review-{game.id}")
            self._running[game.id] = task
            task.add_done_callback(lambda _: self._forget(game.id, task))
        try:
            # Shielded: one asker giving up (a cancelled handler) leaves the others' review running.
            return await asyncio.shield(task)
        finally:
            if progress is not None and progress in listeners:
                listeners.remove(progress)

    def _forget(self, game_id: int, task: asyncio.Task[Review]) -> None:
        if self._running.get(game_id) is task:
            del self._running[game_id]
            self._listeners.pop(game_id, None)

    async def _compute(self, guild_id: int, game: StoredGame) -> Review:
        # The fair queue's lines: this server's, and in it this game's review (its computer seats are done).
        server, line = guild_id, ("review", game.id)
        kept = await self.stored(game.id)
        if kept is not None:  # stored by a computation that ended between this request's look and now
            return kept
        text = await self.workers.run_fair(server, line, record_job, game)
        total = len(game.moves)
        parts = []
        for start in range(0, total, self.part_moves):
            stop = min(total, start + self.part_moves)
            parts.append(await self.workers.run_fair(server, line, part_job, game.id, text, start, stop))
            self.parts += 1
            self._tell(game.id, stop, total)
        data = await self.workers.run_fair(server, line, assemble_job, game.id, text, parts)
        stored = await self.store.keep(game.id, data)
        self.computed += 1
        try:
            return Review.from_json(stored)
        except ReviewError:
            await self.store.replace(game.id, data)  # the kept one was stored in a format no longer read
            return Review.from_json(data)

    def _tell(self, game_id: int, done: int, total: int) -> None:
        for listener in list(self._listeners.get(game_id, ())):
            try:
                listener(done, total)
            except Exception:
                log.exception("A review's progress listener failed")

    async def pictures(self, guild_id: int, reviewed: Reviewed, lang: str = "en") -> ReviewPictures:
        """The review's chart and each player's costliest moves in `lang` (the language of the place they are
        posted in): drawn once in a worker of the same fair queue, then kept, so asking again draws nothing."""
        data = reviewed.review.to_json()
        # The review's own content is in the key: a review stored again (a format no longer read) is drawn anew.
        key = (reviewed.game.id, lang, hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest())
        kept = self._kept.get(key)
        if kept is not None:
            self._kept.move_to_end(key)
            return kept[0]
        task = self._drawing.get(key)
        if task is None:  # nobody drawing these now: draw them (one drawing however many ask at the same time)
            task = asyncio.create_task(self._draw(guild_id, reviewed, data, lang, key),
                                       name=f"tne-review-pictures-{reviewed.game.id}")
            self._drawing[key] = task
            task.add_done_callback(lambda _: self._drawing.pop(key, None))
        return await asyncio.shield(task)

    async def _draw(self, guild_id: int, reviewed: Reviewed, data: dict[str, Any], lang: str,
                    key: tuple[int, str, str]) -> ReviewPictures:
        pictures = await self.workers.run_fair(guild_id, ("review", reviewed.game.id), pictures_job, reviewed.game,
                                               data, lang)
        self.drawn += 1
        self._keep(key, pictures)
        return pictures

    def _keep(self, key: tuple[int, str, str], pictures: ReviewPictures) -> None:
        size = len(pictures.chart.data) + sum(len(p.data) for p in pictures.moves)
        self._kept[key] = (pictures, size)
        total = sum(s for _, s in self._kept.values())
        while total > self.pictures_kept and len(self._kept) > 1:
            _, (_, dropped) = self._kept.popitem(last=False)  # the least recently asked
            total -= dropped
