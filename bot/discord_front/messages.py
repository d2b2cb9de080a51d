"""Every text the bot writes. Public texts are built only from public data (spectator view, event texts)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.background import clocks
from bot.background.clocks import ClockEvent
from bot.language import clock_texts, engine_words, numbers, seat_names, words
from bot.language import text as T
from bot.language.locales import ENGLISH, N_, Texts
from bot.language.table_words import choice_words, ending, event_line, label
from bot.records import unrated
from bot.records.export import StoredGame
from bot.records.service import HistoryPage, Leaderboard, ProfileView
from bot.records.unrated import NotRated
from bot.service import endings
from bot.service.endings import Ending, summary_seats
from bot.service.table import Played, Table
from bot.storage.records import RATED, GameRecord, RatingRow
from bot.storage.rows import GameStatus
from engine import COLOURS, DYNASTIES, LEADER_NAMES, TILE_NAMES, public_move
from engine.game import ANSWERS

if TYPE_CHECKING:
    from engine.ai.phrases import Phrase
    from engine.ai.review import MoveReview, PlayerReview, Review

COLOUR_EMOJI = dict(zip(COLOURS, ("🟥", "🟦", "🟩", "⬛"), strict=True))
LEADER_OF = dict(zip(COLOURS, LEADER_NAMES, strict=True))
TILES_OF = dict(zip(COLOURS, TILE_NAMES, strict=True))
LIMIT = T.CONTENT_LIMIT


@dataclass(frozen=True)
class Post:
    """A public message: its text and exactly the people it pings (by user id)."""

    text: str
    pings: tuple[int, ...] = ()


def clip(text: str, limit: int = LIMIT) -> str:
    """Cut a text to fit one message, saying that it was cut."""
    return T.fit(text, limit)


def mention(table: Table, seat: int, *, t: Texts = ENGLISH) -> str:
    """A ping for a person, plain name for a computer seat."""
    player = table.player(seat)
    return label(table, seat, t=t) if player.is_bot else f"<@{player.user_id}> ({words.dynasty(seat, t)})"


def present(table: Table, seat: int) -> bool:
    """Whether a person plays this seat now: not a computer, and not the stand-in (away, or their time ran out)."""
    player = table.player(seat)
    return not player.is_bot and not clocks.stand_in_plays(table.row.clock, player)


def new_occasion(table: Table) -> bool:
    """Whether whoever acts now faces a new turn or a new decision since the last move, rather than acting on in one
    they were told of already. Read from the moves alone: nothing more is remembered."""
    game = table.game
    if not table.moves:
        return True  # the game's first turn
    last = table.moves[-1]
    if any(e.get("type") == "turn" for e in last.events):
        return True  # that move ended a turn: a new one begins
    if game.pending is None:
        return False  # the turn goes on: its second action, or its first once the decisions it raised are answered
    # A decision asked of them is new, unless they are still answering it (several treasures to pick, say).
    return last.seat != game.to_move or last.move.split(" ", 1)[0] not in ANSWERS[game.pending["kind"]]


def due(table: Table) -> tuple[int, ...]:
    """The people pinged now: the person to move or decide, if they are present and this is a new turn or decision
    for them; nobody for a computer or a seat the stand-in plays."""
    game = table.game
    if game is None or game.over or table.row.status != GameStatus.ACTIVE:
        return ()
    seat = game.to_move
    if not present(table, seat) or not new_occasion(table):
        return ()
    return (table.player(seat).user_id,)


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


HINTS_ON = N_("Hints are on: `/tne hint` suggests a move on your turn; a casual game, not rated.")
# The lobby's words for its board and scores choices (the stored values stay English).
BOARD_WORDS = {"standard": N_("standard"), "advanced": N_("advanced")}
SCORES_WORDS = {"hidden": N_("hidden"), "open": N_("open")}


def lobby_text(table: Table, *, t: Texts = ENGLISH) -> str:
    row = table.row
    head = t.gettext("**Tigris & Euphrates** — game #{id}, {board} board, scores {scores}, up to {seats} players; "
                     "{clock}.").format(id=row.id, board=t.gettext(BOARD_WORDS.get(row.board, row.board)),
                                        scores=t.gettext(SCORES_WORDS.get(row.scores, row.scores)), seats=row.seats,
                                        clock=clock_setting(table, t=t))
    lines = [
        head + (f" {t.gettext(HINTS_ON)}" if row.hints else ""),
        t.gettext("Host: {host}").format(host=f"<@{row.host_id}>"),
        "",
    ]
    for p in table.players:  # each with its dynasty beside it: two computers of a level read apart
        lines.append(f"{p.seat + 1}. {seat_names.message_name(p.name, p.level, t)} — {words.dynasty(p.seat, t)}")
    for i in range(len(table.players), row.seats):
        lines.append(f"{i + 1}. " + t.gettext("(open)"))
    lines.append("")
    if row.status == GameStatus.LOBBY:
        lines.append(t.gettext("Press **Join** (or `/tne join`). The host presses **Start** when at least two are "
                               "seated."))
    elif row.status == GameStatus.CANCELLED:
        lines.append(t.gettext("This lobby was cancelled."))
    elif row.status == GameStatus.ABANDONED:
        lines.append(t.gettext("This lobby was abandoned before it started."))
    elif row.status == GameStatus.ACTIVE:
        lines.append(t.gettext("The game has started."))
    return clip("\n".join(lines))


def next_line(table: Table, *, ping: bool = True, t: Texts = ENGLISH) -> str:
    """Who must act now: a person by mention (`ping`) or by name, a computer or the stand-in thinking; empty once
    the game is over."""
    game = table.game
    if game is None:
        return ""
    if game.over or table.row.status != GameStatus.ACTIVE:
        return ""
    seat = game.to_move
    player = table.player(seat)
    name = label(table, seat, t=t)
    if player.resigned:
        return t.gettext("{name} has resigned: their seat passes.").format(name=name)
    if player.is_bot:
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


def swapped_privately(move: str, *, t: Texts = ENGLISH) -> str | None:
    """Private, for the swapper only: which tiles went face down (the table is told only how many); None for
    any other move."""
    parts = move.split()
    if parts[:1] != ["swap"] or public_move(move) == move:
        return None
    return t.gettext("You swapped {tiles}, face down: the table sees only `{move}`.").format(
        tiles=", ".join(words.tile(c, t) if t.lang != ENGLISH.lang else c for c in parts[1:]), move=public_move(move))


def opening(table: Table, *, t: Texts = ENGLISH) -> Post:
    seating = ", ".join(label(table, p.seat, t=t) for p in table.players)
    first = label(table, table.game.view(None)["turn"]["player"], t=t)
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
        treasures = words.count(s["treasures"], "{n} treasure", "{n} treasures", t)
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
        return t.gettext("**{name} wins!**").format(name=first[0])
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
                      + winner_line(table, t=t), t.gettext("Final standings:"), *standings_lines(table, t=t),
                      *hints])


def hints_used(table: Table, *, t: Texts = ENGLISH) -> str:
    """'Hints used: Alice 2, Bob 0', in seat order (a game opened with hints on)."""
    people = [p for p in table.players if p.is_person]  # computers never ask
    names = seat_names.message_names([p.name for p in table.players], [p.level for p in table.players], t)
    return t.gettext("Hints used: {counts}.").format(counts=", ".join(f"{names[p.seat]} {p.hints}" for p in people))


def hint_text(move: str, reason: str, used: int, *, reason_words: Sequence[Phrase] = (),
              t: Texts = ENGLISH) -> str:
    """`/tne hint`'s private answer: the move, why (from the engine's `reason_words` in the reader's language, else
    the English `reason`), and how many hints this player has used (told at the end)."""
    said = engine_words.reason(reason, reason_words, t=t) if reason else ""
    why = f" — {said}" if said else ""
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


def leader(colour: str) -> str:
    """A leader as players type it and as the game calls it: 'red (priest)'."""
    return f"{colour} ({LEADER_OF[colour]})"


def _leaders(player: dict[str, Any], t: Texts = ENGLISH) -> str:
    placed = player.get("leaders") or {}
    on_board = [t.gettext("{leader} on {square}").format(leader=words.leader(c, t), square=placed[c])
                for c in COLOURS if placed.get(c)]
    supply = [words.leader(c, t) for c in COLOURS if not placed.get(c)]
    parts = []
    if on_board:
        parts.append(t.gettext("on the board: {leaders}").format(leaders=", ".join(on_board)))
    if supply:
        parts.append(t.gettext("in supply: {leaders}").format(leaders=", ".join(supply)))
    return _then(parts, t)


def _then(parts: Sequence[str], t: Texts) -> str:
    """Parts of one line, one after another: 'a; b' (French sets its semicolon apart: 'a ; b')."""
    return t.gettext("{first}; {second}").format(first=parts[0], second=_then(parts[1:], t)) if len(parts) > 1 \
        else "".join(parts)


def _points(points: dict[str, Any] | None, t: Texts = ENGLISH) -> str:
    if not points:
        return t.pgettext("points", "hidden")
    return " ".join(f"{COLOUR_EMOJI[c]}{points.get(c, 0)}" for c in COLOURS) + f" 💎{points.get('treasure', 0)}"


def status_text(table: Table, now: float | None = None, *, t: Texts = ENGLISH) -> str:
    """Public status: whose turn, actions left, the awaited decision, the clock, treasures left, players' facts."""
    row = table.row
    if row.status == GameStatus.LOBBY or table.game is None:  # a lobby, or one closed before it started
        return lobby_text(table, t=t)
    game = table.game
    view = game.view(None)
    lines = [t.gettext("**Game #{n}** — {board} board, scores {scores}, {moves} played.").format(
        # The board and the scores as /tne new's choices name them in this language (the command tree's texts).
        n=row.id, board=t.gettext(row.board), scores=t.gettext(row.scores), moves=_moves(len(table.moves), t))]
    if row.status != GameStatus.ACTIVE or game.over:
        lines.append(final_text(table, t=t))
    else:
        seat = view["turn"]["player"]
        lines.append(t.gettext("Turn: {who}, {actions} left.").format(
            who=label(table, seat, t=t), actions=_actions(view["turn"]["actions_left"], t)))
        if game.pending:
            lines.append(t.gettext("Awaited: {decision}").format(decision=decision_words(table, t=t)))
        lines.extend(clock_lines(table, now, t=t))
    lines.append(t.gettext("Treasures left on the board: {n}. Bag about {percent}% full.").format(
        n=len(view.get("treasures") or []), percent=round(100 * (view.get("bag_fill") or 0))))
    standins = clocks.standin_seats(table.row.clock, table.players) if row.status == GameStatus.ACTIVE else frozenset()
    for i, p in enumerate(view["players"]):
        played_by = ""
        if i in standins:
            played_by = (t.gettext(" (away: the stand-in plays)") if table.player(i).away
                         else t.gettext(" (the stand-in plays this turn)"))
        lines.append(t.gettext("{who}: {tiles} in hand, {catastrophes}; leaders {leaders}; points {points}").format(
            who=label(table, i, t=t) + played_by, tiles=_tiles(p.get("hand_size", 0), t),
            catastrophes=_catastrophes(p.get("catastrophes", 0), t), leaders=_leaders(p, t),
            points=_points(p.get("points"), t)))
    return clip("\n".join(lines))


