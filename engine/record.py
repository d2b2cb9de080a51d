"""Game records (`tne-record/1`), as `chess.pgn` is for chess: write one from a game, read one, replay it.

A complete record lists the deal and the colours every draw gave, so it replays whatever the random number
generator; a public record (a running game, as the table sees it) gives draw counts only and writes a swap as
`swap <n>`, its tiles face down. The engine's own replay from a seed and moves (how the bot stores games) goes
through the same path as a record's. A finished record says how the game ended: by the rules, by resignation
(its result ranks the seats still playing) or abandoned (no result)."""

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard

from engine.boards import BOARD_NAMES
from engine.constants import COLOURS, DYNASTIES, HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS
from engine.errors import IllegalMove
from engine.game import Game
from engine.move import Draw, Move, Played
from engine.state import JSON

FORMAT = "tne-record/1"
HUMAN = "human"
RULES, RESIGNATION, ABANDONED = "rules", "resignation", "abandoned"
TERMINATIONS = (RULES, RESIGNATION, ABANDONED)


class RecordError(ValueError):
    """A record that cannot be read or replayed; `move` is the 1-based number of the move at fault, if any."""

    def __init__(self, reason: str, move: int | None = None) -> None:
        super().__init__(f"move {move}: {reason}" if move is not None else reason)
        self.reason = reason
        self.move = move


@dataclass(frozen=True, slots=True)
class RecordPlayer:
    """A seat's player: a name and a kind (`human`, or the computer level that played it)."""

    name: str
    kind: str = HUMAN


@dataclass(frozen=True, slots=True)
class HiddenSwap:
    """A swap as a public record gives it: how many tiles, their colours face down."""

    count: int

    def __str__(self) -> str:
        return f"swap {self.count}"

    @property
    def is_action(self) -> bool:
        return True

    @property
    def is_decision(self) -> bool:
        return False


@dataclass(frozen=True, slots=True)
class Resignation:
    """A seat that resigned, after how many of the record's moves had been played."""

    seat: int
    after: int


