"""The table's public words in the reader's language: seats by name and dynasty, the engine's events (said from their
type and data, never their English `text`: the bot, the web log and the terminal all say them here) and how the game
ended (bot/service/endings.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.language import seat_names, words
from bot.language.locales import ENGLISH, Texts
from bot.service import endings
from bot.service.endings import Ending
from bot.service.table import Table
from engine.outcome import Termination


def label(table: Table, seat: int, *, t: Texts = ENGLISH) -> str:
    """'Alice (Archer)', 'Alice (Bogenschütze)', 'Computer (mittel, Löwe)': a name escaped, words in the language."""
    p = table.row.players[seat]
    return seat_names.message_label(p.name, p.level, seat, t)


def _who(e: dict[str, Any], key: str, t: Texts) -> str:
    return words.dynasty(int(e[key]), t)


def _monument(pair: str, t: Texts) -> str:
    a, b = pair.split("-")
    return f"{words.colour(a, t)}-{words.colour(b, t)}"


def _tie(totals: list[int], t: Texts) -> str:
    won, lost = totals
    if won == lost:
        return t.gettext("{won} to {lost} (a tie goes to the defender)").format(won=won, lost=lost)
    # Translators: a revolt's or war's score: the winner's strength to the loser's
    return t.gettext("{won} to {lost}").format(won=won, lost=lost)


def _colour(e: dict[str, Any], t: Texts, key: str = "colour") -> str:
    return words.colour(str(e[key]), t)


def _tile_colour(e: dict[str, Any], t: Texts, key: str = "colour") -> str:
    """A colour said of tiles: a translation names the form its grammar needs ('{colour:tile}': 'verte')."""
    return words.colour(str(e[key]), t)


def _leader(e: dict[str, Any], t: Texts) -> str:
    if e.get("origin"):
        return t.gettext("{who} moves their {colour} leader from {origin} to {square}.").format(
            who=_who(e, "seat", t), colour=_colour(e, t), origin=e["origin"], square=e["square"])
    return t.gettext("{who} places their {colour} leader on {square}.").format(
        who=_who(e, "seat", t), colour=_colour(e, t), square=e["square"])


def _unification(e: dict[str, Any], t: Texts) -> str:
    if e.get("wars"):
        # Translators: joins two or more names or colours: "red and blue" (mind the spaces)
        colours = t.gettext(" and ").join(words.colour(c, t) for c in e["wars"])
        return t.gettext("The tile on {square} joins two kingdoms, and their {colours} leaders meet.").format(
            square=e["square"], colours=colours)
    return t.gettext("The tile on {square} joins two kingdoms; no leaders of one colour meet.").format(
        square=e["square"])


def _point(e: dict[str, Any], t: Texts) -> str:
    n, colour = int(e.get("count", 1)), _colour(e, t)
    if e.get("reason") == "monument" and e.get("monument"):
        return t.gettext("{who} scores 1 {colour} point from the {pair} monument.").format(
            who=_who(e, "seat", t), colour=colour, pair=_monument(e["monument"], t))
    return t.ngettext("{who} scores {n} {colour} point.", "{who} scores {n} {colour} points.", n).format(
        who=_who(e, "seat", t), n=n, colour=colour)


def _tile(e: dict[str, Any], t: Texts) -> str:
    return t.gettext("{who} places a {colour} {tile} on {square}.").format(
        who=_who(e, "seat", t), colour=_tile_colour(e, t), tile=words.tile(e["colour"], t), square=e["square"])


def _catastrophe(e: dict[str, Any], t: Texts) -> str:
    if e.get("destroyed"):
        return t.gettext("{who} places a catastrophe on {square}, destroying a {colour} {tile}.").format(
            who=_who(e, "seat", t), square=e["square"], colour=_tile_colour(e, t, "destroyed"),
            tile=words.tile(e["destroyed"], t))
    return t.gettext("{who} places a catastrophe on {square}.").format(who=_who(e, "seat", t), square=e["square"])


def _swap(e: dict[str, Any], t: Texts) -> str:
    n, got = int(e["count"]), int(e["drawn"])
    if got != n:
        return t.ngettext("{who} swaps {n} tile but the bag holds only {drawn}.",
                          "{who} swaps {n} tiles but the bag holds only {drawn}.", n).format(
            who=_who(e, "seat", t), n=n, drawn=got)
    return t.ngettext("{who} swaps {n} tile.", "{who} swaps {n} tiles.", n).format(who=_who(e, "seat", t), n=n)


def _revolt(e: dict[str, Any], t: Texts) -> str:
    strength = e.get("strength") or {}
    return t.gettext("Revolt! {attacker}'s {colour} leader on {attacker_square} challenges {defender}'s on "
                     "{defender_square}: {attacker} attacks with {a}, {defender} defends with {d}.").format(
        attacker=_who(e, "attacker", t), defender=_who(e, "defender", t), colour=_colour(e, t),
        attacker_square=e["attacker_square"], defender_square=e["defender_square"],
        a=strength.get("attacker", 0), d=strength.get("defender", 0))


def _war(e: dict[str, Any], t: Texts) -> str:
    strength = e.get("strength") or {}
    return t.gettext("War over the {colour} leaders: {attacker} attacks with {a}, {defender} defends with {d}.").format(
        colour=_colour(e, t), attacker=_who(e, "attacker", t), defender=_who(e, "defender", t),
        a=strength.get("attacker", 0), d=strength.get("defender", 0))


def _commit(e: dict[str, Any], t: Texts) -> str:
    n = int(e["count"])
    return t.ngettext("{who} commits {n} {colour} tile.", "{who} commits {n} {colour} tiles.", n).format(
        who=_who(e, "seat", t), n=n, colour=_tile_colour(e, t))


def _revolt_won(e: dict[str, Any], t: Texts) -> str:
    return t.gettext("{winner} wins the {colour} revolt {score}; {loser}'s {colour} leader on {square} goes "
                     "home.").format(winner=_who(e, "winner", t), loser=_who(e, "loser", t), score=_tie(e["totals"], t),
                                     colour=_colour(e, t), square=e["square"])


def _war_won(e: dict[str, Any], t: Texts) -> str:
    removed = len(e.get("removed") or ())
    fields = {"winner": _who(e, "winner", t), "loser": _who(e, "loser", t), "score": _tie(e["totals"], t),
              "colour": _colour(e, t), "square": e["leader_square"], "n": removed}
    if removed:
        return t.ngettext("{winner} wins the {colour} war {score}; {loser}'s {colour} leader on {square} goes home; "
                          "{n} {colour} tile removed.",
                          "{winner} wins the {colour} war {score}; {loser}'s {colour} leader on {square} goes home; "
                          "{n} {colour} tiles removed.", removed).format(**fields)
    return t.gettext("{winner} wins the {colour} war {score}; {loser}'s {colour} leader on {square} goes home.").format(
        **fields)


def _draw(e: dict[str, Any], t: Texts) -> str:
    n, wanted = int(e["count"]), int(e["wanted"])
    if n != wanted:
        return t.ngettext("{who} draws {n} tile: the bag is empty, {short} short.",
                          "{who} draws {n} tiles: the bag is empty, {short} short.", n).format(
            who=_who(e, "seat", t), n=n, short=wanted - n)
    return t.ngettext("{who} draws {n} tile.", "{who} draws {n} tiles.", n).format(who=_who(e, "seat", t), n=n)


def _treasure(e: dict[str, Any], t: Texts) -> str:
    if e.get("corner"):
        return t.gettext("{who} takes the corner treasure on {square}.").format(who=_who(e, "seat", t),
                                                                               square=e["square"])
    return t.gettext("{who} takes the treasure on {square}.").format(who=_who(e, "seat", t), square=e["square"])


def _monument_built(e: dict[str, Any], t: Texts) -> str:
    return t.gettext("{who} builds the {pair} monument on {square}.").format(
        who=_who(e, "seat", t), pair=_monument(e["pair"], t), square=e["at"])


def _leader_home(e: dict[str, Any], t: Texts) -> str:
    said = (t.gettext("{who}'s {colour} leader on {square} has no temple beside it after the monument and goes home.")
            if e.get("reason") == "monument" else
            t.gettext("{who}'s {colour} leader on {square} has no temple beside it after the catastrophe and goes "
                      "home."))
    return said.format(who=_who(e, "seat", t), colour=_colour(e, t), square=e["square"])


def termination(why: str, treasures: int, t: Texts = ENGLISH) -> str:
    """Why a game ended, from the engine's Termination value ('treasures', 'bag') and the treasures left."""
    return endings.said(endings.by_rules(Termination(why), treasures), t=t)


