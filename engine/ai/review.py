"""The post-game review: every choice a player made, scored by the points of final margin it gave up.

A review reads the complete record of a game, but judges each move from what its mover knew: the move played
and the hard player's best candidates are played on the same positions sampled from the mover's view, with the
rest of the turn and the rivals' replies after them (engine/ai/judge.py). The loss is the margin in points the
move played gave up against the best, with its standard error over the samples; a move is labelled only when
its loss stands clear of that noise (docs/review.md). The work is split in parts of PART_MOVES moves, so a worker
can show progress; everything is seeded from the record, so the same record always gives the same review."""

import math
import random
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.ai.chances import win_chances
from engine.ai.explain import Words, effects, review_words
from engine.ai.judge import DEALS, Trace, candidate_moves, judge, mean_chance, mean_margin, view_deals
from engine.ai.phrases import Phrase, say
from engine.game import Game
from engine.record import Record, RecordError, check_result

# tne-review/1 (before issue 38) measured losses in chance to win on the true position: such a stored review is
# refused by from_json, and the bot computes it again once (docs/review.md).
FORMAT = "tne-review/2"
LABELS = ("inaccuracy", "mistake", "blunder")
# The least loss, in points of final margin, for each label, counted from the loss less SURE standard errors
# (docs/review.md gives the noise they stand above: bench/review_noise.py).
THRESHOLDS = (1.0, 2.0, 4.0)
SURE = 1.0
MORE_DEALS = 16  # more positions for the move played and the best, when the label hangs on noise above NOISY
NOISY = 0.25
# A move's accuracy is 100 * exp(-sure loss / ACCURACY_POINTS): what the samples leave no doubt about, so that the
# noise costs no one accuracy; 0.5 point lost is 61%, 1 point 37%.
ACCURACY_POINTS = 1.0
DECIDED = 0.98  # a game is decided once a seat's chance to win stays at least this high to the end
PART_MOVES = 10
COSTLIEST = 3


class ReviewError(ValueError):
    """A record that cannot be reviewed, or stored review data that cannot be read; `move` is the 1-based
    number of the move that does not replay, if that is why."""

    def __init__(self, reason: str, move: int | None = None) -> None:
        super().__init__(f"move {move}: {reason}" if move is not None else reason)
        self.reason = reason
        self.move = move


@dataclass(frozen=True)
class MoveReview:
    """One move a player chose: what was played, the better move found, each one's margin (points) and chance
    after the rivals' replies, the standard error of the loss, and why."""

    index: int
    seat: int
    played: str
    best: str
    chance_played: float
    chance_best: float
    label: str | None
    reason: str  # in English, as reviews were always stored
    words: Words = ()  # the reason for a front end to say in the reader's language
    margin_played: float = 0.0
    margin_best: float = 0.0
    noise: float = 0.0  # the loss's standard error over the sampled positions, in points

    @property
    def loss(self) -> float:
        """The points of margin the move played gave up against the best found (0 when it was the best)."""
        return self.margin_best - self.margin_played

    @property
    def sure_loss(self) -> float:
        """The loss less SURE standard errors, at least 0: what the samples leave no doubt about."""
        return max(0.0, self.loss - SURE * self.noise)


@dataclass(frozen=True)
class PlayerReview:
    """A player's accuracy (0..100), counts of each label and their costliest moves (record indexes)."""

    seat: int
    accuracy: float
    inaccuracies: int
    mistakes: int
    blunders: int
    costliest: tuple[int, ...]


@dataclass(frozen=True)
class ReviewPart:
    """What one worker job computes: the reviews of the moves [start, stop) and the chances after each."""

    start: int
    stop: int
    moves: tuple[MoveReview, ...]
    curve: tuple[tuple[float, ...], ...]


