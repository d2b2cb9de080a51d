"""`/tne review`'s texts (bot/records/reviews.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.discord_front.messages import LIMIT, clip
from bot.language import engine_words, numbers, words
from bot.language import text as T
from bot.language.locales import ENGLISH, N_, Texts

if TYPE_CHECKING:
    from engine.ai.review import MoveReview, PlayerReview, Review


def review_progress(game_id: int, done: int | None = None, total: int | None = None, *, t: Texts = ENGLISH) -> str:
    if done is None or not total:
        # Translators: shown while a finished game is being reviewed
        return t.gettext("Reviewing game #{n}…").format(n=game_id)
    return t.gettext("Reviewing game #{n}… {percent}%").format(n=game_id, percent=100 * done // total)


def _chance(value: float, t: Texts = ENGLISH) -> str:
    return numbers.percent(value, t)


def _margin_loss(loss: float, t: Texts = ENGLISH) -> str:
    """A loss of final margin: '2.5 points', '2,5 Punkte'."""
    return numbers.points(loss, t)


def _mistakes(player: PlayerReview, t: Texts = ENGLISH) -> str:
    # Translators: a count of a player's small mistakes in a game review
    return " · ".join((words.count(player.inaccuracies, "{n} inaccuracy", "{n} inaccuracies", t),
                       # Translators: a count of a player's clear mistakes in a game review
                       words.count(player.mistakes, "{n} mistake", "{n} mistakes", t),
                       # Translators: a count of a player's big mistakes in a game review
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
MOVE_LABELS = {
    # Translators: a reviewed move's label, at the head of its line: a small loss
    "inaccuracy": N_("Inaccuracy"),
    # Translators: a reviewed move's label: a clear loss
    "mistake": N_("Mistake"),
    # Translators: a reviewed move's label: a large loss
    "blunder": N_("Blunder"),
}


def _costly_line(mv: MoveReview, t: Texts = ENGLISH) -> str:
    # Translators: a reviewed move's label when it has none of inaccuracy, mistake or blunder: a small loss
    slip = t.gettext("A slip")
    label = t.gettext(MOVE_LABELS.get(mv.label, mv.label.capitalize())) if mv.label else slip
    # The reason is the engine's sentence, said from its words in the language (moves stay in notation).
    reason = T.prose(engine_words.reason(mv.reason, mv.words, t=t), 300)
    head = t.gettext("**Move {n}** `{played}` — {label}, −{loss} of final margin.").format(
        n=mv.index + 1, played=mv.played, label=label, loss=_margin_loss(mv.loss, t))
    best = (t.gettext("`{best}` was best: {reason}") if reason
            # Translators: {best} is a move in the game's notation (never translated), the one that was best
            else t.gettext("`{best}` was best.")).format(best=mv.best, reason=reason)
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
    # Translators: a review's heading: the moves that cost a player most
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
        # The reason is part of the message, so each language punctuates it ('meilleur : …' in French).
        said = (t.gettext("{n}. `{played}` — {label}, −{loss}: `{best}` was better: {reason}") if reason
                else t.gettext("{n}. `{played}` — {label}, −{loss}: `{best}` was better"))
        lines.append(said.format(n=mv.index + 1, played=mv.played, label=_label(mv.label, t),
                                 loss=_margin_loss(mv.loss, t), best=mv.best, reason=reason))
    if not lines:
        return [t.gettext("You made no choice of your own in this game: every move was forced or played for you.")]
    # Translators: a private review's heading: your own moves
    pages, page = [], t.gettext("**Your moves**")
    for line in lines:
        if len(page) + 1 + len(line) > LIMIT:
            pages.append(page)
            page = line
        else:
            page += "\n" + line
    return [*pages, page]