def _moves(n: int, t: Texts) -> str:
    return t.ngettext("{n} move", "{n} moves", n).format(n=n)


def _actions(n: int, t: Texts) -> str:
    return t.ngettext("{n} action", "{n} actions", n).format(n=n)


def _tiles(n: int, t: Texts) -> str:
    return t.ngettext("{n} tile", "{n} tiles", n).format(n=n)


def _catastrophes(n: int, t: Texts) -> str:
    return t.ngettext("{n} catastrophe", "{n} catastrophes", n).format(n=n)


def _games(n: int, t: Texts) -> str:
    return t.ngettext("{n} game", "{n} games", n).format(n=n)


def _wins(n: int, t: Texts) -> str:
    return t.ngettext("{n} win", "{n} wins", n).format(n=n)


def hand_text(table: Table, seat: int, *, t: Texts = ENGLISH) -> str:
    """Private: one seat's tiles, leaders, catastrophes and points (only ever sent ephemerally)."""
    view = table.game.view(seat)
    me = view["players"][seat]
    hand = me.get("hand") or {}
    tiles = "  ".join(f"{COLOUR_EMOJI[c]} {words.colour(c, t)} ×{hand.get(c, 0)}" for c in COLOURS)
    lines = [
        t.gettext("**Your hand** — {who}").format(who=label(table, seat, t=t)),
        t.gettext("Tiles: {tiles}").format(tiles=tiles),
        t.gettext("Leaders: {leaders}").format(leaders=_leaders(me, t)),
        t.gettext("Catastrophes: {n}").format(n=me.get("catastrophes", 0)),
        t.gettext("Your points: {points}").format(points=_points(me.get("points"), t)),
    ]
    game = table.game
    if not game.over and game.to_move == seat:
        if game.pending:
            lines.append(t.gettext("Your decision: {decision}").format(decision=decision_words(table, seat, t=t)))
        else:
            lines.append(t.gettext("Your turn: {actions} left. Use `/tne move`.").format(
                actions=_actions(view["turn"]["actions_left"], t)))
    return clip("\n".join(lines))


