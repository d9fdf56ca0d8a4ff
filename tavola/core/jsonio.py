"""Reading JSON from outside: bounded in size, depth and number length, never a traceback.

Everything tavola reads from a file, a pipe or (later) a socket goes through `parse_json`,
so a hostile input (a gigabyte, ten thousand nested brackets, a 5,000-digit number, NaN)
becomes one clear error of the caller's choosing instead of a `RecursionError` or a
`ValueError` from deep inside the standard library.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tavola.core.errors import CorruptState, TavolaError
from tavola.core.schema import MAX_DEPTH, MAX_INT_DIGITS, check_plain

MAX_JSON_BYTES = 16 * 1024 * 1024
"""The largest JSON text read from outside (a long 7-player game record is about 100 kB)."""


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise ValueError(f"a number with more than {MAX_INT_DIGITS} digits")
    return int(text)


def _parse_constant(text: str) -> Any:
    raise ValueError(f"{text} is not allowed")


def parse_json(text: str | bytes, what: str = "input", error: type[TavolaError] = CorruptState,
               max_bytes: int = MAX_JSON_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON text; raise `error` with one line naming `what` on anything unacceptable."""
    if len(text) > max_bytes:
        raise error(f"{what} is larger than {max_bytes // 1024} kB")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise error(f"{what} is not UTF-8 text") from None
    try:
        data = json.loads(text, parse_int=_parse_int, parse_constant=_parse_constant)
    except RecursionError:
        raise error(f"{what} is nested too deeply") from None
    except json.JSONDecodeError as exc:
        raise error(f"{what} is not valid JSON: {exc.msg} "
                    f"(line {exc.lineno}, column {exc.colno})") from None
    except ValueError as exc:
        raise error(f"{what} is not acceptable JSON: {str(exc)[:80]}") from None
    try:
        check_plain(data, what, max_depth)
    except CorruptState as exc:
        raise error(str(exc)) from None
    return data


def read_json(path: str | Path, what: str | None = None,
              error: type[TavolaError] = CorruptState,
              max_bytes: int = MAX_JSON_BYTES) -> Any:
    """Read and parse a JSON file within the bounds; raise `error` with one line otherwise."""
    name = what or str(path)
    try:
        with open(path, "rb") as handle:
            raw = handle.read(max_bytes + 1)
    except IsADirectoryError:
        raise error(f"cannot read {name}: it is a directory") from None
    except OSError as exc:
        raise error(f"cannot read {name}: {exc.strerror or exc}") from None
    return parse_json(raw, name, error, max_bytes)
