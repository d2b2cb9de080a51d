"""The clock's and reminders' texts: `/tne settings clock` and `notify`, and the reminders themselves."""

from __future__ import annotations

from bot.background import clocks
from bot.discord_front.messages import Post, clip, when
from bot.language import clock_texts, words
from bot.language.locales import ENGLISH, N_, Texts
from bot.language.table_words import label
from bot.service.events import ClockEvent
from bot.service.table import Table
from bot.storage.rows import GameStatus


def clock_setting(table: Table, *, t: Texts = ENGLISH) -> str:
    """The table's clock choice in words."""
    clock = table.row.clock
    if clock.clock == "none" and not clock.next:
        # Translators: a game without a time limit per turn
        return t.gettext("no clock")
    # Translators: a game's clock: the time each player has to act ({length} like "24 hours")
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
    # Translators: a game's clock, written short in a list of settings
    return t.gettext("clock {length}").format(length=clock_texts.length(choice, t=t))


def clock_lines(table: Table, now: float | None, *, t: Texts = ENGLISH) -> list[str]:
    """/tne status: the clock, and the time left to whoever must act."""
    clock = table.row.clock
    # Translators: the game's clock setting
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


NOTIFY_TEXT = {
    "channel": N_("Reminders ping you in the game's channel."),
    "dm": N_("Reminders come to you as direct messages, with a link to the game (in the channel when your DMs are "
             "closed)."),
    "off": N_("No reminders: look with `/tne games mine:True`."),
}
