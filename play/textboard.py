"""The board as text, for terminals: one three-character cell per square."""

from typing import Any

from bot.language import words
from bot.language.locales import ENGLISH, N_, Texts
from engine.boards import BOARDS
from engine.squares import COLS, ROWS, SQUARE_NAMES

LETTERS = {"red": "r", "blue": "b", "green": "g", "black": "k"}

# Points in words: a treasure counts as any colour at the end, so it is named, never abbreviated.
POINT_WORDS = {"treasure": N_("treasures")}

RIVER, LAND = "~~~", " . "  # a river runs as unbroken water, so a blue tile on it stands out

LEGEND = N_("""\
legend:   ~~~ river   .  land   tiles: r temple, b farm (on a river), g market, k settlement
          r* temple with treasure   (r) under a monument   R1 leader (colour, seat)   XX catastrophe""")


def text_board(pos: dict[str, Any]) -> str:
    """The board of a position or view, row 1 on top, with column letters and row numbers."""
    board = BOARDS[pos.get("board", "standard")]
    cells = [RIVER if board.river[i] else LAND for i in range(COLS * ROWS)]
    index = {name: i for i, name in enumerate(SQUARE_NAMES)}
    treasures = set(pos.get("treasures") or [])
    down = set(pos.get("face_down") or [])
    for name, colour in (pos.get("tiles") or {}).items():
        letter = LETTERS[colour]
        if name in down:
            cells[index[name]] = f"({letter})"
        else:
            cells[index[name]] = f" {letter}*" if name in treasures else f" {letter} "
    for name in pos.get("catastrophes") or []:
        cells[index[name]] = " XX"
    for seat, player in enumerate(pos["players"]):
        for colour, name in (player.get("leaders") or {}).items():
            if name:
                cells[index[name]] = f" {LETTERS[colour].upper()}{seat + 1}"  # seats count from 1, as people count
    lines = ["    " + "".join(f" {chr(65 + c)} " for c in range(COLS))]
    for r in range(ROWS):
        lines.append(f"{r + 1:>3} " + "".join(cells[r * COLS:(r + 1) * COLS]))
    return "\n".join(lines)


def leaders_text(player: dict[str, Any], t: Texts = ENGLISH) -> str:
    """'leaders: red F2, black G3 on the board; blue, green in supply'."""
    where = player.get("leaders") or {}
    placed = [f"{t.gettext(c)} {where[c]}" for c in LETTERS if where.get(c)]
    supply = [t.gettext(c) for c in LETTERS if not where.get(c)]
    parts = (([t.gettext("{leaders} on the board").format(leaders=", ".join(placed))] if placed else [])
             # Translators: the text board: leaders not on the board
             + ([t.gettext("{leaders} in supply").format(leaders=", ".join(supply))] if supply else []))
    # Translators: the text board: where each leader is
    return t.gettext("leaders: {where}").format(where="; ".join(parts))


def text_panel(pos: dict[str, Any], seat: int | None, t: Texts = ENGLISH) -> str:
    """Players (hand size, catastrophes, points where seen, where their leaders are), the seat's own hand, the bag."""
    lines = []
    turn = pos.get("turn") or {}
    width = max(len(words.dynasty(i, t)) for i in range(len(pos["players"])))
    for i, p in enumerate(pos["players"]):
        hand = p.get("hand")
        size = p.get("hand_size", sum(hand.values()) if hand else 0)
        mark = ">" if turn.get("player") == i and not pos.get("over") else " "
        # i18n: a player's line of the terminal's panel: its seat (counted from 1) and dynasty, padded to align
        line = mark + " " + t.gettext("seat {seat} {dynasty} hand {size}  catastrophes {catastrophes}").format(
            seat=i + 1, dynasty=f"{words.dynasty(i, t):<{width}}", size=size, catastrophes=p.get("catastrophes", 2))
        if p.get("points") is not None:
            # Translators: the text board: a player's points by colour
            line += "  " + t.gettext("points {points}").format(points=" ".join(
                f"{t.gettext(POINT_WORDS.get(k, k))} {v}" for k, v in p["points"].items()))
        lines.append(line)
        lines.append("      " + leaders_text(p, t))
        if i == seat and hand is not None:
            # Translators: the text board: a hand with no tiles
            held = " ".join(f"{t.gettext(c)} {n}" for c, n in hand.items() if n) or t.gettext("empty")
            # Translators: the text board: the tiles in your hand (capitals to stand out)
            lines.append("      " + t.gettext("YOUR HAND: {tiles}").format(tiles=held))
    fill = pos.get("bag_fill")
    bag = pos.get("bag")
    contents = (t.ngettext("{n} tile", "{n} tiles", sum(bag.values())).format(n=sum(bag.values())) if bag
                # Translators: the text board: how full the bag is
                else t.gettext("about {percent}% full").format(percent=int(100 * (fill or 0))))
    lines.append("  " + t.gettext("treasures on board: {n}   bag: {contents}").format(
        n=len(pos.get("treasures") or []), contents=contents))
    return "\n".join(lines)
