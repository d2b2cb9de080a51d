"""Each seat's name as a reader tells the seats apart, in English (records and the engine's sentences keep English).

A computer seat is named by its level ('Medium computer'), a person by their name; where two seats would read the
same, each of them adds its dynasty ('Medium computer (Lion)', 'Alex (Bull)'). Older records numbered a second
computer ('Medium computer 2'); `renamed` and `renamed_text` say such stored names as seats are named now."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from engine.constants import DYNASTIES

PEOPLE = ("human", "resigned", "")  # a record's `human`, and the bot's resigned person (the stand-in plays for them)


def is_computer(kind: str | None) -> bool:
    """Whether a seat of this kind is a computer player (a level) rather than a person."""
    return kind is not None and kind not in PEOPLE


def base_name(name: str, kind: str | None) -> str:
    """A seat's name before the dynasty tells it apart: the computer's level, else the person's name."""
    if is_computer(kind):
        return f"{str(kind).capitalize()} computer"
    return " ".join(name.split()) or "Player"


def seat_names(names: Sequence[str], kinds: Sequence[str | None]) -> list[str]:
    """Every seat's name, each told apart from the others: the dynasty added where two would read the same."""
    bases = [base_name(name, kind) for name, kind in zip(names, kinds, strict=True)]
    shared = Counter(bases)
    return [f"{base} ({DYNASTIES[seat].capitalize()})" if shared[base] > 1 else base for seat, base in enumerate(bases)]


def renamed(value: Any, names: Mapping[str, str]) -> Any:
    """A sentence's words (engine/ai/phrases.py) with every value that is a stored name said as `names` maps it."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, Mapping):
        return {key: renamed(v, names) for key, v in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(renamed(v, names) for v in value)
    return value


def renamed_text(text: str, names: Mapping[str, str]) -> str:
    """An English sentence with every stored name in it said as `names` maps it (longest names first, whole names)."""
    # Names that stay are matched too, so that a shorter name inside one ('Medium computer (Lion)') is left alone.
    keys = sorted((k for k in names if k), key=len, reverse=True)
    if all(names[k] == k for k in keys):
        return text
    pattern = re.compile(r"(?<!\w)(?:" + "|".join(re.escape(k) for k in keys) + r")(?!\w)")
    return pattern.sub(lambda m: names[m.group(0)], text)
