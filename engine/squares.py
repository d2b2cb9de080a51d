"""Square names and the board grid's geometry (16 columns x 11 rows)."""

COLS = 16
ROWS = 11
NSQ = COLS * ROWS

SQUARE_NAMES: tuple[str, ...] = tuple(f"{chr(65 + i % COLS)}{i // COLS + 1}" for i in range(NSQ))
SQUARE_INDEX: dict[str, int] = {name: i for i, name in enumerate(SQUARE_NAMES)}


def _neighbours(i: int) -> tuple[int, ...]:
    r, c = divmod(i, COLS)
    out = []
    if r > 0:
        out.append(i - COLS)
    if c > 0:
        out.append(i - 1)
    if c < COLS - 1:
        out.append(i + 1)
    if r < ROWS - 1:
        out.append(i + COLS)
    return tuple(out)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in range(NSQ))


def square_index(text: str) -> int | None:
    """Index of a square name such as 'F7' (any case), or None if it is not a square."""
    return SQUARE_INDEX.get(text.strip().upper())


def block_squares(top_left: int) -> tuple[int, int, int, int] | None:
    """The four squares of the 2x2 block whose top-left square is given, or None off the board."""
    r, c = divmod(top_left, COLS)
    if r >= ROWS - 1 or c >= COLS - 1:
        return None
    return (top_left, top_left + 1, top_left + COLS, top_left + COLS + 1)
