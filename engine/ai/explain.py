"""One line in words on what a move did or would have done, read from the events of the deals it was played on.

The review compares the move played with the better one on the same deals (the points each scored or gave
away, the conflicts won or lost, the leaders sent home); the hint says what its move scores or wins on the
seat's own sampled deals. Colours and leaders are said as the bot says them: "red (priest)"."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.constants import COLOURS, LEADER_NAMES, POINT_KEYS

NOTABLE = 0.5  # points on average over the deals, below which a difference is not worth a word
MOST_PARTS = 3  # a reason says at most this many things, the most telling first
LIKELY = 0.75  # a conflict won this often over the deals is "likely" won


def leader_words(colour: str) -> str:
    """A leader as the bot says it: 'red (priest)'."""
    return f"{colour} ({LEADER_NAMES[COLOURS.index(colour)]})"


def points_words(count: float, colour: str) -> str:
    n = max(1, round(count))  # callers only speak of differences of at least NOTABLE
    if colour == "treasure":
        return "1 treasure" if n == 1 else f"{n} treasures"
    return f"{n} {colour} point" + ("" if n == 1 else "s")


@dataclass(frozen=True)
class Conflict:
    """A revolt or war fought: its kind, colour, where, who won, who lost and the points the winner took."""

    kind: str
    colour: str
    at: str
    winner: int
    loser: int
    gained: int
    gained_colour: str  # red for a revolt, the war's colour for a war


@dataclass(frozen=True)
class Effects:
    """What one move (and what followed it) did on one deal."""

    points: tuple[tuple[int, ...], ...]  # per seat, per POINT_KEYS
    conflicts: tuple[Conflict, ...]
    sent_home: tuple[tuple[int, str], ...]  # (seat, colour) of every leader sent home
    monuments: tuple[tuple[int, str], ...]  # (seat, pair) of every monument built


def effects(events: Sequence[Mapping[str, Any]], players: int) -> Effects:
    """The points, conflicts, leaders sent home and monuments in a run of events."""
    points = [[0] * len(POINT_KEYS) for _ in range(players)]
    conflicts: list[Conflict] = []
    home: list[tuple[int, str]] = []
    monuments: list[tuple[int, str]] = []
    where: dict[tuple[str, str], str] = {}
    for e in events:
        kind = e.get("type")
        if kind == "point":
            points[e["seat"]][POINT_KEYS.index(e["colour"])] += int(e["count"])
            if e.get("reason") in ("war", "revolt") and conflicts and conflicts[-1].gained == 0:
                last = conflicts[-1]
                conflicts[-1] = Conflict(last.kind, last.colour, last.at, last.winner, last.loser, int(e["count"]),
                                         e["colour"])
        elif kind == "treasure":
            points[e["seat"]][POINT_KEYS.index("treasure")] += 1
        elif kind == "war":
            where["war", e["colour"]] = e["marker"]
        elif kind == "revolt":
            where["revolt", e["colour"]] = e["defender_square"]
        elif kind in ("war_won", "revolt_won"):
            fight = kind.removesuffix("_won")
            at = where.get((fight, e["colour"]), e.get("leader_square") or e.get("square") or "")
            conflicts.append(Conflict(fight, e["colour"], at, e["winner"], e["loser"], 0, e["colour"]))
            home.append((e["loser"], e["colour"]))
        elif kind == "leader_home":
            home.append((e["seat"], e["colour"]))
        elif kind == "monument":
            monuments.append((e["seat"], e["pair"]))
    return Effects(tuple(tuple(p) for p in points), tuple(conflicts), tuple(home), tuple(monuments))


def mean_points(runs: Sequence[Effects], seat: int) -> list[float]:
    return [sum(r.points[seat][k] for r in runs) / len(runs) for k in range(len(POINT_KEYS))]


def share(runs: Sequence[Effects], test: Any) -> float:
    """The part of the deals on which `test(effects)` holds."""
    return sum(1 for r in runs if test(r)) / len(runs)


def _more(mine: list[float], theirs: list[float]) -> list[tuple[str, float]]:
    """The keys where `mine` beats `theirs` notably, with the difference."""
    return [(key, a - b) for key, a, b in zip(POINT_KEYS, mine, theirs, strict=True) if a - b >= NOTABLE]


def _count(d: float) -> int:
    return max(1, round(d))  # only differences of at least NOTABLE are spoken of


def _scores_more(more: list[tuple[str, float]]) -> list[str]:
    """'scores 2 more red and 1 more green points', 'takes 1 more treasure'."""
    colours = [(key, d) for key, d in more if key != "treasure"]
    out = []
    if colours:
        plural = "s" if sum(_count(d) for _, d in colours) > 1 else ""
        out.append(f"scores {_join([f'{_count(d)} more {key}' for key, d in colours])} point{plural}")
    out += [f"takes {_count(d)} more treasure{'s' if _count(d) > 1 else ''}" for key, d in more if key == "treasure"]
    return out


def _lost_conflict(runs: Sequence[Effects], seat: int) -> Conflict | None:
    """A conflict the seat lost on most deals (the first deal's instance), or None."""
    first = runs[0]
    for c in first.conflicts:
        if c.loser == seat and share(runs, lambda r, c=c: any(
                x.kind == c.kind and x.colour == c.colour and x.loser == seat for x in r.conflicts)) >= 0.5:
            return c
    return None


def _won(runs: Sequence[Effects], seat: int, kind: str, colour: str) -> float:
    return share(runs, lambda r: any(x.kind == kind and x.colour == colour and x.winner == seat for x in r.conflicts))


def _commit_words(move: str) -> str:
    return f"committing {move.split()[1]}"


def review_reason(played: str, best: str, played_runs: Sequence[Effects], best_runs: Sequence[Effects],
                  own_played: Sequence[Effects], own_best: Sequence[Effects], seat: int, names: Sequence[str],
                  chances: tuple[float, float]) -> str:
    """Why `best` is better than `played` for the seat: the conflict the played move lost, else the points
    each scored or gave away and the leaders each kept, over the same deals. `own_*` cover the mover's own
    turn only (its conflicts); the others run on through the rivals' replies."""
    lost = _lost_conflict(own_played, seat)
    if lost is not None:
        took = f"{names[lost.winner]} took {points_words(lost.gained, lost.gained_colour)}"
        fight = f"the {lost.kind} at {lost.at}"
        saved = _won(own_best, seat, lost.kind, lost.colour) >= 0.5
        if played.startswith("commit") and best.startswith("commit"):
            alt = "would have won it" if saved else "would have cost less"
            return f"{_commit_words(played).capitalize()} lost {fight}: {took}; {_commit_words(best)} {alt}."
        alt = "wins it" if saved else "avoids it" if not any(
            c.kind == lost.kind and c.colour == lost.colour for c in own_best[0].conflicts) else "does better"
        return f"{played} lost {fight} ({took}); {best} {alt}."
    parts: list[str] = []
    for c in own_best[0].conflicts:
        if c.winner == seat and _won(own_best, seat, c.kind, c.colour) >= 0.5 \
                and _won(own_played, seat, c.kind, c.colour) < 0.5:
            parts.append(f"wins the {c.kind} at {c.at} ({points_words(c.gained, c.gained_colour)})")
    parts += _scores_more(_more(mean_points(best_runs, seat), mean_points(played_runs, seat)))
    for rival in range(len(names)):
        fewer = _more(mean_points(played_runs, rival), mean_points(best_runs, rival)) if rival != seat else []
        if fewer:
            total = sum(_count(d) for _, d in fewer)
            detail = ", ".join(f"{_count(d)} {key}" for key, d in fewer)
            parts.append(f"gives {names[rival]} {total} fewer point{'s' if total > 1 else ''} ({detail})")
    kept = [leader_words(colour) for colour in COLOURS
            if share(played_runs, lambda r, c=colour: (seat, c) in r.sent_home)
            - share(best_runs, lambda r, c=colour: (seat, c) in r.sent_home) >= 0.5]
    if kept:
        parts.append(f"keeps your {_join(kept)} on the board")
    if not parts:
        cp, cb = chances
        return (f"{best} leaves you better placed than {played}: a {cb:.0%} chance to win against {cp:.0%} "
                "after the rivals' replies.")
    return f"Against {played}, {best} {_join(parts[:MOST_PARTS])}."


def _fight(c: Conflict) -> str:
    """'the war over the blue (farmer) leaders', 'the revolt over the red (priest) at F4'."""
    if c.kind == "war":
        return f"the war over the {leader_words(c.colour)} leaders"
    return f"the revolt over the {leader_words(c.colour)} at {c.at}"


def _odds(p: float) -> str:
    return "you are likely to win" if p >= LIKELY else "you may win" if p >= 0.4 else "you are likely to lose"


def hint_reason(move: str, runs: Sequence[Effects], seat: int, all_in: Sequence[Effects] | None = None) -> str:
    """What the move does for the seat on its own sampled deals: points, treasures, monuments, conflicts.
    `all_in`, for a commit of fewer tiles than the seat holds, is the same deals with every tile committed."""
    parts = _conflict_parts(move, runs, seat, all_in)
    parts += _scores(mean_points(runs, seat), "scores", "takes")
    built = sorted({pair for r in runs for s, pair in r.monuments if s == seat})
    parts += [f"builds the {pair} monument" for pair in built]
    fought = {c.colour for r in runs for c in r.conflicts}  # already said by the conflict's part
    home = sorted({colour for r in runs for s, colour in r.sent_home if s != seat and colour not in fought})
    parts += [f"sends a rival's {leader_words(colour)} home" for colour in home
              if share(runs, lambda r, colour=colour: any(s != seat and c == colour for s, c in r.sent_home)) >= 0.5]
    if parts:
        return _join(parts[:MOST_PARTS]) + "."
    if move == "decline":
        return "no monument here is worth its tiles to you: they stay face up for your kingdoms."
    return "our strongest player's choice here: it scores nothing at once but leaves your position strongest."


def _conflict_parts(move: str, runs: Sequence[Effects], seat: int, all_in: Sequence[Effects] | None) -> list[str]:
    """The conflicts the move fights for the seat, with the odds over the deals; for a commit that keeps
    tiles back, why more would not pay."""
    seen: dict[tuple[str, str], Conflict] = {}
    for r in runs:
        for c in r.conflicts:
            if seat in (c.winner, c.loser):
                seen.setdefault((c.kind, c.colour), c)
    parts: list[str] = []
    for (kind, colour), c in seen.items():
        p = _won(runs, seat, kind, colour)
        if move.startswith("commit") and p < 0.4 and all_in is not None and len(parts) == 0:
            q = _won(all_in, seat, kind, colour)
            more = "even every tile you hold would likely lose it" if q < 0.4 else \
                "more tiles would not win it often enough to be worth them"
            parts.append(f"keeps your tiles for later: {more} ({_fight(c)})")
        else:
            parts.append(f"fights {_fight(c)}, which {_odds(p)}")
    return parts


def _scores(points: list[float], verb: str, treasure_verb: str) -> list[str]:
    """'scores 3 red and 1 green points', 'takes 1 treasure' for the notable mean points."""
    colours = [(k, v) for k, v in zip(POINT_KEYS, points, strict=True) if k != "treasure" and v >= NOTABLE]
    out = []
    if colours:
        plural = "s" if sum(_count(v) for _, v in colours) > 1 else ""
        out.append(f"{verb} {_join([f'{_count(v)} {k}' for k, v in colours])} point{plural}")
    treasures = points[POINT_KEYS.index("treasure")]
    if treasures >= NOTABLE:
        out.append(f"{treasure_verb} {points_words(treasures, 'treasure')}")
    return out


def _join(parts: Sequence[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