@dataclass(frozen=True)
class Review:
    """A whole game's review: each player's figures, each move a player chose and the win-chance curve
    (curve[0] the start, curve[i + 1] after move i; each point every seat's chance)."""

    players: tuple[PlayerReview, ...]
    moves: tuple[MoveReview, ...]
    curve: tuple[tuple[float, ...], ...]

    @property
    def decided(self) -> tuple[int, int] | None:
        """(the record's move index, the seat) from which that seat's chance to win stayed at least DECIDED to the
        end; None for a game that stayed open (or was decided only by its last move)."""
        found = None
        for i in range(len(self.curve) - 2, 0, -1):
            point = self.curve[i]
            seat = max(range(len(point)), key=lambda s: point[s])
            if point[seat] < DECIDED or (found is not None and found[1] != seat):
                break
            found = (i - 1, seat)
        return found

    def move(self, index: int) -> MoveReview | None:
        """The review of the record's move `index` (0-based), or None if it was not a player's choice."""
        return next((m for m in self.moves if m.index == index), None)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "players": [{"seat": p.seat, "accuracy": p.accuracy, "inaccuracies": p.inaccuracies,
                         "mistakes": p.mistakes, "blunders": p.blunders, "costliest": list(p.costliest)}
                        for p in self.players],
            "moves": [{"index": m.index, "seat": m.seat, "played": m.played, "best": m.best,
                       "chance_played": m.chance_played, "chance_best": m.chance_best, "margin_played": m.margin_played,
                       "margin_best": m.margin_best, "noise": m.noise, "label": m.label,
                       "reason": m.reason, **({"words": _words_json(m.words)} if m.words else {})}
                      for m in self.moves],
            "curve": [list(point) for point in self.curve],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Review":
        """A review as to_json wrote it; ReviewError says what is wrong with malformed data."""
        try:
            return _from_json(data)
        except ReviewError:
            raise
        except (KeyError, TypeError, AttributeError) as exc:
            raise ReviewError(f"stored review data is malformed: {exc!r}") from exc


# ---- reviewing -------------------------------------------------------------------------------------------

def review_part(record: Record, start: int, stop: int) -> ReviewPart:
    """The reviews of the record's moves [start, stop) that were a player's choice, and every seat's chance
    after each of those moves. Fixed effort, no clock: the same record gives the same part."""
    if not 0 <= start <= stop <= len(record.moves):
        raise ReviewError(f"a part of the review covers moves 0 to {len(record.moves)}, not {start} to {stop}")
    game = _start(record)
    steps = record.steps(game)
    table = _table_moves(record)
    names = [p.name for p in record.players]
    moves: list[MoveReview] = []
    curve: list[tuple[float, ...]] = []
    for i in range(stop):
        before = _detached(game) if i >= start else None
        try:
            played = next(steps)
        except RecordError as exc:
            raise ReviewError(f"the record does not replay: {exc.reason}", exc.move) from exc
        if before is None:
            continue
        curve.append(win_chances(game))
        if i not in table and len(before.legal_moves()) > 1:
            moves.append(review_move(record, i, before, played.seat, str(played.move), names))
    if stop == len(record.moves):
        try:
            check_result(record, game)
        except RecordError as exc:
            raise ReviewError(f"the record does not replay: {exc.reason}") from exc
    return ReviewPart(start, stop, tuple(moves), tuple(curve))


def review_move(record: Record, index: int, before: Game, seat: int, played: str,
                names: Sequence[str], *, salt: str = "", deals: int = DEALS) -> MoveReview:
    """One move judged against the hard player's candidates on the same positions sampled from the mover's view.
    A `salt` draws other positions (bench/review_noise.py measures how much the verdict hangs on them)."""
    rng = random.Random(f"review:{record.first}:{record.deal}:{index}:{played}{salt}")
    positions = view_deals(before, seat, rng, deals)
    moves = candidate_moves(positions[0], seat, played, rng)
    traces = judge(positions, seat, moves)
    margin = {m: mean_margin(t) for m, t in traces.items()}
    best = max(moves, key=lambda m: (margin[m], m == played))  # a tie keeps the move played
    loss, noise = _loss(traces[best], traces[played])
    if best != played and noise > NOISY and label_for(loss, noise) != label_for(loss):
        # The label hangs on the noise: the two moves alone are played on more positions to settle it.
        more = judge(view_deals(before, seat, rng, MORE_DEALS), seat, [played, best])
        traces = {**traces, played: traces[played] + more[played], best: traces[best] + more[best]}
        loss, noise = _loss(traces[best], traces[played])
    cp, cb = mean_chance(traces[played]), mean_chance(traces[best])
    words = () if best == played else _reason(played, best, traces, seat, names, (cp, cb), loss)
    return MoveReview(index, seat, played, best, cp, cb, label_for(loss, noise), say(words) if words else "", words,
                      mean_margin(traces[played]), mean_margin(traces[played]) + loss, noise)