def _game_over(e: dict[str, Any], t: Texts) -> str:
    return t.gettext("The game is over: {reason}.").format(
        reason=termination(str(e["termination"]), int(e.get("treasures", 0)), t))


LINES: dict[str, Callable[[dict[str, Any], Texts], str]] = {
    "leader": _leader,
    "withdraw": lambda e, t: t.gettext("{who} withdraws their {colour} leader from {square}.").format(
        who=_who(e, "seat", t), colour=_colour(e, t), square=e["square"]),
    "tile": _tile,
    "unification": _unification,
    "point": _point,
    "catastrophe": _catastrophe,
    "swap": _swap,
    # Translators: a player passed an action
    "pass": lambda e, t: t.gettext("{who} passes.").format(who=_who(e, "seat", t)),
    "revolt": _revolt,
    "war": _war,
    "commit": _commit,
    "revolt_won": _revolt_won,
    "war_won": _war_won,
    "war_order": lambda e, t: t.gettext("{who} chooses to fight the {colour} war first.").format(
        who=_who(e, "seat", t), colour=_colour(e, t)),
    "decline": lambda e, t: t.gettext("{who} builds no monument.").format(who=_who(e, "seat", t)),
    "war_skipped": lambda e, t: t.gettext("The {colour} leaders are no longer joined: no {colour} war.").format(
        colour=_colour(e, t)),
    "monument": _monument_built,
    "treasure": _treasure,
    "draw": _draw,
    # Translators: the log: it is now this player's turn
    "turn": lambda e, t: t.gettext("{who}'s turn.").format(who=_who(e, "seat", t)),
    "leader_home": _leader_home,
    "game_over": _game_over,
}


