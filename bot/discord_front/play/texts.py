"""The texts of play: each move's announcement, the opening, take-backs, resignations, the final standings."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.discord_front.lobby.texts import HINTS_ON
from bot.discord_front.messages import COLOUR_EMOJI, LIMIT, Post, clip, due, mention, present
from bot.discord_front.play.decision_texts import decision_words
from bot.language import engine_words, seat_names, words
from bot.language import text as T
from bot.language.locales import ENGLISH, Texts
from bot.language.table_words import ending, event_line, label
from bot.service.table import Played, Table
from bot.storage.rows import GameStatus
from engine import COLOURS, public_move

if TYPE_CHECKING:
    from engine.ai.phrases import Phrase


def announce(table: Table, head: str, *, ping: bool = True, actor: int | None = None, t: Texts = ENGLISH) -> Post:
    """A public message after a change: what happened, then who must act now (pinged when `ping` and it is news to
    them, else named) or the result. `actor`: the person whose own action this message answers; they just acted
    and read the answer, so they are named, never pinged (a conflict their move started, say)."""
    pings = tuple(user for user in due(table) if user != actor) if ping else ()
    tail = (final_text(table, t=t) if table.game is not None and table.game.over
            else next_line(table, ping=bool(pings), t=t))
    if not tail:
        return Post(clip(head))
    body = clip(head, LIMIT - len(tail) - 1)
    return Post(f"{body}\n{tail}", pings)


def next_line(table: Table, *, ping: bool = True, t: Texts = ENGLISH) -> str:
    """Who must act now: a person by mention (`ping`) or by name, a computer or the stand-in thinking; empty once
    the game is over."""
    game = table.game
    if game is None:
        return ""
    if game.over or table.row.status != GameStatus.ACTIVE:
        return ""
    seat = game.to_move
    if seat is None:
        return ""
    player = table.player(seat)
    name = label(table, seat, t=t)
    if player.resigned:
        return t.gettext("{name} has resigned: their seat passes.").format(name=name)
    if player.is_bot:
        # Translators: a computer player is choosing its move
        return t.gettext("{name} is thinking…").format(name=name)
    if not present(table, seat):
        return t.gettext("The stand-in is thinking for {name}…").format(name=name)
    who = mention(table, seat, t=t) if ping else f"**{name}**"
    if game.pending:
        return t.gettext("{who}: {decision} Press the button below to choose.").format(
            who=who, decision=decision_words(table, t=t))
    left = game.view(None)["turn"]["actions_left"]
    return t.ngettext("{who}, your turn ({n} action left). Play with `/tne move`.",
                      "{who}, your turn ({n} actions left). Play with `/tne move`.", left).format(who=who, n=left)


def account(played: Played, *, t: Texts = ENGLISH) -> Post:
    """The public account of one move: who played what, the engine's event lines, then who acts next."""
    table = played.table
    # Translators: a move's announcement; {move} is in the game's notation (never translated)
    head = t.gettext("**{name}** played `{move}`.").format(name=label(table, played.seat, t=t),
                                                          move=public_move(played.move))
    if played.standin:
        head += " " + t.gettext("The stand-in played it for them.")
    lines = [event_line(e, t=t) for e in played.events if e.get("type") not in ("game_over",)]
    body = "\n".join(f"• {line}" for line in lines)
    return announce(table, "\n".join(x for x in (head, body) if x), actor=mover(played), t=t)


def mover(played: Played) -> int | None:
    """The person who made this move themselves (by a command or a button); None for a computer or the stand-in."""
    player = played.table.player(played.seat)
    return None if played.standin or player.is_bot else player.user_id


def opening(table: Table, *, t: Texts = ENGLISH) -> Post:
    seating = ", ".join(label(table, p.seat, t=t) for p in table.players)
    first = label(table, table.live.view(None)["turn"]["player"], t=t)
    hints = f" {t.gettext(HINTS_ON)}" if table.row.hints else ""
    head = t.gettext("**The game begins!** Seats: {seating}. {first} was drawn to play first.").format(
        seating=seating, first=first)
    return announce(table, head + hints, actor=table.row.host_id, t=t)  # the host's Start is answered


def takeback(table: Table, seat: int, move: str, *, t: Texts = ENGLISH) -> Post:
    # They act on, and know it: no ping.
    return announce(table, t.gettext("{name} takes back `{move}`.").format(name=label(table, seat, t=t),
                                                                          move=public_move(move)), ping=False, t=t)


def resignation(table: Table, who: str, *, t: Texts = ENGLISH) -> Post:
    """`who` is already escaped (a seat label or a person's name)."""
    if table.row.status != GameStatus.ACTIVE:
        # Translators: a player gave up the game
        return Post(clip(t.gettext("{who} resigns.").format(who=who) + f" {final_text(table, t=t)}"))
    # Whoever acts now was told already (or is the resigned seat, now played by the computer).
    return announce(table, t.gettext("{who} resigns; their seat now passes and commits nothing.").format(who=who),
                    ping=False, t=t)


def web_link(personal: str, public: str | None, *, t: Texts = ENGLISH) -> str:
    """`/tne web`'s private answer: the person's own sign-in link, and the channel's game's public one."""
    lines = [t.gettext("**Your link to the web board** (only for you; it works once within 10 minutes): {link}")
             .format(link=f"<{personal}>")]
    if public is not None:
        lines.append(t.gettext("Anyone who can see this channel may watch its game here: {link}").format(
            link=f"<{public}>"))
    return "\n".join(lines)