DECISION_HEADS = {
    "revolt": N_("A revolt: choose your reinforcements"), "war": N_("A war: choose your reinforcements"),
    "war_order": N_("Choose which war to fight first"), "monument": N_("You may build a monument"),
    "treasure": N_("Choose a treasure to take"),
}
YOUR_DECISION = N_("Your decision")


def decision_text(table: Table, seat: int, *, t: Texts = ENGLISH) -> str:
    """Private: the decision this seat faces, said to them, with what they hold of the colour that matters."""
    kind = (table.game.pending or {}).get("kind")
    head = t.gettext(DECISION_HEADS.get(kind, YOUR_DECISION))
    return clip(f"**{head}.**\n{decision_words(table, seat, t=t)}")


# A leader's name for several of them ("which war: `war red` (priests)"), and a tile's, marked for the catalogs.
LEADERS_OF = {"red": N_("priests"), "blue": N_("farmers"), "green": N_("traders"), "black": N_("kings")}
TILES_NAMED = {"red": N_("temples"), "blue": N_("farms"), "green": N_("markets"), "black": N_("settlements")}


def _or(items: Sequence[str], t: Texts) -> str:
    """'a or b or c' in the reader's words."""
    return t.gettext(" or ").join(items)


def _added(colour: str, n: int, t: Texts) -> str:
    """'2 temples': tiles of one colour by their name, one literal ngettext each so the extractor finds them."""
    if colour == "red":
        return t.ngettext("{n} temple", "{n} temples", n).format(n=n)
    if colour == "blue":
        return t.ngettext("{n} farm", "{n} farms", n).format(n=n)
    if colour == "green":
        return t.ngettext("{n} market", "{n} markets", n).format(n=n)
    return t.ngettext("{n} settlement", "{n} settlements", n).format(n=n)


def decision_words(table: Table, you: int | None = None, *, t: Texts = ENGLISH) -> str:
    """The awaited decision as a person would say it: who attacks whose leader, the strengths, what to choose.
    Said to `you` when that seat decides (private: it tells their hand), else to the table."""
    game = table.game
    p = game.pending or {}
    seat = p.get("seat", game.to_move)
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
    game = table.game
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


def log_text(table: Table, count: int = 12, *, t: Texts = ENGLISH) -> str:
    moves = table.moves[-count:]
    if not moves:
        return t.gettext("No moves yet.")
    head = (t.gettext("**The last move of game #{game}:**") if len(moves) == 1
            else t.gettext("**The last {n} moves of game #{game}:**"))
    lines = [head.format(n=len(moves), game=table.id)]
    for m in moves:
        # The engine's event texts are English (engine/events.py); the table's words say them again in the language.
        texts = " ".join(event_line(e, t=t) for e in m.events if e.get("type") not in ("draw", "game_over"))
        lines.append(f"{m.n + 1}. {label(table, m.seat, t=t)}: `{public_move(m.move)}` — {texts}")
    return clip("\n".join(lines))


def when(moment: float, style: str = "R") -> str:
    """A Discord timestamp: every reader sees it in their own time zone ('in 3 hours', 'Tuesday 14:00')."""
    return f"<t:{int(moment)}:{style}>"


def channel_link(guild_id: int | None, channel_id: int) -> str:
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"


def clock_setting(table: Table, *, t: Texts = ENGLISH) -> str:
    """The table's clock choice in words."""
    clock = table.row.clock
    if clock.clock == "none" and not clock.next:
        return t.gettext("no clock")
    said = (t.gettext("{length} per turn").format(length=clock_texts.length(clock.clock, t=t))
            if clock.clock != "none" else t.gettext("no clock"))
    if clock.next:
        said += t.gettext(" ({length} from the next turn)").format(length=clock_texts.length(clock.next, t=t))
    if clock.on_timeout == clocks.STANDIN:
        return t.gettext("{clock}; when time runs out the stand-in plays").format(clock=said)
    return t.gettext("{clock}; when time runs out the table waits").format(clock=said)


