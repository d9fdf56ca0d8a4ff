"""The native core: tavola's games compiled (C++17), proven identical to the Python reference.

The Python engine (`tavola.games`) is the reference of the rules and the engine a player's
game runs on; the native core plays exactly the same games many times faster, for search,
rollouts, tournaments and learning. It is a separate distribution, `tavola-native` (the
folder `native/` of the repository), built from source where a C++ compiler is present;
`pip install tavola` alone stays pure Python. `available()` says whether it is installed,
`engine()` which engine runs. docs/native.md says how it is built, tested and measured.

Games in the native core: `GAMES`. Each has a module here (`tavola.native.rattus`) that
converts positions between the engines and drives the native state by action indices.
"""

from __future__ import annotations

import importlib
from types import ModuleType

GAMES: tuple[str, ...] = ("rattus",)
"""The games the native core plays."""

ABI = 1
"""The version of the compiled module's interface this package speaks."""


class NativeUnavailable(RuntimeError):
    """The native core is not installed (or not the version this tavola speaks)."""


def _load() -> ModuleType | None:
    try:
        module = importlib.import_module("tavola_native")
    except ImportError:
        return None
    return module if getattr(module, "ABI", None) == ABI else None


_CORE = _load()


def available() -> bool:
    """Return whether the compiled native core is installed and speaks this tavola's ABI."""
    return _CORE is not None


def engine() -> str:
    """Return the engine that runs the native-capable paths: 'native' or 'python'."""
    return "native" if _CORE is not None else "python"


def core() -> ModuleType:
    """Return the compiled module; raise NativeUnavailable (with how to build it) if absent."""
    if _CORE is None:
        raise NativeUnavailable(
            "the native core is not installed: with a C++ compiler, run "
            "`pip install ./native` in a tavola checkout (docs/native.md)")
    return _CORE
