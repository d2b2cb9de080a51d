"""Sentences as words a front end can say in any language: each an English template, marked for the catalogs, with
its values. The engine keeps no language: `say` is given the lookups (identity for English) by whoever shows it.

A phrase is `(template, values)`. The template is a msgid, or a `(singular, plural)` pair chosen by `values["n"]`.
Values are said by their key: `colour` a colour word ('red', or 'treasure'), `leader` a leader by its colour
('red (priest)'), `leaders` several of them joined, `pair` a monument's colours ('red-blue'); a list of phrases is
said and joined ('a, b and c'), `{"each": [...]}` said and listed with commas; a chance (`chance_best`,
`chance_played`, kept as '47%') and a margin (`margin`, kept as '2.5') in the reader's number form when the front end
gives one; anything else (names, moves in notation, squares, counts) as it is."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.constants import COLOURS, LEADER_NAMES

Template = str | tuple[str, str]
Phrase = tuple[Template, Mapping[str, Any]]
Gettext = Callable[[str], str]
Ngettext = Callable[[str, str, int], str]
Number = Callable[[float], str]


def N_(message: str) -> str:
    """Marks an English template for the catalogs (`python -m bot.language.catalogs extract`)."""
    return message


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Marks an English template with its plural for the catalogs; the form is chosen by the phrase's `n`."""
    return singular, plural


def phrase(template: Template, **values: Any) -> Phrase:
    """A phrase with its lists as tuples, as a stored review reads them back."""
    return template, {key: _frozen(value) for key, value in values.items()}


def _frozen(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {"each": tuple(value["each"])}
    return tuple(value) if isinstance(value, list) else value


def _same(message: str) -> str:
    return message


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


# The values kept as English number text ('47%', '2.5'), said again in the reader's form where the front end can.
PERCENT_KEYS = ("chance_best", "chance_played")
DECIMAL_KEYS = ("margin",)


def say(words: Sequence[Phrase], gettext: Gettext = _same, ngettext: Ngettext = _english_plural, *,
        decimal: Number | None = None, percent: Number | None = None) -> str:
    """The sentences in the language of the lookups (the English text with none). The game's pieces are looked up by
    the same msgids as bot/language/words.py says them ('red', 'priest', 'treasure', ' and '); `decimal` says a margin
    (2.5 → '2,5') and `percent` a chance (0.47 → '47 %') in the reader's form."""

    def number(key: str, value: Any) -> Any:
        if percent is not None and key in PERCENT_KEYS and str(value).endswith("%"):
            return percent(float(str(value)[:-1]) / 100)
        if decimal is not None and key in DECIMAL_KEYS:
            return decimal(float(value))
        return value

    return " ".join(_phrase(p, gettext, ngettext, number) for p in words)


def _phrase(p: Phrase, gettext: Gettext, ngettext: Ngettext, number: Callable[[str, Any], Any]) -> str:
    template, values = p
    if isinstance(template, str):
        text = gettext(template)
    else:
        singular, plural = template
        text = ngettext(singular, plural, int(values["n"]))
    return text.format(**{key: _value(key, value, gettext, ngettext, number) for key, value in values.items()})


def _value(key: str, value: Any, gettext: Gettext, ngettext: Ngettext, number: Callable[[str, Any], Any]) -> Any:
    if key in PERCENT_KEYS or key in DECIMAL_KEYS:
        return number(key, value)
    if key == "colour":
        return gettext(str(value))
    if key == "leader":
        return _leader(str(value), gettext)
    if key == "leaders":
        return _join([_leader(str(v), gettext) for v in value], gettext)
    if key == "pair":
        return "-".join(gettext(c) for c in str(value).split("-"))
    if isinstance(value, Mapping):
        return ", ".join(_phrase(part, gettext, ngettext, number) for part in value["each"])
    if isinstance(value, list | tuple):
        return _join([_phrase(part, gettext, ngettext, number) for part in value], gettext)
    return value


def _leader(colour: str, gettext: Gettext) -> str:
    return f"{gettext(colour)} ({gettext(LEADER_NAMES[COLOURS.index(colour)])})"


def _join(parts: Sequence[str], gettext: Gettext) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + gettext(" and ") + parts[-1]


def templates(words: Sequence[Phrase]) -> list[Template]:
    """Every template the words use, nested ones too (the catalog tests read them)."""
    out: list[Template] = []
    for template, values in words:
        out.append(template)
        for value in values.values():
            if isinstance(value, Mapping):
                out += templates(value["each"])
            elif isinstance(value, list | tuple) and value and isinstance(value[0], list | tuple):
                out += templates(value)
    return out