def board_caption(table: Table, *, t: Texts = ENGLISH) -> Post:
    """Above a posted board: which game and who is to act (named, not pinged: nobody asked for a ping)."""
    line = next_line(table, t=t)
    n = len(table.moves)
    if table.row.status != GameStatus.ACTIVE:
        head = t.ngettext("Game #{id} (finished) after {n} move.", "Game #{id} (finished) after {n} moves.", n)
    else:
        head = t.ngettext("Game #{id} after {n} move.", "Game #{id} after {n} moves.", n)
    return Post(clip(head.format(id=table.id, n=n) + (f"\n{line}" if line else "")))


def standings_lines(table: Table, *, t: Texts = ENGLISH) -> list[str]:
    """One line per seat, best first, as the table ranks them (resigned seats last, marked)."""
    lines = []
    for s in sorted(table.standings(), key=lambda s: (s["place"], s["seat"])):
        totals = " ".join(f"{COLOUR_EMOJI[c]}{s['totals'][c]}" for c in COLOURS)
        # Translators: a count of treasures a player took
        treasures = words.count(s["treasures"], "{n} treasure", "{n} treasures", t)
        # Translators: after a player's line in the final standings (mind the leading space)
        gone = t.gettext(" — resigned") if s.get("resigned") else ""
        lines.append(t.gettext("{place}. {name} — score **{score}** ({totals}, {treasures}){gone}").format(
            place=s["place"], name=label(table, s["seat"], t=t), score=s["score"], totals=totals,
            treasures=treasures, gone=gone))
    return lines


def winner_line(table: Table, *, t: Texts = ENGLISH) -> str:
    """'**Alice (Archer) wins!**', or the seats sharing first place."""
    first = [label(table, s["seat"], t=t) for s in sorted(table.standings(), key=lambda s: s["seat"])
             if s["place"] == 1]
    if len(first) == 1:
        # Translators: the final standings' first line: one winner
        return t.gettext("**{name} wins!**").format(name=first[0])
    # Translators: the final standings' first line: several players tied for first
    return t.gettext("**Shared win: {names}.**").format(names=t.gettext(" and ").join(first))


def final_text(table: Table, *, t: Texts = ENGLISH) -> str:
    """How an ended game is told, whatever ended it: the winner and the final standings; an abandoned game's
    standings are only where it stopped, not a result. A game played with hints says how many each player used."""
    game = table.game
    reason = T.prose(ending(table, t=t))
    if game is None:
        return t.gettext("The game is over: {reason}.").format(reason=reason)
    hints = [hints_used(table, t=t)] if table.row.hints else []
    if table.row.status == GameStatus.ABANDONED:
        return "\n".join([t.gettext("**The game is over** ({reason}): no result, nobody wins and nothing is rated.")
                          .format(reason=reason), t.gettext("Standings when it stopped (not a result):"),
                          *standings_lines(table, t=t), *hints])
    return "\n".join([t.gettext("**The game is over** ({reason}).").format(reason=reason) + " "
                      # Translators: the heading of the final standings
                      + winner_line(table, t=t), t.gettext("Final standings:"), *standings_lines(table, t=t),
                      *hints])


def hints_used(table: Table, *, t: Texts = ENGLISH) -> str:
    """'Hints used: Alice 2, Bob 0', in seat order (a game opened with hints on)."""
    people = [p for p in table.players if p.is_person]  # computers never ask
    names = seat_names.message_names([p.name for p in table.players], [p.level for p in table.players], t)
    # Translators: after a game with hints: how many each player used ({counts} like "Alice 2, Bob 0")
    return t.gettext("Hints used: {counts}.").format(counts=", ".join(f"{names[p.seat]} {p.hints}" for p in people))


def hint_text(move: str, reason: str, used: int, *, reason_words: Sequence[Phrase] = (),
              t: Texts = ENGLISH) -> str:
    """`/tne hint`'s private answer: the move, why (from the engine's `reason_words` in the reader's language, else
    the English `reason`), and how many hints this player has used (told at the end)."""
    said = engine_words.reason(reason, reason_words, t=t) if reason else ""
    why = f" — {said}" if said else ""
    # Translators: /tne hint: the suggested move, in the game's notation (never translated)
    return clip(t.gettext("Hint: **{move}**").format(move=move) + why + "\n"
                + t.gettext("-# Your {nth} hint in this game; everyone sees how many each player used when it ends."
                            ).format(nth=words.ordinal(used, t)))


def abandonment(table: Table, who: str, seat: int | None = None, *, t: Texts = ENGLISH) -> Post:
    """`who` is a person's display name (escaped here); the standings as they stood, claiming no winner, or, when
    the game counts as the abandoning `seat`'s resignation, its result."""
    head = t.gettext("Game #{id} was abandoned by {who}.").format(id=table.id, who=T.name(who))
    if seat is not None:
        head += " " + t.gettext("It was under way, so it counts as {name}'s resignation: a loss for them.").format(
            name=label(table, seat, t=t))
    if table.game is None:
        return Post(clip(head))
    return Post(clip(f"{head}\n{final_text(table, t=t)}"))


def away_text(table: Table, seat: int, away: bool, *, t: Texts = ENGLISH) -> Post:
    """Pings nobody: whoever acts now was told already, or is the person who just said they are back."""
    seat_label = label(table, seat, t=t)
    if away:
        return announce(table, t.gettext("{who} is away: the stand-in plays their turns at once until they use "
                                         "`/tne back` or move.").format(who=seat_label), ping=False, t=t)
    return announce(table, t.gettext("{who} is back and plays their own turns again.").format(who=seat_label),
                    ping=False, t=t)
