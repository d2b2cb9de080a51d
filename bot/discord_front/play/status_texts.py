"""What `/tne status`, `/tne hand`, `/tne log` and `/tne games` say, the decision awaited, and the swapper's own note:
the private texts of play."""

from __future__ import annotations

from typing import Any

from bot.background import clocks
from bot.discord_front.lobby.texts import lobby_text
from bot.discord_front.messages import (
    COLOUR_EMOJI,
    chain,
    channel_link,
    clip,
    n_actions,
    n_catastrophes,
    n_moves,
    n_tiles,
    paged,
    when,
)
from bot.discord_front.play.decision_texts import decision_words
from bot.discord_front.play.texts import final_text
from bot.discord_front.settings.texts import clock_lines, clock_name
from bot.language import clock_texts, seat_names, words
from bot.language.locales import ENGLISH, Texts
from bot.language.table_words import event_line, label
from bot.service.table import Table
from bot.storage.rows import GameStatus
from engine import COLOURS, public_move


def _leaders(player: dict[str, Any], t: Texts = ENGLISH) -> str:
    placed = player.get("leaders") or {}
    # Translators: a leader and the square it stands on ({leader} like "red (priest)")
    on_board = [t.gettext("{leader} on {square}").format(leader=words.leader(c, t), square=placed[c])
                for c in COLOURS if placed.get(c)]
    supply = [words.leader(c, t) for c in COLOURS if not placed.get(c)]
    parts = []
    if on_board:
        parts.append(t.gettext("on the board: {leaders}").format(leaders=", ".join(on_board)))
    if supply:
        # Translators: the leaders not on the board, still in the player's supply
        parts.append(t.gettext("in supply: {leaders}").format(leaders=", ".join(supply)))
    return chain(parts, t)


def _points(points: dict[str, Any] | None, t: Texts = ENGLISH) -> str:
    if not points:
        # Translators: a player's points when the game keeps scores hidden
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
        n=row.id, board=t.gettext(row.board), scores=t.gettext(row.scores), moves=n_moves(len(table.moves), t))]
    if row.status != GameStatus.ACTIVE or game.over:
        lines.append(final_text(table, t=t))
    else:
        seat = view["turn"]["player"]
        lines.append(t.gettext("Turn: {who}, {actions} left.").format(
            who=label(table, seat, t=t), actions=n_actions(view["turn"]["actions_left"], t)))
        if game.pending:
            # Translators: /tne status: the decision the game waits for
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
            who=label(table, i, t=t) + played_by, tiles=n_tiles(p.get("hand_size", 0), t),
            catastrophes=n_catastrophes(p.get("catastrophes", 0), t), leaders=_leaders(p, t),
            points=_points(p.get("points"), t)))
    return clip("\n".join(lines))


def hand_text(table: Table, seat: int, *, t: Texts = ENGLISH) -> str:
    """Private: one seat's tiles, leaders, catastrophes and points (only ever sent ephemerally)."""
    view = table.live.view(seat)
    me = view["players"][seat]
    hand = me.get("hand") or {}
    tiles = "  ".join(f"{COLOUR_EMOJI[c]} {words.colour(c, t)} ×{hand.get(c, 0)}" for c in COLOURS)
    lines = [
        t.gettext("**Your hand** — {who}").format(who=label(table, seat, t=t)),
        # Translators: /tne hand: the tiles in your hand
        t.gettext("Tiles: {tiles}").format(tiles=tiles),
        # Translators: /tne hand: where your leaders are
        t.gettext("Leaders: {leaders}").format(leaders=_leaders(me, t)),
        # Translators: /tne hand: how many catastrophe tiles you have left
        t.gettext("Catastrophes: {n}").format(n=me.get("catastrophes", 0)),
        # Translators: /tne hand: your points by colour
        t.gettext("Your points: {points}").format(points=_points(me.get("points"), t)),
    ]
    game = table.live
    if not game.over and game.to_move == seat:
        if game.pending:
            # Translators: /tne hand: the decision the game waits for from you
            lines.append(t.gettext("Your decision: {decision}").format(decision=decision_words(table, seat, t=t)))
        else:
            lines.append(t.gettext("Your turn: {actions} left. Use `/tne move`.").format(
                actions=n_actions(view["turn"]["actions_left"], t)))
    return clip("\n".join(lines))


def log_text(table: Table, count: int = 12, *, t: Texts = ENGLISH) -> str:
    moves = table.moves[-count:]
    if not moves:
        # Translators: /tne log before anyone moved
        return t.gettext("No moves yet.")
    head = (t.gettext("**The last move of game #{game}:**") if len(moves) == 1
            else t.gettext("**The last {n} moves of game #{game}:**"))
    lines = [head.format(n=len(moves), game=table.id)]
    for m in moves:
        # The engine's event texts are English (engine/events.py); the table's words say them again in the language.
        texts = " ".join(event_line(e, t=t) for e in m.events if e.get("type") not in ("draw", "game_over"))
        # One message for the whole line: French sets its colon apart ('Alice : `pass` — …').
        lines.append(t.gettext("{n}. {who}: `{move}` — {events}").format(
            n=m.n + 1, who=label(table, m.seat, t=t), move=public_move(m.move), events=texts))
    return clip("\n".join(lines))


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
        # Translators: /tne games: whose turn it is in a game
        turn = (t.gettext("{who} to act").format(who=label(table, seat, t=t)) if seat is not None
                # Translators: /tne games: a game where nobody is to act
                else t.gettext("nobody to act"))
        if clock.since is not None and seat is not None and clock.seat == seat:
            # Translators: after "{who} to act": since when ({moment} a date and time; mind the leading space)
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
        game = table.live
        # Translators: /tne games mine:True: it is your turn in that game
        what = decision_words(table, t=t).rstrip(".") if game.pending else t.gettext("your turn")
        said = clock_texts.clock_words(table.row.clock, now, t=t)
        lines.append(t.gettext("• {channel} — game #{n}: {what}").format(
            channel=f"<#{table.row.channel_id}>", n=table.id, what=chain([what, said] if said else [what], t))
            + f" — {channel_link(table.row.guild_id, table.row.channel_id)}")
    n = len(mine)
    return paged(t.gettext("**Waiting for you** ({n}):").format(n=n), lines,
                 lambda page, pages: t.gettext("**Waiting for you** ({n}) — page {page} of {pages}:").format(
                     n=n, page=page, pages=pages))


def swapped_privately(move: str, *, t: Texts = ENGLISH) -> str | None:
    """Private, for the swapper only: which tiles went face down (the table is told only how many); None for
    any other move."""
    parts = move.split()
    if parts[:1] != ["swap"] or public_move(move) == move:
        return None
    return t.gettext("You swapped {tiles}, face down: the table sees only `{move}`.").format(
        tiles=", ".join(words.tile(c, t) if t.lang != ENGLISH.lang else c for c in parts[1:]), move=public_move(move))
