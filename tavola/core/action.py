"""Typed actions with one text codec.

An action is a kind and a tuple of arguments, e.g. ``play:red.bank`` or ``hotel:gold``.
Its text form round-trips (``Action.parse(str(a)) == a``) and is also its JSON form.
Games build their actions once as constants, so the usual `in` test is an identity check.
An `Action` is checked when it is constructed: its kind and every argument are short plain
tokens, so no error message built from an action can fail or echo anything unbounded.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tavola.core.errors import MalformedAction

_TOKEN = re.compile(r"[a-z0-9_.+\-]{1,40}")
MAX_ACTION_TEXT = 200
"""The longest action text accepted (the longest any game makes is well under 100)."""


def quote(text: object, limit: int = 60) -> str:
    """Return a short, one-line, printable quotation of untrusted input for a message."""
    shown = repr(text)
    return shown if len(shown) <= limit else shown[: limit - 4] + "...'"


@dataclass(frozen=True, slots=True)
class Action:
    """One small decision: a kind and its arguments, all plain tokens."""

    kind: str
    args: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        kind, args = self.kind, self.args
        if type(kind) is not str or not _TOKEN.fullmatch(kind):
            raise MalformedAction(f"an action kind is a short lower-case token, "
                                  f"not {quote(kind)}")
        if type(args) is not tuple:
            raise MalformedAction(f"action arguments are a tuple of tokens, not {quote(args)}")
        for a in args:
            if type(a) is not str or not _TOKEN.fullmatch(a):
                raise MalformedAction(f"an action argument is a short lower-case token, "
                                      f"not {quote(a)}")

    def __str__(self) -> str:
        if not self.args:
            return self.kind
        return self.kind + ":" + ",".join(self.args)

    def to_json(self) -> str:
        """Return the JSON form (the text form)."""
        return str(self)

    @staticmethod
    def parse(text: object) -> Action:
        """Parse the text form; raise MalformedAction on anything else."""
        if not isinstance(text, str):
            kind = type(text).__name__
            raise MalformedAction(f"an action is a string like 'kind:arg', not {kind}")
        if len(text) > MAX_ACTION_TEXT:
            raise MalformedAction(f"not an action: {len(text)} characters is too long")
        stripped = text.strip(" ")
        kind, sep, rest = stripped.partition(":")
        args = tuple(rest.split(",")) if sep else ()
        if not _TOKEN.fullmatch(kind) or any(not _TOKEN.fullmatch(a) for a in args):
            raise MalformedAction(f"not an action: {quote(text)}")
        return Action(kind, args)


def act(kind: str, *args: str | int) -> Action:
    """Build an action from a kind and arguments (ints become their text)."""
    return Action(kind, tuple(str(a) for a in args))