def clock_changed(table: Table, choice: str, *, t: Texts = ENGLISH) -> str:
    """/tne settings clock: the host's new choice, at once in a lobby, else from the next turn on."""
    lobby = table.row.status == GameStatus.LOBBY
    if choice == "none":
        return (t.gettext("Game #{id} has no clock now.") if lobby
                else t.gettext("Game #{id} has no clock from the next turn on.")).format(id=table.id)
    return (t.gettext("The clock of game #{id} is {length} per turn now.") if lobby
            else t.gettext("The clock of game #{id} is {length} per turn from the next turn on.")).format(
        id=table.id, length=clock_texts.length(choice, t=t))


def clock_name(choice: str, *, t: Texts = ENGLISH) -> str:
    """'clock 12 h', or 'no clock'."""
    if choice == "none":
        return t.gettext("no clock")
    return t.gettext("clock {length}").format(length=clock_texts.length(choice, t=t))


def clock_lines(table: Table, now: float | None, *, t: Texts = ENGLISH) -> list[str]:
    """/tne status: the clock, and the time left to whoever must act."""
    clock = table.row.clock
    lines = [t.gettext("Clock: {clock}.").format(clock=clock_setting(table, t=t))]
    if clock.seat is None or now is None:
        return lines
    who = label(table, clock.seat, t=t)
    left = clocks.time_left(clock, now)
    if clock.standin:
        lines.append(t.gettext("Time: the stand-in plays for {who} now.").format(who=who))
    elif left is not None and clock.deadline is not None:
        if left > 0:
            lines.append(t.gettext("Time left for {who}: {left} (until {deadline}).").format(
                who=who, left=clock_texts.span(left, t=t), deadline=when(clock.deadline, "f")))
        else:
            lines.append(t.gettext("Time is up for {who} (since {deadline}).").format(
                who=who, deadline=when(clock.deadline)))
    return lines


def reminder(table: Table, event: ClockEvent, now: float, *, ping: bool, t: Texts = ENGLISH) -> Post:
    """A clock's message in the game's channel: a reminder or overdue notice for the person to act (pinged if
    they want it), or the stand-in taking their seat; in `t`'s language (the reminded person's, for a reminder)."""
    seat_label = label(table, event.seat, t=t)
    who = f"<@{event.user_id}> ({words.dynasty(event.seat, t)})" if ping else seat_label
    left = clock_texts.span(max(0.0, (event.deadline or now) - now), t=t)
    due = f" ({when(event.deadline)})" if event.deadline else ""
    if event.kind == clocks.REMIND_HALF:
        text = t.gettext("{who}, half your time in game #{n} has gone: {left} left{due}.").format(
            who=who, n=table.id, left=left, due=due)
    elif event.kind == clocks.REMIND_TENTH:
        if table.row.clock.on_timeout == clocks.STANDIN:
            text = t.gettext("{who}, only a tenth of your time in game #{n} is left: {left}{due}. If it runs out, "
                             "the stand-in plays for you.")
        else:
            text = t.gettext("{who}, only a tenth of your time in game #{n} is left: {left}{due}. If it runs out, "
                             "the table waits for you.")
        text = text.format(who=who, n=table.id, left=left, due=due)
    elif event.kind == clocks.OVERDUE:
        text = t.gettext("{who}, your time in game #{n} is up; the table waits for you.").format(who=who, n=table.id)
    else:
        text = t.gettext("{label}'s time ran out in game #{n}: the stand-in plays for them. Act yourself at any "
                         "time to take your seat back.").format(label=seat_label, n=table.id)
        if event.marked_away:
            text += "\n" + t.ngettext(
                "After {n} turn in a row played by the stand-in, {label} is marked away: the stand-in plays their "
                "turns at once until they move or use `/tne back`.",
                "After {n} turns in a row played by the stand-in, {label} is marked away: the stand-in plays their "
                "turns at once until they move or use `/tne back`.", clocks.AWAY_AFTER).format(
                    n=clocks.AWAY_AFTER, label=seat_label)
        if ping:
            text = f"<@{event.user_id}>: {text}"
    return Post(clip(text), (event.user_id,) if ping else ())


def away_text(table: Table, seat: int, away: bool, *, t: Texts = ENGLISH) -> Post:
    """Pings nobody: whoever acts now was told already, or is the person who just said they are back."""
    seat_label = label(table, seat, t=t)
    if away:
        return announce(table, t.gettext("{who} is away: the stand-in plays their turns at once until they use "
                                         "`/tne back` or move.").format(who=seat_label), ping=False, t=t)
    return announce(table, t.gettext("{who} is back and plays their own turns again.").format(who=seat_label),
                    ping=False, t=t)


def _turn_of(table: Table) -> int | None:
    game = table.game
    if table.row.status != GameStatus.ACTIVE or game is None or game.over:
        return None
    return game.to_move


def games_pages(tables: list[Table], now: float, *, t: Texts = ENGLISH) -> list[str]:
    """/tne games: each live game of the server with its channel, seats, whose turn since when, and the clock; as
    many pages as the lines need (a server may run 50 games), each a whole message."""
    if not tables:
        return [t.gettext("No games are being played in this server. Open one with `/tne new`.")]
    lines = []
    for table in tables:
        seats = ", ".join(seat_names.message_names([p.name for p in table.players], [p.level for p in table.players],
                                                   t))
        if table.row.status == GameStatus.LOBBY:
            lines.append(t.gettext("• {channel} — lobby #{n}, {seated}/{seats} seated ({names}); {clock}").format(
                channel=f"<#{table.row.channel_id}>", n=table.id, seated=len(table.players), seats=table.row.seats,
                names=seats, clock=clock_name(table.row.clock.clock, t=t)))
            continue
        seat = _turn_of(table)
        clock = table.row.clock
        turn = (t.gettext("{who} to act").format(who=label(table, seat, t=t)) if seat is not None
                else t.gettext("nobody to act"))
        if clock.since is not None and seat is not None and clock.seat == seat:
            turn += t.gettext(" since {moment}").format(moment=when(clock.since))
        said = clock_texts.clock_words(clock, now, t=t) if seat is not None and clock.seat == seat else None
        lines.append(t.gettext("• {channel} — game #{n}: {names}. {turn}; {clock}.").format(
            channel=f"<#{table.row.channel_id}>", n=table.id, names=seats, turn=turn,
            clock=said or clock_name(clock.clock, t=t)))
    n = len(tables)
    return paged(t.gettext("**Games in this server** ({n}):").format(n=n), lines,
                 lambda page, pages: t.gettext("**Games in this server** ({n}) — page {page} of {pages}:").format(
                     n=n, page=page, pages=pages))


