"""The information panel under the board: one row per player, then the turn and the supplies."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render import palette as P
from render import sprites
from render.fonts import fit, font
from render.layout import NOTE_SIZE, TEXT_SIZE, WIDTH
from render.model import Player, Scene
from render.text import fitting_size, fraction, label, name_block, two_lines
from render.wording import ENGLISH, N_, Wording, dynasty

HEAD_H = 34
ROW_H = 58
STATUS_H = 148  # the turn, treasures and bag, then the monuments still to build on a line of their own
MONUMENT_PX = 40  # unbuilt monument icons: their tile symbols are 14 px wide at a phone's 400 px
PENDING_H = 40  # an extra line while a decision is waiting

# Column x positions of a player row.
BADGE_X = 28
NAME_X = 80
NAME_W = 170
LEADERS_X = 258
LEADER_PX = 34
LEADER_STEP = 37
CATA_X = 410
CATA_PX = 30
HAND_X = 484
POINTS_X = 566
POINT_W = 40
POINT_STEP = 45

PENDING_TEXT = {
    "revolt": N_("commit to a revolt"),
    "war": N_("commit to a war"),
    "war_order": N_("choose the next war"),
    "monument": N_("build a monument or decline"),
    # Translators: the panel picture: the decision awaited
    "treasure": N_("take a treasure"),
}
# A commitment with its colour and the other side, whole sentences: languages order these words differently.
# Keyed by (kind, colour known, other side known).
COMMIT_TEXT = {
    ("revolt", True, False): N_("commit to a {colour} revolt"),
    ("revolt", False, True): N_("commit to a revolt against {name}"),
    ("revolt", True, True): N_("commit to a {colour} revolt against {name}"),
    ("war", True, False): N_("commit to a {colour} war"),
    ("war", False, True): N_("commit to a war against {name}"),
    ("war", True, True): N_("commit to a {colour} war against {name}"),
}


def panel_height(players: int, pending: bool = False) -> int:
    return HEAD_H + players * ROW_H + STATUS_H + (PENDING_H if pending else 0)


@lru_cache(maxsize=16)
def static_panel(players: int, pending: bool = False, w: Wording = ENGLISH) -> Image.Image:
    """Background, column headings and rules of the panel for that many players, in `w`'s language."""
    h = panel_height(players, pending)
    im = Image.new("RGB", (WIDTH, h), P.PANEL_BG)
    d = ImageDraw.Draw(im)
    y = HEAD_H // 2 + 2
    label(d, (NAME_X, y), w.gettext("Player"), NOTE_SIZE, P.TEXT_DIM, bold=True)
    # Translators: the panel picture: the column of each player's leaders
    label(d, (LEADERS_X, y), w.gettext("Leaders"), NOTE_SIZE, P.TEXT_DIM, bold=True)
    # i18n: the panel's column of catastrophes, shortened to fit 70 px
    label(d, (CATA_X - 2, y), w.gettext("Catas."), NOTE_SIZE, P.TEXT_DIM, bold=True)
    # i18n: the panel's column of hand sizes
    label(d, (HAND_X, y), w.gettext("Hand"), NOTE_SIZE, P.TEXT_DIM, bold=True)
    for i, colour in enumerate(P.COLOURS):
        icon = sprites.tile(colour, 24)
        im.paste(icon, (POINTS_X + i * POINT_STEP + (POINT_W - 24) // 2, y - 12), icon)
    gem = sprites.treasure(False, 24)
    im.paste(gem, (POINTS_X + 4 * POINT_STEP + (POINT_W - 24) // 2, y - 12), gem)
    for i in range(players + 1):
        yy = HEAD_H + i * ROW_H
        d.line((8, yy, WIDTH - 8, yy), fill=P.PANEL_RULE, width=2)
    return im


@dataclass(frozen=True)
class ClockLine:
    """The turn clock as the caller words it ('5 h 20 min left'), and the seats a stand-in plays now."""

    text: str | None = None
    standins: frozenset[int] = frozenset()


def _name(d: ImageDraw.ImageDraw, name: str, dyn: str, mid: int, standin: bool) -> None:
    """The seat's name over its dynasty. A name too long for its column ('Medium computer', 'Ordinateur (moyen)')
    takes both lines whole when it breaks at a space, and the dynasty goes (the badge beside it shows it); only a
    name that still does not fit, or a stand-in's (its line says so), is cut."""
    if name == dyn:
        label(d, (NAME_X, mid), name, TEXT_SIZE, P.TEXT, bold=True, width=NAME_W)
        return
    lines = two_lines(name, TEXT_SIZE, NAME_W, bold=True)
    if len(lines) == 2 and not standin:
        name_block(d, NAME_X, mid, name, TEXT_SIZE, P.TEXT, NAME_W)
        return
    label(d, (NAME_X, mid - 10), name, TEXT_SIZE, P.TEXT, bold=True, width=NAME_W)
    label(d, (NAME_X, mid + 14), dyn, NOTE_SIZE, P.TEXT_DIM, width=NAME_W)


def _player_row(im: Image.Image, d: ImageDraw.ImageDraw, p: Player, y: int, active: bool,
                standin: bool = False, w: Wording = ENGLISH) -> None:
    mid = y + ROW_H // 2
    if active:
        d.rectangle((8, y + 1, WIDTH - 9, y + ROW_H - 1), fill=P.PANEL_ACTIVE)
        d.polygon([(8, mid - 10), (22, mid), (8, mid + 10)], fill=P.TEXT)
    b = sprites.badge(p.dynasty, 44)
    im.paste(b, (BADGE_X, mid - 22), b)
    # Translators: the panel picture, after a dynasty: a computer stand-in plays this seat
    dyn = dynasty(p.dynasty, w) + (" · " + w.gettext("stand-in") if standin else "")
    _name(d, p.name, dyn, mid, standin)

    if all(p.leaders.get(colour) for colour in P.COLOURS):
        # Four empty rings said nothing; in words it is plain that every leader is out on the board.
        # Translators: the panel picture: every leader of the player is on the board
        label(d, (LEADERS_X, mid), w.gettext("all on board"), NOTE_SIZE, P.TEXT, width=CATA_X - LEADERS_X - 8)
    else:
        for i, colour in enumerate(P.COLOURS):
            sq = p.leaders.get(colour)
            s = sprites.empty_leader(LEADER_PX) if sq else sprites.leader(colour, p.dynasty, LEADER_PX)
            im.paste(s, (LEADERS_X + i * LEADER_STEP, mid - LEADER_PX // 2), s)
    for i in range(2):
        s = sprites.catastrophe(CATA_PX) if i < p.catastrophes else sprites.empty_slot(CATA_PX)
        im.paste(s, (CATA_X + i * (CATA_PX + 4), mid - CATA_PX // 2), s)
    back = sprites.tile_back(30)
    im.paste(back, (HAND_X, mid - 15), back)
    label(d, (HAND_X + 36, mid), "?" if p.hand_size is None else str(p.hand_size), TEXT_SIZE, P.TEXT,
          bold=True)

    if p.points is None:
        label(d, (POINTS_X + (5 * POINT_STEP - 5) / 2, mid), w.gettext("points hidden"), NOTE_SIZE, P.TEXT_DIM,
              anchor="mm")
        return
    for i, colour in enumerate(P.COLOURS):
        x = POINTS_X + i * POINT_STEP
        d.rounded_rectangle((x, mid - 17, x + POINT_W, mid + 17), radius=6, fill=P.TILE[colour])
        label(d, (x + POINT_W / 2, mid + 1), str(p.points[colour]), TEXT_SIZE, P.SYMBOL, bold=True,
              anchor="mm")
    x = POINTS_X + 4 * POINT_STEP
    d.rounded_rectangle((x, mid - 17, x + POINT_W, mid + 17), radius=6, outline=P.TREASURE_EDGE,
                        fill=P.TREASURE, width=2)
    label(d, (x + POINT_W / 2, mid + 1), str(p.points["treasure"]), TEXT_SIZE, P.TEXT, bold=True,
          anchor="mm")


def pending_parts(sc: Scene, w: Wording = ENGLISH) -> tuple[str, str] | None:
    """(who, what) of the decision waiting, e.g. ('Archer', 'commit to a red war against Bull'),
    or None. Reads only `kind`, `seat` and, when the engine gives them, `colour`, `attacker` and
    `defender`."""
    pend = sc.pending
    if not pend or sc.over:
        return None

    def name(seat: object) -> str | None:
        return sc.players[seat].name if isinstance(seat, int) and 0 <= seat < len(sc.players) else None

    who = pend.get("seat")
    kind = str(pend.get("kind"))
    what = (w.gettext(PENDING_TEXT[kind]) if kind in PENDING_TEXT
            # Translators: the panel picture: a decision of an unknown kind ({kind} stays English)
            else w.gettext("decide ({kind})").format(kind=kind))
    colour = pend.get("colour")
    if kind in ("war", "revolt"):
        att, dfn = pend.get("attacker"), pend.get("defender")
        other = name(dfn if att == who else att if dfn == who else None)
        key = (kind, colour in P.TILE, other is not None)
        if key in COMMIT_TEXT:
            what = w.gettext(COMMIT_TEXT[key]).format(colour=w.gettext(str(colour)) if colour in P.TILE else "",
                                                      name=other)
    # Translators: the panel picture: a player with no name
    return name(who) or w.gettext("Someone"), what


def pending_text(sc: Scene, w: Wording = ENGLISH) -> str | None:
    """'Archer to commit to a red war', or None when no decision is waiting."""
    parts = pending_parts(sc, w)
    # i18n: who must decide, and what (an infinitive phrase: "commit to a revolt")
    return None if parts is None else w.gettext("{who} to {what}").format(who=parts[0], what=parts[1])


def turn_line(sc: Scene, clock: ClockLine | None = None, w: Wording = ENGLISH) -> str:
    """'Alice's turn · 2 actions left · 5 h left of 1 d', fitted to the picture's width."""
    if sc.over:
        return w.gettext("Game over")
    if sc.active is None or not 0 <= sc.active < len(sc.players):
        return ""
    turn = w.gettext("{name}'s turn")
    tail = ""
    if sc.actions_left is not None:
        n = int(sc.actions_left)
        tail += " · " + w.ngettext("{n} action left", "{n} actions left", n).format(n=n)
    if clock is not None and clock.text:
        tail += f" · {clock.text}"
    # A long name is cut, not the actions and clock after it: those are what the player looks for.
    room = WIDTH - 32 - int(font(TEXT_SIZE, True).getlength(turn.format(name="") + tail))
    name = fit(sc.players[sc.active].name, TEXT_SIZE, max(room, 60), True)
    return fit(turn.format(name=name) + tail, TEXT_SIZE, WIDTH - 32, True)


def _status(im: Image.Image, d: ImageDraw.ImageDraw, sc: Scene, y: int, clock: ClockLine | None = None,
            w: Wording = ENGLISH) -> None:
    line1 = y + 26
    used = label(d, (16, line1), turn_line(sc, clock, w), TEXT_SIZE, P.TEXT, bold=True)  # fitted by turn_line
    # The last action in words, beside the turn, when it fits: it explains the highlighted squares.
    if sc.last_move:
        by = sc.players[sc.last_seat].name if sc.last_seat is not None and 0 <= sc.last_seat < len(
            sc.players) else None
        # i18n: the last action, in notation (never translated), and who played it
        last = (w.gettext("last: {name} · {move}").format(name=by, move=sc.last_move) if by
                # Translators: the panel picture: the last move, in the game's notation
                else w.gettext("last: {move}").format(move=sc.last_move))
        room = WIDTH - 16 - (16 + used + 24)
        if font(NOTE_SIZE).getlength(last) <= room:
            label(d, (WIDTH - 16, line1), last, NOTE_SIZE, P.TEXT_DIM, anchor="rm")
    waiting = pending_text(sc, w)
    if waiting:
        y += PENDING_H
        x: float = 16
        if sc.marker:
            m = sprites.marker(30)
            im.paste(m, (int(x), line1 + PENDING_H - 15), m)
            x += 38
        waiting = w.gettext("Waiting: {what}").format(what=waiting)
        # A longer language's sentence is set a size smaller before any of it is cut.
        size = fitting_size(waiting, int(WIDTH - 16 - x), (TEXT_SIZE, NOTE_SIZE), bold=True)
        label(d, (x, line1 + PENDING_H), waiting, size, P.TEXT, bold=True, width=int(WIDTH - 16 - x))

    line2 = y + 74
    x = 16
    x += label(d, (x, line2), w.gettext("Treasures"), NOTE_SIZE, P.TEXT_DIM, bold=True) + 6
    gem = sprites.treasure(False, 26)
    im.paste(gem, (int(x), line2 - 13), gem)
    x += 30
    x += label(d, (x, line2), str(len(sc.treasures)), TEXT_SIZE, P.TEXT, bold=True) + 22

    # Translators: the panel picture: the bag of tiles, before how full it is
    x += label(d, (x, line2), w.gettext("Bag"), NOTE_SIZE, P.TEXT_DIM, bold=True) + 8
    filled = 0 if sc.bag_fill is None else round(sc.bag_fill * 4)
    for i in range(4):
        box = (x + i * 11, line2 - 12, x + i * 11 + 8, line2 + 12)
        if i < filled:
            d.rectangle(box, fill=P.FACE_DOWN, outline=P.TEXT, width=1)
        else:
            d.rectangle(box, outline=P.TEXT_DIM, width=1)
    x += 4 * 11 + 6
    label(d, (x, line2), fraction(sc.bag_fill, w), TEXT_SIZE, P.TEXT, bold=True)

    # Unbuilt monuments on their own line: all six at a size whose symbols survive a phone's preview.
    line3 = line2 + 46
    # Translators: the panel picture: the monuments still to build
    x = 16 + label(d, (16, line3), w.gettext("Monuments to build"), NOTE_SIZE, P.TEXT_DIM, bold=True) + 12
    icons = [sprites.monument_icon(pair, MONUMENT_PX) for pair in sc.unbuilt_monuments()]
    for m in icons:
        im.paste(m, (int(x), line3 - MONUMENT_PX // 2), m)
        x += m.width + 8
    if not icons:
        # Translators: the panel picture: every monument is built
        label(d, (x, line3), w.gettext("none: all built"), NOTE_SIZE, P.TEXT)


def draw_panel(im: Image.Image, sc: Scene, y0: int, clock: ClockLine | None = None, w: Wording = ENGLISH) -> None:
    """Fill in the panel whose static part is already pasted at height `y0` of `im`; `clock`, when the game has
    one, is given by the caller (render knows nothing of time)."""
    d = ImageDraw.Draw(im)
    standins = clock.standins if clock is not None else frozenset()
    for p in sc.players:
        _player_row(im, d, p, y0 + HEAD_H + p.seat * ROW_H, p.seat == sc.active and not sc.over,
                    standin=p.seat in standins and not sc.over, w=w)
    _status(im, d, sc, y0 + HEAD_H + len(sc.players) * ROW_H, clock, w)
