"""The decision a table awaits, in words: which conflict, which monument, which swap."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.discord_front.messages import clip
from bot.language import words
from bot.language.locales import ENGLISH, N_, Texts
from bot.language.table_words import choice_words, label
from bot.service.table import Table

DECISION_HEADS = {
    "revolt": N_("A revolt: choose your reinforcements"), "war": N_("A war: choose your reinforcements"),
    "war_order": N_("Choose which war to fight first"), "monument": N_("You may build a monument"),
    "treasure": N_("Choose a treasure to take"),
}
# Translators: the title of the private panel for the decision a player must make
YOUR_DECISION = N_("Your decision")


def decision_text(table: Table, seat: int, *, t: Texts = ENGLISH) -> str:
    """Private: the decision this seat faces, said to them, with what they hold of the colour that matters."""
    kind = str((table.live.pending or {}).get("kind"))
    head = t.gettext(DECISION_HEADS.get(kind, YOUR_DECISION))
    return clip(f"**{head}.**\n{decision_words(table, seat, t=t)}")


# A leader's name for several of them ("which war: `war red` (priests)"), and a tile's, marked for the catalogs.
LEADERS_OF = {
    # Translators: several red leaders, as a war's choice names them ("war red (priests)")
    "red": N_("priests"),
    # Translators: several blue leaders
    "blue": N_("farmers"),
    # Translators: several green leaders
    "green": N_("traders"),
    # Translators: several black leaders
    "black": N_("kings"),
}
TILES_NAMED = {
    # Translators: red tiles, as the reinforcements of a revolt or war count them ("how many temples to commit")
    "red": N_("temples"),
    # Translators: blue tiles, as reinforcements
    "blue": N_("farms"),
    # Translators: green tiles, as reinforcements
    "green": N_("markets"),
    # Translators: black tiles, as reinforcements
    "black": N_("settlements"),
}


def _or(items: Sequence[str], t: Texts) -> str:
    """'a or b or c' in the reader's words."""
    # Translators: joins choices: "F7 or G8" (mind the spaces)
    return t.gettext(" or ").join(items)


def _added(colour: str, n: int, t: Texts) -> str:
    """'2 temples': tiles of one colour by their name, one literal ngettext each so the extractor finds them."""
    if colour == "red":
        # Translators: a count of red tiles, by their name
        return t.ngettext("{n} temple", "{n} temples", n).format(n=n)
    if colour == "blue":
        # Translators: a count of blue tiles, by their name
        return t.ngettext("{n} farm", "{n} farms", n).format(n=n)
    if colour == "green":
        # Translators: a count of green tiles, by their name
        return t.ngettext("{n} market", "{n} markets", n).format(n=n)
    # Translators: a count of black tiles, by their name
    return t.ngettext("{n} settlement", "{n} settlements", n).format(n=n)


def decision_words(table: Table, you: int | None = None, *, t: Texts = ENGLISH) -> str:
    """The awaited decision as a person would say it: who attacks whose leader, the strengths, what to choose.
    Said to `you` when that seat decides (private: it tells their hand), else to the table."""
    game = table.live
    p = game.pending or {}
    seat = p.get("seat", game.to_move)
    assert seat is not None, "a decision is awaited of a seat"
    mine = you is not None and you == seat
    who = label(table, seat, t=t)
    if p.get("kind") in ("revolt", "war"):
        return _conflict_words(table, p, you if mine else None, t=t)
    if p.get("kind") == "war_order":
        wars = _or([f"`war {c}` ({t.gettext(LEADERS_OF[c])})" for c in p.get("waiting") or ()], t)
        said = (t.gettext("{who}, choose which war to fight first: {wars}.") if mine
                else t.gettext("{who} chooses which war to fight first: {wars}."))
        return said.format(who=who, wars=wars)
    return choice_words(p, who, mine=mine, t=t) or f"{game.describe_pending()}."


def _conflict_words(table: Table, p: dict[str, Any], you: int | None, *, t: Texts = ENGLISH) -> str:
    """A revolt or war: 'Alice (Archer), your red (priest) is attacking Bob (Bull)'s red (priest) in a revolt at
    F7. Strength: ...'."""
    game = table.live
    att, dfn, colour, extra = p["attacker"], p["defender"], p["colour"], p["commit_colour"]
    players = game.view(None)["players"]
    where = (players[att].get("leaders") or {}).get(colour) if p["kind"] == "revolt" else p.get("marker")
    fight = (t.gettext("a revolt at {square}").format(square=where) if p["kind"] == "revolt"
             else t.gettext("a war over the {colour} leaders at {square}").format(colour=words.colour(colour, t),
                                                                                  square=where))
    piece = words.leader(colour, t)
    a_name, d_name = label(table, att, t=t), label(table, dfn, t=t)
    if you == att:
        head = t.gettext("{attacker}, your {piece} is attacking {defender}'s {piece} in {fight}.")
    elif you == dfn:
        head = t.gettext("{defender}, {attacker}'s {piece} is attacking your {piece} in {fight}.")
    else:
        head = t.gettext("{attacker}'s {piece} is attacking {defender}'s {piece} in {fight}.")
    head = head.format(attacker=a_name, defender=d_name, piece=piece, fight=fight)
    strength = p.get("strength") or {}
    a, d = strength.get("attacker", 0), strength.get("defender", 0)
    # Translators: the player addressed, named in a sentence about a conflict ("you attack …")
    you_word = t.gettext("you")
    added = p.get("attacker_commit")
    d_says = f"{you_word if you == dfn else d_name} {d}"
    if added is None:
        a_says = f"{you_word if you == att else a_name} {a}"
        power = t.gettext("Strength: {attacker}, {defender}, before reinforcements; a tie goes to the defender.")
    else:
        a_says = t.gettext("{who} {total} ({base} + {tiles} added)").format(
            who=you_word if you == att else a_name, total=a + added, base=a, tiles=_added(extra, added, t))
        power = (t.gettext("Strength: {attacker}, {defender} before your reinforcements; a tie goes to you, the "
                           "defender.") if you == dfn
                 else t.gettext("Strength: {attacker}, {defender}; a tie goes to the defender."))
    power = power.format(attacker=a_says, defender=d_says)
    tiles = t.gettext(TILES_NAMED[extra])
    if you is not None:
        held = (game.view(you)["players"][you].get("hand") or {}).get(extra, 0)
        ask = t.gettext("Choose how many {tiles} ({colour} tiles) to commit: you hold **{held}**.").format(
            tiles=tiles, colour=words.colour(extra, t), held=held)
    else:
        ask = t.gettext("{who} chooses how many {tiles} ({colour} tiles) to commit.").format(
            who=label(table, p["seat"], t=t), tiles=tiles, colour=words.colour(extra, t))
    return f"{head} {power} {ask}"
