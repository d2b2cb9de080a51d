"""The table's public words in the server's language: seats by name and dynasty, the engine's event lines and how
the game ended (bot/endings.py), said again from their data. The engine's events keep English (one language-neutral
record); English readers get the engine's lines word for word, other languages these."""

from __future__ import annotations

from collections.abc import Callable

from bot import endings, seat_names, words
from bot.endings import Ending
from bot.locales import ENGLISH, Texts
from bot.table import Table


def label(table: Table, seat: int, *, t: Texts = ENGLISH) -> str:
    """'Alice (Archer)', 'Alice (Bogenschütze)', 'Computer (mittel, Löwe)': a name escaped, words in the language."""
    p = table.row.players[seat]
    return seat_names.message_label(p.name, p.level, seat, t)


def _who(e: dict, key: str, t: Texts) -> str:
    return words.dynasty(int(e[key]), t)


def _monument(pair: str, t: Texts) -> str:
    a, b = pair.split("-")
    return f"{words.colour(a, t)}-{words.colour(b, t)}"


def _tie(totals: list[int], t: Texts) -> str:
    won, lost = totals
    if won == lost:
        return t.gettext("{won} to {lost} (a tie goes to the defender)").format(won=won, lost=lost)
    return t.gettext("{won} to {lost}").format(won=won, lost=lost)


def _leader(e: dict, t: Texts) -> str:
    if e.get("origin"):
        return t.gettext("{who} moves their {leader} from {origin} to {square}.").format(
            who=_who(e, "seat", t), leader=words.leader(e["colour"], t), origin=e["origin"], square=e["square"])
    return t.gettext("{who} places their {leader} on {square}.").format(
        who=_who(e, "seat", t), leader=words.leader(e["colour"], t), square=e["square"])


def _unification(e: dict, t: Texts) -> str:
    if e.get("wars"):
        leaders = t.gettext(" and ").join(words.leader_name(c, t) for c in e["wars"])
        return t.gettext("The tile on {square} joins two kingdoms, and their leaders meet: {leaders}.").format(
            square=e["square"], leaders=leaders)
    return t.gettext("The tile on {square} joins two kingdoms; no leaders of one colour meet.").format(
        square=e["square"])


def _point(e: dict, t: Texts) -> str:
    n, colour = int(e.get("count", 1)), words.colour(e["colour"], t)
    return t.ngettext("{who} scores {n} {colour} point.", "{who} scores {n} {colour} points.", n).format(
        who=_who(e, "seat", t), n=n, colour=colour)


def _catastrophe(e: dict, t: Texts) -> str:
    if e.get("destroyed"):
        return t.gettext("{who} places a catastrophe on {square}, destroying a {tile}.").format(
            who=_who(e, "seat", t), square=e["square"], tile=words.tile(e["destroyed"], t))
    return t.gettext("{who} places a catastrophe on {square}.").format(who=_who(e, "seat", t), square=e["square"])


def _swap(e: dict, t: Texts) -> str:
    n, got = int(e["count"]), int(e["drawn"])
    said = t.ngettext("{who} swaps {n} tile.", "{who} swaps {n} tiles.", n).format(who=_who(e, "seat", t), n=n)
    if got != n:
        said += " " + t.gettext("The bag holds only {n}.").format(n=got)
    return said


def _revolt(e: dict, t: Texts) -> str:
    strength = e.get("strength") or {}
    return t.gettext("Revolt! {attacker}'s {leader} challenges {defender}'s: {attacker} attacks with {a}, "
                     "{defender} defends with {d}.").format(
        attacker=_who(e, "attacker", t), defender=_who(e, "defender", t), leader=words.leader(e["colour"], t),
        a=strength.get("attacker", 0), d=strength.get("defender", 0))


def _war(e: dict, t: Texts) -> str:
    strength = e.get("strength") or {}
    return t.gettext("War over the {leaders}: {attacker} attacks with {a}, {defender} defends with {d}.").format(
        leaders=words.leader(e["colour"], t), attacker=_who(e, "attacker", t), defender=_who(e, "defender", t),
        a=strength.get("attacker", 0), d=strength.get("defender", 0))


def _commit(e: dict, t: Texts) -> str:
    n = int(e["count"])
    return t.ngettext("{who} commits {n} tile: {tile}.", "{who} commits {n} tiles: {tile}.", n).format(
        who=_who(e, "seat", t), n=n, tile=words.tile(e["colour"], t))