def choice_words(p: dict[str, Any], who: str, *, mine: bool, t: Texts = ENGLISH) -> str | None:
    """A monument or treasure choice awaited, in words ('{who}, choose a treasure to take: F7 or G8.'), said to the
    seat that chooses (`mine`) or to the table; None for another decision."""
    if p.get("kind") == "monument":
        pairs = t.gettext(" or ").join(p.get("pairs") or ())
        said = (t.gettext("{who}, you may build a monument ({pairs}), or build none.") if mine
                else t.gettext("{who} may build a monument ({pairs}), or build none."))
        return said.format(who=who, pairs=pairs)
    if p.get("kind") == "treasure":
        squares = t.gettext(" or ").join(p.get("choices") or ())
        said = (t.gettext("{who}, choose a treasure to take: {squares}.") if mine
                else t.gettext("{who} chooses a treasure to take: {squares}."))
        return said.format(who=who, squares=squares)
    return None


def event_line(e: dict[str, Any], *, t: Texts = ENGLISH) -> str:
    """One engine event in the reader's language (English too), said from its type and data; the engine's English
    `text` only for an event of a type this module does not know or whose data is malformed (a record written by
    another program)."""
    said = LINES.get(str(e.get("type")))
    if said is None:
        return str(e.get("text", ""))
    try:
        return said(e, t)
    except (KeyError, TypeError, ValueError, IndexError):
        return str(e.get("text", ""))


def ending(table: Table, *, t: Texts = ENGLISH) -> str:
    """How the table's game or lobby ended (bot/service/endings.py), in the language: plain text, escape it where
    shown."""
    players = table.row.players
    return endings.said(Ending.parse(table.row.end_reason), [p.name for p in players], [p.level for p in players],
                        t=t)
