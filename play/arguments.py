"""The command line's parser in the terminal's language: argparse's own words (usage, options, -h, error and its
usage errors) said through the catalogs, as our own option texts are."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable
from typing import Any, NoReturn

from bot.language.locales import ENGLISH, N_, SOURCE, Texts

# argparse's usage errors (Python 3.11's words) and how we say each; {…} are the parts read from its message.
ERRORS = (
    (re.compile(r"invalid choice: (?P<value>.+) \(choose from (?P<choices>.+)\)"),
     # Translators: the terminal: a command-line value not among those allowed
     N_("invalid choice: {value} (choose from {choices})")),
    (re.compile(r"invalid int value: (?P<value>.+)"),
     # Translators: the terminal: a command-line value that should be a whole number
     N_("not a whole number: {value}")),
    (re.compile(r"invalid float value: (?P<value>.+)"),
     # Translators: the terminal: a command-line value that should be a number
     N_("not a number: {value}")),
    (re.compile(r"expected one argument"),
     # Translators: the terminal: a command-line option given without its value
     N_("expected one value")),
    (re.compile(r"unrecognized arguments: (?P<arguments>.+)"),
     # Translators: the terminal: command-line words no option takes
     N_("unknown arguments: {arguments}")),
    (re.compile(r"ambiguous option: (?P<option>\S+) could match (?P<matches>.+)"),
     # Translators: the terminal: an abbreviated option that several options begin with
     N_("ambiguous option: {option} could be {matches}")),
)
ARGUMENT = re.compile(r"argument (?P<option>[^\s:]+(?:/[^\s:]+)?): (?P<message>.*)", re.DOTALL)


def said(message: str, t: Texts = ENGLISH) -> str:
    """An argparse usage error in `t`'s language; any other message (ours are said already), and every message in
    English, as it is."""
    if t.lang == SOURCE:
        return message
    if (found := ARGUMENT.fullmatch(message)) is not None:
        # Translators: the terminal: a usage error about one command-line option
        return t.gettext("argument {option}: {message}").format(option=found["option"],
                                                                 message=said(found["message"], t))
    for pattern, words in ERRORS:
        if (match := pattern.fullmatch(message)) is not None:
            return t.gettext(words).format(**match.groupdict())
    return message


def formatter(t: Texts) -> type[argparse.HelpFormatter]:
    """A help formatter whose usage line starts with the language's word for usage."""

    class Formatter(argparse.HelpFormatter):
        def add_usage(self, usage: str | None, actions: Iterable[argparse.Action], groups: Iterable[Any],
                      prefix: str | None = None) -> None:
            # Translators: the terminal: the start of the command line's usage line (mind the trailing space)
            super().add_usage(usage, actions, groups, t.gettext("usage: ") if prefix is None else prefix)

    return Formatter


class Parser(argparse.ArgumentParser):
    """An ArgumentParser that speaks `t`'s language in its own words too."""

    def __init__(self, t: Texts = ENGLISH, **kwargs: Any) -> None:
        super().__init__(formatter_class=formatter(t), add_help=False, **kwargs)
        self.t = t
        # Translators: the terminal: the heading of the command line's options in its help
        self._optionals.title = t.gettext("options")
        self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                          help=t.gettext("show this help message and exit"))

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        # Translators: the terminal: a usage error, after the program's name
        self.exit(2, f"{self.prog}: " + self.t.gettext("error: {message}").format(message=said(message, self.t))
                  + "\n")