def _revolt_won(e: dict, t: Texts) -> str:
    return t.gettext("{winner} wins the revolt {score}; {loser}'s {leader} on {square} goes home.").format(
        winner=_who(e, "winner", t), loser=_who(e, "loser", t), score=_tie(e["totals"], t),
        leader=words.leader(e["colour"], t), square=e["square"])


def _war_won(e: dict, t: Texts) -> str:
    said = t.gettext("{winner} wins the war {score}; {loser}'s {leader} on {square} goes home.").format(
        winner=_who(e, "winner", t), loser=_who(e, "loser", t), score=_tie(e["totals"], t),
        leader=words.leader(e["colour"], t), square=e["leader_square"])
    removed = len(e.get("removed") or ())
    if removed:
        said += " " + t.ngettext("{n} tile removed: {tile}.", "{n} tiles removed: {tile}.", removed).format(
            n=removed, tile=words.tile(e["colour"], t))
    return said


def _draw(e: dict, t: Texts) -> str:
    n, wanted = int(e["count"]), int(e["wanted"])
    said = t.ngettext("{who} draws {n} tile.", "{who} draws {n} tiles.", n).format(who=_who(e, "seat", t), n=n)
    if n != wanted:
        said += " " + t.gettext("The bag is empty: {n} short.").format(n=wanted - n)
    return said


def _treasure(e: dict, t: Texts) -> str:
    if e.get("corner"):
        return t.gettext("{who} takes the corner treasure on {square}.").format(who=_who(e, "seat", t),
                                                                               square=e["square"])
    return t.gettext("{who} takes the treasure on {square}.").format(who=_who(e, "seat", t), square=e["square"])


def _monument_built(e: dict, t: Texts) -> str:
    return t.gettext("{who} builds the {pair} monument on {square}.").format(
        who=_who(e, "seat", t), pair=_monument(e["pair"], t), square=e["at"])


def _leader_home(e: dict, t: Texts) -> str:
    return t.gettext("{who}'s {leader} on {square} has no temple beside it and goes home.").format(
        who=_who(e, "seat", t), leader=words.leader(e["colour"], t), square=e["square"])


LINES: dict[str, Callable[[dict, Texts], str]] = {
    "leader": _leader,
    "withdraw": lambda e, t: t.gettext("{who} withdraws their {leader} from {square}.").format(
        who=_who(e, "seat", t), leader=words.leader(e["colour"], t), square=e["square"]),
    "tile": lambda e, t: t.gettext("{who} places a {tile} on {square}.").format(
        who=_who(e, "seat", t), tile=words.tile(e["colour"], t), square=e["square"]),
    "unification": _unification,
    "point": _point,
    "catastrophe": _catastrophe,
    "swap": _swap,
    "pass": lambda e, t: t.gettext("{who} passes.").format(who=_who(e, "seat", t)),
    "revolt": _revolt,
    "war": _war,
    "commit": _commit,
    "revolt_won": _revolt_won,
    "war_won": _war_won,
    "war_order": lambda e, t: t.gettext("{who} chooses to fight the war of the {leaders} first.").format(
        who=_who(e, "seat", t), leaders=words.leader(e["colour"], t)),
    "decline": lambda e, t: t.gettext("{who} builds no monument.").format(who=_who(e, "seat", t)),
    "war_skipped": lambda e, t: t.gettext("The {leaders} are no longer joined: no war.").format(
        leaders=words.leader(e["colour"], t)),
    "monument": _monument_built,
    "treasure": _treasure,
    "draw": _draw,
    "turn": lambda e, t: t.gettext("{who}'s turn.").format(who=_who(e, "seat", t)),
    "leader_home": _leader_home,
}


def event_line(e: dict, *, t: Texts = ENGLISH) -> str:
    """One engine event as the table reads it: the engine's own line in English (or for an event this module
    does not know, or data it lacks), else said again from the event's data."""
    said = LINES.get(str(e.get("type")))
    if t.lang == ENGLISH.lang or said is None:
        return str(e.get("text", ""))
    try:
        return said(e, t)
    except (KeyError, TypeError, ValueError, IndexError):
        return str(e.get("text", ""))


def ending(table: Table, *, t: Texts = ENGLISH) -> str:
    """How the table's game or lobby ended (bot/endings.py), in the language: plain text, escape it where shown."""
    players = table.row.players
    return endings.said(Ending.parse(table.row.end_reason), [p.name for p in players], [p.level for p in players],
                        t=t)
