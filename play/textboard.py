"""The board as text, for terminals: one three-character cell per square."""

from engine.boards import BOARDS
from engine.squares import COLS, ROWS, SQUARE_NAMES

LETTERS = {"red": "r", "blue": "b", "green": "g", "black": "k"}

# Points in words: a treasure counts as any colour at the end, so it is named, never abbreviated.
POINT_WORDS = {"treasure": "treasures"}

RIVER, LAND = "~~~", " . "  # a river runs as unbroken water, so a blue tile on it stands out

LEGEND = """\
legend:   ~~~ river   .  land   tiles: r temple, b farm (on a river), g market, k settlement
          r* temple with treasure   (r) under a monument   R0 leader (colour, seat)   XX catastrophe"""


def text_board(pos: dict) -> str:
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
                cells[index[name]] = f" {LETTERS[colour].upper()}{seat}"
    lines = ["    " + "".join(f" {chr(65 + c)} " for c in range(COLS))]
    for r in range(ROWS):
        lines.append(f"{r + 1:>3} " + "".join(cells[r * COLS:(r + 1) * COLS]))
    return "\n".join(lines)


def leaders_text(player: dict) -> str:
    """'leaders: red F2, black G3 on the board; blue, green in supply'."""
    where = player.get("leaders") or {}
    placed = [f"{c} {where[c]}" for c in LETTERS if where.get(c)]
    supply = [c for c in LETTERS if not where.get(c)]
    parts = ([", ".join(placed) + " on the board"] if placed else []) + ([", ".join(supply) + " in supply"]
                                                                         if supply else [])
    return "leaders: " + "; ".join(parts)


def text_panel(pos: dict, seat: int | None) -> str:
    """Players (hand size, catastrophes, points where seen, where their leaders are), the seat's own hand, the bag."""
    lines = []
    turn = pos.get("turn") or {}
    for i, p in enumerate(pos["players"]):
        hand = p.get("hand")
        size = p.get("hand_size", sum(hand.values()) if hand else 0)
        mark = ">" if turn.get("player") == i and not pos.get("over") else " "
        line = f"{mark} seat {i} {p.get('dynasty', '?'):<7} hand {size}  catastrophes {p.get('catastrophes', 2)}"
        if p.get("points") is not None:
            line += "  points " + " ".join(f"{POINT_WORDS.get(k, k)} {v}" for k, v in p["points"].items())
        lines.append(line)
        lines.append("      " + leaders_text(p))
        if i == seat and hand is not None:
            lines.append("      YOUR HAND: " + (" ".join(f"{c} {n}" for c, n in hand.items() if n) or "empty"))
    fill = pos.get("bag_fill")
    bag = pos.get("bag")
    lines.append(f"  treasures on board: {len(pos.get('treasures') or [])}   bag: "
                 + (f"{sum(bag.values())} tiles" if bag else f"about {int(100 * (fill or 0))}% full"))
    return "\n".join(lines)