def turns_pages(tables: list[Table], user_id: int, now: float, *, t: Texts = ENGLISH) -> list[str]:
    """/tne games mine:True (private): the games of this server where this person is the one to act, with links;
    paged as `games_pages` is."""
    mine = [table for table in tables if (seat := _turn_of(table)) is not None
            and table.player(seat).user_id == user_id and not table.player(seat).is_bot]
    if not mine:
        return [t.gettext("No game in this server is waiting for you.")]
    lines = []
    for table in mine:
        game = table.game
        what = decision_words(table, t=t).rstrip(".") if game.pending else t.gettext("your turn")
        said = clock_texts.clock_words(table.row.clock, now, t=t)
        lines.append(t.gettext("• {channel} — game #{n}: {what}").format(
            channel=f"<#{table.row.channel_id}>", n=table.id, what=_then([what, said] if said else [what], t))
            + f" — {channel_link(table.row.guild_id, table.row.channel_id)}")
    n = len(mine)
    return paged(t.gettext("**Waiting for you** ({n}):").format(n=n), lines,
                 lambda page, pages: t.gettext("**Waiting for you** ({n}) — page {page} of {pages}:").format(
                     n=n, page=page, pages=pages))


def paged(head: str, lines: list[str], paged_head: Callable[[int, int], str], limit: int = LIMIT) -> list[str]:
    """Whole lines under a heading, as few messages within `limit` as they need: one keeps `head`; several each
    say which page they are (`paged_head(page, pages)`, counted from 1). A line is never split across pages."""
    whole = "\n".join([head, *lines])
    if len(whole) <= limit:
        return [whole]
    room = limit - len(paged_head(len(lines), len(lines))) - 1  # the longest heading these pages can have
    chunks: list[list[str]] = [[]]
    used = 0
    for line in lines:
        line = T.fit(line, room)  # only a line longer than a whole page (none is) would be cut
        if chunks[-1] and used + 1 + len(line) > room:
            chunks.append([])
            used = 0
        used += len(line) + (1 if chunks[-1] else 0)
        chunks[-1].append(line)
    return ["\n".join([paged_head(i + 1, len(chunks)), *chunk]) for i, chunk in enumerate(chunks)]


NOTIFY_TEXT = {
    "channel": N_("Reminders ping you in the game's channel."),
    "dm": N_("Reminders come to you as direct messages, with a link to the game (in the channel when your DMs are "
             "closed)."),
    "off": N_("No reminders: look with `/tne games mine:True`."),
}


# `/tne help [topic]`: one text per topic, each well under Discord's 2,000 characters so translations fit too.
MORE_HELP = "More: `/tne help topic:` rules, clocks, records, review & hints."

HELP_TEXT = """**Tigris & Euphrates — commands**
`/tne new seats:3 board:standard scores:hidden` — open a game here (one per channel; threads count)
`/tne join`, `/tne leave`, `/tne start` — the lobby (or its buttons); `/tne addbot level:medium` seats a computer
`/tne move action:tile red F7` — play; the list offers your legal moves as you type
  moves: `tile <colour> <square>`, `leader <colour> <square>`, `withdraw <colour>`, `catastrophe <square>`,
  `swap red red blue`, `pass`; decisions: `commit <n>`, `war <colour>`, `monument <pair> <square>`, `decline`,
  `treasure <square>` (or use the buttons)
`/tne hand` — your tiles, leaders and points, privately
`/tne board`, `/tne status`, `/tne log` — the board picture, whose turn and what is awaited, recent moves
`/tne undo` — take back your last action this turn while nothing hidden was revealed
`/tne resign`, `/tne abandon` (host or Manage Channels; `game:<n>` from anywhere)
`/tne games` — this server's games; `/tne games mine:True` — the games waiting for you
`/tne web` — your link to the web board (when offered): play by tapping, watch live
`/tne help` — these commands\n""" + MORE_HELP

CLOCKS_HELP = """**Playing over days**
`/tne new clock:24h on_timeout:standin` — clocks: none, 2m, 5m, 15m, 1h, 12h, 24h, 72h; when time runs out the
  stand-in (a medium computer) plays for you, or the table waits; reminders at half and at a tenth left
`/tne settings clock clock:1h` — (host) another clock, from the next turn on
`/tne settings notify mode:dm` — how reminders reach you: channel, dm or off
`/tne settings language language:de` — (Manage Server) the language of this server's public posts
`/tne away`, `/tne back` — the stand-in plays your turns meanwhile
`/tne games mine:True` — the games in this server waiting for you, privately, with links\n""" + MORE_HELP

RECORDS_HELP = """**Records** (every finished game is kept, with its statistics and everyone's rating)
`/tne stats history` — this server's finished games, newest first
`/tne stats profile user:@Alice` — a player's games, wins, averages and rating, with a chart
`/tne stats leaderboard` — the best rated players here (computer levels too) and your rank
`/tne replay game:12` — a finished game as an animated picture, turn by turn
`/tne export game:12` — a game's record as a `.tne.json` file, only for you\n""" + MORE_HELP

LEARN_HELP = """**Review & hints**
`/tne new hints:on` — a casual game with hints: never rated; how many hints each player used is told at its \
end and kept in its record
`/tne hint` — in such a game, on your turn or decision: the move our strongest computer player would make, with \
a line on why, only for you. It reads your own view only, never another player's hand
`/tne review game:12` — a finished game reviewed by our strongest computer player: each player's chance to win \
over the game, their accuracy, inaccuracies, mistakes and blunders, and their costliest moves with the better \
move; `private:True` shows you your own review in full\n""" + MORE_HELP

