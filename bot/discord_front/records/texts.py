"""Finished games' texts: rating changes, history, profile, leaderboard, export and replay."""

from __future__ import annotations

from typing import Any

from babel.numbers import format_decimal

from bot.discord_front.messages import Post, clip, n_games, n_moves, n_wins
from bot.language import seat_names, words
from bot.language import text as T
from bot.language.locales import ENGLISH, N_, Texts
from bot.records import unrated
from bot.records.export import StoredGame
from bot.records.service import HistoryPage, Leaderboard, ProfileView
from bot.records.unrated import NotRated
from bot.service import endings
from bot.service.endings import Ending, summary_seats
from bot.storage.records import RATED, GameRecord, RatingRow
from bot.storage.rows import GameStatus
from engine import COLOURS, DYNASTIES

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
                        # Translators: after a name in the standings: the player resigned (mind the leading space)
                        + (t.gettext(" (resigned)") if s.get("resigned") else "") for s in ranked)
    winners = [T.name(s["name"]) for s in ranked if s.get("rank") == 1]
    # Translators: /tne stats history: who won a finished game
    won = (t.gettext("{names} won").format(names=t.gettext(" and ").join(winners)) if winners
           # Translators: /tne stats history: a game nobody won (abandoned)
           else t.gettext("no winner"))
    how = T.prose(record_ending(record, t=t), 80)
    return f"**#{record.game_id}** · {_when(record.ended_at)} · {scores} — {won}; {how}"


def history_text(page: HistoryPage, *, t: Texts = ENGLISH) -> str:
    if not page.total:
        return t.gettext("No game has been played to its end in this server yet. Open one with `/tne new`.")
    head = t.gettext("**Games played in this server** — newest first, page {page} of {pages} ({games})").format(
        page=page.page + 1, pages=page.pages, games=n_games(page.total, t))
    return clip("\n".join([head, *(history_line(r, t=t) for r in page.records),
                           t.gettext("-# `/tne export game:<number>` gives a game's record, `/tne replay "
                                     "game:<number>` its replay.")]))


def _average_time(seconds: float | None, t: Texts = ENGLISH) -> str:
    if seconds is None:
        return "?"
    minutes, secs = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    if hours:
        # Translators: a game's length, written short ("2h 05m")
        return t.gettext("{hours}h {minutes}m").format(hours=hours, minutes=f"{minutes:02d}")
    if minutes:
        # Translators: a game's length, written short ("5m 09s")
        return t.gettext("{minutes}m {seconds}s").format(minutes=minutes, seconds=f"{secs:02d}")
    # Translators: a game's length in seconds, written short
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
            games=n_games(tot.games, t), wins=n_wins(tot.wins, t), place=_average(tot.avg_place, t),
            score=_average(tot.avg_score, t)),
        colours,
        t.gettext("Revolts won {revolts_won} of {revolts} · wars won {wars_won} of {wars} · monuments built "
                  "{monuments} · catastrophes {catastrophes}").format(
            revolts_won=c.revolts_won, revolts=c.revolts_fought, wars_won=c.wars_won, wars=c.wars_fought,
            monuments=c.monuments_built, catastrophes=c.catastrophes_used),
        # Translators: a profile: where a player's points came from
        t.gettext("Points: {sources}").format(sources=", ".join(
            _from_source(k, v, t) for k, v in c.points_by_source.items()))
        + t.gettext(" · average turn {time}").format(time=_average_time(c.avg_turn_seconds, t))
        # Translators: a profile: how many games the player resigned (mind the leading space)
        + (t.gettext(" · resigned {n}").format(n=c.resigned) if c.resigned else ""),
    ]
    return clip("\n".join(lines))


# Points by where they came from (bot/records/stats.py's keys), as a profile says it: '12 from tiles'.
FROM_SOURCE = {
    # Translators: points a player scored by placing tiles, in a profile's list ({n} is a number)
    "tiles": N_("{n} from tiles"),
    # Translators: points scored from monuments, in a profile's list
    "monuments": N_("{n} from monuments"),
    # Translators: points scored by winning revolts, in a profile's list
    "revolts": N_("{n} from revolts"),
    # Translators: points scored by winning wars, in a profile's list
    "wars": N_("{n} from wars"),
    # Translators: points from treasures taken, in a profile's list
    "treasures": N_("{n} from treasures"),
}


def _average(value: float | None, t: Texts) -> str:
    """An average as the reader writes numbers: '1.5', '1,5' (German and French); '–' when there is none."""
    return "–" if value is None else format_decimal(value, format="0.0#", locale=t.locale)


def _from_source(key: str, n: int, t: Texts) -> str:
    return t.gettext(FROM_SOURCE[key]).format(n=n) if key in FROM_SOURCE else f"{n} from {key}"


def _dynasty_named(name: str, t: Texts) -> str:
    return words.dynasty(DYNASTIES.index(name), t) if name in DYNASTIES else name.capitalize()


def ordinal(n: int) -> str:
    """An English rank ('1st'); words.ordinal says it in the reader's language."""
    return words.ordinal(n)


def _board_line(rank: int, row: RatingRow, t: Texts = ENGLISH) -> str:
    bot = "🤖 " if row.player.startswith("bot:") else ""
    return f"{rank}. {bot}{T.name(row.name)} — **{row.rating}** · {n_games(row.games, t)} · {n_wins(row.wins, t)}"


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
            games=n_games(board.me.games, t), wins=n_wins(board.me.wins, t)))
    return clip("\n".join(lines))


def export_caption(game: StoredGame, *, t: Texts = ENGLISH) -> str:
    if game.status == GameStatus.ACTIVE:
        return t.gettext("The record of game #{n} so far ({moves}), as the table sees it: no tiles in hand and no "
                         "drawn colours. The complete record comes once the game is over.").format(
            n=game.id, moves=n_moves(len(game.moves), t))
    return t.gettext("The complete record of game #{n} ({moves}): `tne-record/1`, readable by `python -m play "
                     "--replay`.").format(n=game.id, moves=n_moves(len(game.moves), t))


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
    # Translators: a count of turns (a replay's length)
    turns = words.count(frames, "{n} turn", "{n} turns", t)
    head = t.gettext("**Replay of game #{id}** — {names}; {turns}").format(id=game.id, names=names, turns=turns)
    return clip(head + (f"; {end}." if end else "."))
