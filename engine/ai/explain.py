"""One line in words on what a move did or would have done, read from the events of the deals it was played on.

The review compares the move played with the better one on the same deals (the points each scored or gave
away, the conflicts won or lost, the leaders sent home); the hint says what its move scores or wins on the
seat's own sampled deals. Each reason is words (engine/ai/phrases.py): English templates with their values, said in
English for the stored `reason` and in the reader's language by the front ends."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.ai.phrases import N_, NP_, Phrase, phrase, say
from engine.constants import COLOURS, POINT_KEYS

NOTABLE = 0.5  # points on average over the deals, below which a difference is not worth a word
MOST_PARTS = 3  # a reason says at most this many things, the most telling first
LIKELY = 0.75  # a conflict won this often over the deals is "likely" won

Words = tuple[Phrase, ...]  # a reason's sentences (engine/ai/phrases.py)


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


def _points(count: float, colour: str) -> Phrase:
    """'2 red points', '1 treasure'."""
    n = max(1, round(count))
    if colour == "treasure":
        return phrase(NP_("{n} treasure", "{n} treasures"), n=n)
    # Translators: a hint's or review's reason: points of one colour
    return phrase(NP_("{n} {colour} point", "{n} {colour} points"), n=n, colour=colour)


def _scores_more(more: list[tuple[str, float]]) -> list[Phrase]:
    """'scores 2 more red and 1 more green points', 'takes 1 more treasure'."""
    colours = [(key, d) for key, d in more if key != "treasure"]
    out = []
    if colours:
        # Translators: a hint's or review's reason: the move scores points ({more} lists them by colour)
        out.append(phrase(NP_("scores {more} point", "scores {more} points"), n=sum(_count(d) for _, d in colours),
                          # Translators: a hint's or review's reason: more points of one colour than the other move
                          more=[phrase(NP_("{n} more {colour}", "{n} more {colour}"), n=_count(d), colour=key)
                                for key, d in colours]))
    out += [phrase(NP_("takes {n} more treasure", "takes {n} more treasures"), n=_count(d))
            for key, d in more if key == "treasure"]
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


# The sentence for a conflict the move played lost, by (kind, what the better move does): each a whole template,
# since a language words "it" by the conflict's gender; a commit's by the number committed (`n`, both forms alike
# in English).
LOST_COMMITS = {
    ("war", True): NP_("Committing {played} lost the war at {at}: {winner} took {took}; committing {best} would have "
                       "won it.",
                       "Committing {played} lost the war at {at}: {winner} took {took}; "
                       "committing {best} would have won it."),
    ("war", False): NP_("Committing {played} lost the war at {at}: {winner} took {took}; committing {best} would "
                        "have cost less.",
                        "Committing {played} lost the war at {at}: {winner} took {took}; "
                        "committing {best} would have cost less."),
    ("revolt", True): NP_("Committing {played} lost the revolt at {at}: {winner} took {took}; committing {best} "
                          "would have won it.",
                          "Committing {played} lost the revolt at {at}: {winner} took {took}; "
                          "committing {best} would have won it."),
    ("revolt", False): NP_("Committing {played} lost the revolt at {at}: {winner} took {took}; committing {best} "
                           "would have cost less.",
                           "Committing {played} lost the revolt at {at}: {winner} took {took}; "
                           "committing {best} would have cost less."),
}
LOST = {
    ("war", "wins"): N_("{played} lost the war at {at} ({winner} took {took}); {best} wins it."),
    ("war", "avoids"): N_("{played} lost the war at {at} ({winner} took {took}); {best} avoids it."),
    ("war", "better"): N_("{played} lost the war at {at} ({winner} took {took}); {best} does better."),
    ("revolt", "wins"): N_("{played} lost the revolt at {at} ({winner} took {took}); {best} wins it."),
    ("revolt", "avoids"): N_("{played} lost the revolt at {at} ({winner} took {took}); {best} avoids it."),
    ("revolt", "better"): N_("{played} lost the revolt at {at} ({winner} took {took}); {best} does better."),
}
WINS = {"war": N_("wins the war at {at} ({took})"), "revolt": N_("wins the revolt at {at} ({took})")}


def review_reason(played: str, best: str, played_runs: Sequence[Effects], best_runs: Sequence[Effects],
                  own_played: Sequence[Effects], own_best: Sequence[Effects], seat: int, names: Sequence[str],
                  chances: tuple[float, float]) -> str:
    """Why `best` is better than `played` for the seat, in English (review_words said)."""
    return say(review_words(played, best, played_runs, best_runs, own_played, own_best, seat, names, chances))


def review_words(played: str, best: str, played_runs: Sequence[Effects], best_runs: Sequence[Effects],
                 own_played: Sequence[Effects], own_best: Sequence[Effects], seat: int, names: Sequence[str],
                 chances: tuple[float, float], margin: float | None = None) -> Words:
    """Why `best` is better than `played` for the seat: the conflict the played move lost, else the points
    each scored or gave away and the leaders each kept, over the same deals. `own_*` cover the mover's own
    turn only (its conflicts); the others run on through the rivals' replies. `margin`, the points of final
    margin the played move lost, is said when the chances to win read the same (a decided game)."""
    lost = _lost_conflict(own_played, seat)
    if lost is not None:
        took = {"winner": names[lost.winner], "took": [_points(lost.gained, lost.gained_colour)], "at": lost.at}
        saved = _won(own_best, seat, lost.kind, lost.colour) >= 0.5
        if played.startswith("commit") and best.startswith("commit"):
            return (phrase(LOST_COMMITS[lost.kind, saved], n=int(played.split()[1]), played=played.split()[1],
                           best=best.split()[1], **took),)
        alt = "wins" if saved else "avoids" if not any(
            c.kind == lost.kind and c.colour == lost.colour for c in own_best[0].conflicts) else "better"
        return (phrase(LOST[lost.kind, alt], played=played, best=best, **took),)
    parts: list[Phrase] = []
    for c in own_best[0].conflicts:
        if c.winner == seat and _won(own_best, seat, c.kind, c.colour) >= 0.5 \
                and _won(own_played, seat, c.kind, c.colour) < 0.5:
            parts.append(phrase(WINS[c.kind], at=c.at, took=[_points(c.gained, c.gained_colour)]))
    parts += _scores_more(_more(mean_points(best_runs, seat), mean_points(played_runs, seat)))
    for rival in range(len(names)):
        fewer = _more(mean_points(played_runs, rival), mean_points(best_runs, rival)) if rival != seat else []
        if fewer:
            detail = [phrase(NP_("{n} treasure", "{n} treasures"), n=_count(d)) if key == "treasure"
                      # Translators: a hint's or review's reason: a count of points of one colour
                      else phrase(NP_("{n} {colour}", "{n} {colour}"), n=_count(d), colour=key) for key, d in fewer]
            parts.append(phrase(NP_("gives {name} {n} fewer point ({detail})", "gives {name} {n} fewer points "
                                    "({detail})"), name=names[rival], n=sum(_count(d) for _, d in fewer),
                                detail={"each": detail}))
    kept = [colour for colour in COLOURS
            if share(played_runs, lambda r, c=colour: (seat, c) in r.sent_home)
            - share(best_runs, lambda r, c=colour: (seat, c) in r.sent_home) >= 0.5]
    if kept:
        parts.append(phrase(NP_("keeps your {leaders} on the board", "keeps your {leaders} on the board"),
                            n=len(kept), leaders=kept))
    if not parts:
        cp, cb = chances
        if margin is not None and round(100 * cb) == round(100 * cp):
            return (phrase(N_("{best} leaves you better placed than {played}: {margin} more points of final margin "
                              "after the rivals' replies."), best=best, played=played, margin=f"{margin:.1f}"),)
        return (phrase(N_("{best} leaves you better placed than {played}: a {chance_best} chance to win against "
                          "{chance_played} after the rivals' replies."), best=best, played=played,
                       chance_best=f"{cb:.0%}", chance_played=f"{cp:.0%}"),)
    return (phrase(N_("Against {played}, {best} {parts}."), played=played, best=best, parts=parts[:MOST_PARTS]),)


# A conflict the hint's move fights, by (kind, the odds of winning it); and the tiles a commit keeps back, by
# (kind, whether even every tile would lose).
FIGHTS = {
    ("war", "likely"): N_("fights the war over the {leader} leaders, which you are likely to win"),
    ("war", "may"): N_("fights the war over the {leader} leaders, which you may win"),
    ("war", "unlikely"): N_("fights the war over the {leader} leaders: you are likely to lose it, but every other "
                            "choice here leaves you worse off"),
    ("revolt", "likely"): N_("fights the revolt over the {leader} at {at}, which you are likely to win"),
    ("revolt", "may"): N_("fights the revolt over the {leader} at {at}, which you may win"),
    ("revolt", "unlikely"): N_("fights the revolt over the {leader} at {at}: you are likely to lose it, but every "
                               "other choice here leaves you worse off"),
}
KEEPS = {
    ("war", True): N_("keeps your tiles for later: even every tile you hold would likely lose it (the war over "
                      "the {leader} leaders)"),
    ("war", False): N_("keeps your tiles for later: more tiles would not win it often enough to be worth them "
                       "(the war over the {leader} leaders)"),
    ("revolt", True): N_("keeps your tiles for later: even every tile you hold would likely lose it (the revolt "
                         "over the {leader} at {at})"),
    ("revolt", False): N_("keeps your tiles for later: more tiles would not win it often enough to be worth them "
                          "(the revolt over the {leader} at {at})"),
}


def _odds(p: float) -> str:
    return "likely" if p >= LIKELY else "may" if p >= 0.4 else "unlikely"


def hint_reason(move: str, runs: Sequence[Effects], seat: int, all_in: Sequence[Effects] | None = None) -> str:
    """What the move does for the seat on its own sampled deals, in English (hint_words said)."""
    return say(hint_words(move, runs, seat, all_in))


def hint_words(move: str, runs: Sequence[Effects], seat: int, all_in: Sequence[Effects] | None = None) -> Words:
    """What the move does for the seat on its own sampled deals: points, treasures, monuments, conflicts.
    `all_in`, for a commit of fewer tiles than the seat holds, is the same deals with every tile committed."""
    parts = _conflict_parts(move, runs, seat, all_in)
    parts += _scores(mean_points(runs, seat))
    built = sorted({pair for r in runs for s, pair in r.monuments if s == seat})
    parts += [phrase(N_("builds the {pair} monument"), pair=pair) for pair in built]
    fought = {c.colour for r in runs for c in r.conflicts}  # already said by the conflict's part
    home = sorted({colour for r in runs for s, colour in r.sent_home if s != seat and colour not in fought})
    parts += [phrase(N_("sends a rival's {leader} home"), leader=colour) for colour in home
              if share(runs, lambda r, colour=colour: any(s != seat and c == colour for s, c in r.sent_home)) >= 0.5]
    if parts:
        # Translators: a reason's parts, joined into a sentence with its full stop
        return (phrase(N_("{parts}."), parts=parts[:MOST_PARTS]),)
    if move == "decline":
        return (phrase(N_("no monument here is worth its tiles to you: they stay face up for your kingdoms.")),)
    return (_quiet(move),)


def _quiet(move: str) -> Phrase:
    """Why a move that scores and fights nothing now is still the choice, said of that move (its colour and
    square), so that two quiet moves are never given the same words."""
    verb, *rest = move.split()
    if verb == "tile" and len(rest) == 2:
        return phrase(N_("a {colour} tile at {at} scores nothing yet, but it builds a kingdom your leaders will "
                         "score from in the turns to come."), colour=rest[0], at=rest[1])
    if verb == "leader" and len(rest) == 2:
        return phrase(N_("your {leader} at {at} scores nothing yet, but from there it will score every {colour} "
                         "tile laid in its kingdom."), leader=rest[0], colour=rest[0], at=rest[1])
    if verb == "swap":
        return phrase(NP_("swapping {n} tile scores nothing now, but the tiles you draw suit your kingdoms better.",
                          "swapping {n} tiles scores nothing now, but the tiles you draw suit your kingdoms better."),
                      n=len(rest))
    if verb == "withdraw" and rest:
        return phrase(N_("taking your {leader} back scores nothing now, but keeps it from being lost in a conflict "
                         "and free to return where it scores more."), leader=rest[0])
    if verb == "catastrophe" and rest:
        return phrase(N_("a catastrophe at {at} scores nothing now, but the board it leaves suits you better than "
                         "any other move's."), at=rest[0])
    return phrase(N_("{move}: our strongest player's choice here; it scores nothing at once but leaves your position "
                     "strongest."), move=move)


def _conflict_parts(move: str, runs: Sequence[Effects], seat: int, all_in: Sequence[Effects] | None) -> list[Phrase]:
    """The conflicts the move fights for the seat, with the odds over the deals; for a commit that keeps
    tiles back, why more would not pay."""
    seen: dict[tuple[str, str], Conflict] = {}
    for r in runs:
        for c in r.conflicts:
            if seat in (c.winner, c.loser):
                seen.setdefault((c.kind, c.colour), c)
    parts: list[Phrase] = []
    for (kind, colour), c in seen.items():
        p = _won(runs, seat, kind, colour)
        at = {"at": c.at} if kind == "revolt" else {}
        if move.startswith("commit") and p < 0.4 and all_in is not None and len(parts) == 0:
            q = _won(all_in, seat, kind, colour)
            parts.append(phrase(KEEPS[kind, q < 0.4], leader=colour, **at))
        else:
            parts.append(phrase(FIGHTS[kind, _odds(p)], leader=colour, **at))
    return parts


def _scores(points: list[float]) -> list[Phrase]:
    """'scores 3 red and 1 green points', 'takes 1 treasure' for the notable mean points."""
    colours = [(k, v) for k, v in zip(POINT_KEYS, points, strict=True) if k != "treasure" and v >= NOTABLE]
    out = []
    if colours:
        # Translators: a hint's or review's reason: the move scores points ({points} lists them by colour)
        out.append(phrase(NP_("scores {points} point", "scores {points} points"), n=sum(_count(v) for _, v in colours),
                          points=[phrase(NP_("{n} {colour}", "{n} {colour}"), n=_count(v), colour=k)
                                  for k, v in colours]))
    treasures = points[POINT_KEYS.index("treasure")]
    if treasures >= NOTABLE:
        # Translators: a hint's or review's reason: the move takes treasures
        out.append(phrase(N_("takes {treasures}"), treasures=[_points(treasures, "treasure")]))
    return out