RULES_TEXT = """**Tigris & Euphrates in brief**
You hold **6 tiles**, hidden from the others: red temples, blue farms, green markets, black settlements. \
At the end of your turn you draw back up to 6. Each turn you take **2 actions**, any of:
• **Tile**: blue on rivers only, the others on land. It scores 1 point of its colour for the leader of that \
colour in its kingdom (else for the king, the black leader; else nobody).
• **Leader**: place, move or withdraw one of your 4. A leader stands on land **next to a red temple** and may \
never join two kingdoms. A region with a leader is a kingdom.
• **Catastrophe** (2 per game): destroys a tile or an empty square for good; leaders left with no temple beside \
them go home.
• **Swap** up to 6 tiles from your hand, or **pass**.
**Revolt**: your leader enters a kingdom holding a leader of its colour. Each side counts the red temples next to \
its leader, then commits red tiles from hand (attacker first); ties go to the defender. The loser's leader goes \
home; the winner scores 1 red point.
**War**: a tile joins two kingdoms holding leaders of one colour. Each side counts that colour's tiles in its \
kingdom plus tiles committed from hand (attacker first; ties to the defender). The loser's leader and that \
colour's tiles on its side are removed; the winner scores 1 point for each.
**Monuments**: four tiles of one colour in a 2×2 square may become a monument. At the end of your turn each \
monument gives you 1 point per leader of yours of its colours in its kingdom.
**Treasures**: a kingdom with 2 or more treasures and a trader (green leader): its owner takes all but one. \
Treasures are wild points.
**The end** comes when only 1–2 treasures are left or the bag cannot refill a hand. \
Your score is your **weakest colour**.
Squares: columns A–P, rows 1–11 (A1 top left). Your tiles: `/tne hand`. Every command: `/tne help`."""


# The topics of `/tne help`, as its option offers them (name shown, value passed), the default first.
HELP_TOPICS = {"commands": HELP_TEXT, "rules": RULES_TEXT, "clocks": CLOCKS_HELP, "records": RECORDS_HELP,
               "hints": LEARN_HELP}
HELP_TOPIC_NAMES = {"commands": "commands", "rules": "rules", "clocks": "clocks", "records": "records",
                    "hints": "review & hints"}


# --- records: rating changes, history, profile, leaderboard, export and replay --------------------------------------

MINUS = "−"  # a true minus sign: "985 (−15)"


def signed(change: int) -> str:
    return f"+{change}" if change > 0 else f"{MINUS}{-change}" if change < 0 else "±0"


