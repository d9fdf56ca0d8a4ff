"""Declared shapes of JSON data, checked when a state or record is loaded.

A game describes its saved state as a tree of small specs (`Int(0, 30)`, `List(Int(0, 8),
length=players)`, `Obj({...})`), built once per player count and options, and loading checks
the data against it before any rule code reads it. Every failure is one `CorruptState` line
naming the path (``state.gold[2]: 99 is not in 0..30``), never a traceback.

This is a few dozen lines rather than a JSON Schema library on purpose: the engine keeps no
third-party dependency, the specs are built from the game's own constants (so bounds follow
the player count and options), and loading stays off the hot path.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tavola.core.errors import CorruptState

MAX_DEPTH = 64
"""How deeply nested any JSON read from outside may be."""

MAX_INT_DIGITS = 40
"""How many digits an integer read from outside may have (a 128-bit number has 39)."""


def shown(value: Any, limit: int = 40) -> str:
    """Return a short printable form of a value for an error message."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


class Spec:
    """One node of a declared shape."""

    def check(self, value: Any, path: str) -> None:
        """Raise CorruptState unless `value` fits."""
        raise NotImplementedError


@dataclass(frozen=True)
class Int(Spec):
    """A whole number in lo..hi (booleans are not numbers here)."""

    lo: int
    hi: int

    def check(self, value: Any, path: str) -> None:
        """Raise unless `value` is an int in range."""
        if type(value) is not int:
            raise CorruptState(f"{path}: {shown(value)} is not a whole number")
        if not self.lo <= value <= self.hi:
            raise CorruptState(f"{path}: {shown(value)} is not in {self.lo}..{self.hi}")


@dataclass(frozen=True)
class Bool(Spec):
    """true or false."""

    def check(self, value: Any, path: str) -> None:
        """Raise unless `value` is a bool."""
        if type(value) is not bool:
            raise CorruptState(f"{path}: {shown(value)} is not true or false")


@dataclass(frozen=True)
class Str(Spec):
    """A string, optionally one of `choices`, at most `max_len` characters."""

    choices: tuple[str, ...] = ()
    max_len: int = 200

    def check(self, value: Any, path: str) -> None:
        """Raise unless `value` is an allowed string."""
        if type(value) is not str:
            raise CorruptState(f"{path}: {shown(value)} is not text")
        if len(value) > self.max_len:
            raise CorruptState(f"{path}: text longer than {self.max_len} characters")
        if self.choices and value not in self.choices:
            raise CorruptState(f"{path}: {shown(value)} is not one of {', '.join(self.choices)}")


@dataclass(frozen=True)
class Opt(Spec):
    """null, or a value fitting `spec`."""

    spec: Spec

    def check(self, value: Any, path: str) -> None:
        """Accept None, else check the inner spec."""
        if value is not None:
            self.spec.check(value, path)


@dataclass(frozen=True)
class List(Spec):
    """A list of items fitting `item`, of exactly `length` items or between the bounds."""

    item: Spec
    length: int | None = None
    min_len: int = 0
    max_len: int = 10_000
    unique: bool = False

    def check(self, value: Any, path: str) -> None:
        """Raise unless `value` is a list of fitting items."""
        if type(value) is not list:
            raise CorruptState(f"{path}: {shown(value)} is not a list")
        n = len(value)
        if self.length is not None and n != self.length:
            raise CorruptState(f"{path}: {n} entries, not {self.length}")
        if not self.min_len <= n <= self.max_len:
            raise CorruptState(f"{path}: {n} entries, not {self.min_len}..{self.max_len}")
        for i, item in enumerate(value):
            self.item.check(item, f"{path}[{i}]")
        if self.unique and len({repr(v) for v in value}) != n:
            raise CorruptState(f"{path}: an entry appears twice")


@dataclass(frozen=True)
class Tuple(Spec):
    """A list of fixed length whose positions have their own specs."""

    items: tuple[Spec, ...]

    def __init__(self, *items: Spec) -> None:
        object.__setattr__(self, "items", items)

    def check(self, value: Any, path: str) -> None:
        """Raise unless `value` is a list fitting position by position."""
        if type(value) is not list or len(value) != len(self.items):
            raise CorruptState(f"{path}: {shown(value)} is not a list of {len(self.items)}")
        for i, (spec, item) in enumerate(zip(self.items, value, strict=True)):
            spec.check(item, f"{path}[{i}]")


@dataclass(frozen=True)
class Obj(Spec):
    """A JSON object with exactly the declared keys (those in `optional` may be missing)."""

    fields: Mapping[str, Spec]
    optional: frozenset[str] = field(default_factory=frozenset)

    def check(self, value: Any, path: str) -> None:
        """Raise unless `value` has exactly the declared keys, each fitting."""
        if not isinstance(value, Mapping):
            raise CorruptState(f"{path}: {shown(value)} is not an object")
        extra = [k for k in value if k not in self.fields]
        if extra:
            raise CorruptState(f"{path}: unknown field {shown(extra[0])}")
        for name, spec in self.fields.items():
            if name not in value:
                if name in self.optional:
                    continue
                raise CorruptState(f"{path}: field {name!r} is missing")
            spec.check(value[name], f"{path}.{name}")


@dataclass(frozen=True)
class AnyObj(Spec):
    """A JSON object with text keys and any plain values (checked elsewhere)."""

    max_len: int = 1_000

    def check(self, value: Any, path: str) -> None:
        """Raise unless `value` is an object of at most `max_len` keys."""
        if not isinstance(value, Mapping):
            raise CorruptState(f"{path}: {shown(value)} is not an object")
        if len(value) > self.max_len:
            raise CorruptState(f"{path}: more than {self.max_len} keys")


@dataclass(frozen=True)
class Check(Spec):
    """A spec with an extra rule: `test(value)` returns an error text, or '' when fine."""

    spec: Spec
    test: Callable[[Any], str]

    def check(self, value: Any, path: str) -> None:
        """Check the inner spec, then the rule."""
        self.spec.check(value, path)
        problem = self.test(value)
        if problem:
            raise CorruptState(f"{path}: {problem}")


JSON_SCALAR = (int, str, bool, float, type(None))


def check_plain(value: Any, path: str = "data", max_depth: int = MAX_DEPTH) -> None:
    """Raise CorruptState unless `value` is plain JSON data (dicts with text keys, lists and
    scalars), at most `max_depth` deep and with no integer over `MAX_INT_DIGITS` digits.

    Iterative, so a hostile nesting cannot exhaust the interpreter's stack.
    """
    limit = 10 ** MAX_INT_DIGITS
    stack: list[tuple[Any, str, int]] = [(value, path, 0)]
    while stack:
        item, where, depth = stack.pop()
        if depth > max_depth:
            raise CorruptState(f"{where}: nested more than {max_depth} deep")
        if isinstance(item, dict):
            for k, v in item.items():
                if type(k) is not str:
                    raise CorruptState(f"{where}: a key is not text")
                stack.append((v, f"{where}.{k}"[:200], depth + 1))
        elif isinstance(item, list):
            for i, v in enumerate(item):
                stack.append((v, f"{where}[{i}]"[:200], depth + 1))
        elif type(item) is int:
            if not -limit < item < limit:
                raise CorruptState(f"{where}: a number with more than {MAX_INT_DIGITS} digits")
        elif not isinstance(item, JSON_SCALAR):
            raise CorruptState(f"{where}: {type(item).__name__} is not JSON data")