def _loss(best: Sequence[Trace], played: Sequence[Trace]) -> tuple[float, float]:
    """The mean margin the played move gave up against the best on the same positions, and its standard error."""
    diffs = [b.margin - p.margin for b, p in zip(best, played, strict=True)]
    noise = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    return max(0.0, statistics.fmean(diffs)), noise


def _reason(played: str, best: str, traces: Mapping[str, Sequence[Trace]], seat: int, names: Sequence[str],
            chances: tuple[float, float], margin: float) -> Words:
    n = len(names)
    whole = {m: [effects(t.events, n) for t in traces[m]] for m in (played, best)}
    own = {m: [effects(t.events[:t.own], n) for t in traces[m]] for m in (played, best)}
    return review_words(played, best, whole[played], whole[best], own[played], own[best], seat, names, chances,
                        margin)


def label_for(loss: float, noise: float = 0.0) -> str | None:
    """The label a loss of margin (points) earns once SURE standard errors are taken off: the worst whose
    threshold it reaches, or None."""
    sure = loss - SURE * noise
    label = None
    for name, least in zip(LABELS, THRESHOLDS, strict=True):
        if sure >= least - 1e-9:
            label = name
    return label


def move_accuracy(loss: float) -> float:
    """The accuracy (0..100) of one move from the points of margin it surely lost."""
    return 100.0 * math.exp(-max(0.0, loss) / ACCURACY_POINTS)


def assemble(record: Record, parts: Sequence[ReviewPart]) -> Review:
    """The review from parts that cover the record's moves 0..len(record.moves) in order."""
    at = 0
    for part in sorted(parts, key=lambda p: p.start):
        if part.start != at or part.stop < part.start or len(part.curve) != part.stop - part.start:
            raise ReviewError(f"the review's parts leave a gap or overlap at move {at + 1}")
        at = part.stop
    if at != len(record.moves):
        raise ReviewError(f"the review's parts end at move {at}, and the record has {len(record.moves)}")
    ordered = sorted(parts, key=lambda p: p.start)
    moves = tuple(m for p in ordered for m in p.moves)
    curve = (win_chances(_start(record)), *(point for p in ordered for point in p.curve))
    return Review(tuple(player_review(seat, moves) for seat in range(len(record.players))), moves, curve)


def player_review(seat: int, moves: Sequence[MoveReview]) -> PlayerReview:
    """A seat's figures from its reviewed moves: mean accuracy, label counts, the three costliest labelled moves."""
    mine = [m for m in moves if m.seat == seat]
    accuracy = sum(move_accuracy(m.sure_loss) for m in mine) / len(mine) if mine else 100.0
    costly = sorted((m for m in mine if m.label), key=lambda m: (-m.loss, m.index))[:COSTLIEST]
    count = {label: sum(1 for m in mine if m.label == label) for label in LABELS}
    return PlayerReview(seat, accuracy, count["inaccuracy"], count["mistake"], count["blunder"],
                        tuple(m.index for m in costly))


def review(record: Record, progress: Callable[[int, int], None] | None = None) -> Review:
    """The whole review, part by part; `progress(done, total)` hears after each part how many moves are done."""
    total = len(record.moves)
    parts = []
    for start in range(0, total, PART_MOVES):
        parts.append(review_part(record, start, min(total, start + PART_MOVES)))
        if progress is not None:
            progress(parts[-1].stop, total)
    if not parts:
        _start(record)  # a record with no moves is still checked
    return assemble(record, parts)


def _start(record: Record) -> Game:
    if not record.complete:
        raise ReviewError("a review needs the complete record of a finished game: this one is the public record, "
                          "without the deal and the tiles drawn")
    try:
        return record.start()
    except RecordError as exc:
        raise ReviewError(f"the record does not replay: {exc.reason}") from exc


def _detached(game: Game) -> Game:
    """A searcher's copy of the game that shares no cached labelling with it, so no search can touch the replay."""
    pos = game.position()
    pos.pop("undo", None)
    return Game.from_position(pos).copy(history=False)


