"""Event records that narrate a move for the table: a type, a readable line and the data."""

from engine.state import JSON, State


def event(kind: str, text: str, **data: object) -> JSON:
    """One event: {"type": kind, "text": text, ...data}."""
    return {"type": kind, "text": text, **data}


def who(state: State, seat: int) -> str:
    """How a seat is named in event texts: its dynasty, capitalised."""
    return state.players[seat].dynasty.capitalize()


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