def _by_rank(summary: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(summary, key=lambda s: (s.get("rank") or s.get("place") or 9, s["seat"]))


def rating_changes(record: GameRecord, *, t: Texts = ENGLISH) -> Post:
    """Right after the final standings: each player's new rating and its change, or why the game is not rated
    (nobody is pinged)."""
    if record.outcome != RATED:
        head = t.gettext("**Game #{id} is not rated.**").format(id=record.game_id)
        return Post(clip(f"{head} {unrated.said(NotRated.parse(record.note), t=t)}".rstrip()))
    parts = [f"{T.name(s['name'])} {s['after']} ({signed(s['after'] - s['before'])})"
             for s in _by_rank(record.summary) if s.get("after") is not None]
    return Post(clip(t.gettext("**Ratings after game #{id}:** {ratings}").format(id=record.game_id,
                                                                               ratings=", ".join(parts))
                     + "\n" + t.gettext("-# `/tne stats leaderboard` shows this server's best; `/tne stats profile` "
                                        "your record.")))


def _when(epoch: float | None) -> str:
    return f"<t:{int(epoch)}:d>" if epoch else "?"


def record_ending(record: GameRecord, *, t: Texts = ENGLISH) -> str:
    """How a recorded game ended, in the language (plain text), its seats named from the record's summary."""
    return endings.said(Ending.parse(record.end_reason), *summary_seats(record.summary), t=t)


def history_line(record: GameRecord, *, t: Texts = ENGLISH) -> str:
    """'#12 · date · 1. Alice 7 · 2. Bob 5 — Alice won; only 2 treasures left on the board'."""
    ranked = _by_rank(record.summary)
    scores = " · ".join(f"{s.get('rank', '?')}. {T.name(s['name'])} {s.get('score', '?')}"
                        + (t.gettext(" (resigned)") if s.get("resigned") else "") for s in ranked)
    winners = [T.name(s["name"]) for s in ranked if s.get("rank") == 1]
    won = (t.gettext("{names} won").format(names=t.gettext(" and ").join(winners)) if winners
           else t.gettext("no winner"))
    how = T.prose(record_ending(record, t=t), 80)
    return f"**#{record.game_id}** · {_when(record.ended_at)} · {scores} — {won}; {how}"


def history_text(page: HistoryPage, *, t: Texts = ENGLISH) -> str:
    if not page.total:
        return t.gettext("No game has been played to its end in this server yet. Open one with `/tne new`.")
    head = t.gettext("**Games played in this server** — newest first, page {page} of {pages} ({games})").format(
        page=page.page + 1, pages=page.pages, games=_games(page.total, t))
    return clip("\n".join([head, *(history_line(r, t=t) for r in page.records),
                           t.gettext("-# `/tne export game:<number>` gives a game's record, `/tne replay "
                                     "game:<number>` its replay.")]))


def _average_time(seconds: float | None, t: Texts = ENGLISH) -> str:
    if seconds is None:
        return "?"
    minutes, secs = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    if hours:
        return t.gettext("{hours}h {minutes}m").format(hours=hours, minutes=f"{minutes:02d}")
    if minutes:
        return t.gettext("{minutes}m {seconds}s").format(minutes=minutes, seconds=f"{secs:02d}")
    return t.gettext("{seconds}s").format(seconds=secs)


def profile_text(view: ProfileView, name: str, *, t: Texts = ENGLISH) -> str:
    """A person's record in this server, in words (the picture shows their last games)."""
    who = T.name(name)
    if view.rating is None or view.profile is None:
        return t.gettext("{who} has no finished game in this server yet.").format(who=who)
    tot, c, r = view.profile.totals, view.profile.career, view.rating
    # With nothing scored every colour is 0: none is best or weakest.
    colours = (t.gettext("Best colour {best}, weakest {weakest}").format(
        best=words.colour(tot.best_colour, t) if tot.best_colour in COLOURS else tot.best_colour,
        weakest=words.colour(tot.weakest_colour, t) if tot.weakest_colour in COLOURS else tot.weakest_colour)
        if sum(c.points_by_source.values()) else t.gettext("No points scored yet"))
    if tot.best_dynasty:
        colours += t.gettext(" · strongest dynasty: {dynasty}").format(dynasty=_dynasty_named(tot.best_dynasty, t))
    lines = [
        t.gettext("**{who}** — rating **{rating}**, {rank} of {rated} in this server").format(
            who=who, rating=r.rating, rank=words.ordinal(view.rank, t), rated=view.rated),
        t.gettext("{games}, {wins} · average place {place} · average score {score}").format(
            games=_games(tot.games, t), wins=_wins(tot.wins, t), place=tot.avg_place, score=tot.avg_score),
        colours,
        t.gettext("Revolts won {revolts_won} of {revolts} · wars won {wars_won} of {wars} · monuments built "
                  "{monuments} · catastrophes {catastrophes}").format(
            revolts_won=c.revolts_won, revolts=c.revolts_fought, wars_won=c.wars_won, wars=c.wars_fought,
            monuments=c.monuments_built, catastrophes=c.catastrophes_used),
        t.gettext("Points: {sources}").format(sources=", ".join(
            _from_source(k, v, t) for k, v in c.points_by_source.items()))
        + t.gettext(" · average turn {time}").format(time=_average_time(c.avg_turn_seconds, t))
        + (t.gettext(" · resigned {n}").format(n=c.resigned) if c.resigned else ""),
    ]
    return clip("\n".join(lines))


# Points by where they came from (bot/records/stats.py's keys), as a profile says it: '12 from tiles'.
FROM_SOURCE = {"tiles": N_("{n} from tiles"), "monuments": N_("{n} from monuments"),
               "revolts": N_("{n} from revolts"), "wars": N_("{n} from wars"), "treasures": N_("{n} from treasures")}


def _from_source(key: str, n: int, t: Texts) -> str:
    return t.gettext(FROM_SOURCE[key]).format(n=n) if key in FROM_SOURCE else f"{n} from {key}"


def _dynasty_named(name: str, t: Texts) -> str:
    return words.dynasty(DYNASTIES.index(name), t) if name in DYNASTIES else name.capitalize()


def ordinal(n: int) -> str:
    """An English rank ('1st'); words.ordinal says it in the reader's language."""
    return words.ordinal(n)


def _board_line(rank: int, row: RatingRow, t: Texts = ENGLISH) -> str:
    bot = "🤖 " if row.player.startswith("bot:") else ""
    return f"{rank}. {bot}{T.name(row.name)} — **{row.rating}** · {_games(row.games, t)} · {_wins(row.wins, t)}"


def leaderboard_text(board: Leaderboard, *, t: Texts = ENGLISH) -> str:
    if not board.top:
        return t.gettext("Nobody is rated in this server yet: ratings start with the first finished game.")
    lines = [t.gettext("**Leaderboard** — this server's ratings (OpenSkill; everyone starts at 1000)")]
    rank, previous = 0, None
    for i, row in enumerate(board.top):
        if row.rating != previous:
            rank, previous = i + 1, row.rating
        lines.append(_board_line(rank, row, t))
    if board.me is None:
        lines.append(t.gettext("You are not rated yet: finish a game here to join the {n} rated players.").format(
            n=board.rated))
    else:
        lines.append(t.gettext("You: {rank} of {rated} — **{rating}** · {games} · {wins}").format(
            rank=words.ordinal(board.my_rank, t), rated=board.rated, rating=board.me.rating,
            games=_games(board.me.games, t), wins=_wins(board.me.wins, t)))
    return clip("\n".join(lines))


def export_caption(game: StoredGame, *, t: Texts = ENGLISH) -> str:
    if game.status == GameStatus.ACTIVE:
        return t.gettext("The record of game #{n} so far ({moves}), as the table sees it: no tiles in hand and no "
                         "drawn colours. The complete record comes once the game is over.").format(
            n=game.id, moves=_moves(len(game.moves), t))
    return t.gettext("The complete record of game #{n} ({moves}): `tne-record/1`, readable by `python -m play "
                     "--replay`.").format(n=game.id, moves=_moves(len(game.moves), t))


def replay_progress(game_id: int, done: int | None = None, total: int | None = None, *, waiting: bool = False,
                    t: Texts = ENGLISH) -> str:
    if waiting:
        return t.gettext("The replay of game #{n} waits for another replay to be drawn…").format(n=game_id)
    if done is None:
        return t.gettext("Drawing the replay of game #{n}…").format(n=game_id)
    return t.gettext("Drawing the replay of game #{n}: turn {done}/{total}…").format(n=game_id, done=done,
                                                                                       total=total)


def replay_caption(game: StoredGame, frames: int, *, t: Texts = ENGLISH) -> str:
    names = ", ".join(T.escape(n) for n in seat_names.seat_names(game.names, game.kinds, t))
    end = T.prose(endings.said(Ending.parse(game.end_reason), game.names, game.kinds, t=t), 80)
    turns = words.count(frames, "{n} turn", "{n} turns", t)
    head = t.gettext("**Replay of game #{id}** — {names}; {turns}").format(id=game.id, names=names, turns=turns)
    return clip(head + (f"; {end}." if end else "."))


# --- /tne review (bot/records/reviews.py)
# -----------------------------------------------------------------------------------


def review_progress(game_id: int, done: int | None = None, total: int | None = None, *, t: Texts = ENGLISH) -> str:
    if done is None or not total:
        return t.gettext("Reviewing game #{n}…").format(n=game_id)
    return t.gettext("Reviewing game #{n}… {percent}%").format(n=game_id, percent=100 * done // total)


def _chance(value: float, t: Texts = ENGLISH) -> str:
    return numbers.percent(value, t)


def _margin_loss(loss: float, t: Texts = ENGLISH) -> str:
    """A loss of final margin: '2.5 points', '2,5 Punkte'."""
    return numbers.points(loss, t)


def _mistakes(player: PlayerReview, t: Texts = ENGLISH) -> str:
    return " · ".join((words.count(player.inaccuracies, "{n} inaccuracy", "{n} inaccuracies", t),
                       words.count(player.mistakes, "{n} mistake", "{n} mistakes", t),
                       words.count(player.blunders, "{n} blunder", "{n} blunders", t)))


def review_summary(game_id: int, review: Review, names: Sequence[str], *, seat: int | None = None,
                   t: Texts = ENGLISH) -> str:
    """The head of a review: each player's accuracy and counts (with `seat`, that player's alone)."""
    who = ", ".join(T.name(n) for n in names)
    lines = [t.gettext("**Review of game #{id}** — {names}").format(id=game_id, names=who),
             t.gettext("-# Each choice is scored by the points of final margin it gave up against the best move found, "
                       "judged from what its player knew: their own hand and the board, the rivals' hands dealt again "
                       "many times.")]
    decided = review.decided
    if decided is not None:
        lines.append(t.gettext("The game was decided by move {n}: from there {name}'s chance to win stayed above "
                               "98%.").format(n=decided[0] + 1, name=T.name(names[decided[1]])))
    for player in review.players:
        if seat is None or player.seat == seat:
            lines.append(t.gettext("**{name}**: accuracy {accuracy}% · {mistakes}").format(
                name=T.name(names[player.seat]), accuracy=f"{player.accuracy:.0f}", mistakes=_mistakes(player, t)))
    return clip("\n".join(lines))


# A reviewed move's label (engine/ai/review.py), as the costliest moves name it.
MOVE_LABELS = {"inaccuracy": N_("Inaccuracy"), "mistake": N_("Mistake"), "blunder": N_("Blunder")}


def _costly_line(mv: MoveReview, t: Texts = ENGLISH) -> str:
    label = t.gettext(MOVE_LABELS.get(mv.label, mv.label.capitalize())) if mv.label else t.gettext("A slip")
    # The reason is the engine's sentence, said from its words in the language (moves stay in notation).
    reason = T.prose(engine_words.reason(mv.reason, mv.words, t=t), 300)
    head = t.gettext("**Move {n}** `{played}` — {label}, −{loss} of final margin.").format(
        n=mv.index + 1, played=mv.played, label=label, loss=_margin_loss(mv.loss, t))
    best = (t.gettext("`{best}` was best: {reason}") if reason else t.gettext("`{best}` was best.")).format(
        best=mv.best, reason=reason)
    return f"{head} {best}"


def _label(label: str, t: Texts) -> str:
    return t.gettext(MOVE_LABELS[label]) if label in MOVE_LABELS else label.capitalize()


def review_costliest(review: Review, seat: int, names: Sequence[str], *, t: Texts = ENGLISH) -> str:
    """One player's (up to) three costliest moves, each with the better move and why; one line if none cost."""
    player = review.players[seat]
    name = T.name(names[seat])
    moves = [mv for index in player.costliest if (mv := review.move(index)) is not None]
    if not moves:
        return t.gettext("**{name}** made no costly move: no choice was clearly worse than the best found.").format(
            name=name)
    return clip("\n".join([t.gettext("**{name}'s costliest moves**").format(name=name),
                           *(_costly_line(mv, t) for mv in moves)]))


def review_own(review: Review, seat: int, *, t: Texts = ENGLISH) -> list[str]:
    """A player's every reviewed move, labelled, with the better move and why: as many messages as it takes."""
    lines = []
    decided = review.decided
    for mv in review.moves:
        if mv.seat != seat:
            continue
        if mv.best == mv.played and decided is not None and mv.index > decided[0]:
            # Once the game is decided every chance reads 0% or 100%: the margin still tells the moves apart.
            lines.append(t.gettext("{n}. `{played}` — best (expected final margin {margin})").format(
                n=mv.index + 1, played=mv.played, margin=numbers.points(mv.margin_played, t, sign=True)))
            continue
        if mv.best == mv.played:
            lines.append(t.gettext("{n}. `{played}` — best ({chance} to win)").format(
                n=mv.index + 1, played=mv.played, chance=_chance(mv.chance_played, t)))
            continue
        if not mv.label:  # a loss within the review's noise is no loss to speak of
            lines.append(t.gettext("{n}. `{played}` — no clear loss (`{best}` was as good)").format(
                n=mv.index + 1, played=mv.played, best=mv.best))
            continue
        reason = T.prose(engine_words.reason(mv.reason, mv.words, t=t), 300)
        lines.append(t.gettext("{n}. `{played}` — {label}, −{loss}: `{best}` was better").format(
            n=mv.index + 1, played=mv.played, label=_label(mv.label, t), loss=_margin_loss(mv.loss, t), best=mv.best)
            + (f": {reason}" if reason else ""))
    if not lines:
        return [t.gettext("You made no choice of your own in this game: every move was forced or played for you.")]
    pages, page = [], t.gettext("**Your moves**")
    for line in lines:
        if len(page) + 1 + len(line) > LIMIT:
            pages.append(page)
            page = line
        else:
            page += "\n" + line
    return [*pages, page]