def _table_moves(record: Record) -> set[int]:
    """The indexes of moves the table played for a seat that had resigned: no choice of the player's."""
    return {i for i, m in enumerate(record.moves) for r in record.resigned if m.seat == r.seat and i >= r.after}


# ---- reading stored reviews ------------------------------------------------------------------------------

def _from_json(data: Mapping[str, Any]) -> Review:
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise ReviewError(f"stored review data is not {FORMAT}")
    players = tuple(PlayerReview(_int(p["seat"]), _number(p["accuracy"], 100.0), _int(p["inaccuracies"]),
                                 _int(p["mistakes"]), _int(p["blunders"]),
                                 tuple(_int(i) for i in _list(p["costliest"])))
                    for p in _list(data["players"]))
    moves = tuple(_move(m) for m in _list(data["moves"]))
    curve = tuple(tuple(_number(x, 1.0) for x in _list(point)) for point in _list(data["curve"]))
    if any(len(point) != len(players) for point in curve) or [p.seat for p in players] != list(range(len(players))):
        raise ReviewError("stored review data is malformed: its players and curve do not agree")
    return Review(players, moves, curve)


def _move(m: Mapping[str, Any]) -> MoveReview:
    label = m["label"]
    if label is not None and label not in LABELS:
        raise ReviewError(f"stored review data is malformed: unknown label {label!r}")
    out = MoveReview(_int(m["index"]), _int(m["seat"]), _text(m["played"]), _text(m["best"]),
                     _number(m["chance_played"], 1.0), _number(m["chance_best"], 1.0), label, _text(m["reason"]),
                     _words(m.get("words", [])), _real(m["margin_played"]), _real(m["margin_best"]),
                     _number(m["noise"], math.inf))
    if out.loss < 0:
        raise ReviewError(f"stored review data is malformed: move {out.index + 1} lost negative points")
    return out


def _real(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ReviewError(f"stored review data is malformed: {value!r} is not a number")
    return float(value)


def _list(value: object) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise ReviewError(f"stored review data is malformed: {value!r} is not a list")
    return list(value)


def _int(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ReviewError(f"stored review data is malformed: {value!r} is not a count")
    return value


def _number(value: object, top: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= top:
        raise ReviewError(f"stored review data is malformed: {value!r} is not a number from 0 to {top:g}")
    return float(value)


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise ReviewError(f"stored review data is malformed: {value!r} is not text")
    return value


def _words_json(words: Sequence[Phrase]) -> list[Any]:
    return [[list(t) if isinstance(t, tuple) else t, _values_json(v)] for t, v in words]


def _values_json(values: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in values.items():
        if isinstance(value, Mapping):
            out[key] = {"each": _words_json(value["each"])}
        elif isinstance(value, list | tuple) and value and isinstance(value[0], list | tuple):
            out[key] = _words_json(value)
        else:
            out[key] = list(value) if isinstance(value, list | tuple) else value
    return out


def _words(value: object) -> Words:
    """Stored words read back as phrases; a review stored before they were kept has none (English only)."""
    return tuple(_phrase(p) for p in _list(value))


def _phrase(value: object) -> Phrase:
    part = _list(value)
    if len(part) != 2 or not isinstance(part[1], Mapping):
        raise ReviewError(f"stored review data is malformed: {value!r} is not a phrase")
    template = part[0] if isinstance(part[0], str) else tuple(_text(t) for t in _list(part[0]))
    if not isinstance(template, str) and len(template) != 2:
        raise ReviewError(f"stored review data is malformed: {part[0]!r} is not a template")
    values: dict[str, Any] = {}
    for key, v in part[1].items():
        if isinstance(v, Mapping):
            values[_text(key)] = {"each": _words(v.get("each"))}
        elif isinstance(v, list | tuple) and v and isinstance(v[0], list | tuple):
            values[_text(key)] = _words(v)
        elif isinstance(v, list | tuple):
            values[_text(key)] = tuple(_text(x) for x in v)
        elif isinstance(v, str | int | float) and not isinstance(v, bool):
            values[_text(key)] = v
        else:
            raise ReviewError(f"stored review data is malformed: {v!r} is not a value")
    return template, values
