"""The Discord announcer: what a change owes its channel (bot/service/said.py, codes and values stored with the
change) worded when it is delivered, in the language of that moment: the interaction's answer, or the outbox's post.

The words read the game as the change left it (the account's scene), whenever and by whichever process they are
delivered; the board picture that follows is described as plain data and drawn in a worker.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Any

from bot.background import clocks
from bot.discord_front import messages as M
from bot.discord_front.lobby import notes as lobby_notes
from bot.discord_front.play import texts as play_texts
from bot.discord_front.settings import texts as settings_texts
from bot.discord_front.views import buttons, link_button, table_view
from bot.language import clock_texts, seat_names
from bot.language import text as T
from bot.language.locales import ENGLISH, N_, Texts
from bot.language.locales import load as load_locales
from bot.language.table_words import label
from bot.service import limits
from bot.service import said as S
from bot.service.events import ClockEvent
from bot.service.said import table_of_said
from bot.service.table import Played, Said, Table
from bot.storage.outbox import Announcement
from bot.storage.rows import GameStatus
from bot.web.auth import Links

DIRECT = S.DIRECT  # a reminder sent as a direct message (in the channel when the person's DMs are closed)
# Posted once a channel closed to the bot takes its posts again, after what was held there.
RESUMED = N_("The bot can post here again. Game #{n}'s clock stood still for {span} while it could not, and runs on "
             "now with the time that was left.")
Voice = Callable[[int | None], Awaitable[Texts]]  # a server's language for its public posts


@dataclass
class Notice:
    """A change's account as Discord shows it: text, who it pings, its buttons (custom ids and labels), and the
    public picture that follows (None: text only)."""

    kind: str
    content: str
    pings: list[int] = field(default_factory=list)
    buttons: list[dict[str, Any]] = field(default_factory=list)
    picture: dict[str, Any] | None = None


def picture(table: Table, now: float | None = None, *, t: Texts = ENGLISH) -> dict[str, Any] | None:
    """The public picture that follows a message: the board, or the final picture once the game is over. Only
    the spectator view is kept: a public picture never shows hands or hidden points. With `now`, the board's panel
    shows the turn clock as it stands then."""
    game = table.game
    if game is None:
        return None
    # A game ended by a resignation is over for the table though not by the rules: it gets the final picture too.
    final = game.over or table.row.status == GameStatus.OVER
    out: dict[str, Any] = {"kind": "final" if final else "board", "game_id": table.id, "n": len(table.moves),
           "view": game.view(None), "names": seat_names.seat_names([p.name for p in table.players],
                                                                   [p.level for p in table.players], t)}
    if final:
        out["standings"] = table.standings()
        out["names"] = [n + t.gettext(" (resigned)") if p.resigned else n for n, p in zip(out["names"], table.players,
                                                                                strict=True)]
    elif now is not None:
        clock = table.row.clock
        out["clock"] = {"text": clock_texts.clock_words(clock, now, t=t),
                        "standins": sorted(clocks.standin_seats(clock, table.players))}
    return out


def _notice(kind: str, table: Table, post: M.Post, *, with_picture: bool = True, now: float | None = None,
            activity: bool = False, links: Links | None = None, t: Texts = ENGLISH) -> Notice:
    stored = buttons(table_view(table, activity=activity, t=t))
    if links is not None and with_picture:
        # The board message opens the game's public page, as /tne board's answer does, finished games too.
        stored.append(link_button(links.spectator(table.id, table.row.channel_id), t=t))
    shown = picture(table, now, t=t) if with_picture else None
    if shown is not None:
        # The picture's labels speak the post's language (bot/discord_front/pictures.py Painter.public).
        shown["lang"] = t.lang
    return Notice(kind, T.fit(post.text), list(post.pings), stored, shown)


def _clock_event(table: Table, v: dict[str, Any]) -> ClockEvent:
    return ClockEvent(game_id=table.id, rev=table.row.rev, channel_id=table.row.channel_id,
                      guild_id=table.row.guild_id, status=GameStatus(table.row.status), kind=v["step"],
                      seat=v["seat"], user_id=v["user_id"], deadline=v["deadline"], marked_away=v["marked_away"])


class Announcer:
    """Words each change's account as the channel sees it (bot/discord_front/play/texts.py and its neighbours), with
    the buttons of bot/discord_front/views.py; `voice`: a server's language; `links`: the web board's addresses,
    when it is on; `activity`: the Activity is configured (the board message carries its launch button)."""

    def __init__(self, voice: Voice | None = None, *, activity: bool = False, links: Links | None = None) -> None:
        self.voice = voice
        self.activity = activity
        self.links = links

    async def language(self, guild_id: int | None) -> Texts:
        return await self.voice(guild_id) if self.voice is not None else ENGLISH

    async def answer(self, said: Said, guild_id: int | None) -> Notice:
        """The account an interaction answers with, in its server's language now."""
        return self.notice(said, t=await self.language(guild_id))

    async def worded(self, a: Announcement) -> Announcement:
        """A stored announcement with its words, when it was stored as codes and values (older ones are worded)."""
        if a.said is None:
            return a
        notice = self.notice(Said.from_stored(a.said), t=await self.language(a.guild_id))
        return replace(a, content=notice.content, pings=notice.pings, buttons=notice.buttons, picture=notice.picture)

    def notice(self, said: Said, *, t: Texts = ENGLISH) -> Notice:
        """The account in `t` (the server's language; a reminder speaks its person's own)."""
        v, kind = said.values, said.kind
        if kind == S.EXPIRED:
            return Notice(kind, T.fit(lobby_notes.lobby_expired(v["game"], v["max_age"], t=t)))
        if kind == S.RESUMED:
            return Notice(kind, T.fit(t.gettext(RESUMED).format(n=v["game"], span=clock_texts.span(v["stood"], t=t))))
        table = table_of_said(said)
        links = self.links
        if kind == S.START:
            notice = _notice(kind, table, play_texts.opening(table, t=t), now=v.get("now"), activity=self.activity,
                             links=links, t=t)
        elif kind == S.MOVE:
            played = Played(table, v["seat"], v["move"], v["events"], v["n"], v["standin"])
            notice = _notice(kind, table, play_texts.account(played, t=t), now=v.get("now"), activity=self.activity,
                             links=links, t=t)
        elif kind == S.UNDO:
            notice = _notice(kind, table, play_texts.takeback(table, v["seat"], v["move"], t=t), links=links, t=t)
        elif kind == S.RESIGN:
            notice = _notice(kind, table, play_texts.resignation(table, label(table, v["seat"], t=t), t=t),
                             links=links, t=t)
        elif kind == S.ABANDON:
            notice = self._abandon(table, v, t)
        elif kind == S.AWAY:
            notice = _notice(kind, table, play_texts.away_text(table, v["seat"], v["away"], t=t), with_picture=False,
                             t=t)
        elif kind == S.STAND_IN:
            # Said for the whole table, pinging nobody: the stand-in acts now, not the person (issue 33's rule).
            post = settings_texts.reminder(table, _clock_event(table, v), v["now"], ping=False, t=t)
            notice = Notice(kind, T.fit(post.text), [])
        elif kind in (S.REMINDER, S.DIRECT):
            mine = load_locales().for_tag(v.get("language") or t.lang)
            post = settings_texts.reminder(table, _clock_event(table, v), v["now"], ping=True, t=mine)
            notice = Notice(kind, T.fit(post.text), list(post.pings))
        else:
            raise ValueError(f"no words for a {kind!r} account")
        if v.get("paused"):
            notice = replace(notice, content=T.fit(f"{notice.content}\n{t.gettext(limits.PAUSED)}"))
        return notice

    def _abandon(self, table: Table, v: dict[str, Any], t: Texts) -> Notice:
        """No picture for a game that counts nowhere: the final one would name a winner, and it has none; one that
        counts as the abandoning player's resignation ends like any other, picture included."""
        seat = v.get("seat")
        if v.get("away_days") is not None:
            days = v["away_days"]
            text = t.ngettext("Game #{n} has ended unrated: everyone was away for {days} day, and nobody came back.",
                              "Game #{n} has ended unrated: everyone was away for {days} days, and nobody came back.",
                              1 if days == 1 else 2).format(n=table.id, days=f"{days:g}")
            return replace(_notice(S.ABANDON, table, M.Post(""), with_picture=False, t=t), content=T.fit(text))
        # Translators: who abandoned a game, when its host did and no name is known ("abandoned by the host")
        who = v.get("who") or t.gettext("the host")
        return _notice(S.ABANDON, table, play_texts.abandonment(table, who, seat, t=t), with_picture=seat is not None,
                       links=self.links, t=t)
