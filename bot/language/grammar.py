"""What a language's grammar does where a slotted value meets the words around it, applied in one place: every
translated text of that language is formatted through it (bot/language/locales.py's `Texts` hands out its texts as
this language's `str`). French elides ("de Archer" → "d'Archer", "que Urne" → "qu'Urne") and contracts ("de le
roi" → "du roi", "à les" → "aux"); a language with no rule here formats as Python does."""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

Joiner = Callable[[str, str], tuple[str, str]]  # (text before a value, the value) → the two as they are written

# A French word that loses its vowel before a vowel ("de" → "d'"), as the last word before a slot.
_FRENCH_ELIDED = re.compile(r"(?:(?<=^)|(?<=[\s(«\"'’]))(de|que|le|la|je|ne|se|ce|lorsque|puisque|jusque) $",
                            re.IGNORECASE)
# A value that begins with a vowel and goes on as a word: a name, not a square ("E5") or a number.
_FRENCH_VOWEL = re.compile(r"[aeiouàâäéèêëîïôöùûüœæ][^\W\d_]", re.IGNORECASE)
# "de le", "à les": the preposition and the article a value begins with, said as one word.
_FRENCH_CONTRACTED = {("de", "le"): "du", ("de", "les"): "des", ("à", "le"): "au", ("à", "les"): "aux"}
_FRENCH_PREPOSITION = re.compile(r"(?:(?<=^)|(?<=[\s(«\"'’]))(de|à) $", re.IGNORECASE)
_FRENCH_ARTICLE = re.compile(r"(le|les) ", re.IGNORECASE)


def _keep_case(word: str, like: str) -> str:
    return word[:1].upper() + word[1:] if like[:1].isupper() else word


def french(before: str, value: str) -> tuple[str, str]:
    """French's elision and contraction where `value` follows `before` (Markdown around the slot, as in
    "de **{name}**", is looked through)."""
    markup = before[len(before.rstrip("*_~`")):]
    words = before[:len(before) - len(markup)]
    if (prep := _FRENCH_PREPOSITION.search(words)) and not markup and (art := _FRENCH_ARTICLE.match(value)):
        joined = _FRENCH_CONTRACTED[(prep.group(1).lower(), art.group(1).lower())]
        return words[:prep.start()] + _keep_case(joined, prep.group(1)) + " ", value[art.end():]
    if _FRENCH_VOWEL.match(value.lstrip("*_~`")) and (word := _FRENCH_ELIDED.search(words)):
        return words[:word.start()] + word.group(1)[:-1] + "'" + markup, value
    return before, value


class _Joining(string.Formatter):
    """str.format, with each value joined to the text before it by a language's rule."""

    def __init__(self, join: Joiner) -> None:
        self.join = join

    def vformat(self, format_string: str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> str:
        out = ""
        auto = 0
        for literal, field, spec, conversion in self.parse(format_string):
            out += literal
            if field is None:
                continue
            if field == "":
                field, auto = str(auto), auto + 1
            value, _ = self.get_field(field, args, kwargs)
            said = self.format_field(self.convert_field(value, conversion), spec or "")
            out, said = self.join(out, said)
            out += said
        return out


_FRENCH = _Joining(french)


class FrenchText(str):
    """A French text: `format` elides and contracts where a value meets the word before it."""

    __slots__ = ()

    def format(self, *args: object, **kwargs: object) -> str:
        return _FRENCH.vformat(str(self), args, kwargs)

    def format_map(self, mapping: Mapping[str, object]) -> str:  # type: ignore[override]
        return _FRENCH.vformat(str(self), (), mapping)


# Each language with a rule, by its code: its translated texts are of this type.
SPEAKING: Mapping[str, type[str]] = MappingProxyType({"fr": FrenchText})


def text_of(lang: str) -> Callable[[str], str]:
    """What a translated text of `lang` is made into: its grammar's `str`, or the text as it is."""
    return SPEAKING.get(lang.split("-")[0], str)
