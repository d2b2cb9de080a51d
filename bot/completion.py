"""Autocomplete for `/tne move`: which legal moves match what a player has typed so far."""

from __future__ import annotations

LIMIT = 25  # Discord shows at most 25 choices


def matching_moves(legal: list[str], typed: str, limit: int = LIMIT) -> list[str]:
    """Legal moves for what is typed, best first: those whose words match the typed words in place (the last
    typed word being the start of the word in its place: `tile green L` -> `tile green L1`...`L11`), then those
    that have the typed words as starts of their words, in order (`red f7` -> `tile red F7`)."""
    words = typed.lower().split()
    if not words:
        return legal[:limit]
    *whole, last = words
    in_place, in_order = [], []
    for move in legal:
        parts = move.lower().split()
        if (len(parts) >= len(words) and parts[: len(whole)] == whole
                and parts[len(whole)].startswith(last)):
            in_place.append(move)
        elif _starts_in_order(words, parts):
            in_order.append(move)
    return (in_place + in_order)[:limit]


def _starts_in_order(words: list[str], parts: list[str]) -> bool:
    i = 0
    for part in parts:
        if i < len(words) and part.startswith(words[i]):
            i += 1
    return i == len(words)
