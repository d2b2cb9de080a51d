"""The lobby's texts: `/tne new`'s message and its board, scores and hints words."""

from __future__ import annotations

from bot.discord_front.messages import clip
from bot.discord_front.settings.texts import clock_setting
from bot.language import seat_names, words
from bot.language.locales import ENGLISH, N_, Texts
from bot.service.table import Table
from bot.storage.rows import GameStatus

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
        # Translators: the lobby's line naming who opened it ({host} is a Discord mention)
        t.gettext("Host: {host}").format(host=f"<@{row.host_id}>"),
        "",
    ]
    for p in table.players:  # each with its dynasty beside it: two computers of a level read apart
        lines.append(f"{p.seat + 1}. {seat_names.message_name(p.name, p.level, t)} — {words.dynasty(p.seat, t)}")
    for i in range(len(table.players), row.seats):
        # Translators: a lobby seat nobody has taken yet
        lines.append(f"{i + 1}. " + t.gettext("(open)"))
    lines.append("")
    if row.status == GameStatus.LOBBY and row.rematch_of is not None:
        lines.append(t.gettext("Game #{n}'s players press **Accept** (or `/tne join`); the game starts once they all "
                               "have. The host may **Start** sooner.").format(n=row.rematch_of))
    elif row.status == GameStatus.LOBBY:
        lines.append(t.gettext("Press **Join** (or `/tne join`). The host presses **Start** when at least two are "
                               "seated."))
    elif row.status == GameStatus.CANCELLED:
        lines.append(t.gettext("This lobby was cancelled."))
    elif row.status == GameStatus.ABANDONED:
        lines.append(t.gettext("This lobby was abandoned before it started."))
    elif row.status == GameStatus.ACTIVE:
        lines.append(t.gettext("The game has started."))
    return clip("\n".join(lines))


def rematch_text(table: Table, invited: list[int], *, t: Texts = ENGLISH) -> str:
    """The rematch's lobby message: who asks whom (pinged) to play the finished game again, then the lobby."""
    head = t.gettext("**Rematch of game #{n}!** {host} asks {players} to play it again.").format(
        n=table.row.rematch_of, host=f"<@{table.row.host_id}>",
        players=t.gettext(" and ").join(f"<@{u}>" for u in invited))
    return clip(f"{head}\n\n{lobby_text(table, t=t)}")