@dataclass(frozen=True, slots=True)
class RecordedMove:
    """One move of a record: who made it, the move, and what it drew.

    `draws` (complete records) lists each draw as (seat, colours) in order; `counts` (public records) gives
    (seat, how many) instead. Both are empty for a move that drew nothing. In a public record a swap is a
    HiddenSwap."""

    seat: int
    move: Move | HiddenSwap
    draws: tuple[Draw, ...] = ()
    counts: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Record:
    """A whole game: board, options, players, first seat, deal (None in a public record) and moves."""

    board: str
    options: Mapping[str, str]
    players: tuple[RecordPlayer, ...]
    first: int
    deal: tuple[tuple[str, ...], ...] | None
    moves: tuple[RecordedMove, ...]
    result: tuple[JSON, ...] | None = None  # per seat: seat, score, place, totals (when the game is over)
    termination: str | None = None  # rules, resignation or abandoned (when the game is over)
    resigned: tuple[Resignation, ...] = ()
    date: str | None = None
    site: str | None = None
    end: str | None = None
    hints: tuple[int, ...] | None = None  # per seat, the hints each used, in a game played with hints on

    @property
    def complete(self) -> bool:
        """Whether the record holds the deal and every draw's colours, so it can be replayed."""
        return self.deal is not None

    def to_json(self) -> JSON:
        """The record as a JSON-ready dict (docs/notation.md, Game records)."""
        out: JSON = {
            "format": FORMAT,
            "board": self.board,
            "options": dict(self.options),
            "players": [{"dynasty": DYNASTIES[i], "name": p.name, "kind": p.kind} for i, p in enumerate(self.players)],
            "first": self.first,
        }
        if self.deal is not None:
            out["deal"] = [list(hand) for hand in self.deal]
        moves = []
        for m in self.moves:
            entry: JSON = {"seat": m.seat, "move": str(m.move)}
            if self.deal is not None and m.draws:
                entry["draws"] = [[seat, list(colours)] for seat, colours in m.draws]
            elif self.deal is None and m.counts:
                entry["draws"] = [[seat, n] for seat, n in m.counts]
            moves.append(entry)
        out["moves"] = moves
        if self.result is not None:
            out["result"] = [dict(r) for r in self.result]
        if self.termination is not None:
            out["termination"] = self.termination
        if self.resigned:
            out["resigned"] = [{"seat": r.seat, "after": r.after} for r in self.resigned]
        if self.hints is not None:
            out["hints"] = list(self.hints)
        for key in ("date", "site", "end"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        return out

    def dumps(self) -> str:
        """The record as the text of a `*.tne.json` file: one key a line, one player, hand or move a line."""
        items = list(self.to_json().items())
        lines = ["{"]
        for i, (key, value) in enumerate(items):
            comma = "," if i < len(items) - 1 else ""
            if isinstance(value, list) and value:
                inner = ",\n".join("  " + json.dumps(v, ensure_ascii=False) for v in value)
                lines.append(f" {json.dumps(key)}: [\n{inner}\n ]{comma}")
            else:
                lines.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{comma}")
        return "\n".join([*lines, "}"]) + "\n"

    def start(self, seed: int = 0) -> Game:
        """The game as it stood before the first move: the deal and the first seat from the record.

        `seed` drives only the draws made after the record's last move (an unfinished game played on)."""
        if self.deal is None:
            raise RecordError("a public record has no deal and no drawn colours, so it cannot be replayed move "
                              "by move")
        try:
            return Game.new(len(self.players), seed, self.board, dict(self.options), first=self.first,
                            deal=self.deal)
        except ValueError as exc:
            raise RecordError(f"the game cannot be set up: {exc}") from exc

    def steps(self, game: Game) -> Iterator[Played]:
        """Play the record's moves on `game` (from start()) one at a time, the draws coming from the record.

        Raises RecordError naming the move when one is illegal at its point or its draws disagree."""
        for n, m in enumerate(self.moves, 1):
            if isinstance(m.move, HiddenSwap):
                raise RecordError("a swap with its tiles face down cannot be replayed", n)
            yield _push(game, n, m.seat, m.move, [(seat, list(colours)) for seat, colours in m.draws])

    def replay(self, seed: int = 0) -> Game:
        """The game the record holds, checked against its result; RecordError says where and why not."""
        game = self.start(seed)
        for _ in self.steps(game):
            pass
        check_result(self, game)
        return game


def check_result(record: Record, game: Game) -> None:
    """RecordError unless the record's ending and result (if any) are what the replayed game says."""
    moves = len(record.moves)
    if record.termination in (RESIGNATION, ABANDONED) and game.over:
        raise RecordError(f"the record says the game ended by {record.termination}, but after its {moves} moves "
                          "the rules had ended it")
    if record.result is None:
        return
    if record.termination == RESIGNATION:
        got = [_result_line(s) for s in resignation_standings(game, [r.seat for r in record.resigned])]
    elif not game.over:
        raise RecordError(f"the record gives a result, but after its {moves} moves the game goes on")
    else:
        got = [_result_line(s) for s in game.standings()]
    if [_result_line(r) for r in record.result] != got:
        raise RecordError(f"the record's result {list(record.result)} is not the replayed game's {got}")


def resignation_standings(game: Game, resigned: Iterable[int]) -> list[JSON]:
    """The standings of a game ended by resignation: the seats still playing ranked by the rules' scoring now,
    the resigned seats sharing the last place after them."""
    out = game.standings()
    gone = set(resigned)
    keys = [(s["seat"] not in gone, sorted(s["totals"].values())) for s in out]
    return [dict(s, place=1 + sum(1 for other in keys if other > keys[i])) for i, s in enumerate(out)]


def _result_line(standing: Mapping[str, Any]) -> JSON:
    return {k: standing.get(k) for k in ("seat", "score", "place", "totals")}


def _push(game: Game, n: int, seat: int, move: Move | str, draws: list[tuple[int, list[str]]] | None) -> Played:
    """Play move number n of a record or a stored game; RecordError names it and says why if it is refused."""
    try:
        game.play(move, seat, draws=draws)
    except IllegalMove as exc:
        raise RecordError(f"{DYNASTIES[seat].capitalize() if 0 <= seat < MAX_PLAYERS else seat} "
                          f"'{move}': {exc}", n) from exc
    return game.peek()


# ---- writing ---------------------------------------------------------------------------------------------

def write(game: Game, players: Sequence[RecordPlayer] | None = None, *, public: bool = False,
          date: str | None = None, site: str | None = None, end: str | None = None,
          termination: str | None = None, resigned: Sequence[Resignation] = (),
          hints: Sequence[int] | None = None) -> Record:
    """The record of a game made by Game.new() and played on that object (its move stack is the game).

    `public` leaves out the deal, gives draw counts only and swaps face down, for a running game shown to the
    table. `termination` is for a game that ended off the board (resignation, abandoned); a game the rules
    ended is `rules`. `end` defaults to the outcome's reason once the game is over. `hints` counts each
    seat's hints, for a game played with hints on."""
    start = game.start
    if start is None:
        raise ValueError("This game was read from a position, so its deal and first moves are unknown: "
                         "build its record with record.from_moves from its seed and moves.")
    if players is None:
        players = [RecordPlayer(DYNASTIES[i].capitalize()) for i in range(game.players)]
    if len(players) != game.players:
        raise ValueError(f"{len(players)} players named for a {game.players}-player game.")
    moves = tuple(
        RecordedMove(p.seat, _public(p.move) if public else p.move, () if public else p.drawn,
                     tuple((seat, len(colours)) for seat, colours in p.drawn) if public else ())
        for p in game.move_stack)
    termination, result = _ending(game, termination, resigned)
    outcome = game.outcome()
    position = game.view(None)
    return Record(
        board=position["board"], options=dict(position["options"]), players=tuple(players), first=start.first,
        deal=None if public else start.deal, moves=moves,
        result=tuple(_result_line(s) for s in result) if result is not None else None,
        termination=termination, resigned=tuple(resigned),
        date=date, site=site, end=end if end is not None else (outcome.reason if outcome else None),
        hints=_hints(hints, game.players) if hints is not None else None,
    )


def _public(move: Move) -> Move | HiddenSwap:
    return HiddenSwap(len(move.tiles)) if move.verb == "swap" else move


def _ending(game: Game, termination: str | None,
            resigned: Sequence[Resignation]) -> tuple[str | None, Sequence[Mapping[str, Any]] | None]:
    """The termination and result a record of this game gives; ValueError when they contradict the game."""
    moves = len(game.move_stack)
    seats = [r.seat for r in resigned]
    if len(set(seats)) != len(seats) or any(not 0 <= r.seat < game.players or not 0 <= r.after <= moves
                                            for r in resigned):
        raise ValueError(f"resignations must name each seat once, after 0 to {moves} moves: {list(resigned)}")
    if game.over:
        if termination not in (None, RULES):
            raise ValueError(f"the rules ended this game: its termination is {RULES}, not {termination}")
        return RULES, game.standings()
    if termination == RESIGNATION:
        if not resigned:
            raise ValueError("a game ended by resignation names the seats that resigned")
        return RESIGNATION, resignation_standings(game, seats)
    if termination == ABANDONED:
        return ABANDONED, None
    if termination is not None:
        raise ValueError(f"the game goes on after its {moves} moves: the termination {termination!r} does not fit")
    return None, None


def rebuild(board: str, options: Mapping[str, str] | None, players: int, seed: int,
            moves: Iterable[str | Move | tuple[int, str | Move]]) -> Game:
    """The game from its seed and moves, as storage keeps it: every move checked as a record's would be.

    A move may carry the seat that made it, (seat, move); RecordError names the first move that fails."""
    game = Game.new(players, seed, board, dict(options or {}))
    for n, item in enumerate(moves, 1):
        seat, move = item if isinstance(item, tuple) else (game.to_move, item)
        if seat is None:
            raise RecordError("the game is over before this move", n)
        _push(game, n, seat, move, None)
    return game


def from_moves(board: str, options: Mapping[str, str] | None, players: Sequence[RecordPlayer], seed: int,
               moves: Iterable[str | Move | tuple[int, str | Move]], *, public: bool = False,
               date: str | None = None, site: str | None = None, end: str | None = None,
               termination: str | None = None, resigned: Sequence[Resignation] = (),
               hints: Sequence[int] | None = None) -> Record:
    """The record of a game stored as board, options, players, seed and moves (what the bot keeps)."""
    game = rebuild(board, options, len(players), seed, moves)
    return write(game, players, public=public, date=date, site=site, end=end, termination=termination,
                 resigned=resigned, hints=hints)


# ---- reading ---------------------------------------------------------------------------------------------

def read(source: str | bytes | Mapping[str, Any]) -> Record:
    """A record from its text or its parsed JSON; RecordError says what is wrong, naming the move if one is."""
    if isinstance(source, str | bytes):
        try:
            data = json.loads(source)
        except json.JSONDecodeError as exc:
            raise RecordError(f"not JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from exc
        except UnicodeDecodeError as exc:
            raise RecordError("not UTF-8 text") from exc
    else:
        data = source
    if not isinstance(data, Mapping):
        raise RecordError("a record is a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"the format is {data.get('format')!r}, not {FORMAT!r}")
    board = data.get("board", "standard")
    if board not in BOARD_NAMES:
        raise RecordError(f"unknown board {board!r}: standard or advanced")
    options = data.get("options") or {}
    if not isinstance(options, Mapping) or options.get("scores", "hidden") not in ("hidden", "open"):
        raise RecordError("options.scores is hidden or open")
    players = _players(data.get("players"))
    n = len(players)
    first = data.get("first")
    if not _is_int(first) or not 0 <= first < n:
        raise RecordError(f"first must be a seat from 0 to {n - 1}")
    deal = _deal(data["deal"], n) if data.get("deal") is not None else None
    raw_moves = data.get("moves")
    if not isinstance(raw_moves, list):
        raise RecordError("moves must be a list")
    moves = tuple(_move(raw, i, n, complete=deal is not None) for i, raw in enumerate(raw_moves, 1))
    result = data.get("result")
    if result is not None and (not isinstance(result, list) or not all(isinstance(r, Mapping) for r in result)):
        raise RecordError("result must be a list of {seat, score, place, totals}")
    resigned = _resigned(data.get("resigned"), n, len(moves))
    termination = _termination(data.get("termination"), result is not None, bool(resigned))
    texts = {}
    for key in ("date", "site", "end"):
        value = data.get(key)
        if value is not None and not isinstance(value, str):
            raise RecordError(f"{key} must be text")
        texts[key] = value
    hints = _hints(data["hints"], n) if data.get("hints") is not None else None
    return Record(board, {"scores": options.get("scores", "hidden")}, players, first, deal, moves,
                  tuple(dict(r) for r in result) if result is not None else None, termination, resigned, **texts,
                  hints=hints)


def _hints(raw: object, players: int) -> tuple[int, ...]:
    if (not isinstance(raw, list | tuple) or len(raw) != players
            or not all(_is_int(h) and h >= 0 for h in raw)):
        raise RecordError(f"hints must list how many hints each of the {players} seats used")
    return tuple(raw)


def _termination(raw: object, has_result: bool, has_resigned: bool) -> str | None:
    if raw is None:
        return None
    if raw not in TERMINATIONS:
        raise RecordError(f"termination must be {RULES}, {RESIGNATION} or {ABANDONED}, not {raw!r}")
    if raw == ABANDONED and has_result:
        raise RecordError("an abandoned game has no result, yet the record gives one")
    if raw != ABANDONED and not has_result:
        raise RecordError(f"a game ended by {raw} gives its result, and the record has none")
    if raw == RESIGNATION and not has_resigned:
        raise RecordError("a game ended by resignation names the seats that resigned, and resigned is empty")
    return str(raw)


def _resigned(raw: object, players: int, moves: int) -> tuple[Resignation, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list) or not all(isinstance(r, Mapping) and set(r) == {"seat", "after"} for r in raw):
        raise RecordError('resigned must be a list of {"seat": <seat>, "after": <moves played>}')
    out: list[Resignation] = []
    for r in raw:
        seat, after = r["seat"], r["after"]
        if not _is_int(seat) or not 0 <= seat < players:
            raise RecordError(f"resigned: seat {seat!r} is not a seat of this {players}-player game")
        if not _is_int(after) or not 0 <= after <= moves:
            raise RecordError(f"resigned: seat {seat} resigned after {after!r} moves, but the record has {moves}")
        if any(o.seat == seat for o in out):
            raise RecordError(f"resigned: seat {seat} is listed twice")
        out.append(Resignation(seat, after))
    return tuple(out)


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _players(raw: object) -> tuple[RecordPlayer, ...]:
    if not isinstance(raw, list) or not MIN_PLAYERS <= len(raw) <= MAX_PLAYERS:
        raise RecordError("players must list 2 to 4 players")
    out = []
    for i, p in enumerate(raw):
        if not isinstance(p, Mapping):
            raise RecordError(f"player {i} must be an object with dynasty, name and kind")
        if p.get("dynasty", DYNASTIES[i]) != DYNASTIES[i]:
            raise RecordError(f"seat {i} plays {DYNASTIES[i]}, not {p.get('dynasty')!r}")
        name, kind = p.get("name", DYNASTIES[i].capitalize()), p.get("kind", HUMAN)
        if not isinstance(name, str) or not isinstance(kind, str) or not kind:
            raise RecordError(f"player {i}'s name and kind must be text")
        out.append(RecordPlayer(name, kind))
    return tuple(out)


def _deal(raw: object, n: int) -> tuple[tuple[str, ...], ...]:
    if not isinstance(raw, list) or len(raw) != n:
        raise RecordError(f"deal must list {n} hands, one per seat")
    out = []
    for seat, hand in enumerate(raw):
        if not isinstance(hand, list) or len(hand) != HAND_SIZE or any(c not in COLOURS for c in hand):
            raise RecordError(f"seat {seat}'s deal must be {HAND_SIZE} colours (red, blue, green, black)")
        out.append(tuple(sorted(hand, key=COLOURS.index)))
    return tuple(out)


def _move(raw: object, number: int, players: int, *, complete: bool) -> RecordedMove:
    if not isinstance(raw, Mapping):
        raise RecordError("a move must be an object with seat and move", number)
    for key in ("seat", "move"):
        if key not in raw:
            raise RecordError(f"missing {key!r}", number)
    seat, text = raw["seat"], raw["move"]
    if not _is_int(seat) or not 0 <= seat < players:
        raise RecordError(f"seat {seat!r} is not a seat of this {players}-player game", number)
    if not isinstance(text, str):
        raise RecordError(f"the move {text!r} is not text", number)
    move: Move | HiddenSwap
    hidden = _hidden_swap(text, number)
    if hidden is not None and complete:
        raise RecordError(f"'{text}': a complete record names the swapped tiles' colours", number)
    try:
        move = hidden if hidden is not None else Move.parse(text)
    except IllegalMove as exc:
        raise RecordError(str(exc), number) from exc
    draws = raw.get("draws") or []
    if not isinstance(draws, list) or not all(isinstance(d, list) and len(d) == 2 and _is_int(d[0])
                                              and 0 <= d[0] < players for d in draws):
        raise RecordError("draws must be a list of [seat, ...] pairs", number)
    if complete:
        for _, colours in draws:
            if not isinstance(colours, list) or any(c not in COLOURS for c in colours):
                raise RecordError("a complete record lists each draw's colours: [seat, [colour, ...]]", number)
        return RecordedMove(seat, move, draws=tuple((s, tuple(c)) for s, c in draws))
    for _, count in draws:
        if not _is_int(count) or count < 0:
            raise RecordError("a public record gives each draw as [seat, count]", number)
    return RecordedMove(seat, move, counts=tuple((s, c) for s, c in draws))


def _hidden_swap(text: str, number: int) -> HiddenSwap | None:
    """The swap a public record writes face down (`swap 2`), or None for any other move."""
    words = text.split()
    if len(words) != 2 or words[0].lower() != "swap" or not (words[1].isascii() and words[1].isdigit()):
        return None
    count = int(words[1])
    if not 1 <= count <= HAND_SIZE:
        raise RecordError(f"'{text}': a swap is of 1 to {HAND_SIZE} tiles", number)
    return HiddenSwap(count)
