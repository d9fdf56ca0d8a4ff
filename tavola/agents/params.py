"""Declared bot parameters: a name, a type, a default and a help line, parsed from the
text of a spec (``ismcts:iterations=400:rollout=greedy``) with one clear error each."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from tavola.core import BadOptions
from tavola.core.action import quote

_TYPES: dict[type, str] = {int: "a whole number", float: "a number", bool: "true or false",
                           str: "a word"}
_INT = re.compile(r"[+-]?[0-9]{1,18}")
_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")

Value = int | float | bool | str | None


@dataclass(frozen=True)
class Param:
    """One option of a bot. `default` None means "not set" (the help says what then);
    `low`/`high` bound numbers; `choices` lists the words a `str` option takes."""

    name: str
    type: type
    default: Value
    help: str
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.type not in _TYPES:
            raise TypeError(f"a bot parameter is int, float, bool or str, not {self.type}")

    def expects(self) -> str:
        """Return what the option takes, in words (for messages and listings)."""
        if self.choices:
            return "one of " + ", ".join(self.choices)
        what = _TYPES[self.type]
        if self.low is not None and self.high is not None:
            return f"{what} from {_num(self.low)} to {_num(self.high)}"
        if self.low is not None:
            return f"{what} >= {_num(self.low)}"
        if self.high is not None:
            return f"{what} <= {_num(self.high)}"
        return what

    def describe(self) -> str:
        """Return one line: ``name=<what> (default D): help``."""
        default = "unset" if self.default is None else _show(self.default)
        return f"{self.name}=<{self.expects()}> (default {default}): {self.help}"

    def parse(self, text: str, bot: str) -> Any:
        """Return the typed value of `text`; raise BadOptions naming what is wrong."""
        value: Any
        if self.type is bool:
            low = text.lower()
            if low not in _TRUE + _FALSE:
                raise self._bad(text, bot)
            return low in _TRUE
        if self.type is int:
            if not _INT.fullmatch(text):
                raise self._bad(text, bot)
            value = int(text)
        elif self.type is float:
            try:
                value = float(text)
            except ValueError:
                raise self._bad(text, bot) from None
            if not math.isfinite(value):
                raise self._bad(text, bot)
        else:
            value = text
            if self.choices and value not in self.choices:
                raise self._bad(text, bot)
        if (self.low is not None and value < self.low) or (
                self.high is not None and value > self.high):
            raise self._bad(text, bot)
        return value

    def _bad(self, text: str, bot: str) -> BadOptions:
        return BadOptions(f"bot {bot!r}: option {self.name} takes {self.expects()}, "
                          f"not {quote(text, 30)}")


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def _show(value: Value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
