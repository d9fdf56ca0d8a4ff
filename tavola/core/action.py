"""Typed actions with one text codec.

An action is a kind and a tuple of arguments, e.g. ``play:red.bank`` or ``hotel:gold``.
Its text form round-trips (``Action.parse(str(a)) == a``) and is also its JSON form.
Games build their actions once as constants, so the usual `in` test is an identity check.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tavola.core.errors import MalformedAction

_TOKEN = re.compile(r"^[a-z0-9_.+\-]+$")


@dataclass(frozen=True, slots=True)
class Action:
    """One small decision: a kind and its arguments, all plain tokens."""

    kind: str
    args: tuple[str, ...] = ()

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
        text = text.strip()
        kind, sep, rest = text.partition(":")
        args = tuple(rest.split(",")) if sep else ()
        if not _TOKEN.match(kind) or any(not _TOKEN.match(a) for a in args):
            raise MalformedAction(f"not an action: {text[:60]!r}")
        return Action(kind, args)


def act(kind: str, *args: str | int) -> Action:
    """Build an action from a kind and arguments (ints become their text)."""
    return Action(kind, tuple(str(a) for a in args))
