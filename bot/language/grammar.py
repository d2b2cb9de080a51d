"""What a language's grammar does where a slotted value meets the words around it, applied in one place: every
translated text is formatted through it (bot/language/locales.py's `Texts` hands out its texts as `Text`, or its
language's own kind). French elides ("de Archer" → "d'Archer", "que Urne" → "qu'Urne") and contracts ("de le roi" →
"du roi", "à les" → "aux"). A `Word` slotted into a text carries its forms, and a translation names the one its
grammar needs: `{colour:tiles}` ("rote Plättchen", "tuiles vertes"); a form no value has reads as the plain word."""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

Joiner = Callable[[str, str], tuple[str, str]]  # (text before a value, the value) → the two as they are written

# French's rule as data, so that the web pages, which fill their placeholders in the browser, apply the same one
# (bot/web/page_texts.py sends it; bot/web/static/texts.js applies it). `elided`: the words that lose their vowel
# before a vowel ("de" → "d'"), `vowels`: the letters a value must begin with, `contracted`: a preposition and the
# article a value begins with, said as one word.
FRENCH_RULE: Mapping[str, Any] = MappingProxyType({
    "elided": ("de", "que", "le", "la", "je", "ne", "se", "ce", "lorsque", "puisque", "jusque"),
    "vowels": "aeiouàâäéèêëîïôöùûüœæ",
    "contracted": MappingProxyType({"de le": "du", "de les": "des", "à le": "au", "à les": "aux"}),
})
_BEFORE = r"(?:(?<=^)|(?<=[\s(«\"'’]))"
# An elided word as the last word before a slot.
_FRENCH_ELIDED = re.compile(_BEFORE + "(" + "|".join(FRENCH_RULE["elided"]) + ") $", re.IGNORECASE)
# A value that begins with a vowel and goes on as a word: a name, not a square ("E5") or a number.
_FRENCH_VOWEL = re.compile("[" + FRENCH_RULE["vowels"] + r"][^\W\d_]", re.IGNORECASE)
_FRENCH_CONTRACTED = {tuple(pair.split()): joined for pair, joined in FRENCH_RULE["contracted"].items()}
_FRENCH_PREPOSITION = re.compile(_BEFORE + "(" + "|".join({p.split()[0] for p in FRENCH_RULE["contracted"]}) + ") $",
                                 re.IGNORECASE)
_FRENCH_ARTICLE = re.compile("(" + "|".join({p.split()[1] for p in FRENCH_RULE["contracted"]}) + ") ", re.IGNORECASE)


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


# A format spec that names a form (`{colour:tiles}`), not a width or an alignment.
_FORM = re.compile(r"[a-z][a-z-]*")


class Word(str):
    """A word said in a sentence, with the forms a translation may ask for by name (`{colour:leaders}`)."""

    forms: Mapping[str, str]

    def __new__(cls, plain: str, forms: Mapping[str, str]) -> Word:
        made = super().__new__(cls, plain)
        made.forms = forms
        return made

    def __format__(self, spec: str) -> str:
        if spec and _FORM.fullmatch(spec):
            return self.forms.get(spec) or str(self)
        return format(str(self), spec)

    def __reduce__(self) -> tuple[object, ...]:
        return Word, (str(self), dict(self.forms))


def _same(before: str, value: str) -> tuple[str, str]:
    return before, value


class _Joining(string.Formatter):
    """str.format, with each value joined to the text before it by a language's rule; a form asked of a value that
    has none (`{colour:tiles}` given a plain word) is the value as it is, never an error."""

    def __init__(self, join: Joiner = _same) -> None:
        self.join = join

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec and _FORM.fullmatch(format_spec) and not isinstance(value, Word):
            return str(value)
        return str(super().format_field(value, format_spec))

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


_PLAIN = _Joining()
_FRENCH = _Joining(french)


class Text(str):
    """A translated text: `format` fills its values, each in the form the text names."""

    __slots__ = ()
    _formatter = _PLAIN

    def format(self, *args: object, **kwargs: object) -> str:
        return self._formatter.vformat(str(self), args, kwargs)

    def format_map(self, mapping: Mapping[str, object]) -> str:  # type: ignore[override]
        return self._formatter.vformat(str(self), (), mapping)


class FrenchText(Text):
    """A French text: `format` elides and contracts where a value meets the word before it."""

    __slots__ = ()
    _formatter = _FRENCH


# Each language with a rule of its own, by its code: its translated texts are of this kind.
SPEAKING: Mapping[str, type[Text]] = MappingProxyType({"fr": FrenchText})


# Each such rule as data, for the pages (None: a language whose values are slotted as they are).
RULES: Mapping[str, Mapping[str, Any]] = MappingProxyType({"fr": FRENCH_RULE})


def rule_of(lang: str) -> Mapping[str, Any] | None:
    """The language's rule as data for the web pages (bot/web/static/texts.js applies it), or None."""
    return RULES.get(lang.split("-")[0])


def text_of(lang: str) -> Callable[[str], str]:
    """What a translated text of `lang` is made into: its grammar's `Text`."""
    return SPEAKING.get(lang.split("-")[0], Text)
