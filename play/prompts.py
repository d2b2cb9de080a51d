"""What the terminal asks the human: the situation in words (strengths in a conflict) and a short prompt."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.language import table_words, words
from bot.language.locales import ENGLISH, Texts
from play.commands import command_words


def _dynasty(view: dict[str, Any], seat: int, t: Texts) -> str:
    return words.dynasty(seat, t)


def side(view: dict[str, Any], who: int, me: int, t: Texts = ENGLISH) -> str:
    """'you', or the seat's dynasty with a capital."""
    return t.gettext("you") if who == me else _dynasty(view, who, t)


def _tiles(n: int, colour: str, revolt: bool, t: Texts) -> str:
    """'3 temples' in a revolt, '2 red tiles' in a war."""
    if revolt:
        return t.ngettext("{n} temple", "{n} temples", n).format(n=n)
    # Translators: the terminal: a count of tiles of one colour (use {colour:tile} / {colour:tiles} for agreement)
    return t.ngettext("{n} {colour} tile", "{n} {colour} tiles", n).format(n=n, colour=words.colour(colour, t))


def conflict(view: dict[str, Any], seat: int, t: Texts = ENGLISH) -> str:
    """A revolt or war as the seat about to commit sees it: who attacks and defends, with what, and the choice."""
    p = view["pending"]
    revolt = p["kind"] == "revolt"
    strength = p["strength"]

    def force(role: str) -> str:
        base = _tiles(strength[role], p["colour"], revolt, t)
        if role == "attacker" and p.get("attacker_commit") is not None:
            committed = p["attacker_commit"]
            return t.gettext("{tiles} + {n} committed = {total}").format(tiles=base, n=committed,
                                                                         total=strength[role] + committed)
        return base

    attacker, defender = side(view, p["attacker"], seat, t), side(view, p["defender"], seat, t)
    colour = words.colour(p["colour"], t)
    title = (t.gettext("Revolt over the {colour} leaders") if revolt
             else t.gettext("War over the {colour} leaders")).format(colour=colour)
    have = ((view["players"][seat].get("hand") or {}).get(p["commit_colour"], 0)) if seat == p["seat"] else None
    attack = (t.gettext("you attack with {force}") if seat == p["attacker"]
              else t.gettext("{who} attacks with {force}")).format(who=attacker, force=force("attacker"))
    defend = (t.gettext("you defend with {force}") if seat == p["defender"]
              else t.gettext("{who} defends with {force}")).format(who=defender, force=force("defender"))
    line = t.gettext("{title}: {attack}, {defend} (a tie goes to the defender).").format(
        title=title, attack=attack, defend=defend)
    if have is not None:
        held = t.ngettext("{n} {colour} tile", "{n} {colour} tiles", have).format(
            n=have, colour=words.colour(p["commit_colour"], t))
        line += " " + t.gettext("You hold {tiles}: commit 0 to {most}.").format(tiles=held, most=have)
    return line


def war_order(view: dict[str, Any], seat: int, wars: dict[str, dict[str, Any]], t: Texts = ENGLISH) -> str:
    """Which war to fight first, each choice once with both sides' strengths (`wars`: colour -> that war opened)."""
    who = view["pending"]["seat"]
    choices = []
    for colour, war in wars.items():
        a, d = war["strength"]["attacker"], war["strength"]["defender"]
        # i18n: one choice of a war order; "war {colour}" is the move's notation and stays English
        choices.append(t.gettext("war {colour} ({attacker} {a} against {defender} {d})").format(
            colour=colour, attacker=side(view, war["attacker"], seat, t), a=_tiles(a, colour, False, t),
            defender=side(view, war["defender"], seat, t), d=_tiles(d, colour, False, t)))
    text = (t.gettext("You choose which war to fight first: {choices}.") if who == seat
            else t.gettext("{who} chooses which war to fight first: {choices}."))
    return text.format(who=side(view, who, seat, t), choices="; ".join(choices))


def awaited(view: dict[str, Any], seat: int, described: str | None, wars: dict[str, dict[str, Any]] | None = None,
            t: Texts = ENGLISH) -> str | None:
    """The decision awaited, in words (said by the language layer), without its choices; None on a turn.
    `described` (the engine's English) serves only a decision no words are known for."""
    p = view.get("pending")
    if not p:
        return None
    if p["kind"] in ("revolt", "war"):
        return conflict(view, seat, t)
    if p["kind"] == "war_order" and wars:
        return war_order(view, seat, wars, t)
    return table_words.choice_words(p, _dynasty(view, p["seat"], t), mine=p["seat"] == seat, t=t) or f"{described}."


def situation(view: dict[str, Any], seat: int, described: str | None, legal: Sequence[str],
              wars: dict[str, dict[str, Any]] | None = None, t: Texts = ENGLISH) -> str:
    """The line printed before the prompt: the decision awaited in full, or whose turn and actions left;
    `wars` (colour -> that war opened) gives a war order its strengths."""
    p = view.get("pending")
    said = awaited(view, seat, described, wars, t)
    if p and said is not None:
        if p["kind"] in ("revolt", "war") or (p["kind"] == "war_order" and wars):
            return said
        # Translators: the terminal: the moves a player may choose from, in the game's notation
        choices = (" " + t.gettext("Choices: {moves}.").format(moves=", ".join(legal)) if len(legal) <= 12
                   # i18n: {moves} is the command as the language types it (play/commands.py)
                   else " " + t.gettext("Type {moves} to see the choices.").format(**command_words(t)))
        return f"{said}{choices}"
    left = (view.get("turn") or {}).get("actions_left")
    if left is None:
        return t.gettext("Your turn.")
    return t.ngettext("Your turn: {n} action left.", "Your turn: {n} actions left.", left).format(n=left)


def commit_range(view: dict[str, Any], seat: int) -> tuple[str, int] | None:
    """The colour and most tiles the seat may commit now, or None when no commitment is asked of it."""
    p = view.get("pending")
    if not p or p["kind"] not in ("revolt", "war") or p["seat"] != seat:
        return None
    return p["commit_colour"], (view["players"][seat].get("hand") or {}).get(p["commit_colour"], 0)


def prompt(view: dict[str, Any], seat: int, t: Texts = ENGLISH) -> str:
    """The short prompt: '[Archer] your move: ', '[Bogenschütze] dein Zug: ' (the seat's dynasty in the language)."""
    name = words.dynasty(seat, t)
    p = view.get("pending")
    if p and p["kind"] in ("revolt", "war"):
        have = (view["players"][seat].get("hand") or {}).get(p["commit_colour"], 0)
        # i18n: "commit" is the move's notation: the answer is typed in English
        return f"[{name}] " + t.gettext("commit 0-{most}: ").format(most=have)
    if p:
        # Translators: the terminal's prompt for a decision (mind the trailing space)
        return f"[{name}] " + t.gettext("your choice: ")
    # Translators: the terminal's prompt for a move (mind the trailing space)
    return f"[{name}] " + t.gettext("your move: ")
